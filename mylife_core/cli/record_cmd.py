from __future__ import annotations

from pathlib import Path

import click

from ..messages import t
from .common import Output, raw_bytes_argument, read_input, short_hash, workspace_options

SOURCES = ("user_raw", "user_filled", "bill_import", "mcp")
# from this many lines on, `record` says that their vectors are being made in the background
EMBED_NOTICE_LINES = 1000


@click.command("record", help=t("help.record"))
@click.argument("text", required=False)
@click.option("-f", "--file", "file", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help=t("help.opt.file"))
@click.option("--topic", "-t", required=True, help=t("help.opt.topic"))
@click.option("--at", "at", default=None, help=t("help.opt.record_at_forms"))
@click.option("--source", type=click.Choice(SOURCES), default="user_raw", show_default=True, help=t("help.opt.source"))
@click.option("--extract", "extract", is_flag=True, help=t("ask.opt.extract"))
@click.option("--yes", "-y", "yes", is_flag=True, help=t("extract.opt.yes"))
@click.option("--defer", is_flag=True, help=t("extract.opt.defer"))
@workspace_options
@raw_bytes_argument("text")
def command(ws, out: Output, text: str | None, file: Path | None, topic: str, at: str | None, source: str,
            extract: bool, yes: bool, defer: bool) -> int:
    from ..clock import parse_at

    data = read_input(text, file)
    when, precision = parse_at(at) if at is not None else (None, "day")
    if extract:
        from ..errors import UsageError
        from ..llm.settings import load_settings

        if not load_settings(ws).configured:  # known before anything is written: write nothing
            raise UsageError("record_extract_no_model")
    rec = ws.raw.record(data, topic=topic, occurred_at=when, source=source, actor="user", precision=precision)
    payload = {"ok": True, "record": rec.model_dump(mode="json"), "pointer": f"{rec.file}#L1"}
    out.line(t("record.saved", file=rec.file, lines=rec.lines, size=rec.size, sha=short_hash(rec.sha256)))
    from ..safety import crisis, support_lines

    if crisis(data.decode("utf-8", "replace")):  # kept word for word; then where to reach a person
        payload["support"] = support_lines()
        for line in ["", t("safety.kept"), *payload["support"]]:
            out.line(line, fg="yellow")
    if rec.lines >= EMBED_NOTICE_LINES:
        from ..search.admin import auto_embed_enabled

        if auto_embed_enabled(ws):  # a long import: hours of background work, said, not hidden
            payload["embedding"] = {"background": True, "lines": rec.lines}
            out.line(t("s30small.record.embedding", n=rec.lines), dim=True)
    if warning := _encoding_warning(data):
        payload["warnings"] = [warning]
        if not out.json:
            from .common import echo_error

            echo_error(warning)
    if not extract:
        out.emit(payload)
        return 0
    # the note is safe in L0 before the model is asked anything (mylife extract, docs/ask.md)
    from ..errors import MyLifeError
    from ..pipeline.commands import print_extract, run_extract
    from .common import echo_error

    try:
        result = run_extract(ws, out, rec.file, model=None, yes=yes, defer=defer)
    except MyLifeError as exc:
        later = t("record.extract_later", file=rec.file)
        out.emit({**payload, "ok": False, "recorded": True, "error": exc.to_json(), "next": later})
        if not out.json:
            echo_error(exc.render())
            echo_error(later)
        return exc.exit_code
    out.emit({**payload, "extract": result.to_json()})
    print_extract(out, result)
    return 0


def _encoding_warning(data: bytes) -> str | None:
    """Bytes that are not UTF-8 are kept as they are (L0 keeps every byte), but nothing that reads
    text (search, digests, citations, trace) can read them: say so, and how to fix the file."""
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    else:
        return None
    for guess in ("gb18030", "big5", "utf-16"):
        if guess == "utf-16" and not _looks_utf16(data):
            continue  # any even number of bytes decodes as UTF-16: Latin-1 text would be sent there
        try:
            data.decode(guess)
        except UnicodeDecodeError:
            continue
        return t("record.not_utf8", guess=guess.upper())
    return t("record.not_utf8_unknown")


def _looks_utf16(data: bytes) -> bool:
    """A byte-order mark, or NULs in a good share of the bytes (ASCII letters in UTF-16)."""
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        return True
    return len(data) >= 2 and data.count(0) * 4 >= len(data)
