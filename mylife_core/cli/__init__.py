"""The ``mylife`` command: a thin layer over the library (see docs/cli.md).

Core commands live in one module each in this package; plugins add theirs through the
``register_commands`` hook. Errors the user can act on are printed as one clear message
(in the user's language) with a non-zero exit code; ``MYLIFE_DEBUG=1`` shows the traceback.
"""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Callable
from pathlib import Path

import click

from .. import __version__

CORE_COMMANDS = (
    "init", "record", "claim", "profile", "trace", "verify", "status", "plugins", "demo",
)

Registrar = Callable[[click.Group], None]

# what people type to bring a file of notes in: MyLife's word for it is `record -f`
_IMPORT_WORDS = frozenset({"import", "load", "ingest", "upload"})


class MyLifeGroup(click.Group):
    """The root ``mylife`` group: commands load lazily (click's lazy-group pattern).

    A core command's module is imported only when that command runs; plugin commands are
    registered on first need (listing them in ``--help``, or running one), and builtin plugins
    register theirs as *lazy*: a name and a help key now, the real command when used
    (:func:`mylife_core.cli.lazy.lazy_commands`). So ``mylife --version`` imports no command
    module and no plugin, and ``mylife --help`` lists every command from its help text alone.
    Commands are listed in a fixed, meaningful order rather than alphabetically.
    """

    def __init__(self, *args, plugins=None, **kwargs) -> None:  # noqa: ANN001, ANN002, ANN003
        super().__init__(*args, **kwargs)
        self._plugins = plugins
        self._plugins_loaded = False
        # name -> (help message key, registrar that adds the real command(s) to this group)
        self._lazy: dict[str, tuple[str, Registrar]] = {}
        self._done: set[int] = set()
        for name in CORE_COMMANDS:
            self.add_lazy(name, f"help.{name}", _core_loader(name))

    # the main help text is looked up only when shown (``--version`` needs no message catalog)
    @property
    def help(self) -> str | None:  # type: ignore[override]
        if self._help is None:
            from ..messages import t

            return t("help.main")
        return self._help

    @help.setter
    def help(self, value: str | None) -> None:
        self._help = value

    def add_lazy(self, name: str, help_key: str, register: Registrar) -> None:
        """Announce command ``name`` (its help text is the message ``help_key``); ``register``
        adds the real command(s) to this group the first time one of them is needed."""
        if name in CORE_COMMANDS and (name in self._lazy or name in self.commands):
            self._core_name_taken(name)
        elif name not in self.commands:
            self._lazy[name] = (help_key, register)

    def add_command(self, cmd: click.Command, name: str | None = None) -> None:
        """A plugin's command named like a core one (``record``) is not taken: ``mylife record``
        runs the core's, and ``--help`` lists the core's (it listed the plugin's, while running the
        core's); the plugin is named on stderr. Any other name is added as click adds it."""
        name = name or cmd.name
        if name in CORE_COMMANDS and cmd is not _core_command(name):
            self._core_name_taken(name)
            return
        super().add_command(cmd, name)

    def _core_name_taken(self, name: str) -> None:
        from ..messages import t
        from ..plugins import default_host

        host = self._plugins or default_host()
        message = t("plugin.command_is_core", plugin=host.calling_plugin("register_commands") or "?", name=name)
        host.warnings.append(message)
        click.echo(message, err=True)

    def load_plugins(self) -> None:
        if self._plugins_loaded:
            return
        self._plugins_loaded = True
        from ..plugins import default_host

        host = self._plugins or default_host()
        host.add_commands(self)

    def _materialise(self, name: str) -> click.Command | None:
        entry = self._lazy.get(name)
        if entry is not None and id(entry[1]) not in self._done:
            self._done.add(id(entry[1]))
            entry[1](self)
        self._lazy.pop(name, None)
        return self.commands.get(name)

    def resolve_command(self, ctx: click.Context, args: list[str]):  # noqa: ANN201
        if args and not ctx.resilient_parsing and not args[0].startswith("-") \
                and self.get_command(ctx, args[0]) is None:
            self._no_such_command(ctx, args[0])
        name, cmd, rest = super().resolve_command(ctx, args)
        if cmd is None:
            return name, cmd, rest
        leaf, path, depth = _leaf_command(ctx, name, cmd, rest)
        given = ctx.params.get("workspace")
        if given is not None and leaf is not None:
            _check_takes_workspace(leaf, path, rest[depth:], given)
        if leaf is not None:
            rest = [*rest[:depth], *_values_as_arguments(ctx, leaf, rest[depth:])]
        return name, cmd, rest

    def _no_such_command(self, ctx: click.Context, name: str) -> None:
        """An unknown command names the nearest ones (click's own hint sees only the commands
        already loaded, not the lazy ones); said as every group's is (:func:`_localise_click_error`)."""
        raise click.exceptions.NoSuchCommand(name, ctx=ctx)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name in self.commands:
            return self.commands[name]
        if name not in self._lazy:
            self.load_plugins()
        if name in self._lazy:
            return self._materialise(name)
        return self.commands.get(name)

    def list_commands(self, ctx: click.Context) -> list[str]:
        self.load_plugins()
        names = set(self.commands) | set(self._lazy)
        core = [n for n in CORE_COMMANDS if n in names]
        return core + sorted(n for n in names if n not in core)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """Each command's whole first sentence, wrapped, never cut with "..." (click's default);
        a lazy command's line comes from its help text, not its module."""
        from ..messages import t
        from .common import summary, wrap_cells

        rows = []
        for name in self.list_commands(ctx):
            cmd = self.commands.get(name)
            if cmd is None and name in self._lazy:
                cmd = click.Command(name, help=t(self._lazy[name][0]))
            if cmd is None or cmd.hidden:
                continue
            rows.append((name, summary(cmd)))
        if not rows:
            return
        with formatter.section(_commands_heading()):
            first = max(len(name) for name, _ in rows)
            indent = " " * formatter.current_indent
            for name, text in rows:
                lines = wrap_cells(text, max(formatter.width - formatter.current_indent - first - 2, 24))
                formatter.write(f"{indent}{name:<{first}}  {lines[0]}\n")
                for line in lines[1:]:
                    formatter.write(f"{indent}{' ' * (first + 2)}{line}\n")


