"""The review panel as an ASGI app (Starlette + Jinja2), see docs/panel.md.

One :class:`Panel` serves one workspace. Pages are rendered on the server; the only scripts are
the panel's own ``panel.js`` (keyboard shortcuts) and a vendored, versioned htmx for in-place
actions, and every page works without them. Reads and writes go through the workspace library
(``ws.claims.accept`` …, actor ``user``), so locks, the audit log and provenance checks hold as
they do for the CLI; another process writing at the same time is seen on the next request.

Every handler runs on one worker thread of the panel's own (a one-thread executor): the panel
serves one person, requests are handled one after another as a CLI would, and the claims
index's SQLite connection stays on the thread that opened it.
"""

from __future__ import annotations

import asyncio
import os
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from dataclasses import field as _field
from pathlib import Path
from typing import Any, Callable
from urllib.parse import quote, urlencode

from jinja2 import Environment, FileSystemLoader, select_autoescape
from markupsafe import Markup, escape
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from .. import clock
from ..errors import (Conflict, DataFileError, LockTimeout, MyLifeError, NotFound, NotWritable, UsageError, outside_cause,
                      user_error)
from ..messages import actor_name, code_name, set_language, t
from . import charts, views
from .security import Guard, Secrets, allowed_hosts, check_csrf

HERE = Path(__file__).resolve().parent
HTMX = "htmx-2.0.11.min.js"  # vendored from the npm package htmx.org (0BSD), see static/README.md
STATUS_OF = {UsageError: 400, NotFound: 404, Conflict: 409, LockTimeout: 503, DataFileError: 500, NotWritable: 507}
REVIEW_PAGE = 25
ASK_BOXES = ("accept_stale", "accept_missing", "offline", "no_record")  # the ask form's boxes (ask.html)
ANSWERED = 512  # form sendings remembered (:func:`_sending`)
#: form fields that carry what the user typed (a note, a revision, a reason, a handoff sheet ...)
FREE_TEXT = ("text", "body", "why", "reason", "question_answered", "conclusion", "competing_evidence",
             "open_questions", "impact_on_parent_topic", "value", "q")
NOT_TYPED = ("csrf", "next", "ids")


@dataclass
class Again:
    """A form sent back after an error: the page holding it shows it again with what the user
    typed in it and the error beside it (``again.at(action)`` / ``again.on(item)`` in a template
    give the typed values for that form, or None for every other form of the page)."""

    action: str = ""  # the path the form was posted to
    item: str | None = None  # the claim, proposal, branch or field it was about
    typed: dict[str, str] = _field(default_factory=dict)
    error: str = ""
    status: int = 400
    next: str | None = None

    def __bool__(self) -> bool:
        return bool(self.action)

    def at(self, action: str) -> dict[str, str] | None:
        return self.typed if self and action == self.action else None

    def on(self, item: Any) -> dict[str, str] | None:
        return self.typed if self and self.item is not None and str(item) == self.item else None

    def texts(self) -> list[str]:
        """The texts the user typed (not the ids, dates and choices that came with them)."""
        return [v for k, v in self.typed.items() if k in FREE_TEXT and v.strip()]


