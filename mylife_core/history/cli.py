"""``mylife git ...``: thin commands over :mod:`mylife_core.history` (JSON keys in docs/git.md).

Imported on every run (the builtin plugin registers the group), so only click and the message
catalog are imported at the top; each command imports what it uses.
"""

from __future__ import annotations

import sys
from typing import Any

import click

from ..cli.common import Output, workspace_options
from ..messages import M, t

LAYERS = ("digest", "claims", "profile", "index", "audit", "sessions", "skills", "backends")


class _Group(click.Group):
    def list_commands(self, ctx: click.Context) -> list[str]:
        order = ["enable", "status", "remote", "check", "push", "commit", "auto-push", "disable"]
        names = list(self.commands)
        return [n for n in order if n in names] + sorted(n for n in names if n not in order)


@click.group("git", cls=_Group, help=t("help.git"))
def git_group() -> None:
    pass


def _verdict_text(verdict: str) -> str:
    return t(f"git.verdict.{verdict}")


def _reason_text(reason: str | None) -> str:
    if not reason:
        return ""
    try:
        return t(f"git.reason.{reason}")
    except KeyError:
        return reason


def _layers_text(layers: list[str]) -> str:
    if not layers:
        return t("git.layers.none")
    if list(layers) == list(LAYERS):
        return t("git.layers.all")
    return ", ".join(layers)


def _held_lines(out: Output, held: list[dict[str, Any]]) -> None:
    if held:
        out.line(t("git.held_title"), fg="yellow")
        for item in held:
            out.line("  ⚠ " + t(f"git.held.{item['reason']}", file=item["file"], line=item.get("line", "?")))


# --------------------------------------------------------------------------- enable / disable


def _split_layers(values: tuple[str, ...]) -> list[str]:
    from ..errors import UsageError

    names = [n.strip() for v in values for n in v.split(",") if n.strip()]
    for name in names:
        if name not in LAYERS:
            raise UsageError("git_bad_layer", name=name)
    return names


@git_group.command("enable", help=t("help.git.enable"), short_help=t("help.git.short.enable"))
@click.option("--minimal", "track", flag_value="minimal", default=None, help=t("help.git.opt.minimal"))
@click.option("--all", "track", flag_value="all", help=t("help.git.opt.all"))
@click.option("--keep", "keep", multiple=True, metavar="LAYER", help=t("help.git.opt.keep"))
@workspace_options
def enable_cmd(ws, out: Output, track: str | None, keep: tuple[str, ...]) -> int:
    from ..errors import UsageError
    from ..history import repo, settings

    layers = _split_layers(keep)
    current = settings.load(ws)
    if layers and (track or current.track) != "minimal":
        raise UsageError("git_keep_needs_minimal")
    report = repo.enable(ws, track=track, keep=layers if (layers or track) else None)
    out.emit({"ok": True, **report.to_json()})
    out.line(t("git.enabled", root=str(ws.root)), fg="green")
    key = "git.enabled_created" if report.created else "git.enabled_adopted" if report.adopted else "git.enabled_updated"
    out.line(t(key, branch=report.branch or "?", files=report.files))
    kept = report.settings.kept_layers()
    out.line(t("git.enabled_track", layers=_layers_text(kept)))
    _held_lines(out, report.held_back)
    if report.hook == "foreign":
        out.line(t("git.hook_foreign"), fg="yellow")
    if report.remotes:
        out.line(t("git.enabled_remotes", names=", ".join(report.remotes)), fg="yellow")
    else:
        out.line(t("git.enabled_next"))
    return 0


@git_group.command("disable", help=t("help.git.disable"), short_help=t("help.git.short.disable"))
@workspace_options
def disable_cmd(ws, out: Output) -> int:
    from ..history import repo, settings

    was = settings.load(ws).enabled
    repo.disable(ws)
    out.emit({"ok": True, "enabled": False, "was_enabled": was})
    out.line(t("git.disabled") if was else t("git.already_disabled"))
    return 0


# --------------------------------------------------------------------------- status