def _leaf_command(ctx: click.Context, name: str | None, cmd: click.Command,
                  rest: list[str]) -> tuple[click.Command | None, list[str], int]:
    """The command ``mylife NAME REST...`` runs, its path (``["profile", "set"]``) and how many
    words of ``rest`` name subcommands; ``None`` when a group's own options or help come first
    (nothing to check) or a subcommand does not exist (click says "no such command" itself)."""
    path, depth = [name or cmd.name or "?"], 0
    while isinstance(cmd, click.Group):
        if depth >= len(rest) or rest[depth].startswith("-"):
            return None, path, depth
        sub = cmd.get_command(ctx, rest[depth])
        if sub is None:
            return None, path, depth
        cmd, path, depth = sub, [*path, rest[depth]], depth + 1
    return cmd, path, depth


def _check_takes_workspace(cmd: click.Command, path: list[str], rest: list[str], given: object) -> None:
    """``mylife -w PATH COMMAND``: refuse it for a command that takes no workspace (``store
    setup``, ``plugin new``) rather than ignore the path the user gave."""
    from ..errors import UsageError

    if any(a in ("-h", "--help") for a in rest):
        return
    if not any(p.name == "workspace" for p in cmd.params):
        raise UsageError("workspace_not_taken", command=" ".join(["mylife", *path]), path=str(given))


def _is_value(word: str) -> bool:
    """A word starting with ``-`` that no option could be: a negative number (``-5``, ``-3.5``,
    ``-1.2万``), or one with a space or a non-ASCII character before any ``=`` (``-开头的话``)."""
    import re

    if len(word) < 2 or word[0] != "-" or word == "--":
        return False
    name = word.partition("=")[0]
    return bool(re.match(r"-\.?\d", word)) or any(ch.isspace() or not ch.isascii() for ch in name)