class Panel:
    """Everything one running panel holds: the workspace, this start's secrets, templates."""

    def __init__(self, root: Path | str, *, plugins: Any = None, secrets_: Secrets | None = None,
                 host: str = "127.0.0.1", port: int = 8765, extra_hosts: tuple[str, ...] = ()) -> None:
        from ..workspace import Workspace

        self.root = Path(root)
        self.plugins = plugins
        self.secrets = secrets_ or Secrets()
        self.host, self.port = host, port
        self.hosts = allowed_hosts(host, port, extra_hosts)
        self._ws = Workspace.open(self.root, plugins=plugins)  # a missing workspace fails here, clearly
        self._counts: tuple[Any, dict[str, dict[str, int]]] | None = None
        self._records: tuple[int, list[Any]] | None = None
        #: what a write said besides its result (the claims index was busy), shown on the next page
        self.notes: list[str] = []
        #: forms answered with a redirect, by :func:`_sending` (a form sent twice writes once)
        self.answered: dict[str, str] = {}
        self._config_stamp = self._stamp(self.root / "config.yaml")
        self.verify_state: dict[str, Any] = {"state": "idle"}
        from .asking import Jobs, answer_blocks

        self.jobs = Jobs()  # ask runs of this start (memory only)
        self._verify_lock = threading.Lock()
        self.worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="mylife-panel")
        self.env = Environment(loader=FileSystemLoader(str(HERE / "templates")),
                               autoescape=select_autoescape(default=True, default_for_string=True))
        self.env.globals.update(t=t, csrf=self.secrets.csrf, htmx=HTMX, url=url, marked=marked, cites=cites,
                                age=_age, lang=self._lang, again=Again(), disclaimer=disclaimer_html,
                                form_keys=self.form_keys, code_name=code_name, actor_name=actor_name,
                                answer_blocks=answer_blocks)
        self.env.filters["q"] = lambda s: quote(str(s), safe="")
        self._apply_language()

    # -- the workspace, as of now ---------------------------------------------------------------
    @staticmethod
    def _stamp(path: Path) -> tuple[int, ...] | None:
        from ..storage.yamlfile import identity

        return identity(path)

    def _lang(self) -> str:
        from ..messages import language

        return language()

    def _apply_language(self) -> None:
        from ..messages import env_language

        set_language(env_language() or self._ws.config.language)  # MYLIFE_LANG wins, as in the CLI

    def workspace(self) -> Any:
        """The workspace with whatever another process wrote since the last request (the profile and
        index layers re-read their file themselves when another process replaced it)."""
        from ..workspace import Workspace

        stamp = self._stamp(self.root / "config.yaml")
        if stamp != self._config_stamp:  # settings changed (language, store): start afresh
            self._ws.close()
            self._ws = Workspace.open(self.root, plugins=self.plugins)
            self._config_stamp = stamp
        self._apply_language()
        return self._ws

    def claim_counts(self, ws: Any) -> dict[str, dict[str, int]]:
        """``ws.claims.counts()``, recomputed only after a write: every claim write appends to the
        audit log, so its size is the key (three GROUP BYs over a lifetime's 300,000 claims
        cost ~100 ms; the state and evidence pages would pay them on every load)."""
        key = self._stamp(ws.audit.path)
        if self._counts is None or self._counts[0] != key:
            self._counts = (key, ws.claims.counts())
        return self._counts[1]

    def records_newest_first(self, ws: Any) -> list[Any]:
        """The raw manifest newest first, sorted again only when it grew (it is append-only)."""
        records = ws.raw.records()
        if self._records is None or self._records[0] != len(records):
            self._records = (len(records), sorted(records, key=lambda r: (r.occurred_at, r.recorded_at),
                                                  reverse=True))
        return self._records[1]

    async def call(self, fn: Callable[..., Any], *args: Any) -> Any:
        """Run ``fn(*args)`` on the panel's workspace thread."""
        return await asyncio.get_running_loop().run_in_executor(self.worker, fn, *args)

    def close(self) -> None:
        try:
            self.worker.submit(self._ws.close).result(timeout=30)
        finally:
            self.worker.shutdown(wait=False)

    # -- rendering ------------------------------------------------------------------------------
    def form_keys(self) -> Markup:
        """The hidden fields every form of the panel carries: this start's CSRF token, and a value
        of its own for each form shown (``once``: the same form sent twice writes once)."""
        import secrets

        return Markup(f'<input type="hidden" name="csrf" value="{escape(self.secrets.csrf)}">'
                      f'<input type="hidden" name="once" value="{secrets.token_urlsafe(16)}">')

    def note_claim_writes(self, ws: Any) -> None:
        """After a claim write that redirects: what the CLI says on stderr when the claims index was
        busy (:meth:`ClaimsLayer.index_warnings`), shown on the next full page (the one the write
        redirects to; :meth:`render`). A write answered with its card shows it there instead."""
        self.notes += ws.claims.index_warnings()

    def render(self, template: str, /, code: int = 200, *, take_notes: bool | None = None,
               **context: Any) -> HTMLResponse:
        """``template`` with ``context``. The notes waiting for the next page (:meth:`note_claim_writes`)
        are shown, once, by a full page only: a fragment (``_*.html``: a card decided in place, an
        error shown above the cards) rendered between a write and its redirect leaves them for the
        page the user sees, and shows only the ``flash_notes`` it is given; so does a refusal
        (``take_notes=False``: a request without the session sees no workspace data)."""
        if take_notes is None:
            take_notes = not template.startswith("_")
        if take_notes:
            context["flash_notes"], self.notes = list(dict.fromkeys(self.notes)), []
        else:
            context.setdefault("flash_notes", [])
        html = self.env.get_template(template).render(**context)
        return HTMLResponse(html, status_code=code)

    def error_page(self, status: int, message: str, *, fragment: bool = False,
                   typed: list[str] | None = None, here: str | None = None) -> HTMLResponse:
        """The error, under the navigation bar (``typed``: texts the user sent, quoted back so none
        is lost). A file that cannot be read (a bad ``profile.yaml``) fails the pages that read it,
        the start page among them: the bar leads to those that still work, and a start page that
        failed (``here``) does not offer itself as the way back."""
        if fragment:  # htmx: show the message above the cards, leave the card (and what is typed in it) as it was
            response = self.render("_error.html", code=status, status_code=status, message=message)
            response.headers["HX-Retarget"] = "#flash"
            response.headers["HX-Reswap"] = "innerHTML show:top"  # in sight, however far down the card was
            return response
        return self.render("error.html", code=status, status_code=status, message=message, nav="",
                           typed=typed or [], here=here)

    def form_again(self, again: Again, show: "Callable[..., Response] | None", request: Request) -> Response:
        """A form that failed, shown again: the page ``show`` renders, with ``again`` in it and
        the error's status; the error page quoting what was typed when there is no such page, or
        it no longer holds that form (the claim was decided meanwhile, the digest is gone ...)."""
        if show is not None:
            request.state.again = again
            try:
                response = show(request, self.workspace())
            except MyLifeError:
                response = None
            if response is not None:
                html = bytes(response.body).decode("utf-8")
                if all(str(escape(text)) in html for text in (again.error, *again.texts())):
                    response.status_code = again.status
                    return response
        return self.error_page(again.status, again.error, typed=again.texts())

    def refuse(self, status: int, key: str) -> Any:
        """A clear page for a request the guard turned away (no workspace data in it)."""
        self._apply_language()
        return self.render("refused.html", code=status, status_code=status, message=t(key), nav=None,
                           take_notes=False)

    # -- verify in the background ---------------------------------------------------------------
    def start_verify(self) -> bool:
        with self._verify_lock:
            if self.verify_state.get("state") == "running":
                return False
            self.verify_state = {"state": "running", "started_at": clock.now()}
        threading.Thread(target=self._run_verify, name="mylife-panel-verify", daemon=True).start()
        return True

    def _run_verify(self) -> None:
        """``mylife verify --json`` in a child process at low priority: on a lifetime workspace it
        hashes every raw file and claim for a while, and must not slow the pages meanwhile."""
        import json
        import subprocess
        import sys

        def lower_priority() -> None:  # pragma: no cover - runs in the child
            try:
                os.nice(10)
            except OSError:
                pass

        try:
            proc = subprocess.run([sys.executable, "-m", "mylife_core", "verify", "--json", "--workspace",
                                   str(self.root)], capture_output=True, timeout=3600, stdin=subprocess.DEVNULL,
                                  preexec_fn=lower_priority if os.name == "posix" else None)
            data = json.loads(proc.stdout.decode("utf-8"))
            if "error" in data:
                state = {"state": "failed", "message": data["error"].get("message", "")}
            else:
                problems = data.get("problems", [])
                state = {"state": "done", "ok": data["ok"], "raw_checked": data["raw_checked"],
                         "claims_checked": data["claims_checked"], "count": len(problems),
                         "problems": [p.get("message", "") for p in problems[:20]]}
        except (ValueError, KeyError, OSError, subprocess.SubprocessError) as exc:
            state = {"state": "failed", "message": f"{type(exc).__name__}: {exc}"}
        state["finished_at"] = clock.now()
        with self._verify_lock:
            self.verify_state = state


