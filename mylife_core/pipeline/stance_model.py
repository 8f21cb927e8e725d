"""The structured stance call: a configured model classifies every candidate in one request.

The model sees the conclusion and the candidate statements (ids and text, inside untrusted-data
markers) and answers JSON only::

    {"items": [{"id": "claim-…", "stance": "supports|contradicts|unrelated|other",
                "speaker": null or "阿杰", "quote": "a span copied from the statement"}]}

Nothing it says is taken on trust. An entry is **rejected** (and listed, with why) when its id is
not one of the candidates, its stance is not one of the four, or its quote is not a span of that
statement's text (an invented reason); a speaker it names that the statement does not contain is
refused too (listed the same way; its stance stands, with no speaker). The rules' reading
(:func:`.stance.read`) stays the baseline: :func:`merge` keeps it where the model agrees, and where
they disagree the item is shown as *uncertain* with both readings, never silently decided either
way: where the rules found no side, the model's reading is listed as the model's alone; where the
rules read a statement as against the conclusion and the model does not (whatever it reads
instead, someone else's view included), it stays the user's and is listed apart ("read
differently", ``disputed``), for the user to judge; where the model reads it as against and the
rules do not, it is listed, uncertain, with both readings. A model failure leaves the rules alone,
and says so.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from ..workspace import Workspace
    from .competing import Candidate
    from .stance import Frame, Reading

STANCES = ("supports", "contradicts", "unrelated", "other")
MAX_CANDIDATES = 80


def _norm(text: str) -> str:
    return re.sub(r"[\s，,。.!！?？；;：:、“”\"'「」]+", "", text or "")


def _label(reading: "Reading", frame: "Frame") -> str:
    if not reading.own:
        return "other"
    if reading.side == 0:
        return "unrelated"
    return "supports" if reading.side == frame.side else "contradicts"


def classify(ws: "Workspace", frame: "Frame", candidates: list["Candidate"], *, settings: Any,
             client: Any = None) -> tuple[dict[str, dict[str, Any]], dict[str, Any]]:
    """``({ref: {"stance", "speaker", "quote"}}, info)`` from one model call (see the module doc).

    ``info``: ``{"model", "asked", "answered", "rejected": [{"id", "why"}], "disagreements": [],
    "error"}``."""
    from ..llm.errors import ModelError
    from ..llm.prompts import STANCE_SYSTEM, pick, untrusted_context_message
    from ..messages import t

    shown = candidates[:MAX_CANDIDATES]
    info: dict[str, Any] = {"model": None, "asked": len(shown), "answered": 0, "rejected": [],
                            "disagreements": [], "error": None}
    if not shown:
        return {}, info
    if client is None:
        from ..llm.client import ModelClient
        from ..llm.secrets import KeyRing

        client = ModelClient(settings, keyring=KeyRing.load(workspace_root=ws.root))
    data = [{"id": c.ref, "text": c.text[:300]} for c in shown]
    messages = [{"role": "system", "content": pick(STANCE_SYSTEM)},
                untrusted_context_message("candidate statements (L2)", data),
                {"role": "user", "content": t("stance.model.request", conclusion=frame.conclusion)}]
    try:
        turn = client.complete(messages, json_mode=True)
    except ModelError as exc:
        info["error"] = t("stance.model.failed", reason=exc.render())
        return {}, info
    info["model"] = turn.endpoint
    try:
        answer = _parse(turn.text)
    except ValueError as exc:
        info["error"] = t("stance.model.failed", reason=str(exc)[:120])
        return {}, info
    texts = {c.ref: c.text for c in shown}
    verdicts: dict[str, dict[str, Any]] = {}
    for entry in answer:
        ref = str(entry.get("id") or "").strip()
        stance = str(entry.get("stance") or "").strip().lower()
        quote = str(entry.get("quote") or "").strip()
        if ref not in texts:
            info["rejected"].append({"id": ref, "why": t("stance.model.bad_id", id=ref or "-")})
            continue
        if stance not in STANCES:
            info["rejected"].append({"id": ref, "why": t("stance.model.bad_stance", id=ref, stance=stance or "-")})
            continue
        if not quote or _norm(quote) not in _norm(texts[ref]):
            info["rejected"].append({"id": ref, "why": t("stance.model.bad_quote", id=ref, quote=quote[:40] or "-")})
            continue
        speaker = entry.get("speaker")
        speaker = str(speaker).strip() if speaker not in (None, "null", "user", "我") else ""
        if speaker and not (_norm(speaker) and _norm(speaker) in _norm(texts[ref])):
            # a speaker the statement does not name is the model's invention, like a quote it does
            # not contain: the name is refused (listed), the stance stands as the model's reading
            info["rejected"].append({"id": ref, "why": t("stance.model.bad_speaker", id=ref)})
            speaker = ""
        verdicts[ref] = {"stance": stance, "quote": quote, "speaker": speaker or None}
    info["answered"] = len(verdicts)
    return verdicts, info


def _parse(text: str) -> list[dict[str, Any]]:
    from .extract import _parse_json  # the one reader of a model's JSON answer (fences, prose around it)

    items = _parse_json(text or "").get("items")
    if not isinstance(items, list):
        raise ValueError("no items list")
    return [i for i in items if isinstance(i, dict)]


def merge(frame: "Frame", candidates: list["Candidate"], readings: dict[str, "Reading"],
          verdicts: dict[str, dict[str, Any]], info: dict[str, Any]) -> dict[str, "Reading"]:
    """The rules' readings, with the model's where valid: agreement confirms; disagreement makes
    the reading uncertain (counter-evidence when either side says so) and is listed in ``info``.
    A reading where the rules found no side is the model's alone (``note`` says so); the user's own
    statement the rules read as against and the model does not (whatever it reads instead, someone
    else's view included) stays the user's and is ``disputed`` (listed apart). Someone else's view
    the rules found stays theirs whatever the model says."""
    from dataclasses import replace

    from ..messages import t

    out = dict(readings)
    for cand in candidates:
        verdict = verdicts.get(cand.ref)
        rule = readings[cand.ref]
        if verdict is None:
            continue
        model_label = verdict["stance"]
        rule_label = _label(rule, frame)
        if model_label == rule_label:
            out[cand.ref] = replace(rule, certain=True)
            continue
        # the rules found no side (no cue, mixed considerations): the model reads alone, which is
        # not a dispute; where the rules did read a side (or a speaker), the two readings clash
        alone = rule.own and rule.side == 0 and not rule.certain
        # the model reads meaning and decides which list a statement goes to; the rules' contrary
        # reading makes it uncertain. A statement the rules read as the user's own and against,
        # and the model does not (for, unrelated, or someone else's view), is set apart
        # (disputed): shown with both readings, not counted as counter-evidence, and never moved
        # out of the user's statements into others' views on the model's word alone.
        disputed = rule_label == "contradicts"  # the labels differ, so the model's is not "contradicts"
        note = t("stance.model.alone" if alone else "stance.model.disagree",
                 model=t(f"stance.label.{model_label}"), rules=t(f"stance.label.{rule_label}"))
        info["disagreements"].append({"id": cand.ref, "model": model_label, "rules": rule_label,
                                      "quote": verdict["quote"]})
        if not rule.own:
            # The rules found whose view it is (某某说/觉得/劝…): a model reading it as the user's
            # own never makes it so. It stays apart, labelled with that person, and uncertain;
            # the model's side, if it names one, is the side of that view.
            side = {"contradicts": -frame.side, "supports": frame.side}.get(model_label, rule.reported_side)
            reading = replace(rule, reported_side=side, certain=False)
        elif disputed:
            reading = replace(rule, certain=False)  # the user's, as the rules read it; both readings shown
        elif model_label == "other":
            who = verdict.get("speaker") or rule.speaker or t("stance.who.unknown")
            reading = replace(rule, side=0, speaker=who, reported_side=rule.side or -frame.side, certain=False)
        elif model_label == "contradicts":
            reading = replace(rule, side=-frame.side, speaker=None, certain=False,
                              cue=rule.cue or verdict["quote"], basis=rule.basis if rule.basis != "none" else "cue")
        else:
            reading = replace(rule, certain=False)  # the rules' reading stays; both are shown
        reading = replace(reading, note=note, disputed=disputed)
        out[cand.ref] = reading
    return out