def _values_as_arguments(ctx: click.Context, cmd: click.Command, args: list[str]) -> list[str]:
    """``profile set 负债变化 -5``, ``record "-开头的话"``: click reads any word starting with ``-``
    as an option and refuses it. A word :func:`_is_value` says no option could be, that is not
    one of the command's own options nor an option's value, is a value: it goes, with the other
    positional words in their order, after a ``--`` behind the options. Anything else is left to
    click, so an unknown option (``--bogus``) is refused as before, and ``--`` works as always."""
    if not any(_is_value(a) for a in args[:args.index("--") if "--" in args else len(args)]):
        return args
    settings = cmd.context_settings
    if settings.get("ignore_unknown_options", cmd.ignore_unknown_options) or \
            not settings.get("allow_interspersed_args", cmd.allow_interspersed_args):
        return args  # a command that passes words on as they are (``plugins --trace COMMAND...``)
    takes: dict[str, int] = dict.fromkeys(ctx.help_option_names, 0)  # option -> words that follow it
    optional: set[str] = set()  # options whose value may be left out (``chat --resume [ID]``)
    for param in cmd.params:
        if isinstance(param, click.Option):
            for opt in (*param.opts, *param.secondary_opts):
                takes[opt] = 0 if param.is_flag or param.count else param.nargs
            if getattr(param, "_flag_needs_value", False):
                optional.update(param.opts)

    def follows(word: str) -> int:
        if word.startswith("--"):
            opt, eq, _ = word.partition("=")
            return 0 if eq else takes.get(opt, 0)
        for i, ch in enumerate(word[1:], start=2):  # -y, -yw PATH, -wPATH
            n = takes.get(f"-{ch}")
            if n is None:
                return 0  # unknown: click refuses it
            if n:
                return 0 if i < len(word) else n
        return 0

    options: list[str] = []
    values: list[str] = []
    i = 0
    while i < len(args):
        word = args[i]
        if word == "--":
            values += args[i + 1:]
            break
        if len(word) < 2 or word[0] != "-" or (_is_value(word) and word.partition("=")[0] not in takes
                                               and word[:2] not in takes):
            values.append(word)
            i += 1
            continue
        n = follows(word)
        if word in optional and (i + 1 >= len(args) or (args[i + 1].startswith("-") and len(args[i + 1]) > 1)):
            n = 0
        options += args[i:i + 1 + n]
        i += 1 + n
    return [*options, "--", *values]


class _RootWorkspaceOption(click.Option):
    """The root group's ``-w/--workspace``: its help text is looked up only when shown
    (``mylife --version`` reads no message catalog)."""

    def get_help_record(self, ctx: click.Context):  # noqa: ANN201
        if self.help is None:
            from ..messages import t

            self.help = t("help.opt.root_workspace")
        return super().get_help_record(ctx)


def _commands_heading() -> str:
    return click.core._("Commands")  # translated by messages.install_click_translations


def _core_command(name: str) -> click.Command | None:
    """The core command ``name`` once its module is imported (by :func:`_core_loader`), else None."""
    return getattr(sys.modules.get(f"{__name__}.{name}_cmd"), "command", None)


def _core_loader(name: str) -> Registrar:
    def register(group: click.Group) -> None:
        group.add_command(importlib.import_module(f"{__name__}.{name}_cmd").command)
    return register


def build_cli(plugins=None) -> click.Group:
    """The ``mylife`` group. With an explicit plugin host its commands are registered now;
    otherwise plugins load on first need (see :class:`MyLifeGroup`)."""
    from .paths import WorkspacePath

    @click.group(cls=MyLifeGroup, plugins=plugins, invoke_without_command=True, subcommand_metavar="COMMAND [ARGS]...",
                 context_settings={"help_option_names": ["-h", "--help"]})
    @click.version_option(__version__, "--version", prog_name="mylife")
    @click.option("--workspace", "-w", "workspace", cls=_RootWorkspaceOption, metavar="PATH",
                  type=WorkspacePath(), default=None)
    @click.pass_context
    def cli(ctx: click.Context, workspace: Path | None) -> None:
        # ``-w PATH`` here is passed on to the command (common.workspace_option reads it from
        # this context); ``mylife`` (or ``mylife -w PATH``) alone shows the command list
        if ctx.invoked_subcommand is None:
            click.echo(ctx.get_help())
            ctx.exit(0)

    if plugins is not None:
        cli.load_plugins()
    return cli


def _named_workspace(args: list[str]) -> str | None:
    """The workspace ``-w``/``--workspace`` names, before or after the command, found before
    click parses anything: help texts are looked up when the command modules are imported, and
    click's own messages come before the command opens its workspace. The first one is taken
    (two different ones are refused later); words after ``--`` are values."""
    for i, word in enumerate(args):
        if word == "--":
            break
        if word in ("-w", "--workspace"):
            return args[i + 1] if i + 1 < len(args) else None
        if word.startswith("--workspace="):
            return word.split("=", 1)[1]
        if word.startswith("-w") and len(word) > 2:  # -wPATH, as click reads it
            return word[2:]
    return None