@git_group.command("status", help=t("help.git.status"), short_help=t("help.git.short.status"))
@workspace_options
def status_cmd(ws, out: Output) -> int:
    from ..history import status
    from ..status import age_text

    data = status.gather(ws)
    out.emit({"ok": True, **data})
    if out.json:
        return 0
    if not data["git_available"]:
        out.line(t("git.status.no_git"), fg="yellow")
    if not data["enabled"]:
        out.line(t("git.status.off_with_repo") if data["repo"] else t("git.status.off"))
        if not data["repo"]:
            return 0
    else:
        out.line(t("git.status.on"), fg="green")
    if data["head"]:
        out.line("  " + t("git.status.head", branch=data["branch"] or "?", commits=data["commits"],
                          at=data["head_at"], head=data["head"][:10]))
    else:
        out.line("  " + t("git.status.empty"))
    out.line("  " + t("git.status.track", layers=_layers_text(data["kept_layers"])))
    if data["uncommitted"]:
        out.line("  " + t("git.status.uncommitted", n=data["uncommitted"]), fg="yellow")
    if data["owed"]:
        out.line("  " + t("git.status.owed", n=data["owed"]), fg="yellow")
    error = data.get("last_commit_error")
    if error:
        out.line("  " + t("git.warn_previous_failure", at=error.get("at", "?"), reason=error.get("reason", "?")), fg="red")
    for held in data.get("held_back") or []:
        reason = held.get("reason", "")
        key = f"git.held.{reason}"
        out.line("  ⚠ " + (t(key, file=held.get("file"), line=held.get("line", "?")) if key in M else str(held)),
                 fg="yellow")
    if data["hook"]:
        out.line("  " + t("git.status.hook", state=t(f"git.status.hook.{data['hook']}")),
                 **({} if data["hook"] == "installed" else {"fg": "yellow"}))
    if not data["remotes"]:
        out.line("  " + t("git.status.no_remote"))
    for remote in data["remotes"]:
        marker = t("git.status.remote_marker") if remote["pushes_here"] else ""
        out.line("  " + t("git.status.remote", name=remote["name"], marker=marker, urls=", ".join(remote["urls"])))
        if remote["privacy"] == "unchecked":
            reason = remote.get("reason")
            out.line("  " + t("git.status.never_checked")
                     + (t("git.status.reason_paren", reason=_reason_text(reason)) if reason else ""), fg="yellow")
        else:
            reason = _reason_text(remote["reason"])
            when = t("git.status.checked_when", at=remote["checked_at"], age=age_text(remote["checked_days_ago"] or 0))
            colour = {"public": "red", "unknown": "yellow"}.get(remote["privacy"])
            out.line("  " + t("git.status.privacy", verdict=_verdict_text(remote["privacy"]),
                              reason=t("git.status.reason_paren", reason=reason) if reason else "", when=when),
                     **({"fg": colour} if colour else {}))
    out.line("  " + t("git.status.auto_push", state=t("git.on") if data["auto_push"] else t("git.off")))
    for key, title in (("last_push", "git.status.last_push"), ("last_auto_push", "git.status.last_auto_push")):
        record = data.get(key)
        if record:
            result = t("git.status.push_ok") if record.get("ok") else t("git.status.push_refused", error=record.get("error"))
            out.line("  " + t(title, at=record.get("at"), remote=record.get("remote"), result=result))
    return 0


# --------------------------------------------------------------------------- commit


@git_group.command("commit", help=t("help.git.commit"), short_help=t("help.git.short.commit"))
@click.option("-m", "--message", default=None, help=t("help.git.opt.message"))
@workspace_options
def commit_cmd(ws, out: Output, message: str | None) -> int:
    from ..history import repo

    result = repo.commit_all(ws, message=message)
    out.emit({"ok": True, **result.to_json()})
    if result.commit:
        out.line(t("git.committed", n=len(result.paths), commit=result.commit[:10]), fg="green")
    else:
        out.line(t("git.nothing_to_commit"))
    _held_lines(out, result.held_back)
    return 0


# --------------------------------------------------------------------------- remotes


