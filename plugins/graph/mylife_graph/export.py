"""``mylife graph export``: the knowledge graph as the server holds it, for inspection.

Formats: ``json`` (the server's own entities/relations document), ``markdown`` (one section per
topic with its claims, then people and relations) and ``dot`` (Graphviz: topics, people and
claims as nodes, relations as edges; ``dot -Tsvg graph.dot > graph.svg``).
"""

from __future__ import annotations

import json
from typing import Any

from .store import OBSERVATION_RE, TOPIC_PREFIX, TOPIC_TYPE

FORMATS = ("json", "markdown", "dot")


def summary(graph: dict[str, Any]) -> dict[str, int]:
    topics = [e for e in graph["entities"] if e.get("entityType") == TOPIC_TYPE]
    return {"entities": len(graph["entities"]), "relations": len(graph["relations"]), "topics": len(topics),
            "claims": sum(1 for e in topics for o in e.get("observations") or [] if OBSERVATION_RE.match(o))}


def _claims(entity: dict) -> list[dict]:
    out = []
    for text in entity.get("observations") or []:
        match = OBSERVATION_RE.match(text)
        if match:
            try:
                out.append(json.loads(match.group(2)))
            except ValueError:
                continue
    return sorted(out, key=lambda c: (c.get("occurred_at") or "", c.get("id") or ""))


def to_markdown(graph: dict[str, Any]) -> str:
    lines = ["# MyLife knowledge graph", ""]
    s = summary(graph)
    lines += [f"{s['topics']} topics, {s['claims']} claims, {s['relations']} relations.", ""]
    for entity in sorted(graph["entities"], key=lambda e: e["name"]):
        if entity.get("entityType") != TOPIC_TYPE:
            continue
        lines += [f"## {entity['name'][len(TOPIC_PREFIX):]}", ""]
        for c in _claims(entity):
            pointer = c.get("provenance") or "-"
            lines.append(f"- `{c.get('id')}` [{c.get('kind')}/{c.get('status')}] {c.get('claim')}  ← {pointer}")
            if c.get("superseded_by"):
                lines.append(f"  - superseded by `{c['superseded_by']}`")
            if c.get("note"):
                lines.append(f"  - note: {c['note']}")
        others = [o for o in entity.get("observations") or [] if not OBSERVATION_RE.match(o)]
        lines += [f"- (other) {o}" for o in others]
        lines.append("")
    people = [e for e in graph["entities"] if e.get("entityType") != TOPIC_TYPE]
    if people:
        lines += ["## People and agents", ""]
        lines += [f"- `{e['name']}` ({e.get('entityType')})" for e in sorted(people, key=lambda e: e["name"])]
        lines.append("")
    if graph["relations"]:
        lines += ["## Relations", ""]
        lines += [f"- `{r['from']}` —{r['relationType']}→ `{r['to']}`"
                  for r in sorted(graph["relations"], key=lambda r: (r["relationType"], r["from"], r["to"]))]
        lines.append("")
    return "\n".join(lines)


def _q(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ") + '"'


def to_dot(graph: dict[str, Any]) -> str:
    lines = ["digraph mylife {", "  rankdir=LR;", "  node [fontname=\"Noto Sans CJK SC\"];"]
    for entity in sorted(graph["entities"], key=lambda e: e["name"]):
        shape = "box" if entity.get("entityType") == TOPIC_TYPE else "ellipse"
        lines.append(f"  {_q(entity['name'])} [shape={shape}];")
        for c in _claims(entity):
            text = c.get("claim") or ""
            label = f"{c.get('id')}\\n{text[:30] + ('…' if len(text) > 30 else '')}\\n[{c.get('status')}]"
            lines.append(f"  {_q(c['id'])} [shape=note, label={_q(label).replace(chr(92) * 2 + 'n', chr(92) + 'n')}];")
            lines.append(f"  {_q(entity['name'])} -> {_q(c['id'])} [style=dotted, arrowhead=none];")
    for r in sorted(graph["relations"], key=lambda r: (r["from"], r["to"], r["relationType"])):
        lines.append(f"  {_q(r['from'])} -> {_q(r['to'])} [label={_q(r['relationType'])}];")
    lines.append("}")
    return "\n".join(lines) + "\n"


def render(graph: dict[str, Any], fmt: str) -> str:
    if fmt == "json":
        return json.dumps(graph, ensure_ascii=False, indent=2) + "\n"
    if fmt == "markdown":
        return to_markdown(graph)
    return to_dot(graph)
