"""Builtin plugins: the core's own defaults, implemented through the same hooks a third-party
plugin uses (so any of them can be overridden or blocked). Every module in this package is
registered as the plugin ``mylife.<module>``; keep their top-level imports light.
"""
