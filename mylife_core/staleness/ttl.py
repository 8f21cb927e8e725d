"""The TTL of a new profile field: inferred on the spot, shown, confirmed once (docs/design.md#ttl, #field-dictionaries).

Order of inference (the ``infer_ttl`` firstresult hook):

1. installed field dictionaries: a name or alias registered through ``register_fields``
   (builtin ``mylife.ttl_heuristics`` answers for them at normal priority, so a plugin that
   implements ``infer_ttl`` itself answers even earlier);
2. the builtin heuristics by meaning (``trylast``): rent 365, savings 90, income 180,
   education never ...; they return None for names they do not know;
3. the model, when one is configured (``trylast``, after the heuristics);
4. when nobody knows: :data:`DEFAULT_TTL_DAYS`, said plainly, so the user is asked to
   re-confirm an unknown field rather than trusting it forever.

The user is then shown the TTL and why, and may accept it or give another once
(:func:`confirm_new_field`); ``--yes`` accepts, and without a terminal it is accepted and the
output says so. The reason is kept in the field's ``ttl_reason``, its origin in ``ttl_source``.
"""

from __future__ import annotations

import contextlib
import unicodedata
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from ..specs import FieldSpec, TTLGuess

if TYPE_CHECKING:  # pragma: no cover
    from ..workspace import Workspace

DEFAULT_TTL_DAYS = 180

How = Literal["accepted", "changed", "yes", "no_terminal", "json"]


def norm(name: str) -> str:
    """Names compare after NFKC, case folding and trimming (``Savings`` = ``savings``), with
    underscores, hyphens and runs of spaces as one space (``years_of_experience`` = ``years of
    experience``: the alias a dictionary lists, as a script or an English user types it; typed so,
    it escaped the entry's unit and ``min`` while staleness found the entry by meaning)."""
    return " ".join(unicodedata.normalize("NFKC", name).casefold().replace("_", " ").replace("-", " ").split())


def field_index(ws: "Workspace") -> dict[str, FieldSpec]:
    """Every registered field under its name and each alias (names win over aliases)."""
    index: dict[str, FieldSpec] = {}
    specs = ws.plugins.fields()
    for spec in specs.values():
        for alias in spec.aliases:
            index.setdefault(norm(alias), spec)
    for spec in specs.values():
        index[norm(spec.name)] = spec
    return index


def field_spec_for(ws: "Workspace", name: str, index: dict[str, FieldSpec] | None = None) -> FieldSpec | None:
    """The dictionary entry for ``name`` (by name or alias), or None."""
    return (index if index is not None else field_index(ws)).get(norm(name))


def dictionary_guess(ws: "Workspace", name: str) -> TTLGuess | None:
    """What an installed field dictionary says about ``name``, or None."""
    from ..messages import t

    spec = field_spec_for(ws, name)
    if spec is None:
        return None
    label = ws.plugins.plugin_label(spec.plugin)
    reason = spec.reason() or t("ttl.from_dictionary", plugin=label, field=spec.name)
    return TTLGuess(ttl_days=spec.ttl_days, reason=reason, source=f"plugin:{label}",
                    field=spec.name if norm(spec.name) != norm(name) else None,
                    topic=spec.topic, sensitivity=spec.sensitivity)


def heuristic_guess(name: str, value: Any = None) -> TTLGuess | None:
    """The builtin guess by meaning, or None for names the table does not know."""
    from .heuristics import guess

    found = guess(name, value)
    if found is None:
        return None
    # the concept's topic ("finance") is not a claim topic, so only the sensitivity is passed on
    return TTLGuess(ttl_days=found["ttl_days"], reason=found["reason"], source="heuristic",
                    sensitivity=found["sensitivity"])


def propose_ttl(ws: "Workspace", name: str, value: Any = None) -> TTLGuess:
    """The TTL MyLife proposes for a new field: the hook's answer, else the default (inside
    :func:`shown_ttl`, the guess the user was shown for that field)."""
    from ..messages import t

    shown = ws.__dict__.get(_SHOWN, {}).get(name)
    if shown is not None:
        return shown
    guess = ws.plugins.infer_ttl(name, value, ws)
    if guess is not None:
        return guess
    return TTLGuess(ttl_days=DEFAULT_TTL_DAYS, reason=t("ttl.default_reason", days=DEFAULT_TTL_DAYS),
                    source="default")


_SHOWN = "_ttl_shown"