@git_group.group("remote", help=t("help.git.remote"), short_help=t("help.git.short.remote"))
def remote_group() -> None:
    pass


def _read_confirmation(prompt: str, to_stderr: bool) -> str | None:
    click.echo(prompt, nl=False, err=to_stderr)
    line = sys.stdin.readline()
    if not line:
        click.echo("", err=to_stderr)
        return None
    return line.strip()


@remote_group.command("add", help=t("help.git.remote.add"))
@click.argument("url")
@click.option("--name", default="origin", show_default=True, help=t("help.git.opt.name"))
@click.option("--confirm-private", is_flag=True, help=t("help.git.opt.confirm"))
@workspace_options
def remote_add_cmd(ws, out: Output, url: str, name: str, confirm_private: bool) -> int:
    from ..errors import UsageError
    from ..history import remote, settings
    from ..safeurl import safe_url

    click.echo(t("git.checking", url=safe_url(url)), err=True)
    parsed, verdict = remote.prepare_add(ws, url, name)
    layers = settings.load(ws).kept_layers()
    warning = t("git.consequences", url=parsed.display, layers=_layers_text(layers),
                verdict=_verdict_text(verdict.verdict), reason=_reason_text(verdict.reason))
    extra = []
    if verdict.verdict == "unknown":
        extra.append(t("git.consequences.unknown"))
    if verdict.verdict == "local":
        extra.append(t("git.note.local"))
        extra += [t(f"git.note.{n}") for n in verdict.notes if n != "local_missing"]
    to_stderr = out.json
    click.secho("\n".join([warning, *extra]), fg="yellow", err=to_stderr)
    if confirm_private:
        click.echo(t("git.confirmed_by_flag"), err=to_stderr)
    else:
        answer = _read_confirmation(t("git.confirm_prompt"), to_stderr)
        if answer is None:
            raise UsageError("git_confirm_needed")
        if answer.lower() not in ("private", "私有"):
            raise UsageError("git_not_confirmed")
    result = remote.add(ws, name, parsed, verdict)
    result["confirmed_by"] = "flag" if confirm_private else "typed"
    out.emit(result)
    out.line(t("git.remote_added", name=name, url=parsed.display), fg="green")
    if result["created_bare"]:
        out.line(t("git.note.local_created", path=str(parsed.local_path)))
    return 0


@remote_group.command("remove", help=t("help.git.remote.remove"))
@click.argument("name")
@workspace_options
def remote_remove_cmd(ws, out: Output, name: str) -> int:
    from ..history import remote

    remote.remove(ws, name)
    out.emit({"ok": True, "removed": name})
    out.line(t("git.remote_removed", name=name), fg="green")
    return 0


# --------------------------------------------------------------------------- check / push


def _print_check(out: Output, result) -> None:
    for v in result.verdicts:
        colour = {"public": "red", "unknown": "yellow", "private": "green", "local": "green"}[v.verdict]
        out.line(t("git.check_result", name=f"{result.name} {v.url}", verdict=_verdict_text(v.verdict),
                   reason=_reason_text(v.reason)), fg=colour)
        if v.verdict == "local":
            out.line("  " + t("git.note.local"))
            for note in v.notes:
                out.line("  " + t(f"git.note.{note}"), fg="yellow")


@git_group.command("check", help=t("help.git.check"), short_help=t("help.git.short.check"))
@click.argument("remote_name", required=False, metavar="[REMOTE]")
@workspace_options
def check_cmd(ws, out: Output, remote_name: str | None) -> int:
    from ..history import remote

    click.echo(t("git.checking", url=remote.remote_name(ws, remote_name)), err=True)
    result = remote.check(ws, remote_name)
    refused = {"public": 8, "unknown": 8}.get(result.verdict, 0)
    out.emit({"ok": not refused, **result.to_json()})  # as verify: ok tells whether the remote checked out
    _print_check(out, result)
    return refused


