"""MyLife's L2 claims as a knowledge graph in ``@modelcontextprotocol/server-memory``.

The reference memory server keeps entities, relations and observations in one JSONL file
(``MEMORY_FILE_PATH``), here ``backends/graph/memory.jsonl`` inside the workspace. The mapping:

* **topics are entities** (``topic:职业``, type ``mylife_topic``) and **people are entities**:
  the user (``person:user``, type ``person``) and the agents that asserted claims
  (``agent:model``, ``agent:plugin:career``..., type ``agent``), related to the topics they spoke
  about (``person:user -talks_about-> topic:职业``, ``agent:model -infers_about-> topic:职业``);
* **claims are observations** of their topic entity, one string each: the claim id, a space,
  then the full record as JSON (every claim field, docs/design.md#layers: text, kind, source, provenance pointer
  and excerpt hash, dates, status...), readable as it stands::

      claim-2026-01-15-003 {"id":"claim-2026-01-15-003","topic":"职业","claim":"我想跳槽",...}

* **supersedes and contradicts are relations** between claims, named by claim id:
  ``claim-B -supersedes-> claim-A`` when A was superseded by B, and ``claim-A -contradicts->
  claim-C`` when A is disputed with a note that cites C. A claim id as a relation end names the
  observation that starts with that id.

An update adds the new observation before removing the old one, so a crash in between leaves
two versions (the newer ``updated_at`` wins when reading) rather than none. The server only
does substring search; MyLife never searches through it (Chinese search is its own).
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from mylife_core.external.errors import BackendFailed
from mylife_core.external.node import NodePackage
from mylife_core.external.store import ExternalClaimStore

if TYPE_CHECKING:  # pragma: no cover
    from mylife_core.layers.claims import Claim

TOPIC_PREFIX = "topic:"
TOPIC_TYPE = "mylife_topic"
USER = "person:user"
CLAIM_ID_RE = re.compile(r"claim-\d{4}-\d{2}-\d{2}-\d+")
OBSERVATION_RE = re.compile(r"^(claim-\S+) (\{.*\})$", re.S)

PACKAGE = NodePackage(backend="graph", label="知识图谱 (server-memory)", npm_name="@modelcontextprotocol/server-memory",
                      entry="dist/index.js", bundled=Path(__file__).parent / "node", env_var="MYLIFE_GRAPH_NODE_DIR")


def topic_entity(topic: str) -> str:
    return TOPIC_PREFIX + topic


def observation_of(claim: "Claim") -> str:
    return f"{claim.id} " + json.dumps(claim.model_dump(mode="json"), ensure_ascii=False, separators=(",", ":"))


def parse_observation(text: str) -> "Claim":
    from mylife_core.layers.claims import Claim

    match = OBSERVATION_RE.match(text)
    if not match:
        raise ValueError("not '<claim id> {json}'")
    claim = Claim.model_validate_json(match.group(2))
    if claim.id != match.group(1):
        raise ValueError(f"id {match.group(1)} does not match the record's {claim.id}")
    return claim


def actor_entity(actor: str) -> tuple[str, str, str]:
    """(entity name, entity type, relation to the topic) of whoever asserted a claim."""
    if actor == "user":
        return USER, "person", "talks_about"
    name = "agent:" + actor.replace(" via MCP", "").replace(" ", "_")
    return name, "agent", "infers_about" if actor.startswith("model") else "asserts_about"


def claim_relations(claim: "Claim") -> set[tuple[str, str, str]]:
    """The relations a claim implies between claims: (from, to, type)."""
    relations: set[tuple[str, str, str]] = set()
    if claim.superseded_by:
        relations.add((claim.superseded_by, claim.id, "supersedes"))
    if claim.status == "disputed" and claim.note:
        for other in CLAIM_ID_RE.findall(claim.note):
            if other != claim.id:
                relations.add((claim.id, other, "contradicts"))
    return relations


def _rel(r: tuple[str, str, str]) -> dict[str, str]:
    return {"from": r[0], "to": r[1], "relationType": r[2]}


class GraphStore(ExternalClaimStore):
    name: ClassVar[str] = "graph"
    label: ClassVar[str] = "知识图谱 (server-memory)"
    empty_fingerprint: ClassVar[str | None] = "graph:absent"
    managed_env: ClassVar[tuple[str, ...]] = ("MEMORY_FILE_PATH",)
    data_paths: ClassVar[tuple[str, ...]] = ("backends/graph/memory.jsonl",)
    config_header: ClassVar[tuple[str, ...]] = (
        "Settings of the knowledge-graph server MyLife starts for this workspace (KEY=VALUE, one per line).",
        "The server needs none; MyLife sets MEMORY_FILE_PATH (backends/graph/memory.jsonl) itself.",
        "",
    )

    @classmethod
    def package(cls) -> NodePackage:
        return PACKAGE

    @classmethod
    def verify_installation(cls) -> None:
        PACKAGE.locate()

    @property
    def memory_file(self) -> Path:
        return self.dir / "memory.jsonl"

    def fingerprint(self) -> str | None:
        """The JSONL file's identity: the server rewrites it through a temp file and a rename
        on every change, so inode, size and mtime change with any write."""
        try:
            st = self.memory_file.stat()
        except FileNotFoundError:
            return "graph:absent"
        except OSError:
            return None
        return f"graph:{st.st_ino}:{st.st_size}:{st.st_mtime_ns}"

    def server_spec(self, node: str, script: Path, env: dict[str, str]) -> dict[str, Any]:
        def ready(log: str) -> str | None:
            return None if "Knowledge Graph MCP Server running on stdio" in log else "no start-up line in the log"

        return dict(command=node, args=[str(script)], env={**env, "MEMORY_FILE_PATH": str(self.memory_file)},
                    cwd=self.dir, ready_check=ready)

    def call(self, tool: str, arguments: dict[str, Any] | None = None, *, timeout: float | None = None):
        """The server reads its whole file on every call and, when a line of it is not JSON, only
        says where in that line (``Unterminated string in JSON at position 45``): a refused call
        is then reported as the file and line that are broken (the file is never rewritten: every
        call, writes included, fails the same way until it is mended)."""
        try:
            return super().call(tool, arguments, timeout=timeout)
        except BackendFailed as exc:
            if exc.key == "backend_tool_error" and (damage := self._damage()) is not None:
                raise damage from None
            raise

    def _damage(self):
        """The first line of the graph file that is not a JSON object (a ``DataFileError``), or None."""
        from mylife_core.errors import DataFileError
        from mylife_core.messages import t

        try:
            data = self.memory_file.read_bytes()
        except OSError:
            return None
        for number, raw in enumerate(data.split(b"\n"), start=1):
            if not raw.strip():
                continue
            try:
                item = json.loads(raw.decode("utf-8", "replace"))  # as Node reads it
            except (ValueError, UnicodeDecodeError) as exc:
                return DataFileError(self.memory_file, number, t("bad_file.not_json_line", detail=exc))
            if not isinstance(item, dict):
                return DataFileError(self.memory_file, number, t("bad_file.not_json_line", detail=type(item).__name__))
        return None

    # -- reading -------------------------------------------------------------------------------
    def read_graph(self) -> dict[str, Any]:
        result = self.call("read_graph", {}, timeout=300)
        graph = result.structured if isinstance(result.structured, dict) else None
        if graph is None:
            try:
                graph = json.loads(result.text)
            except ValueError:
                raise BackendFailed("backend_bad_answer", backend=self.label, tool="read_graph",
                                    reason=result.text[:200]) from None
        return {"entities": graph.get("entities") or [], "relations": graph.get("relations") or []}

    def _claims_in(self, entities: list[dict]) -> dict[str, tuple["Claim", str]]:
        from mylife_core.messages import t

        found: dict[str, tuple[Claim, str]] = {}
        for entity in entities:
            if entity.get("entityType") != TOPIC_TYPE:
                continue
            for text in entity.get("observations") or []:
                if not CLAIM_ID_RE.match(text):
                    continue  # a note someone else added to the topic: not a claim
                try:
                    claim = parse_observation(text)
                except ValueError as exc:
                    print(t("graph.bad_observation", entity=entity.get("name"), reason=str(exc)[:120]), file=sys.stderr)
                    continue
                if claim.id in found:
                    print(t("graph.duplicate_claim", id=claim.id), file=sys.stderr)
                    older = found[claim.id][0]
                    if (older.updated_at or older.created_at or 0, ) >= (claim.updated_at or claim.created_at or 0, ):
                        continue
                found[claim.id] = (claim, text)
        return found

    def load_all(self) -> list[tuple["Claim", str | None]]:
        return list(self._claims_in(self.read_graph()["entities"]).values())

    def _open(self, names: list[str]) -> list[dict]:
        result = self.call("open_nodes", {"names": names})
        graph = result.structured if isinstance(result.structured, dict) else json.loads(result.text)
        return graph.get("entities") or []

    def read_back(self, refs: dict[str, str | None], claims: list["Claim"]) -> dict[str, "Claim"]:
        entities = self._open(sorted({topic_entity(c.topic) for c in claims}))
        wanted = {c.id: observation_of(c) for c in claims}
        back: dict[str, Claim] = {}
        for entity in entities:
            for text in entity.get("observations") or []:
                match = OBSERVATION_RE.match(text)
                if match and match.group(1) in wanted and (match.group(1) not in back or text == wanted[match.group(1)]):
                    try:
                        back[match.group(1)] = parse_observation(text)
                    except ValueError:
                        continue
        return back

    # -- writing -------------------------------------------------------------------------------
    def write(self, claims: list["Claim"], previous: dict[str, tuple["Claim", str | None]]) -> dict[str, str | None]:
        entities: dict[str, dict] = {}
        people: set[tuple[str, str, str]] = set()
        for claim in claims:
            entities[topic_entity(claim.topic)] = {"name": topic_entity(claim.topic), "entityType": TOPIC_TYPE,
                                                   "observations": []}
            who, kind, relation = actor_entity(claim.actor)
            entities[who] = {"name": who, "entityType": kind, "observations": []}
            people.add((who, topic_entity(claim.topic), relation))
        self.call("create_entities", {"entities": list(entities.values())})  # existing ones are left as they are

        new_text = {c.id: observation_of(c) for c in claims}
        additions: dict[str, list[str]] = {}
        for claim in claims:
            additions.setdefault(topic_entity(claim.topic), []).append(new_text[claim.id])
        self.call("add_observations", {"observations": [{"entityName": e, "contents": c} for e, c in additions.items()]})

        # remove earlier versions (and any left by an interrupted update), only after the new one is in
        touched = sorted({topic_entity(c.topic) for c in claims}
                         | {topic_entity(old.topic) for old, _ in previous.values()})
        deletions: dict[str, list[str]] = {}
        for entity in self._open(touched):
            for text in entity.get("observations") or []:
                match = OBSERVATION_RE.match(text)
                if match and match.group(1) in new_text and text != new_text[match.group(1)]:
                    deletions.setdefault(entity["name"], []).append(text)
        if deletions:
            self.call("delete_observations", {"deletions": [{"entityName": e, "observations": o}
                                                            for e, o in deletions.items()]})

        wanted: set[tuple[str, str, str]] = set(people)
        stale: set[tuple[str, str, str]] = set()
        for claim in claims:
            wanted |= claim_relations(claim)
            if claim.id in previous:
                stale |= claim_relations(previous[claim.id][0]) - claim_relations(claim)
        if stale:
            self.call("delete_relations", {"relations": [_rel(r) for r in sorted(stale)]})
        self.call("create_relations", {"relations": [_rel(r) for r in sorted(wanted)]})
        return dict(new_text)