def _localise_click_error(exc: click.ClickException) -> tuple[str, dict[str, object]]:
    """click's error as one of MyLife's: ``(key, params)``, the message being ``cli.<key>``
    (``--json`` puts both in the error, as for every other error; docs/cli.md)."""
    if isinstance(exc, click.exceptions.NoSuchOption):
        return "no_such_option", {"option": exc.option_name, "suggestions": _near_options(exc)}
    if isinstance(exc, click.exceptions.NoSuchCommand):  # the root's and every group's
        from difflib import get_close_matches

        ctx = exc.ctx
        # the group's own list (lazy and plugin commands too: click's hint sees only those loaded)
        names = ctx.command.list_commands(ctx) if ctx is not None and isinstance(ctx.command, click.Group) else []
        near = get_close_matches(exc.command_name.lower(), names, n=3, cutoff=0.6)
        group = " ".join((ctx.command_path if ctx is not None else "").split()[1:])  # "claim" in `mylife claim ad`
        return "no_such_command", {"name": exc.command_name, "suggestions": [f"{group} {n}".strip() for n in near]}
    if isinstance(exc, click.exceptions.MissingParameter):
        param = exc.param
        name = (param.opts[0] if getattr(param, "opts", None) and param.param_type_name == "option"
                else (param.human_readable_name if param else "?"))
        return "missing_parameter", {"name": name}
    if isinstance(exc, click.exceptions.BadParameter):
        param = exc.param
        name = param.opts[0] if param is not None and getattr(param, "opts", None) else (exc.param_hint or "?")
        return "bad_parameter", {"name": name, "message": exc.message}
    message = exc.format_message()
    extra = _click_message(message, "Got unexpected extra argument ({args})", "Got unexpected extra arguments ({args})")
    if extra:
        return "extra_arguments", {"args": extra["args"]}
    needs = _click_message(message, "Option {name!r} requires an argument.", "Option {name!r} requires {nargs} arguments.")
    if needs:
        return "option_needs_value", {"option": needs["name"].strip("'")}
    return "usage_error", {"message": message}


def _near_options(exc: click.exceptions.NoSuchOption) -> list[str]:
    """What a mistyped option was probably meant as. Given to a group, an option its commands
    take goes after the command (``mylife profile --stale`` → ``profile list --stale``;
    ``mylife --json status``, an option of nearly every command → ``COMMAND --json``); else
    the command's options nearest to it (``--acept-stale`` → ``--accept-stale``), nearest first."""
    ctx = exc.ctx
    if ctx is not None and isinstance(ctx.command, click.Group):
        group = " ".join(ctx.command_path.split()[1:])
        found = []
        for name in ctx.command.list_commands(ctx):
            sub = ctx.command.get_command(ctx, name)
            if sub is not None and not sub.hidden and any(exc.option_name in p.opts for p in sub.params):
                found.append(f"{group} {name} {exc.option_name}".strip())
        if len(found) > 3:
            return [f"{group} COMMAND {exc.option_name}".strip()]
        if found:
            return found
    return list(exc.possibilities or [])


