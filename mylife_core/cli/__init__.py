"""The ``mylife`` command: a thin layer over the library (see docs/cli.md).

Core commands live in one module each in this package; plugins add theirs through the
``register_commands`` hook. Errors the user can act on are printed as one clear message
(in the user's language) with a non-zero exit code; ``MYLIFE_DEBUG=1`` shows the traceback.
"""

from __future__ import annotations

import os
import sys

import click

from .. import __version__
from ..messages import t

CORE_COMMANDS = (
    "init", "record", "claim", "profile", "trace", "verify", "status", "plugins", "demo",
)


class MyLifeGroup(click.Group):
    """Lists commands in a fixed, meaningful order rather than alphabetically."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        names = list(self.commands)
        core = [n for n in CORE_COMMANDS if n in names]
        return core + sorted(n for n in names if n not in core)


def build_cli(plugins=None) -> click.Group:
    import importlib

    @click.group(cls=MyLifeGroup, help=t("help.main"), context_settings={"help_option_names": ["-h", "--help"]})
    @click.version_option(__version__, "--version", prog_name="mylife")
    def cli() -> None:
        pass

    for name in CORE_COMMANDS:
        module = importlib.import_module(f"{__name__}.{name}_cmd")
        cli.add_command(module.command)

    from ..plugins import default_host

    host = plugins or default_host()
    host.add_commands(cli)
    return cli


def _localise_click_error(exc: click.ClickException) -> str:
    if isinstance(exc, click.exceptions.NoSuchOption):
        return t("cli.no_such_option", option=exc.option_name)
    if isinstance(exc, click.exceptions.MissingParameter):
        param = exc.param
        name = (param.opts[0] if getattr(param, "opts", None) and param.param_type_name == "option"
                else (param.human_readable_name if param else "?"))
        return t("cli.missing_parameter", name=name)
    if isinstance(exc, click.exceptions.BadParameter):
        param = exc.param
        name = param.opts[0] if param is not None and getattr(param, "opts", None) else (exc.param_hint or "?")
        return t("cli.bad_parameter", name=name, message=exc.message)
    import re

    message = exc.format_message()
    extra = re.match(r"Got unexpected extra arguments? \((.*)\)$", message)
    if extra:
        return t("cli.extra_arguments", args=extra[1])
    needs = re.match(r"Option '([^']+)' requires an argument\.?$", message)
    if needs:
        return t("cli.option_needs_value", option=needs[1])
    return t("cli.usage_error", message=message)


def main(argv: list[str] | None = None) -> None:
    """Entry point: run the CLI, turn known errors into clean messages and exit codes."""
    from ..errors import MyLifeError
    from .common import echo_error, fail_json, json_requested

    args = list(sys.argv[1:] if argv is None else argv)
    debug = bool(os.environ.get("MYLIFE_DEBUG"))
    if os.name == "posix":  # whatever this process or a library it uses creates is private
        os.umask(0o077)
    as_json = json_requested(args)
    try:
        cli = build_cli()
        rv = cli.main(args=args, prog_name="mylife", standalone_mode=False)
        code = rv if isinstance(rv, int) else 0
    except MyLifeError as exc:
        if debug:
            raise
        if as_json:
            fail_json(exc.to_json())
        echo_error(exc.render())
        code = exc.exit_code
    except click.exceptions.Abort:
        echo_error(t("cli.aborted"))
        code = 130
    except click.ClickException as exc:
        if debug:
            raise
        message = _localise_click_error(exc)
        ctx = getattr(exc, "ctx", None)
        if as_json:
            fail_json({"code": "usage", "message": message})
        if ctx is not None:
            click.echo(ctx.get_usage(), err=True)
            echo_error(message)
            click.echo(t("cli.see_help", command=ctx.command_path), err=True)
        else:
            echo_error(message)
        code = exc.exit_code
    except click.exceptions.Exit as exc:
        code = exc.exit_code
    except KeyboardInterrupt:
        echo_error(t("cli.aborted"))
        code = 130
    except BrokenPipeError:
        code = 0
    except UnicodeEncodeError as exc:  # text that cannot be UTF-8 reached a write: bad input, not a bug
        if debug:
            raise
        from ..errors import UsageError

        error = UsageError("bad_utf8_argument", name="?", value=str(exc.object[exc.start:exc.end + 20])
                           .encode("utf-8", "backslashreplace").decode("utf-8"))
        if as_json:
            fail_json(error.to_json())
        echo_error(error.render())
        code = error.exit_code
    except Exception as exc:  # a bug: say so plainly, keep the traceback behind MYLIFE_DEBUG
        if debug:
            raise
        reason = f"{type(exc).__name__}: {exc}"
        if as_json:
            fail_json({"code": "internal", "message": t("error.internal", reason=reason)})
        echo_error(t("error.internal", reason=reason))
        code = 70
    sys.exit(code)