# ------------------------------------------------------------------------------------ helpers
def url(path: str, **params: Any) -> str:
    """``path`` with the non-empty ``params`` as a query string."""
    clean = {k: v for k, v in params.items() if v not in (None, "", False)}
    return path + ("?" + urlencode(clean) if clean else "")


def marked(snippet: str) -> Markup:
    """A search snippet with its 【matches】 as <mark>, every other character escaped."""
    out, rest = [], snippet
    while "【" in rest and "】" in rest.split("【", 1)[1]:
        before, after = rest.split("【", 1)
        inside, rest = after.split("】", 1)
        out.append(str(escape(before)) + "<mark>" + str(escape(inside)) + "</mark>")
    out.append(str(escape(rest)))
    return Markup("".join(out))


def cites(text: str) -> Markup:
    """Digest text with each ``[claim-…]`` citation as a link to that claim (all else escaped)."""
    import re

    parts = re.split(r"\[(claim-\d{4}-\d{2}-\d{2}-\d+)\]", text)
    out = []
    for i, part in enumerate(parts):
        out.append(f'[<a href="/claims/{part}">{part}</a>]' if i % 2 else str(escape(part)))
    return Markup("".join(out))


def disclaimer_html(*, model_used: bool) -> Markup:
    """The lines that end a decision output (:func:`~mylife_core.messages.disclaimer_lines`: the
    disclaimer word for word, after the line saying no model wrote any of it when none did), one
    paragraph each, its ``**仅供参考**`` in bold as the README shows it, all else escaped."""
    import re

    from ..messages import disclaimer_lines

    paragraphs = [re.sub(r"\*\*(.+?)\*\*", r"<strong>\1</strong>", str(escape(line)))
                  for line in disclaimer_lines(model_used=model_used)]
    return Markup("".join(f'<p class="disclaimer">{p}</p>' for p in paragraphs))


def _age(days: float) -> str:
    from ..status import age_text

    return age_text(days)


def safe_next(value: Any, default: str) -> str:
    """A redirect target from a form: a local path only (never another site)."""
    text = str(value or "")
    if not text.startswith("/") or text.startswith("//") or "\\" in text or "\n" in text or "\r" in text:
        return default
    return text


def _text(form: Any, name: str) -> str:
    value = form.get(name)
    return value.replace("\r\n", "\n").replace("\r", "\n") if isinstance(value, str) else ""


def _refuse_nul(form: Any) -> None:
    """Refuse a form any of whose values holds a NUL character (``\\x00``): no file of the
    workspace should hold one (a note, a reason, a revision), and the command line cannot pass
    one. Said as the panel's usual form error, what was typed sent back, nothing written."""
    if any(isinstance(value, str) and "\x00" in value for _, value in form.multi_items()):
        raise UsageError("s24c.form_nul")


def _typed(form: Any) -> dict[str, str]:
    """What a form carried, as typed (line ends normalised as every handler reads them)."""
    return {k: _text(form, k) for k in form.keys() if k not in NOT_TYPED}


def _sending(request: Request, form: Any) -> str | None:
    """One sending of one form shown: the form's ``once`` value (:meth:`Panel.form_keys`) with its
    route and every word it carries. A second press of Enter while the first waits for the
    workspace (another writer holds the lock, an ``ask`` runs on the worker) sends it again; a form
    the back button restored and the user changed is a new sending. None: a form without ``once``."""
    import hashlib
    import json

    once = form.get("once")
    if not isinstance(once, str) or not once:
        return None
    fields = sorted((k, v) for k, v in form.multi_items() if k != "csrf" and isinstance(v, str))
    return hashlib.sha256(json.dumps([request.scope["path"], fields], ensure_ascii=False).encode()).hexdigest()


def _again(request: Request) -> Again:
    """The form sent back on this request (:meth:`Panel.form_again`), else an empty one."""
    return getattr(request.state, "again", None) or Again()


def _lines(form: Any, name: str) -> list[str]:
    return [line.strip() for line in _text(form, name).split("\n") if line.strip()]


def _page(request: Request) -> int:
    raw = request.query_params.get("page")
    if raw in (None, ""):
        return 1
    try:
        n = int(raw)
    except ValueError:
        raise UsageError("web_bad_number", value=raw) from None
    if not 1 <= n <= 100000:
        raise UsageError("web_bad_number", value=raw)
    return n


def _choice(value: str | None, allowed: tuple[str, ...], what: str) -> str | None:
    if value in (None, ""):
        return None
    if value not in allowed:
        raise UsageError("bad_choice", what=what, value=value, choices=", ".join(allowed))
    return value


def _pending_proposals(ws: Any) -> int:
    from ..pipeline.proposals import Proposals

    return Proposals(ws).count_pending()


def _is_htmx(request: Request) -> bool:
    return request.headers.get("hx-request") == "true"


