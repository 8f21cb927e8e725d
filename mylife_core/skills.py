"""Skills: Markdown files that tell the model how to reason in a domain (docs/design.md#skills).

A skill is ``<root>/<name>/SKILL.md`` or ``<root>/<name>.md`` (not nested deeper), starting
with YAML front matter that must give ``name`` and ``description``::

    ---
    name: mylife-career
    description: 职业透镜：跳槽、加薪、转行问题的推理方式与输出模板
    description_en: Career lens: ...   # optional: the description in English (in_language)
    lens: career            # optional: the lens whose decisions use it
    ---
    (the instructions, in Markdown)

Skills are looked up in several roots; when two share a ``name`` the lower rank wins, so a
user overrides a bundled skill by dropping a file with the same name in their own folder:

====  ==========  ===============================================================
rank  source      folder
====  ==========  ===============================================================
100   workspace   ``<workspace>/skills``
200   user        ``$XDG_CONFIG_HOME/mylife/skills`` (default ``~/.config/mylife/skills``)
300   custom      ``plugins: {skills: {dirs: [...]}}`` in config.yaml, then ``$MYLIFE_SKILL_DIRS``
                  (``os.pathsep``-separated), in that order
400+  bundled     folders plugins register through ``register_skills`` (their rank, at least 400;
                  default 600); on a tie a third-party plugin beats a builtin one
====  ==========  ===============================================================

Within one root, ``<name>/SKILL.md`` beats ``<name>.md``. Files are read on every discovery,
so a new or renamed skill takes effect on the next command without a restart.
A file without valid front matter is not loaded; it is reported with file and line.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from .specs import DecisionSpec
    from .workspace import Workspace

RANK_WORKSPACE = 100
RANK_USER = 200
RANK_CUSTOM = 300
RANK_BUNDLED_MIN = 400


def user_skill_dir() -> Path:
    """``$XDG_CONFIG_HOME/mylife/skills``, else ``~/.config/mylife/skills``."""
    base = os.environ.get("XDG_CONFIG_HOME")
    return (Path(base).expanduser() if base else Path.home() / ".config") / "mylife" / "skills"


@dataclass
class SkillRoot:
    path: Path
    source: str  # workspace | user | custom | bundled
    rank: int
    origin: str = ""  # the plugin that registered a bundled root
    order: tuple[int, int] = (0, 0)  # tie-break among equal ranks: (builtin?, position)

    @property
    def exists(self) -> bool:
        return self.path.exists()

    def to_json(self) -> dict[str, Any]:
        return {"path": str(self.path), "source": self.source, "rank": self.rank, "origin": self.origin or None,
                "exists": self.exists}


@dataclass
class Skill:
    name: str
    description: str
    path: Path
    source: str
    rank: int
    origin: str = ""
    meta: dict[str, Any] = field(default_factory=dict)  # other front-matter keys (lens, ...)
    body: str = ""
    active: bool = False
    shadowed_by: Path | None = None
    description_en: str = ""  # optional front matter: the description shown when the language is English

    def describe(self) -> str:
        """``description`` in the language in force (``description_en`` in English, when given),
        as a lens's and a store's texts are (:func:`mylife_core.specs.in_language`)."""
        from .specs import in_language

        return in_language(self.description, self.description_en) or ""

    @property
    def text(self) -> str:
        """What the model is given: the body (front matter removed)."""
        return self.body

    def to_json(self, with_body: bool = False) -> dict[str, Any]:
        data = {"name": self.name, "description": self.description,
                "description_en": self.description_en or None, "path": str(self.path), "source": self.source,
                "rank": self.rank, "origin": self.origin or None, "meta": self.meta, "active": self.active,
                "shadowed_by": str(self.shadowed_by) if self.shadowed_by else None}
        if with_body:
            data["body"] = self.body
        return data


@dataclass
class SkillProblem:
    path: Path
    line: int | None
    problem: str

    @property
    def message(self) -> str:
        """``file:line: problem``, as ``mylife skills`` shows it (line ``?`` when unknown)."""
        return f"{self.path}:{self.line or '?'}: {self.problem}"

    def to_json(self) -> dict[str, Any]:
        return {"path": str(self.path), "line": self.line, "problem": self.problem, "message": self.message}


@dataclass
class SkillCatalog:
    roots: list[SkillRoot]
    skills: list[Skill]  # every skill found, winners and shadowed ones, by name then precedence
    problems: list[SkillProblem]

    @property
    def winners(self) -> dict[str, Skill]:
        return {s.name: s for s in self.skills if s.active}

    def get(self, name: str) -> Skill | None:
        return self.winners.get(name)

    def candidates(self, name: str) -> list[Skill]:
        return [s for s in self.skills if s.name == name]

    def to_json(self) -> dict[str, Any]:
        return {"roots": [r.to_json() for r in self.roots], "skills": [s.to_json() for s in self.skills],
                "problems": [p.to_json() for p in self.problems]}


def parse_skill(path: Path) -> tuple[dict[str, Any], str]:
    """Front matter and body of a skill file; raises ``DataFileError`` naming file and line."""
    import yaml

    from .errors import DataFileError
    from .messages import t
    from .storage.yamlfile import parse_yaml, read_text

    text = read_text(path)
    lines = text.splitlines(keepends=True)
    if not lines or lines[0].strip() != "---":
        raise DataFileError(path, 1, t("bad_file.skill_no_front_matter"))
    for end in range(1, len(lines)):
        if lines[end].strip() in ("---", "..."):
            break
    else:
        raise DataFileError(path, len(lines), t("bad_file.skill_unclosed"))
    try:
        meta = parse_yaml("".join(lines[1:end]), path)
    except DataFileError as exc:  # shift the line: the YAML starts on line 2
        raise DataFileError(path, (exc.line or 0) + 1 if exc.line else None, exc.problem) from None
    except yaml.YAMLError as exc:  # pragma: no cover - parse_yaml maps these
        raise DataFileError(path, None, t("bad_file.yaml_other", detail=exc)) from None
    if not isinstance(meta, dict):
        raise DataFileError(path, 2, t("bad_file.skill_not_mapping"))
    for key in ("name", "description"):
        value = meta.get(key)
        if not isinstance(value, str) or not value.strip():
            line = next((i + 1 for i, ln in enumerate(lines[:end]) if ln.startswith(f"{key}:")), 2)
            raise DataFileError(path, line, t("bad_file.skill_needs", key=key))
    if "\n" in meta["name"].strip():
        raise DataFileError(path, 2, t("bad_file.skill_name_one_line"))
    return meta, "".join(lines[end + 1:]).lstrip("\n")


def skill_roots(ws: "Workspace | None") -> list[SkillRoot]:
    """Every root in precedence order (see the module docstring)."""
    roots: list[SkillRoot] = []
    if ws is not None:
        roots.append(SkillRoot(ws.root / "skills", "workspace", RANK_WORKSPACE))
    roots.append(SkillRoot(user_skill_dir(), "user", RANK_USER))
    custom: list[str] = []
    if ws is not None:
        configured = (ws.config.plugins.get("skills") or {}).get("dirs") or []
        custom += [str(d) for d in (configured if isinstance(configured, list) else [configured])]
    custom += [d for d in os.environ.get("MYLIFE_SKILL_DIRS", "").split(os.pathsep) if d.strip()]
    for i, folder in enumerate(custom):
        path = Path(folder).expanduser()
        if not path.is_absolute() and ws is not None:
            path = ws.root / path
        roots.append(SkillRoot(path, "custom", RANK_CUSTOM, order=(0, i)))
    if ws is not None:
        from .plugins import BUILTIN_PREFIX

        specs = ws.plugins.skill_dirs()
        for i, spec in enumerate(specs):
            builtin = spec.plugin.startswith(BUILTIN_PREFIX)
            roots.append(SkillRoot(Path(spec.path), "bundled", max(spec.rank, RANK_BUNDLED_MIN),
                                   origin=ws.plugins.plugin_label(spec.plugin), order=(1 if builtin else 0, i)))
    return sorted(roots, key=lambda r: (r.rank, r.order))


def _files_in(root: SkillRoot) -> list[Path]:
    """``<root>/<name>/SKILL.md`` then ``<root>/<name>.md``, by name; a root may be one file."""
    path = root.path
    if path.is_file():
        return [path] if path.suffix.lower() == ".md" else []
    if not path.is_dir():
        return []
    found: list[tuple[str, int, Path]] = []
    for entry in sorted(os.scandir(path), key=lambda e: e.name):
        if entry.name.startswith("."):
            continue
        if entry.is_dir():
            skill_md = Path(entry.path) / "SKILL.md"
            if skill_md.is_file():
                found.append((entry.name, 0, skill_md))
        elif entry.is_file() and entry.name.lower().endswith(".md") and entry.name.upper() != "README.MD":
            found.append((entry.name[:-3], 1, Path(entry.path)))
    return [p for _, _, p in sorted(found)]


def discover(ws: "Workspace | None") -> SkillCatalog:
    """Find every skill in every root; mark the winner of each name."""
    from .errors import DataFileError

    roots = skill_roots(ws)
    skills: list[Skill] = []
    problems: list[SkillProblem] = []
    for root in roots:
        for path in _files_in(root):
            try:
                meta, body = parse_skill(path)
            except DataFileError as exc:
                problems.append(SkillProblem(path, exc.line, exc.problem))
                continue
            name = meta.pop("name").strip()
            description = " ".join(meta.pop("description").split())
            english = meta.pop("description_en", None)
            english = " ".join(english.split()) if isinstance(english, str) else ""
            skills.append(Skill(name=name, description=description, path=path, source=root.source, rank=root.rank,
                                origin=root.origin, meta=meta, body=body, description_en=english))
    winners: dict[str, Skill] = {}
    for skill in skills:  # already in precedence order
        first = winners.get(skill.name)
        if first is None:
            winners[skill.name] = skill
            skill.active = True
        else:
            skill.shadowed_by = first.path
    order = {id(s): i for i, s in enumerate(skills)}
    skills.sort(key=lambda s: (s.name, order[id(s)]))
    return SkillCatalog(roots, skills, problems)


def skills_for(ws: "Workspace", decisions: list["DecisionSpec"]) -> list[Skill]:
    """The winning skills for ``decisions``: a skill named ``mylife-<lens>`` or whose front matter
    says ``lens: <lens>`` for one of their lenses, or lists one of them (``decisions: [跳槽]``).
    Matching by name means a user's override of ``mylife-career`` is used even without a
    ``lens`` line."""
    catalog = discover(ws)
    lenses = {d.lens for d in decisions if d.lens}
    names = {d.name for d in decisions}
    chosen = []
    for skill in catalog.winners.values():
        wanted = skill.meta.get("decisions") or []
        if (skill.meta.get("lens") in lenses or skill.name in {f"mylife-{lens}" for lens in lenses}
                or (isinstance(wanted, list) and names & set(wanted))):
            chosen.append(skill)
    return sorted(chosen, key=lambda s: s.name)
