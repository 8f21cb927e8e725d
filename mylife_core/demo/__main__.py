"""What ``scripts/demo`` asks of MyLife besides ``mylife demo``: its messages, in its own terms.

Not a user command (the script is the user's command)::

    python -m mylife_core.demo check TARGET SCRIPT   # exit 2 with a message when TARGET cannot hold the demo
    python -m mylife_core.demo next REPO TARGET      # the closing lines: how to get ``mylife`` on PATH

``check`` says what is wrong with the folder the user gave and which command to run instead,
naming the script as the user typed it (never ``mylife demo``'s own ``--force`` or
``--workspace``). ``next`` prints the two ways to put ``mylife`` on PATH: activating the venv in
this shell, or a link in ``~/.local/bin`` (where ``pipx`` and ``uv tool`` put their commands too),
then a first command to run.
"""

from __future__ import annotations

import shlex
import sys
from pathlib import Path


def _check(target: Path, script: str) -> int:
    from ..errors import UsageError
    from ..messages import t
    from ..workspace import Workspace
    from . import _check_target, default_demo_root, shell_path

    try:
        _check_target(target, force=True)
    except UsageError as exc:
        key = "demo.script.not_a_folder" if exc.key == "not_a_directory" else "demo.script.not_empty"
        # never a demo inside a real workspace: beside it, or the default folder
        nearby = target.parent / "mylife-demo" if Workspace.is_workspace(target) else target / "mylife-demo"
        better = nearby if target.is_dir() and not nearby.exists() else default_demo_root()
        print(t(key, path=shell_path(target), script=script, suggestion=shell_path(better)), file=sys.stderr)
        return 2
    return 0


def _next(repo: Path, target: Path) -> int:
    from ..messages import t
    from . import shell_path

    venv_bin = repo / ".venv" / "bin"
    print(t("demo.script.path_head", venv=shell_path(repo / ".venv")))
    print(f"  source {shlex.quote(str(venv_bin / 'activate'))}    # {t('demo.script.path_activate')}")
    print(f"  mkdir -p ~/.local/bin && ln -sf {shlex.quote(str(venv_bin / 'mylife'))} ~/.local/bin/mylife"
          f"    # {t('demo.script.path_link')}")
    print(t("demo.script.then", command=f"mylife status -w {shell_path(target)}"))
    return 0


def main(argv: list[str]) -> int:
    if len(argv) == 3 and argv[0] == "check":
        return _check(Path(argv[1]).expanduser(), argv[2])
    if len(argv) == 3 and argv[0] == "next":
        return _next(Path(argv[1]).resolve(), Path(argv[2]).expanduser())
    print("usage: python -m mylife_core.demo check TARGET SCRIPT | next REPO TARGET", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