@git_group.command("push", help=t("help.git.push"), short_help=t("help.git.short.push"))
@click.option("--remote", "remote_name", default=None, help=t("help.git.opt.remote"))
@click.option("--allow-unverified", is_flag=True, help=t("help.git.opt.allow_unverified"))
@click.option("--auto", "auto", is_flag=True, hidden=True, help=t("help.git.opt.auto"))
@workspace_options
def push_cmd(ws, out: Output, remote_name: str | None, allow_unverified: bool, auto: bool) -> int:
    from ..history import remote

    if auto:  # the detached pusher: never overrides, output goes to .git/mylife/autopush.log
        result = remote.auto_push(ws)
        out.emit(result)
        if result.get("busy"):
            out.line(t("git.autopush_busy"))
        return 0
    click.echo(t("git.checking", url=remote.remote_name(ws, remote_name)), err=True)
    result = remote.push(ws, name=remote_name, allow_unverified=allow_unverified,
                         interactive=sys.stdin.isatty() and not out.json)
    data = result.to_json()
    out.emit(data)
    _print_check(out, result.check)
    if result.overridden:
        click.secho(t("git.push_overridden", remote=result.remote, reason=_reason_text(result.check.deciding.reason)),
                    fg="yellow", err=True)
    for url in result.warnings:
        click.secho(t("git.pushed_then_exposed", url=url), fg="yellow", err=True)
    key = "git.push_up_to_date" if result.up_to_date else "git.pushed"
    out.line(t(key, branch=result.branch, remote=result.remote, commit=(result.commit or "")[:10]), fg="green")
    return 0


@git_group.command("auto-push", help=t("help.git.auto_push"), short_help=t("help.git.short.auto_push"))
@click.argument("state", type=click.Choice(["on", "off"]))
@workspace_options
def auto_push_cmd(ws, out: Output, state: str) -> int:
    from ..history import remote, settings
    from ..history.privacy import PrivacyRefused

    current = settings.load(ws)
    if state == "off":
        if current.auto_push:
            settings.update(ws, {"auto_push": False})
        out.emit({"ok": True, "auto_push": False})
        out.line(t("git.autopush_off"))
        return 0
    click.echo(t("git.checking", url=remote.remote_name(ws, current.remote)), err=True)
    result = remote.check(ws, current.remote)
    if result.verdict not in ("private", "local"):
        raise PrivacyRefused("git_autopush_not_private", remote=result.name, verdict=_verdict_text(result.verdict))
    settings.update(ws, {"auto_push": True, "remote": result.name})
    out.emit({"ok": True, "auto_push": True, "remote": result.name, "privacy": result.to_json()})
    out.line(t("git.autopush_on", remote=result.name, verdict=_verdict_text(result.verdict)), fg="green")
    return 0


@git_group.command("guard-push", hidden=True, help=t("help.git.guard_push"))
@click.argument("remote_name", required=False)
@click.argument("url", required=False)
@workspace_options
def guard_push_cmd(ws, out: Output, remote_name: str | None, url: str | None) -> int:
    """The pre-push hook: a plain ``git push`` gets the same check (``MYLIFE_ALLOW_UNVERIFIED=1``
    is the per-push override for an unconfirmed remote; public is always refused)."""
    import os

    from ..history import privacy, remote, repo
    from ..history.privacy import PrivacyRefused

    target = url or remote_name
    if not target:
        return 0
    from ..history import settings

    timeout = settings.load(ws).privacy_timeout
    verdict = privacy.check(target, ws.root, timeout=timeout)
    name = remote_name or target
    remote.record_verdict(repo.repo_of(ws), remote.RemoteCheck(name, [verdict]))
    if verdict.verdict == "public":
        raise PrivacyRefused("git_push_public", remote=name, url=verdict.url)
    if verdict.verdict == "unknown":
        if os.environ.get("MYLIFE_ALLOW_UNVERIFIED") != "1":
            raise PrivacyRefused("git_hook_unverified", remote=name, url=verdict.url, reason=_reason_text(verdict.reason))
        click.secho(t("git.push_overridden", remote=name, reason=_reason_text(verdict.reason)), fg="yellow", err=True)
    return 0