# ------------------------------------------------------------------------------------ the app
def create_app(root: Path | str, *, plugins: Any = None, secrets_: Secrets | None = None, host: str = "127.0.0.1",
               port: int = 8765, extra_hosts: tuple[str, ...] = (), verify_on_start: bool = True) -> Any:
    """The guarded ASGI app for the workspace at ``root`` (``app.state.panel`` is the Panel)."""
    panel = Panel(root, plugins=plugins, secrets_=secrets_, host=host, port=port, extra_hosts=extra_hosts)

    def page(handler: Callable[..., Response]) -> Callable[[Request], Any]:
        def work(request: Request) -> Response:
            return handler(request, panel.workspace())

        async def endpoint(request: Request) -> Response:
            return await panel.call(work, request)
        return endpoint

    def action(handler: Callable[..., Response], *, again: Callable[..., Response] | None = None
               ) -> Callable[[Request], Any]:
        """A form's POST. On an error the user's text is never dropped: ``again`` (the page that
        holds the form) shows the form again with what was typed and the error beside it, with the
        error's status and nothing written; an htmx request gets the message above the cards and
        keeps its card, text and all."""
        async def endpoint(request: Request) -> Response:
            try:
                form = await request.form()
            except Exception:  # noqa: BLE001 - an unreadable body is bad input
                return panel.error_page(400, t("web.error.bad_form"), fragment=_is_htmx(request))
            if not check_csrf(panel.secrets, form, request.headers):  # the cookie was good: quote what was typed
                return panel.error_page(403, t("web.refused.csrf"), fragment=_is_htmx(request),
                                        typed=Again(typed=_typed(form)).texts())
            return await panel.call(work, request, form)

        def work(request: Request, form: Any) -> Response:
            sending = None if _is_htmx(request) else _sending(request, form)
            if sending is not None and sending in panel.answered:  # sent again: answered, nothing written
                return RedirectResponse(panel.answered[sending], status_code=303)
            try:
                _refuse_nul(form)
                response = handler(request, panel.workspace(), form)
                if sending is not None and response.status_code == 303:
                    panel.answered[sending] = response.headers["location"]
                    while len(panel.answered) > ANSWERED:
                        panel.answered.pop(next(iter(panel.answered)))
                return response
            except Exception as caught:
                # a full disk, a read-only workspace (an OSError) sends the text back too
                exc = user_error(caught, panel.root)
                if exc is None:
                    raise  # a bug: the catch-all page
                status = next((s for cls, s in STATUS_OF.items() if isinstance(exc, cls)), 400)
                if _is_htmx(request):
                    return panel.error_page(status, views.error_text(exc), fragment=True)
                params = request.path_params
                sent_back = Again(action=request.scope["path"], typed=_typed(form),
                                  item=next((str(params[k]) for k in ("claim_id", "proposal_id", "branch_id", "field")
                                             if k in params), None),
                                  error=views.error_text(exc), status=status, next=safe_next(form.get("next"), "") or None)
                return panel.form_again(sent_back, again, request)
        return endpoint

    # -- pages ----------------------------------------------------------------------------------
    def home(request: Request, ws: Any) -> Response:
        now = clock.now()
        counts = panel.claim_counts(ws)
        rows = views.field_rows(ws)
        index = ws.index.load()
        return panel.render(
            "home.html", nav="home", now=now,
            attention=[r for r in rows if r.state in ("expired", "soon")],
            candidates=counts.get("status", {}).get("candidate", 0), proposals=_pending_proposals(ws),
            claims_total=sum(counts.get("status", {}).values()), by_status=counts.get("status", {}),
            topics=views.recent_topics(ws), open_branches=[b for b in index.branches if b.status == "open"],
            chains=len(index.chains), records=ws.raw.count(), digests=ws.digests.count(), fields=len(rows),
            recent=list(reversed(ws.audit.tail(12))), verify=panel.verify_state,
            pending_digests=[d for d in views.digest_topics(ws) if d["pending"]])

    def review(request: Request, ws: Any) -> Response:
        topic = request.query_params.get("topic") or None
        n = _page(request)
        found = ws.claims.query(status="candidate", topic=topic, limit=n * REVIEW_PAGE + 1)
        items = found[(n - 1) * REVIEW_PAGE: n * REVIEW_PAGE]
        from ..trace import SourceChecker, model_wrote

        from ..pipeline.proposals import Proposals

        checker = SourceChecker(ws)
        cards = [{"claim": c, "check": checker.check(c, with_lines=True), "model_wrote": model_wrote(ws, c)}
                 for c in items]
        proposals = [views.proposal_card(ws, p, checker) for p in Proposals(ws).listed(topic=topic)] if n == 1 else []
        proposed = {c["proposal"].topic for c in proposals if c["proposal"].kind == "digest"}
        again = _again(request)
        here = str(request.url.path) + (f"?{request.url.query}" if request.url.query else "")
        if again:  # a decision sent back: after it succeeds, go where the form said
            here = again.next or "/review"
        return panel.render("review.html", nav="review", cards=cards, proposals=proposals, topic=topic, page_no=n,
                            more=len(found) > n * REVIEW_PAGE, again=again, here=here,
                            pending_digests=[d for d in views.digest_topics(ws) if d["pending"]
                                             and d["topic"] not in proposed])

    def profile(request: Request, ws: Any) -> Response:
        return panel.render("profile.html", nav="profile", rows=views.field_rows(ws), now=clock.now())

    def profile_field(request: Request, ws: Any) -> Response:
        from ..staleness.ttl import field_spec_for, norm

        name = request.path_params["field"]
        field = ws.profile.get(name)
        now = clock.now()
        spec = field_spec_for(ws, name)
        names = {norm(name), *(norm(a) for a in (spec.aliases if spec else []))}
        if spec:
            names.add(norm(spec.name))
        feeds = [d for d in ws.plugins.decisions().values()
                 if names & {norm(x) for x in (*d.depends_on, *d.optional)} or (spec and d.name in spec.decisions)]
        history = [{"value": p.value, "source": p.source, "at": p.updated_at} for p in field.history]
        history.append({"value": field.value, "source": field.source, "at": field.updated_at, "current": True})
        return panel.render("field.html", nav="profile", name=name, field=field, now=now,
                            state=views.ttl_state(field, now), left=views.days_left(field, now),
                            age_days=int(field.age_days(now)), history=list(reversed(history)), spec=spec,
                            decisions=feeds, chart=charts.line_chart(views.numeric_history(field, spec), name),
                            audit=list(reversed(views.audit_for(ws, name, limit=30))), again=_again(request))

    def claims_list(request: Request, ws: Any) -> Response:
        from ..layers.claims import KINDS, STATUSES

        q = request.query_params
        topic = q.get("topic") or None
        kind = _choice(q.get("kind"), KINDS, "kind")
        status = _choice(q.get("status"), STATUSES, "status")
        cursor = views.Cursor.parse(q.get("before"), q.get("skip"))
        items, nxt = views.claims_page(ws, topic=topic, kind=kind, status=status, cursor=cursor)
        counts = panel.claim_counts(ws) if not topic else None
        chart = None
        if topic:
            recent = ws.claims.query(topic=topic, kind=kind, status=status, limit=400, newest_first=True)
            chart = charts.timeline(list(reversed(recent)), t("web.claims.timeline", topic=topic),
                                    {k: t("kind." + k) for k in KINDS}, {s: t("status." + s) for s in STATUSES})
        return panel.render("claims.html", nav="claims", items=items, topic=topic, kind=kind, status=status,
                            next_cursor=nxt, first_page=cursor.before is None, kinds=KINDS, statuses=STATUSES,
                            topics=sorted((counts or {}).get("topic", {}).items(), key=lambda kv: -kv[1])[:40],
                            chart=chart, here=str(request.url.path) +
                            (f"?{request.url.query}" if request.url.query else ""))

    def claim_detail(request: Request, ws: Any) -> Response:
        from ..trace import trace_claim

        claim_id = request.path_params["claim_id"]
        tr = trace_claim(ws, claim_id)
        claim = tr.claim
        where = views.pointer_range(claim.provenance)
        raw = views.raw_view(ws, where[0], where[1]).around() if where else None
        history, predecessors = views.claim_history(ws, claim.id)
        return panel.render("claim.html", nav="claims", claim=claim, trace=tr, raw=raw, predecessors=predecessors,
                            audit=history, here=f"/claims/{claim.id}", again=_again(request))

    def digests(request: Request, ws: Any) -> Response:
        return panel.render("digests.html", nav="digests", topics=views.digest_topics(ws))

    def digest(request: Request, ws: Any) -> Response:
        view = views.digest_view(ws, request.path_params["topic"])
        return panel.render("digest.html", nav="digests", d=view, edit=request.query_params.get("edit") == "1",
                            again=_again(request))

    def raw_list(request: Request, ws: Any) -> Response:
        q = request.query_params
        topic = q.get("topic") or None
        month = q.get("month") or None
        if month is not None and not (len(month) == 7 and month[4] == "-" and month.replace("-", "").isdigit()):
            raise UsageError("web_bad_month", value=month)
        records = panel.records_newest_first(ws)
        topics: dict[str, int] = {}
        for rec in records:
            topics[rec.topic] = topics.get(rec.topic, 0) + 1
        chosen = records if topic is None and month is None else [
            r for r in records if (topic is None or r.topic == topic)
            and (month is None or r.occurred_at.isoformat()[:7] == month)]
        n = _page(request)
        items = chosen[(n - 1) * views.PAGE: n * views.PAGE]
        return panel.render("raw.html", nav="raw", items=items, topic=topic, month=month, page_no=n,
                            more=len(chosen) > n * views.PAGE, total=len(chosen),
                            topics=sorted(topics.items(), key=lambda kv: -kv[1])[:40], today=clock.today(),
                            again=_again(request))

    def raw_record(request: Request, ws: Any) -> Response:
        file = "raw/" + request.path_params["name"]
        if "/" in request.path_params["name"] or ws.raw.get(file) is None:
            raise NotFound("web_raw_not_found", file=file)
        hl = request.query_params.get("lines")
        highlight = None
        if hl:
            try:
                a, _, b = hl.partition("-")
                highlight = (int(a), int(b or a))
            except ValueError:
                raise UsageError("web_bad_lines", value=hl) from None
        view = views.raw_view(ws, file, highlight)
        return panel.render("raw_record.html", nav="raw", raw=view)

    def search(request: Request, ws: Any) -> Response:
        from ..search import recall

        q = request.query_params
        query = (q.get("q") or "").strip()
        topic = q.get("topic") or None
        layer = _choice(q.get("layer"), ("raw", "digest", "claims"), "layer")
        evidence = q.get("evidence") == "1"
        n = _page(request)
        result = None
        if query:
            per = 20
            result = recall(ws, query, topic=topic, layers=[layer] if layer else None, k=min(200, n * per + 1),
                            evidence_only=evidence)
            hits = result.hits[(n - 1) * per: n * per]
            more = len(result.hits) > n * per
        else:
            hits, more = [], False
        return panel.render("search.html", nav="search", query=query, topic=topic, layer=layer, evidence=evidence,
                            result=result, hits=hits, page_no=n, more=more,
                            model_files=ws.raw.model_files() if result else frozenset())

    def chains(request: Request, ws: Any) -> Response:
        all_chains = list(reversed(ws.index.chains()))
        n = _page(request)
        return panel.render("chains.html", nav="chains", items=all_chains[(n - 1) * views.PAGE: n * views.PAGE],
                            page_no=n, more=len(all_chains) > n * views.PAGE, total=len(all_chains))

    def chain(request: Request, ws: Any) -> Response:
        from ..trace import trace_chain

        tr = trace_chain(ws, request.path_params["chain_id"])
        return panel.render("chain.html", nav="chains", tr=tr)

    def branches(request: Request, ws: Any) -> Response:
        items = ws.index.branches()
        order = {"open": 0, "merged": 1, "abandoned": 2}
        items = sorted(items, key=lambda b: (order[b.status], -b.opened_at.timestamp()))
        return panel.render("branches.html", nav="branches", items=items, again=_again(request))

    def settings(request: Request, ws: Any) -> Response:
        from ..history.status import gather as git_gather
        from ..llm.settings import load_settings
        from ..skills import discover
        from ..staleness.heuristics import CONCEPTS

        try:
            llm = load_settings(ws)
            llm_error = None
        except MyLifeError as exc:  # said as every page says a library error
            llm, llm_error = None, views.error_text(exc)
        try:
            git = git_gather(ws, say=views.error_text)
        except MyLifeError as exc:
            git = {"error": views.error_text(exc)}
        from ..shell import command_prefix
        from ..staleness.ttl import field_index, field_spec_for

        index = field_index(ws)  # the workspace's own fields: profile fields no dictionary knows
        own_fields = sorted(((n, f) for n, f in ws.profile.fields().items() if field_spec_for(ws, n, index) is None),
                            key=lambda nf: (nf[1].topic or "", nf[0]))
        return panel.render("settings.html", nav="settings", plugins=ws.plugins.plugin_infos(), own_fields=own_fields,
                            fields=sorted(ws.plugins.fields().values(), key=lambda s: (s.topic or "", s.name)),
                            concepts=CONCEPTS, skills=discover(ws), llm=llm, llm_error=llm_error, git=git,
                            config=ws.config, root=str(ws.root), prog=command_prefix(ws.root))

    def ask_form(request: Request, ws: Any) -> Response:
        from ..llm.settings import load_settings

        try:
            configured, llm_error = load_settings(ws).configured, None
        except MyLifeError as exc:  # a bad model section: said (a run would fail with it), not "no model"
            configured, llm_error = False, views.error_text(exc)
        again = _again(request)
        return panel.render("ask.html", nav="ask", job=None, configured=configured, again=again, llm_error=llm_error,
                            question=again.typed.get("q", "") if again else request.query_params.get("q", ""))

    async def ask_job(request: Request) -> Response:
        """A run's page: its final text when done, else the live page (no worker needed: the
        worker is busy running it)."""
        job = panel.jobs.get(request.path_params["job_id"])
        if job is None:
            return panel.error_page(404, t("error.web_ask_not_found"))
        return panel.render("ask.html", nav="ask", job=job, configured=job.configured, question=job.question)

    async def ask_events(request: Request) -> Response:
        import json

        from starlette.responses import StreamingResponse

        job = panel.jobs.get(request.path_params["job_id"])
        if job is None:
            return panel.error_page(404, t("error.web_ask_not_found"))

        async def stream():
            sent = 0
            while True:
                while sent < len(job.events):
                    kind, data = job.events[sent]
                    sent += 1
                    yield f"event: {kind}\ndata: {json.dumps(data, ensure_ascii=False)}\n\n"
                    if kind in ("done", "failed"):
                        return
                if await request.is_disconnected():
                    return
                await asyncio.sleep(0.05)

        return StreamingResponse(stream(), media_type="text/event-stream",
                                 headers={"X-Accel-Buffering": "no"})

    # -- actions --------------------------------------------------------------------------------
    def ask_start(request: Request, ws: Any, form: Any) -> Response:
        from . import asking

        question = _text(form, "q").strip()
        if not question:
            raise UsageError("empty_text", what="question")
        from ..llm.settings import load_settings

        job = panel.jobs.new(question)
        try:
            job.configured = load_settings(ws).configured
        except MyLifeError:
            job.configured = False
        job.boxes = frozenset(name for name in ASK_BOXES if form.get(name) == "1")
        flags = {name: name in job.boxes for name in ("accept_stale", "accept_missing", "offline")}
        flags["record"] = "no_record" not in job.boxes  # as `mylife ask`: recorded unless --no-record
        panel.worker.submit(lambda: asking.run(panel.workspace(), job, **flags))  # after this request
        return RedirectResponse(f"/ask/{job.id}", status_code=303)

    def claim_action(request: Request, ws: Any, form: Any) -> Response:
        claim_id = request.path_params["claim_id"]
        verb = request.path_params["verb"]
        if verb not in ("accept", "reject", "dispute"):
            raise NotFound("web_no_such_action", action=verb)
        claim = ws.claims.get(claim_id)
        topic = (form.get("topic") or "").strip()
        if topic and claim.topic not in ws.plugins.topic_names(topic):  # the review page's topic, or an alias
            raise Conflict("web_claim_other_topic", id=claim_id, topic=claim.topic, expected=topic)
        why = _text(form, "why").strip() or None
        if verb == "accept":
            if claim.status == "candidate" and _text(form, "model_line").strip() != claim_id:
                from ..trace import model_wrote

                if model_wrote(ws, claim) is not None:  # a model's words become the user's: only ticked
                    raise UsageError("s32claim.web_model_line_unticked", id=claim_id, pointer=claim.provenance)
            _, after = ws.claims.accept(claim_id, actor="user")
        elif verb == "reject":
            _, after = ws.claims.reject(claim_id, actor="user", why=why)
        else:
            if not why:
                raise UsageError("web_dispute_needs_reason")
            _, after = ws.claims.dispute(claim_id, why=why, actor="user")
        if _is_htmx(request):
            from ..trace import SourceChecker, model_wrote

            return panel.render("_card.html", card={"claim": after, "check": SourceChecker(ws).check(after, with_lines=True),
                                                    "model_wrote": model_wrote(ws, after)},
                                topic=topic or None, here=safe_next(form.get("next"), "/review"), done=verb,
                                flash_notes=ws.claims.index_warnings())  # what this write said, on its card
        panel.note_claim_writes(ws)
        return RedirectResponse(safe_next(form.get("next"), f"/claims/{claim_id}"), status_code=303)

    def proposal_action(request: Request, ws: Any, form: Any) -> Response:
        from ..pipeline.proposals import ID_RE, VERBS, Proposals

        proposal_id = request.path_params["proposal_id"]
        verb = request.path_params["verb"]
        if verb not in VERBS:
            raise NotFound("web_no_such_action", action=verb)
        if not ID_RE.match(proposal_id):
            raise NotFound("proposal_not_found", id=proposal_id)
        store = Proposals(ws)
        proposal = store.get(proposal_id)
        topic = (form.get("topic") or "").strip()
        if topic and proposal.topic != topic:
            raise Conflict("web_proposal_other_topic", id=proposal_id, topic=proposal.topic, expected=topic)
        confirmed: set[str] = set()
        if verb == "accept":  # a line a model wrote: accepted only with the card's box ticked (not only in the page)
            from ..pipeline.proposals import model_line

            line = model_line(ws, proposal)
            if line is not None:
                if _text(form, "model_line").strip() != proposal_id:
                    raise UsageError("s32approve.web_model_line_unticked", id=proposal_id, pointer=line["pointer"])
                confirmed.add(proposal_id)
        _, after = store.decide(proposal_id, verb, why=_text(form, "why").strip() or None, actor="user",
                                model_lines=confirmed)
        if _is_htmx(request):
            return panel.render("_proposal.html", card=views.proposal_card(ws, after), topic=topic or None,
                                here=safe_next(form.get("next"), "/review"), done=verb)
        return RedirectResponse(safe_next(form.get("next"), "/review"), status_code=303)

    def review_bulk(request: Request, ws: Any, form: Any) -> Response:
        from ..pipeline.proposals import ID_RE, Proposals

        ids = list(dict.fromkeys(i.strip() for i in form.getlist("ids") if isinstance(i, str) and i.strip()))
        if not ids:
            raise UsageError("web_nothing_selected")
        topic = (form.get("topic") or "").strip()
        store = Proposals(ws)
        proposal_ids = [i for i in ids if ID_RE.match(i)]
        with ws.lock():  # one decision: every id is checked, and nobody writes in between, before any write
            claims = [ws.claims.get(i) for i in ids if i not in proposal_ids]
            for c in claims:
                if topic and c.topic not in ws.plugins.topic_names(topic):
                    raise Conflict("web_claim_other_topic", id=c.id, topic=c.topic, expected=topic)
                if c.status != "candidate":
                    raise Conflict("claim_bad_transition", id=c.id, status=t("status." + c.status),
                                   action=t("action.accept"))
            proposals = [store.get(i) for i in proposal_ids]
            for p in proposals:
                if topic and p.topic != topic:
                    raise Conflict("web_proposal_other_topic", id=p.id, topic=p.topic, expected=topic)
                store.check(p, "accept")
            from ..pipeline.proposals import model_line
            from ..trace import model_wrote

            for c in claims:  # a line a model wrote is confirmed on its own card, never in bulk
                if model_wrote(ws, c) is not None:
                    raise UsageError("s32approve.web_model_line_bulk", id=c.id, pointer=c.provenance)
            for p in proposals:
                line = model_line(ws, p)
                if line is not None:
                    raise UsageError("s32approve.web_model_line_bulk", id=p.id, pointer=line["pointer"])
            # every file the selection rewrites, held to what MyLife recorded before the first write
            ws.require_unchanged([*ws.claims.paths(claims),
                                  *(store.written_paths(proposals, "accept") if proposals else [])])
            for c in claims:
                ws.claims.accept(c.id, actor="user")
                panel.note_claim_writes(ws)
            if proposal_ids:
                store.decide_many(proposal_ids, "accept", actor="user")
        return RedirectResponse(safe_next(form.get("next"), "/review"), status_code=303)

    def field_confirm(request: Request, ws: Any, form: Any) -> Response:
        name = request.path_params["field"]
        ws.profile.confirm(name, actor="user", seen=_text(form, "seen") or None)  # the value the page showed
        return RedirectResponse(safe_next(form.get("next"), f"/profile/{quote(name)}"), status_code=303)

    def field_update(request: Request, ws: Any, form: Any) -> Response:
        name = request.path_params["field"]
        ws.profile.get(name)  # updating is for existing fields; new ones come with a TTL choice (CLI)
        value = _text(form, "value").strip()
        if not value:
            raise UsageError("empty_text", what="value")
        ws.profile.set(name, value, actor="user")
        return RedirectResponse(safe_next(form.get("next"), f"/profile/{quote(name)}"), status_code=303)

    def field_ttl(request: Request, ws: Any, form: Any) -> Response:
        from ..layers.profile import parse_ttl

        name = request.path_params["field"]
        given, days = parse_ttl(_text(form, "ttl").strip() or None)
        if not given:
            raise UsageError("bad_ttl", value="")
        ws.profile.set_ttl(name, days, reason=_text(form, "reason").strip() or None, actor="user")
        return RedirectResponse(safe_next(form.get("next"), f"/profile/{quote(name)}"), status_code=303)

    def field_unset(request: Request, ws: Any, form: Any) -> Response:
        """Remove the field (``mylife profile unset``): only with the page's box ticked, and only
        the value the page showed (``seen``); the whole field goes to the audit log."""
        name = request.path_params["field"]
        ws.profile.get(name)  # a field that is not there: the not-found page, whatever was ticked
        if form.get("sure") != "1":
            raise UsageError("s28panel.unset_not_sure", name=name)
        removed = ws.profile.unset(name, actor="user", seen=_text(form, "seen") or None)  # the value the page showed
        panel.notes.append(t("s28panel.field.removed", name=name, value=removed.value))
        return RedirectResponse(safe_next(form.get("next"), "/profile"), status_code=303)

    def digest_revise(request: Request, ws: Any, form: Any) -> Response:
        topic = request.path_params["topic"]
        if ws.digests.read(topic) is None:
            raise NotFound("web_digest_not_found", topic=topic)
        body = _text(form, "body").strip()
        if not body:
            raise UsageError("empty_text", what="digest")
        from ..pipeline.digest import revise

        seen = (form.get("seen") or "").strip()
        with ws.lock():  # checked and written with nobody writing in between
            if seen and seen != views.digest_seen(ws, topic):  # the page was older than the digest
                raise Conflict("web_digest_changed", topic=topic)
            revise(ws, topic, body, actor="user")
        return RedirectResponse(f"/digests/{quote(topic)}", status_code=303)

    def raw_add(request: Request, ws: Any, form: Any) -> Response:
        text = _text(form, "text")
        topic = _text(form, "topic").strip()
        at = _text(form, "at").strip()
        when, precision = clock.parse_at(at, what="at") if at else (None, "day")  # as --at: no future date
        rec = ws.raw.record(text.encode("utf-8"), topic=topic, occurred_at=when, actor="user", precision=precision)
        from ..safety import crisis, support_lines

        if crisis(text):  # kept word for word; then where to reach a person, as `mylife record` says
            panel.notes += [t("web.raw.support_head"), *support_lines()]
        return RedirectResponse(f"/raw/{quote(rec.file.removeprefix('raw/'))}", status_code=303)

    def branch_abandon(request: Request, ws: Any, form: Any) -> Response:
        from ..chat.branches import abandon_branch

        abandon_branch(ws, request.path_params["branch_id"], reason=_text(form, "reason").strip() or None,
                       actor="user")
        return RedirectResponse("/branches", status_code=303)

    def branch_close(request: Request, ws: Any, form: Any) -> Response:
        from ..chat.branches import close_branch
        from ..chat.handoff import check

        branch = ws.index.branch(request.path_params["branch_id"])
        data = {"topic": branch.topic, "question_answered": _text(form, "question_answered").strip(),
                "conclusion": _text(form, "conclusion").strip(),
                "competing_evidence": _lines(form, "competing_evidence"),
                "open_questions": _lines(form, "open_questions"),
                "impact_on_parent_topic": _text(form, "impact_on_parent_topic").strip()}
        draft = check(ws, data, branch, source="panel")
        panel.notes += close_branch(ws, branch.id, draft, actor="user", json_mode=True).warnings
        return RedirectResponse("/branches", status_code=303)

    def verify_now(request: Request, ws: Any, form: Any) -> Response:
        panel.start_verify()
        return RedirectResponse("/", status_code=303)

    # -- errors ---------------------------------------------------------------------------------
    async def on_library_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, MyLifeError)
        status = next((s for cls, s in STATUS_OF.items() if isinstance(exc, cls)), 400)
        return panel.error_page(status, views.error_text(exc), fragment=_is_htmx(request), here=request.url.path)

    async def on_http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        key = {404: "web.error.not_found", 405: "web.refused.method"}.get(exc.status_code, "web.error.http")
        return panel.error_page(exc.status_code, t(key, status=exc.status_code))

    async def on_bug(request: Request, exc: Exception) -> Response:
        outside = outside_cause(exc, panel.root)  # a read-only workspace, a full disk: not a bug
        if outside is not None:
            return await on_library_error(request, outside)
        return panel.error_page(500, t("error.internal", reason=f"{type(exc).__name__}: {exc}"), here=request.url.path)

    routes = [
        Route("/", page(home)),
        Route("/review", page(review)),
        Route("/review/accept", action(review_bulk), methods=["POST"]),
        Route("/proposals/{proposal_id}/{verb}", action(proposal_action, again=review), methods=["POST"]),
        Route("/profile", page(profile)),
        Route("/profile/{field}", page(profile_field)),
        Route("/profile/{field}/confirm", action(field_confirm), methods=["POST"]),
        Route("/profile/{field}/update", action(field_update, again=profile_field), methods=["POST"]),
        Route("/profile/{field}/ttl", action(field_ttl, again=profile_field), methods=["POST"]),
        Route("/profile/{field}/unset", action(field_unset, again=profile_field), methods=["POST"]),
        Route("/claims", page(claims_list)),
        Route("/claims/{claim_id}", page(claim_detail)),
        Route("/claims/{claim_id}/{verb}", action(claim_action, again=claim_detail), methods=["POST"]),
        Route("/digests", page(digests)),
        Route("/digests/{topic}", page(digest)),
        Route("/digests/{topic}", action(digest_revise, again=digest), methods=["POST"]),
        Route("/raw", page(raw_list)),
        Route("/raw", action(raw_add, again=raw_list), methods=["POST"]),
        Route("/raw/{name}", page(raw_record)),
        Route("/search", page(search)),
        Route("/chains", page(chains)),
        Route("/chains/{chain_id}", page(chain)),
        Route("/branches", page(branches)),
        Route("/branches/{branch_id}/abandon", action(branch_abandon, again=branches), methods=["POST"]),
        Route("/branches/{branch_id}/close", action(branch_close, again=branches), methods=["POST"]),
        Route("/settings", page(settings)),
        Route("/ask", page(ask_form)),
        Route("/ask", action(ask_start, again=ask_form), methods=["POST"]),
        Route("/ask/{job_id}", ask_job),
        Route("/ask/{job_id}/events", ask_events),
        Route("/verify", action(verify_now), methods=["POST"]),
        Mount("/static", app=StaticFiles(directory=str(HERE / "static")), name="static"),
    ]
    app = Starlette(routes=routes, exception_handlers={MyLifeError: on_library_error, HTTPException: on_http_error,
                                                       Exception: on_bug})
    app.state.panel = panel
    if verify_on_start:
        panel.start_verify()
    guarded = Guard(app, secrets_=panel.secrets, hosts=panel.hosts, refuse=panel.refuse)
    guarded.panel = panel  # type: ignore[attr-defined]
    return guarded


def start_url(panel: Panel, host: str | None = None) -> str:
    shown = host or panel.host
    if ":" in shown and not shown.startswith("["):
        shown = f"[{shown}]"
    if shown in ("0.0.0.0", "[::]"):
        shown = "127.0.0.1"
    return f"http://{shown}:{panel.port}/?token={panel.secrets.token}"


__all__ = ["Panel", "create_app", "start_url"]
