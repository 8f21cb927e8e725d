"""mylife-fields-health: a community field dictionary for MyLife (docs/design.md#field-dictionaries).

The data is ``fields.yaml``; this module only registers it.
"""

from pathlib import Path

from mylife_core import hookimpl


@hookimpl
def register_fields(register):
    from mylife_core.staleness.dictionary import register_file

    register_file(register, Path(__file__).resolve().parent / "fields.yaml", "fields")
