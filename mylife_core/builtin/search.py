"""Builtin search plugin: keeps the search index current, adds ``mylife recall`` and
``mylife index``, and ships a small list of personal-life synonyms.

Imported on every run: nothing heavy at the top (tantivy and rjieba load inside functions).
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from mylife_core import hookimpl

if TYPE_CHECKING:  # pragma: no cover
    import click

    from mylife_core.specs import Change
    from mylife_core.workspace import Workspace

# Actions whose targets the index holds. ``profile.set`` is listed by the brief but the
# profile is not a search layer: a value the user typed in their own words reaches L0 through
# its own ``record`` entry, which is indexed.
INDEXED_ACTIONS = ("record", "claim.", "digest.")

# Words people use for the same thing in their own notes (symmetric groups, one hop).
# Kept small and concrete: a wrong synonym costs precision on every query containing it.
PERSONAL_SYNONYMS: list[list[str]] = [
    # career
    ["跳槽", "换工作", "换份工作", "换个工作", "另谋出路"],
    ["辞职", "离职", "裸辞"],
    ["工资", "薪水", "薪资", "月薪", "薪酬", "收入", "待遇"],
    ["加班", "996", "加到很晚"],
    ["老板", "领导", "上司", "主管"],
    ["裁员", "被裁", "失业", "丢了工作"],
    ["面试", "求职", "找工作", "投简历"],
    ["升职", "晋升", "提拔", "升职加薪"],
    ["创业", "开公司", "自己干"],
    ["年终奖", "奖金"],
    # money
    ["存款", "积蓄", "储蓄", "存钱", "攒钱", "攒", "存下"],
    ["房租", "租金", "租房"],
    ["房贷", "按揭", "月供"],
    ["开销", "开支", "花销", "支出", "花费", "花钱"],
    ["负债", "欠款", "欠钱", "借钱", "债务"],
    ["信用卡", "花呗", "白条"],
    # health
    ["失眠", "睡不着", "睡不好", "睡眠差"],
    ["锻炼", "运动", "健身"],
    ["生病", "病了", "不舒服"],
    ["看病", "就医", "去医院"],
    ["抑郁", "情绪低落", "心情不好", "郁闷"],
    ["焦虑", "担心", "不安"],
    ["累", "疲惫", "心累", "好累", "精疲力尽"],
    # people
    ["父母", "爸妈", "爸爸妈妈", "家里人"],
    ["对象", "男朋友", "女朋友", "伴侣", "另一半"],
    ["孩子", "小孩", "娃"],
    ["结婚", "成家"],
    ["分手", "分开了"],
    # home and time
    ["买房", "购房"],
    ["搬家", "搬走"],
    ["通勤", "上下班"],
    ["休假", "假期", "年假"],
    # study
    ["考研", "读研", "研究生"],
    ["进修", "充电", "学新东西"],
]


@hookimpl
def register_synonyms(register) -> None:
    for group in PERSONAL_SYNONYMS:
        register(word=group[0], synonyms=group[1:])


@hookimpl
def on_change(workspace: "Workspace", change: "Change") -> None:
    """Index the write now if the index is free; otherwise the next recall catches up."""
    if not change.action.startswith(INDEXED_ACTIONS):
        return
    try:
        from mylife_core.search.engine import handle

        handle(workspace).notify(workspace)
    except Exception as exc:  # noqa: BLE001 - never fail a durable write over a cache
        try:
            from mylife_core.search.engine import handle

            handle(workspace).last_error = f"{type(exc).__name__}: {exc}"
        except Exception:  # noqa: BLE001
            pass


def _progress(label: str, enabled: bool):
    """A one-line progress display on stderr (only on a terminal)."""
    if not enabled or not sys.stderr.isatty():
        return None
    import click

    def show(done: int, total: int) -> None:
        pct = 100 * done // total if total else 100
        click.echo(f"\r{label} {done}/{total} ({pct}%)", err=True, nl=False)
        if done >= total:
            click.echo("", err=True)

    return show


def _fmt_size(n: int) -> str:
    for unit in ("B", "KB", "MB", "GB"):
        if n < 1024 or unit == "GB":
            return f"{n:.0f} {unit}" if unit == "B" else f"{n:.1f} {unit}"
        n /= 1024
    return f"{n} B"


@hookimpl
def register_commands(cli: "click.Group") -> None:
    import click

    from mylife_core.cli.common import Output, workspace_options
    from mylife_core.messages import t

    layers = ("raw", "digest", "claims")

    @cli.command("recall", help=t("help.recall"))
    @click.argument("query", nargs=-1, required=True)
    @click.option("--topic", "-t", default=None, help=t("help.opt.recall_topic"))
    @click.option("--layer", "-l", "layer", type=click.Choice(layers), multiple=True, help=t("help.opt.layer"))
    @click.option("-k", "k", type=click.IntRange(1, 200), default=10, show_default=True, help=t("help.opt.k"))
    @click.option("--evidence-only", is_flag=True, help=t("help.opt.evidence_only"))
    @click.option("--keyword-only", is_flag=True, help=t("help.opt.keyword_only"))
    @workspace_options
    def recall_cmd(ws, out: Output, query: tuple[str, ...], topic: str | None, layer: tuple[str, ...], k: int,
                   evidence_only: bool, keyword_only: bool) -> None:
        from mylife_core.search import recall

        text = " ".join(query)
        result = recall(ws, text, topic=topic, layers=list(layer) or None, k=k, evidence_only=evidence_only,
                        progress=_progress(t("index.rebuilding"), not out.json), use_vectors=not keyword_only)
        out.emit({"ok": True, **result.to_json()})
        for note in result.notes:
            out.note(t(note))
        mode = t(f"recall.mode.{result.mode}")
        if not result.hits:
            out.line(t("recall.none", query=text))
            out.line(mode, dim=True)
            return
        out.line(t("recall.header", query=text, n=len(result.hits), mode=mode), bold=True)
        out.line(t("recall.terms", terms=" ".join(result.terms)), dim=True)
        if result.expansions:
            pairs = "；".join(f"{w}→{'/'.join(s[:4])}" for w, s in result.expansions.items())
            out.line(t("recall.expanded", pairs=pairs), dim=True)
        for i, hit in enumerate(result.hits, start=1):
            head = f"{i:>2}. [{t('recall.layer.' + hit.layer)}] {hit.ref} · {hit.date.isoformat()} · {hit.topic}"
            if hit.layer == "claims":
                head += f" · {t('kind.' + hit.kind)} · {t('status.' + hit.status)}" if hit.kind and hit.status else ""
            out.line(head, fg="cyan")
            out.line(f"    {hit.snippet}")
            p = hit.parts
            out.line("    " + t("recall.parts", score=f"{hit.score:.3f}", keyword=f"{p['keyword']:.2f}",
                                  vector="-" if p["vector"] is None else f"{p['vector']:.2f}",
                                  recency=f"{p['recency']:.2f}", boost=f"{p['boost']:.2f}"), dim=True)

    @cli.group("index", help=t("help.index"))
    def index_group() -> None:
        pass

    @index_group.command("rebuild", help=t("help.index.rebuild"))
    @workspace_options
    def rebuild_cmd(ws, out: Output) -> None:
        from mylife_core.search import rebuild

        report = rebuild(ws, progress=_progress(t("index.rebuilding"), not out.json))
        out.emit(report)
        out.line(t("index.rebuilt", seconds=report["seconds"], **report["counts"]))

    @index_group.command("status", help=t("help.index.status"))
    @workspace_options
    def status_cmd(ws, out: Output) -> None:
        from mylife_core.search import status

        report = status(ws)
        out.emit(report)
        if not report["exists"]:
            out.line(t("index.status.missing"), fg="yellow")
        else:
            out.line(t("index.status.counts", size=_fmt_size(report["size_bytes"]), **report["counts"]))
            if report["up_to_date"]:
                out.line(t("index.status.current"), fg="green")
            if report["pending_changes"]:
                out.line(t("index.status.pending", n=report["pending_changes"]), fg="yellow")
            if report["digests_changed"]:
                out.line(t("index.status.digests"), fg="yellow")
            if not report["dictionary"]["matches_index"]:
                out.line(t("index.status.dict_stale"), fg="yellow")
        d = report["dictionary"]
        out.line(t("index.status.dictionary", segmenter=report["segmenter"], words=d["words"],
                   file=t("index.status.file_present" if d["file_exists"] else "index.status.file_absent"),
                   groups=report["synonym_groups"]))
        vector = report["vector"]
        if vector is None:
            out.line(t("index.status.keyword_mode"))
        elif "error" in vector:
            out.line(t("index.status.vector_error", error=vector["error"]), fg="red")
        else:
            out.line(t("index.status.vector", embedded=vector.get("count", "?"), model=vector.get("model", "?")))
            run = vector.get("embedding")
            if run and run.get("running"):
                out.line(t("index.status.embedding", done=run.get("done", 0), total=run.get("total") or "?",
                           pid=run.get("pid")), fg="yellow")

    @index_group.command("embed", help=t("help.index.embed"))
    @click.option("--limit", type=click.IntRange(min=1, max=10**9), default=None, help=t("help.opt.embed_limit"))
    @click.option("--background", is_flag=True, help=t("help.opt.embed_background"))
    @workspace_options
    def embed_cmd(ws, out: Output, limit: int | None, background: bool) -> None:
        from mylife_core.search.admin import embed, embed_in_background

        if background:
            report = embed_in_background(ws)
            out.emit(report)
            out.line(t("index.embed.already" if report["already_running"] else "index.embed.started",
                       pid=report["pid"]))
            return
        report = embed(ws, progress=_progress(t("index.embed.progress"), not out.json), limit=limit)
        out.emit(report)
        out.line(t("index.embed.done", **{k: report[k] for k in ("embedded", "total", "remaining", "seconds")}))
