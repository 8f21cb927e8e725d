"""MyLife's L2 claims in Memorix (npm ``memorix`` 1.0.7), run as a stdio MCP server.

Layout, all inside the workspace::

    backends/memorix/config.env     Memorix settings and secrets (KEY=VALUE); never config.yaml
    backends/memorix/data/          MEMORIX_DATA_DIR: Memorix's SQLite database (the claims)
    cache/backends/memorix/home/    HOME of the server: its ~/.memorix (behaviour config written
                                    by MyLife at every start, last project)
    cache/backends/memorix/mylife-claims/
                                    the git-backed "project" Memorix files claims under
                                    (id ``local/mylife-claims``); an empty repository, only an
                                    identity, so it lives in the rebuildable cache and never
                                    nests a repository inside the workspace's own git history

One claim is one Memorix observation:

* ``topicKey`` = ``mylife/claim/<claim id>``: one topic key per claim. Memorix then *upserts*
  by key and skips its write-time "formation" and "compact-on-write" deduplication, which, as
  its full-text tokenizer drops every Chinese character, would otherwise see Chinese claims as
  duplicates of each other and discard them ("Formation DISCARD");
* the full record (every claim field of docs/design.md#layers, MyLife's id and provenance pointer included) is one
  fact, ``mylife.record.v1:<hex of the UTF-8 JSON>``. Hex because Memorix rewrites text that
  looks like a credential (``token: ...``, ``sk-...``, base64 ``eyJ...``) in titles, narratives
  and facts; lowercase hex cannot match any of those patterns, so the record survives intact;
* ``narrative`` is the claim's text, ``title`` its id and topic, ``entityName`` its topic and
  a few readable facts (kind, status, provenance) make it legible in Memorix's own tools.

Memorix's start-up clean-up (auto-archive of "expired" memories and similarity consolidation,
which merged identical-looking Chinese notes in tests) is switched off through its behaviour
config (``home/.memorix/config.json``: ``autoCleanup: false``), and auto-update is forced off.
MyLife never searches through Memorix: Chinese search is ``mylife_core.search``'s job.
"""

from __future__ import annotations

import json
import re
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from mylife_core.external.errors import BackendError, BackendFailed, BackendUnavailable
from mylife_core.external.node import NodePackage
from mylife_core.external.store import ExternalClaimStore

if TYPE_CHECKING:  # pragma: no cover
    from mylife_core.layers.claims import Claim

PROJECT = "mylife-claims"
PROJECT_ID = f"local/{PROJECT}"
TOPIC_KEY_PREFIX = "mylife/claim/"
RECORD_PREFIX = "mylife.record.v1:"
RECORD_RE = re.compile(re.escape(RECORD_PREFIX) + r"([0-9a-f]+)")
STORED_RE = re.compile(r"^(?:✅ Stored|🔄 Updated) observation #(\d+)")
BEHAVIOUR = {"behavior": {"autoCleanup": False, "syncAdvisory": False, "formationMode": "shadow",
                          "sessionInject": "minimal"}}

PACKAGE = NodePackage(backend="memorix", label="Memorix", npm_name="memorix", entry="dist/cli/index.js",
                      bundled=Path(__file__).parent / "node", env_var="MYLIFE_MEMORIX_NODE_DIR")


def encode_record(claim: "Claim") -> str:
    data = json.dumps(claim.model_dump(mode="json"), ensure_ascii=False, separators=(",", ":"))
    return RECORD_PREFIX + data.encode("utf-8").hex()


def decode_record(hex_text: str) -> "Claim":
    from mylife_core.layers.claims import Claim

    return Claim.model_validate_json(bytes.fromhex(hex_text).decode("utf-8"))


#: what SQLite says of a database file it cannot read (Memorix's log, the start-up error)
_DAMAGED_DB = ("file is not a database", "database disk image is malformed")


def ready_check(log: str) -> str | None:
    """Refuse a Memorix that runs without its SQLite store or without our project."""
    from mylife_core.messages import t

    if "degraded mode" in log or "SQLite backend unavailable" in log:
        return t("memorix.degraded")
    if "ObservationStore backend: sqlite" not in log:
        return t("memorix.no_sqlite_line")
    if f"project: {PROJECT_ID}" not in log:
        return t("memorix.no_project", project=PROJECT_ID)
    return None


