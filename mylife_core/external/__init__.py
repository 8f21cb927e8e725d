"""External L2 backends: MCP servers that MyLife runs as subprocesses and talks to over stdio.

* :mod:`.stdio` runs one stdio MCP server through the official ``mcp`` SDK behind a small
  synchronous facade (start with a bounded handshake, call tools with timeouts, notice a dead or
  hung server, restart it, turn every failure into a clear :class:`~.errors.BackendError`);
* :mod:`.node` finds Node.js and the npm package a plugin needs, and installs it (``npm ci``);
* :mod:`.envfile` reads and writes a backend's ``config.env`` (its settings and secrets, never
  in ``config.yaml``);
* :mod:`.mirror` keeps a derived SQLite index of the claims a backend holds in ``cache/``, so
  queries by topic, time and status are fast and need no server;
* :mod:`.store` is the base class of a claim store that lives in an external server: it reads
  every write back and only then reports the claim as stored.

Nothing here is imported at start-up: the ``mcp`` SDK is imported only when a server starts.
"""
