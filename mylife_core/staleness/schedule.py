"""Scheduled upkeep (docs/design.md#upkeep): the cron, launchd or systemd entry that runs ``mylife maintain``
headless on a schedule.

MyLife writes the entry file and shows exactly what it wrote and where; it never installs it
system-wide (no ``crontab``, ``launchctl`` or ``systemctl`` is run): the user does that with
the commands shown. Files go to ``$XDG_CONFIG_HOME/mylife/schedule`` (default
``~/.config/mylife/schedule``) unless another folder is given.

The entry runs ``python -m mylife_core maintain --no-input -n N --workspace WS`` with the
Python that wrote it (so the same installation, plugins included, runs later) and appends its
output to ``WS/cache/maintain.log``.
"""

from __future__ import annotations

import hashlib
import os
import re
import shlex
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:  # pragma: no cover
    from ..workspace import Workspace

Kind = Literal["cron", "launchd", "systemd"]
KINDS: tuple[str, ...] = ("cron", "launchd", "systemd")
EVERY: tuple[str, ...] = ("daily", "weekly", "monthly")
_TIME = re.compile(r"^([01]?\d|2[0-3]):([0-5]\d)$")


def user_config_dir() -> Path:
    """``$XDG_CONFIG_HOME/mylife``, else ``~/.config/mylife`` (also home of user skills)."""
    base = os.environ.get("XDG_CONFIG_HOME")
    return (Path(base).expanduser() if base else Path.home() / ".config") / "mylife"


def schedule_dir() -> Path:
    return user_config_dir() / "schedule"


@dataclass
class ScheduleFile:
    path: Path
    content: str
    replaced: bool = False  # a file was already there (it is overwritten atomically)
    unchanged: bool = False  # ... and it held exactly this

    def to_json(self) -> dict[str, Any]:
        return {"path": str(self.path), "content": self.content, "replaced": self.replaced,
                "unchanged": self.unchanged}


@dataclass
class ScheduleEntry:
    kind: str
    name: str
    every: str
    at: str
    command: list[str]
    environment: dict[str, str]
    log: Path
    files: list[ScheduleFile] = field(default_factory=list)
    install: list[str] = field(default_factory=list)  # shell commands for the user to run
    uninstall: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "name": self.name, "every": self.every, "at": self.at,
                "command": self.command, "environment": self.environment, "log": str(self.log),
                "files": [f.to_json() for f in self.files], "install": self.install, "uninstall": self.uninstall}


def _slug(root: Path) -> str:
    text = re.sub(r"[^A-Za-z0-9]+", "-", root.name).strip("-").lower()
    digest = hashlib.sha256(str(root).encode("utf-8")).hexdigest()[:6]
    return f"{text}-{digest}" if text else digest


def _parse_time(at: str) -> tuple[int, int]:
    from ..errors import UsageError

    m = _TIME.match(at.strip())
    if not m:
        raise UsageError("bad_schedule_time", value=at)
    return int(m.group(1)), int(m.group(2))


def _cron_escape(text: str) -> str:
    return text.replace("%", r"\%")  # cron turns a bare % into a newline