def _usage_message(exc: click.ClickException, key: str, params: dict[str, object]) -> str:
    """The message for a usage error ``(key, params)`` from :func:`_localise_click_error`: an
    unknown command names the nearest ones (``你是不是想用：claim add？``), and ``mylife import``,
    the word a newcomer tries first for a file of notes, points to ``record -f``."""
    from ..messages import t

    message = t(f"cli.{key}", **params)
    if key == "no_such_command":
        ctx = getattr(exc, "ctx", None)
        if str(params["name"]).lower() in _IMPORT_WORDS and ctx is not None and ctx.parent is None:
            message += "\n" + t("cli.import_is_record")
        elif params["suggestions"]:
            message += "\n" + t("cli.did_you_mean", names=", ".join(params["suggestions"]))  # type: ignore[arg-type]
    if key == "no_such_option":  # text that starts with a dash, on a command that takes text: say how
        if params.get("suggestions"):
            message += "\n" + t("cli.did_you_mean", names=", ".join(params["suggestions"]))  # type: ignore[arg-type]
        ctx = getattr(exc, "ctx", None)
        option = str(params["option"])
        if ctx is not None and not option.startswith("--") and any(
                isinstance(p, click.Argument) and p.type is click.STRING for p in ctx.command.params):
            from ..shell import word

            message += "\n" + t("cli.dash_value", option=option, command=ctx.command_path, value=word(option))
    return message


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

    args = list(sys.argv[1:] if argv is None else argv)
    debug = bool(os.environ.get("MYLIFE_DEBUG"))
    if os.name == "posix":  # whatever this process or a library it uses creates is private
        os.umask(0o077)
    as_json = "--json" in args  # as common.json_requested; common is imported only on errors
    try:
        if args[:1] != ["--version"]:  # --version needs no message catalog
            from ..messages import LANGUAGES, install_click_translations, t, use_workspace

            install_click_translations()  # click's own strings ("Usage:", ...) in the user's language
            use_workspace(_named_workspace(args))  # help texts in the language of the workspace named
            wanted = os.environ.get("MYLIFE_LANG", "").strip()
            if wanted and wanted.lower()[:2] not in LANGUAGES and not as_json:  # said, not silently ignored
                click.echo(t("cli.lang_unknown", value=wanted, choices=", ".join(LANGUAGES)), err=True)
        cli = build_cli()
        rv = cli.main(args=args, prog_name="mylife", standalone_mode=False)
        code = rv if isinstance(rv, int) else 0
    except MyLifeError as exc:
        from .common import echo_error, fail_json

        if debug:
            raise
        if as_json:
            fail_json(exc.to_json())
        echo_error(exc.render())
        code = exc.exit_code
    except click.exceptions.Abort:
        from ..messages import t
        from .common import echo_error

        echo_error(t("cli.aborted"))
        code = 130
    except click.exceptions.NoArgsIsHelpError as exc:  # `mylife profile`: the group's commands, no error
        click.echo(exc.ctx.get_help())
        code = 0
    except click.ClickException as exc:
        from ..messages import t
        from .common import echo_error, fail_json

        if debug:
            raise
        key, params = _localise_click_error(exc)
        message = _usage_message(exc, key, params)
        ctx = getattr(exc, "ctx", None)
        if as_json:
            fail_json({"code": "usage", "key": key, "message": message, "params": params})
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
        from ..messages import t
        from .common import echo_error

        echo_error(t("cli.aborted"))
        code = 130
    except BrokenPipeError:
        code = 0
    except ModuleNotFoundError as exc:  # an optional package a plugin or command needs (mylife_core.extras)
        if debug:
            raise
        from ..extras import from_import_error
        from ..messages import t
        from .common import echo_error, fail_json

        missing = from_import_error(exc)
        if as_json:
            reason = f"{type(exc).__name__}: {exc}"
            fail_json(missing.to_json() if missing else {"code": "internal", "key": "internal", "message": t(
                "error.internal", reason=reason), "params": {"reason": reason}})
        echo_error(missing.render() if missing else t("error.internal", reason=f"{type(exc).__name__}: {exc}"))
        code = missing.exit_code if missing else 70
    except UnicodeEncodeError as exc:  # text that cannot be UTF-8 reached a write: bad input, not a bug
        if debug:
            raise
        from ..errors import UsageError, shown_undecodable

        error = UsageError("bad_utf8_argument", name="?", value=shown_undecodable(str(exc.object[exc.start:exc.end + 20])))
        if as_json:
            fail_json(error.to_json())
        echo_error(error.render())
        code = error.exit_code
    except Exception as exc:  # a bug: say so plainly, keep the traceback behind MYLIFE_DEBUG
        if debug:
            raise
        from ..messages import t
        from .common import echo_error, fail_json

        from ..errors import outside_cause
        from ..workspace import resolve_root

        try:
            root = resolve_root(_named_workspace(args))
        except (RuntimeError, OSError, ValueError):  # ~user unknown: no workspace to name
            root = None
        outside = outside_cause(exc, root)
        if outside is not None:  # not a bug: another process holds a cache, a path cannot be written
            if as_json:
                fail_json(outside.to_json())
            echo_error(outside.render())
            code = outside.exit_code
        else:
            reason = f"{type(exc).__name__}: {exc}"
            if as_json:
                fail_json({"code": "internal", "key": "internal", "message": t("error.internal", reason=reason),
                           "params": {"reason": reason}})
            echo_error(t("error.internal", reason=reason))
            code = 70
    sys.exit(code)
