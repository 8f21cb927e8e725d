"""``mylife plugin new NAME``: a new plugin package from the template in ``plugin_template/``.

The template is a lens with one decision, its two fields and topic (``lens.yaml``), a skill, its
own tests and a ``pyproject.toml`` with the ``mylife`` entry point: ``pip install -e .`` in the
new folder and ``mylife plugins`` lists it. Files end in ``.tmpl`` and use ``string.Template``
placeholders: ``${name}`` (``sleep``), ``${dist}`` (``mylife-sleep``), ``${module}``
(``mylife_sleep``) and ``${title}`` (what the lens is about, in the user's words); the path
parts ``_module_`` and ``_dist_`` become the module and distribution names.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from string import Template

from .errors import Conflict, UsageError

TEMPLATE = Path(__file__).resolve().parent / "plugin_template"
NAME = re.compile(r"^[a-z][a-z0-9]*(?:[-_][a-z0-9]+)*$")


@dataclass
class NewPlugin:
    path: Path
    dist: str
    module: str
    files: list[str]


def new_plugin(name: str, into: Path, *, title: str | None = None) -> NewPlugin:
    """Write the package ``mylife-NAME`` into ``into/mylife-NAME``; never over an existing folder."""
    name = name.strip().lower()
    if name.startswith("mylife-") or name.startswith("mylife_"):
        name = name[len("mylife-"):]
    if not NAME.match(name):
        raise UsageError("plugin_bad_name", name=name)
    title = (title or name).strip()
    if not title or any(c in title for c in ":#[]{},\n\"'\\"):  # quoted in YAML, TOML and Python
        raise UsageError("plugin_bad_title", title=title)
    dist, module = f"mylife-{name}", f"mylife_{name.replace('-', '_')}"
    target = Path(into) / dist
    if target.exists():
        raise Conflict("plugin_exists", path=str(target))
    values = {"name": name, "dist": dist, "module": module, "title": title}
    written = []
    for source in sorted(TEMPLATE.rglob("*.tmpl")):
        rel = source.relative_to(TEMPLATE).with_suffix("").as_posix()
        rel = rel.replace("_module_", module).replace("_dist_", dist)
        path = target / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(Template(source.read_text(encoding="utf-8")).substitute(values), encoding="utf-8")
        written.append(rel)
    return NewPlugin(path=target, dist=dist, module=module, files=written)
