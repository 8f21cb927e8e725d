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
from ..messages import install_click_translations, t

CORE_COMMANDS = (
    "init", "record", "claim", "profile", "trace", "verify", "status", "plugins", "demo",
)


class MyLifeGroup(click.Group):
    """Lists commands in a fixed, meaningful order rather than alphabetically."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        names = list(self.commands)
        core = [n for n in CORE_COMMANDS if n in names]
        return core + sorted(n for n in names if n not in core)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """Each command's whole first sentence, wrapped, never cut with "..." (click's default)."""
        from .common import summary, wrap_cells

        rows = [(name, summary(cmd)) for name in self.list_commands(ctx)
                if (cmd := self.get_command(ctx, name)) is not None and not cmd.hidden]
        if not rows:
            return
        with formatter.section(click.core._("Commands")):
            first = max(len(name) for name, _ in rows)
            indent = " " * formatter.current_indent
            for name, text in rows:
                lines = wrap_cells(text, max(formatter.width - formatter.current_indent - first - 2, 24))
                formatter.write(f"{indent}{name:<{first}}  {lines[0]}\n")
                for line in lines[1:]:
                    formatter.write(f"{indent}{' ' * (first + 2)}{line}\n")


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
    message = exc.format_message()
    extra = _click_message(message, "Got unexpected extra argument ({args})", "Got unexpected extra arguments ({args})")
    if extra:
        return t("cli.extra_arguments", args=extra["args"])
    needs = _click_message(message, "Option {name!r} requires an argument.", "Option {name!r} requires {nargs} arguments.")
    if needs:
        return t("cli.option_needs_value", option=needs["name"].strip("'"))
    return t("cli.usage_error", message=message)


def _click_message(message: str, singular: str, plural: str) -> dict[str, str] | None:
    """The fields of ``message`` if it is this click message, in English or translated."""
    import re

    from ..messages import click_ngettext

    for text in dict.fromkeys((click_ngettext(singular, plural, 1), click_ngettext(singular, plural, 2), singular, plural)):
        pattern = re.sub(r"\\\{(\w+)(?:!r)?\\\}", r"(?P<\1>.*?)", re.escape(text))
        match = re.fullmatch(pattern.replace(r"\.", r"\.?"), message)
        if match:
            return match.groupdict()
    return None


def main(argv: list[str] | None = None) -> None:
    """Entry point: run the CLI, turn known errors into clean messages and exit codes."""
    from ..errors import MyLifeError
    from .common import echo_error, fail_json, json_requested

    args = list(sys.argv[1:] if argv is None else argv)
    debug = bool(os.environ.get("MYLIFE_DEBUG"))
    as_json = json_requested(args)
    try:
        install_click_translations()  # click's own strings ("Usage:", ...) in the user's language
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
    except ModuleNotFoundError as exc:  # an optional package a plugin or command needs (mylife_core.extras)
        if debug:
            raise
        from ..extras import from_import_error

        missing = from_import_error(exc)
        if as_json:
            fail_json(missing.to_json() if missing else {"code": "internal", "message": t(
                "error.internal", reason=f"{type(exc).__name__}: {exc}")})
        echo_error(missing.render() if missing else t("error.internal", reason=f"{type(exc).__name__}: {exc}"))
        code = missing.exit_code if missing else 70
    except Exception as exc:  # a bug: say so plainly, keep the traceback behind MYLIFE_DEBUG
        if debug:
            raise
        reason = f"{type(exc).__name__}: {exc}"
        if as_json:
            fail_json({"code": "internal", "message": t("error.internal", reason=reason)})
        echo_error(t("error.internal", reason=reason))
        code = 70
    sys.exit(code)