class MemorixStore(ExternalClaimStore):
    name: ClassVar[str] = "memorix"
    label: ClassVar[str] = "Memorix"
    data_paths: ClassVar[tuple[str, ...]] = ("backends/memorix/data/",)
    empty_fingerprint: ClassVar[str | None] = "memorix:empty"
    managed_env: ClassVar[tuple[str, ...]] = ("HOME", "MEMORIX_DATA_DIR", "MEMORIX_PROJECT_ROOT", "MEMORIX_AUTO_UPDATE")
    config_defaults: ClassVar[dict[str, str]] = {"MEMORIX_EMBEDDING": "off"}
    config_header: ClassVar[tuple[str, ...]] = (
        "Settings of the Memorix server MyLife starts for this workspace (KEY=VALUE, one per line).",
        "Secrets (e.g. MEMORIX_LLM_API_KEY) belong here, never in config.yaml. This file is private (0600).",
        "Note: with an LLM or embedding key set here, Memorix sends claim texts to that provider.",
        "MyLife sets HOME, MEMORIX_DATA_DIR, MEMORIX_PROJECT_ROOT and MEMORIX_AUTO_UPDATE itself.",
        "",
    )

    def __init__(self, ws: "Any") -> None:
        super().__init__(ws)
        self._meta: sqlite3.Connection | None = None
        self._meta_inode: int | None = None

    @classmethod
    def package(cls) -> NodePackage:
        return PACKAGE

    @classmethod
    def verify_installation(cls) -> None:
        """Also load better-sqlite3 with this Node: an add-on built for another Node version
        would make Memorix start in a read-only "degraded mode" that shows no memories."""
        node, script = PACKAGE.locate()
        probe = ("const p=require.resolve('better-sqlite3',{paths:[process.argv[1]]});"
                 "const D=require(p);new D(':memory:').prepare('select 1').get();")
        proc = subprocess.run([node, "-e", probe, str(script.parent)], capture_output=True, text=True, timeout=60)
        if proc.returncode != 0:
            tail = "\n".join(proc.stderr.strip().splitlines()[-5:])
            raise BackendUnavailable("memorix_sqlite_broken", reason=tail or f"exit {proc.returncode}")

    def ensure_server(self):
        """A database SQLite cannot read (``file is not a database``, ``database disk image is
        malformed``) is not an installation problem: the file is named (a bad file, exit 5) and
        left as it is, instead of advising a reinstall that cannot mend it."""
        try:
            return super().ensure_server()
        except BackendError as exc:
            said = next((s for s in _DAMAGED_DB if s in exc.render()), None)
            if said is None:
                raise
            from mylife_core.errors import DataFileError
            from mylife_core.messages import t

            raise DataFileError(self.data_dir / "memorix.db", None,
                                t("memorix.db_damaged", said=said, folder="backends/memorix/data/")) from None

    # -- paths ---------------------------------------------------------------------------------
    @property
    def data_dir(self) -> Path:
        return self.dir / "data"

    @property
    def home_dir(self) -> Path:
        return self.ws.cache_dir / "backends" / "memorix" / "home"

    @property
    def project_dir(self) -> Path:
        return self.ws.cache_dir / "backends" / "memorix" / PROJECT

    def fingerprint(self) -> str | None:
        """Memorix's own write counter (``storage_generation``): it moves on every observation
        write, by any process, and on nothing else. Read through one read-only connection kept
        open (checked on every store call, so it must be cheap)."""
        db = self.data_dir / "memorix.db"
        try:
            inode = db.stat().st_ino
        except FileNotFoundError:
            self._close_meta()
            return "memorix:empty"
        except OSError:
            return None
        try:
            if self._meta is None or self._meta_inode != inode:  # a replaced file: reconnect
                self._close_meta()
                self._meta = sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=10, isolation_level=None,
                                             check_same_thread=False)
                self._meta_inode = inode
            row = self._meta.execute("SELECT value FROM meta WHERE key='storage_generation'").fetchone()
        except sqlite3.Error:
            self._close_meta()
            return None
        return f"memorix:{inode}:gen:{row[0]}" if row else f"memorix:{inode}:no-generation"

    def _close_meta(self) -> None:
        if self._meta is not None:
            self._meta.close()
            self._meta = None

    def close(self) -> None:
        self._close_meta()
        super().close()

    def _prepare(self) -> None:
        from mylife_core.storage.atomic import atomic_write_text, ensure_private_dir

        for folder in (self.dir, self.data_dir, self.home_dir.parent, self.home_dir, self.home_dir / ".memorix",
                       self.project_dir):
            ensure_private_dir(folder)
        behaviour = self.home_dir / ".memorix" / "config.json"
        wanted = json.dumps(BEHAVIOUR, indent=2) + "\n"
        if not behaviour.exists() or behaviour.read_text(encoding="utf-8") != wanted:
            atomic_write_text(behaviour, wanted)
        if not (self.project_dir / ".git").exists():
            # Memorix files memories under a git project; our own repository stops it from
            # walking up into the workspace's git (if any) and taking its identity.
            try:
                subprocess.run(["git", "init", "-q", str(self.project_dir)], check=True, capture_output=True,
                               timeout=60)
            except (OSError, subprocess.SubprocessError):
                (self.project_dir / ".git").mkdir(mode=0o700, exist_ok=True)  # the marker is enough

    def server_spec(self, node: str, script: Path, env: dict[str, str]) -> dict[str, Any]:
        self._prepare()
        managed = {"HOME": str(self.home_dir), "MEMORIX_DATA_DIR": str(self.data_dir),
                   "MEMORIX_PROJECT_ROOT": str(self.project_dir), "MEMORIX_AUTO_UPDATE": "off"}
        return dict(command=node, args=[str(script), "serve", "--cwd", str(self.project_dir)],
                    env={**env, **managed}, cwd=self.project_dir, ready_check=ready_check)

    # -- reading -------------------------------------------------------------------------------
    def _export(self) -> list[dict]:
        result = self.call("memorix_transfer", {"action": "export", "format": "json"}, timeout=300)
        match = re.search(r"```json\n(.*)\n```", result.text, re.S)
        if not match:
            raise BackendFailed("backend_bad_answer", backend=self.label, tool="memorix_transfer",
                                reason=result.text[:200])
        data = json.loads(match.group(1))
        if data.get("projectId") != PROJECT_ID:
            raise BackendFailed("backend_bad_answer", backend=self.label, tool="memorix_transfer",
                                reason=f"project {data.get('projectId')!r}, expected {PROJECT_ID!r}")
        return data.get("observations") or []

    def load_all(self) -> list[tuple["Claim", str | None]]:
        from mylife_core.messages import t

        found: dict[str, tuple[tuple, "Claim", str]] = {}
        for obs in self._export():
            key = obs.get("topicKey") or ""
            if not key.startswith(TOPIC_KEY_PREFIX):
                continue  # someone else's memory in this project: not a claim
            records = [m.group(1) for fact in obs.get("facts") or [] for m in [RECORD_RE.fullmatch(fact)] if m]
            try:
                claim = decode_record(records[0])
            except (IndexError, ValueError) as exc:
                print(t("memorix.bad_record", obs=obs.get("id"), key=key, reason=type(exc).__name__), file=sys.stderr)
                continue
            rank = (obs.get("updatedAt") or obs.get("createdAt") or "", obs.get("revisionCount") or 0, obs.get("id") or 0)
            if claim.id in found:
                print(t("memorix.duplicate_key", id=claim.id), file=sys.stderr)
                if found[claim.id][0] >= rank:
                    continue
            found[claim.id] = (rank, claim, str(obs.get("id")))
        return [(claim, ref) for _, claim, ref in found.values()]

    def read_back(self, refs: dict[str, str | None], claims: list["Claim"]) -> dict[str, "Claim"]:
        ids = sorted({int(r) for r in refs.values() if r and r.isdigit()})
        back: dict[str, Claim] = {}
        for start in range(0, len(ids), 50):
            text = self.call("memorix_detail", {"ids": ids[start:start + 50]}).text
            for match in RECORD_RE.finditer(text):
                try:
                    claim = decode_record(match.group(1))
                except ValueError:
                    continue
                back[claim.id] = claim
        if any(c.id not in back for c in claims):  # detail did not show it: ask the full export
            for claim, _ in self.load_all():
                back.setdefault(claim.id, claim)
        return back

    # -- writing -------------------------------------------------------------------------------
    def write(self, claims: list["Claim"], previous: dict[str, tuple["Claim", str | None]]) -> dict[str, str | None]:
        refs: dict[str, str | None] = {}
        for claim in claims:
            facts = [encode_record(claim), f"kind: {claim.kind}", f"status: {claim.status}"]
            if claim.provenance:
                facts.append(f"provenance: {claim.provenance}")
            result = self.call("memorix_store", {
                "entityName": claim.topic, "type": "discovery", "title": f"{claim.id} · {claim.topic}",
                "narrative": claim.claim, "facts": facts, "concepts": ["mylife", claim.topic, claim.kind],
                "topicKey": TOPIC_KEY_PREFIX + claim.id,
            })
            match = STORED_RE.match(result.text.strip())
            if not match:
                raise BackendFailed("backend_not_stored", backend=self.label, id=claim.id)
            refs[claim.id] = match.group(1)
        return refs