@contextlib.contextmanager
def shown_ttl(ws: "Workspace", name: str, guess: TTLGuess | None) -> Iterator[None]:
    """While a write the user approved runs, a new field ``name`` takes the TTL the user was shown
    with it (``guess``), not a second guess that could differ (a model asked again)."""
    if guess is None:
        yield
        return
    shown = ws.__dict__.setdefault(_SHOWN, {})
    shown[name] = guess
    try:
        yield
    finally:
        shown.pop(name, None)


def ttl_text(ttl_days: int | None) -> str:
    from ..messages import t

    return t("word.never") if ttl_days is None else t("word.days", n=ttl_days)


def source_text(source: str) -> str:
    """``heuristic`` -> "内置规则"; ``plugin:mylife-career`` -> "字段词典 mylife-career"."""
    from ..messages import t

    if source.startswith("plugin:"):
        return t("ttl.source.plugin", plugin=source.split(":", 1)[1])
    key = f"ttl.source.{source}"
    try:
        return t(key)
    except KeyError:
        return source


def check_new_field(name: str, value: Any) -> None:
    """Reject a bad name or an empty value before the user is asked about its TTL
    (the same rules and messages as :meth:`ProfileLayer.set`)."""
    from ..errors import UsageError
    from ..layers.profile import parse_value

    stripped = (name or "").strip()
    if not stripped or "\n" in stripped or len(stripped) > 80:
        raise UsageError("bad_field_name", name=stripped)
    parsed = parse_value(value)
    if isinstance(parsed, str) and not parsed.strip():
        raise UsageError("empty_text", what="value")


@dataclass
class TTLChoice:
    """What was decided for a new field's TTL, and how."""

    ttl_days: int | None
    reason: str
    source: str
    how: How
    guess: TTLGuess

    def to_json(self) -> dict[str, Any]:
        return {"ttl_days": self.ttl_days, "reason": self.reason, "source": self.source, "how": self.how,
                "inferred": {"ttl_days": self.guess.ttl_days, "reason": self.guess.reason,
                             "source": self.guess.source, "field": self.guess.field}}




def confirm_new_field(ws: "Workspace", name: str, value: Any, *, interactive: bool, auto: How = "no_terminal",
                      prompt: Callable[[str], str] | None = None, say: Callable[[str], None] = print,
                      attempts: int = 3) -> TTLChoice:
    """Infer the TTL of a new field, show it with its reason, and let the user accept or change it.

    :param interactive: ask through ``prompt``; otherwise accept and say why (``auto``).
    :param auto: how it was accepted when not interactive: ``yes`` (``--yes``), ``no_terminal``
        or ``json`` (a script asked for JSON).
    :param prompt: reads one answer (``click.prompt``); empty or a yes (「ｙ」, 「好的」) accepts, a number of days
        or ``never`` changes it. A bad answer is explained and asked again (``attempts`` times).
    """
    from ..errors import UsageError
    from ..layers.profile import parse_ttl
    from ..messages import t
    from ..yesno import is_yes

    guess = propose_ttl(ws, name, value)
    say(t("ttl.inferred", name=name, ttl=ttl_text(guess.ttl_days), reason=guess.reason,
          source=source_text(guess.source)))
    if guess.field:
        say(t("ttl.alias_of", name=name, field=guess.field))
    if not interactive or prompt is None:
        from ..shell import word
        from .render import command_prefix

        # the command said, pasted, sets this field and value (脂肪肝 好转 is one word to a shell)
        say(t(f"ttl.auto.{auto}", name=word(name), value=word(str(value)), prog=command_prefix(ws.root)))
        return TTLChoice(guess.ttl_days, guess.reason, guess.source, auto, guess)
    for _ in range(max(1, attempts)):
        answer = prompt(t("ttl.prompt", ttl=ttl_text(guess.ttl_days))).strip()
        if not answer or is_yes(answer):  # Enter, or a yes in any of its forms (mylife_core.yesno)
            return TTLChoice(guess.ttl_days, guess.reason, guess.source, "accepted", guess)
        try:
            _, days = parse_ttl(answer)
        except UsageError as exc:
            say(exc.render())
            continue
        if days == guess.ttl_days:
            return TTLChoice(guess.ttl_days, guess.reason, guess.source, "accepted", guess)
        reason = t("ttl.user_changed", ttl=ttl_text(guess.ttl_days), reason=guess.reason)
        return TTLChoice(days, reason, "user", "changed", guess)
    raise UsageError("ttl_not_confirmed", name=name)