def _systemd_quote(text: str) -> str:
    if re.fullmatch(r"[A-Za-z0-9_@%+=:,./-]+", text):
        return text
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def build(ws: "Workspace", kind: str, *, every: str = "weekly", at: str = "09:00", n: int = 10,
          directory: Path | None = None, python: str | None = None) -> ScheduleEntry:
    """The entry for ``kind`` (files and their content), without writing anything."""
    from .. import clock
    from ..errors import UsageError
    from ..messages import t

    if kind not in KINDS:
        raise UsageError("bad_choice", what="--install-schedule", value=kind, choices=", ".join(KINDS))
    if every not in EVERY:
        raise UsageError("bad_choice", what="--every", value=every, choices=", ".join(EVERY))
    hour, minute = _parse_time(at)
    directory = (directory or schedule_dir()).expanduser().absolute()
    name = f"mylife-maintain-{_slug(ws.root)}"
    python = python or sys.executable
    command = [python, "-m", "mylife_core", "maintain", "--no-input", "-n", str(n), "--workspace", str(ws.root)]
    log = ws.cache_dir / "maintain.log"
    env = {"PYTHONIOENCODING": "utf-8"}
    header = t("schedule.header", kind=kind, date=clock.today().isoformat(), workspace=str(ws.root))
    entry = ScheduleEntry(kind=kind, name=name, every=every, at=f"{hour:02d}:{minute:02d}", command=command,
                          environment=env, log=log)
    if kind == "cron":
        when = {"daily": f"{minute} {hour} * * *", "weekly": f"{minute} {hour} * * 1",
                "monthly": f"{minute} {hour} 1 * *"}[every]
        line = " ".join([when, f"MYLIFE_SCHEDULE={name}",
                         *(f"{k}={shlex.quote(v)}" for k, v in env.items()),
                         shlex.join(command), ">>", shlex.quote(str(log)), "2>&1"])
        path = directory / f"{name}.cron"
        content = "".join(f"# {line_}\n" for line_ in header.splitlines()) + _cron_escape(line) + "\n"
        entry.files.append(ScheduleFile(path, content))
        q = shlex.quote(str(path))
        entry.install = [f"(crontab -l 2>/dev/null | grep -v 'MYLIFE_SCHEDULE={name} '; grep -v '^#' {q}) | crontab -"]
        entry.uninstall = [f"crontab -l | grep -v 'MYLIFE_SCHEDULE={name} ' | crontab -"]
    elif kind == "launchd":
        import plistlib

        label = f"org.mylife.{name}"
        interval: dict[str, int] = {"Hour": hour, "Minute": minute}
        if every == "weekly":
            interval["Weekday"] = 1
        elif every == "monthly":
            interval["Day"] = 1
        plist = {"Label": label, "ProgramArguments": command, "EnvironmentVariables": env,
                 "StartCalendarInterval": interval, "StandardOutPath": str(log), "StandardErrorPath": str(log),
                 "RunAtLoad": False, "ProcessType": "Background"}
        body = plistlib.dumps(plist, sort_keys=False).decode("utf-8")
        comment = "<!--\n" + header.replace("--", "-") + "\n-->\n"
        first, rest = body.split("\n", 1)
        path = directory / f"{label}.plist"
        entry.files.append(ScheduleFile(path, first + "\n" + comment + rest))
        target = f"~/Library/LaunchAgents/{label}.plist"
        entry.install = ["mkdir -p ~/Library/LaunchAgents",
                         f"cp {shlex.quote(str(path))} {target}",
                         f"launchctl bootstrap gui/$(id -u) {target}"]
        entry.uninstall = [f"launchctl bootout gui/$(id -u) {target}", f"rm {target}"]
    else:
        calendar = {"daily": f"*-*-* {hour:02d}:{minute:02d}:00", "weekly": f"Mon *-*-* {hour:02d}:{minute:02d}:00",
                    "monthly": f"*-*-01 {hour:02d}:{minute:02d}:00"}[every]
        comment = "".join(f"# {line_}\n" for line_ in header.splitlines())
        service = (comment + "[Unit]\nDescription=MyLife upkeep: mylife maintain (headless)\n\n[Service]\nType=oneshot\n"
                   + "".join(f"Environment={_systemd_quote(f'{k}={v}')}\n" for k, v in env.items())
                   + "ExecStart=" + " ".join(_systemd_quote(a) for a in command) + "\n"
                   + f"StandardOutput=append:{log}\nStandardError=append:{log}\n")
        timer = (comment + f"[Unit]\nDescription=MyLife upkeep timer ({every} {hour:02d}:{minute:02d})\n\n"
                 f"[Timer]\nOnCalendar={calendar}\nPersistent=true\n\n[Install]\nWantedBy=timers.target\n")
        spath, tpath = directory / f"{name}.service", directory / f"{name}.timer"
        entry.files += [ScheduleFile(spath, service), ScheduleFile(tpath, timer)]
        entry.install = ["mkdir -p ~/.config/systemd/user",
                         f"cp {shlex.quote(str(spath))} {shlex.quote(str(tpath))} ~/.config/systemd/user/",
                         "systemctl --user daemon-reload",
                         f"systemctl --user enable --now {name}.timer"]
        entry.uninstall = [f"systemctl --user disable --now {name}.timer",
                           f"rm ~/.config/systemd/user/{name}.service ~/.config/systemd/user/{name}.timer"]
    return entry


def write(entry: ScheduleEntry) -> ScheduleEntry:
    """Write the entry's files atomically (0600, private folder); never installs them."""
    from ..errors import DataFileError, UsageError, os_reason
    from ..storage.atomic import atomic_write_text, ensure_private_dir

    for f in entry.files:
        try:
            ensure_private_dir(f.path.parent)
            if f.path.exists():
                f.replaced = True
                f.unchanged = f.path.read_text(encoding="utf-8") == f.content
            if not f.unchanged:
                atomic_write_text(f.path, f.content)
        except OSError as exc:
            raise UsageError("schedule_write_failed", path=str(f.path), reason=os_reason(exc)) from None
        except DataFileError as exc:  # a file where a folder belongs
            raise UsageError("schedule_write_failed", path=str(f.path), reason=exc.problem) from None
    return entry


def install_schedule(ws: "Workspace", kind: str, **options: Any) -> ScheduleEntry:
    """Build and write the entry for ``kind``; see :func:`build` for the options."""
    return write(build(ws, kind, **options))
