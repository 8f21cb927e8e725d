"""Is a remote private? Ask it the way a stranger would: with no credentials at all.

Seed §2.3: the workspace holds income, loans, mental state and job doubts; a push to a public
repository is an irreversible leak. So before any push MyLife runs ``git ls-remote`` against
the remote's URL as an anonymous stranger:

* no credentials: the URL's user and password are stripped, ``HOME`` and ``XDG_CONFIG_HOME``
  point at an empty folder (no ``~/.gitconfig``, ``~/.netrc``, ``~/.ssh``, credential store),
  system and global git config are off, ``credential.helper`` is emptied, ``http.emptyAuth``
  is off, no SSH agent and no SSH key are offered;
* no prompts: ``GIT_TERMINAL_PROMPT=0``, no ``GIT_ASKPASS``/``SSH_ASKPASS``, ``GCM_INTERACTIVE=never``,
  SSH in ``BatchMode``, stdin closed;
* a timeout, after which the whole process group is killed.

The verdict:

``public``   the anonymous read succeeded: anyone can read it. Pushes are refused.
``private``  the server demanded authentication. Pushes are allowed.
``unknown``  unreachable, timed out, not found, SSH-only host, or a transport MyLife cannot
             probe. Automatic pushes are refused; a manual push needs an explicit override.
``local``    a folder on this computer (or ``file://``). Allowed, with a note on who else
             can read that folder, unless anyone can read it: a folder every user on the
             computer can reach and read (world-readable, every parent folder searchable), or
             one ``git daemon`` serves (``git-daemon-export-ok`` in it, or a running
             ``git daemon --export-all`` whose folders hold it) is ``public`` and refused.
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
import subprocess
import tempfile
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Literal
from urllib.parse import urlsplit, urlunsplit

from .. import clock
from ..errors import MyLifeError, UsageError
from ..safeurl import safe_url
from .gitcmd import require_git

VerdictKind = Literal["private", "public", "unknown", "local"]

#: Hosts whose SSH remotes have an HTTPS twin with the same path, so an SSH remote can be
#: checked anonymously over HTTPS (an SSH server asks every client for a key, public repo or not).
SSH_TWINS = {
    "github.com": "github.com", "ssh.github.com": "github.com",
    "gitlab.com": "gitlab.com", "altssh.gitlab.com": "gitlab.com",
    "bitbucket.org": "bitbucket.org", "altssh.bitbucket.org": "bitbucket.org",
    "codeberg.org": "codeberg.org", "gitee.com": "gitee.com", "jihulab.com": "jihulab.com",
}

#: Folders that a sync client copies to somebody else's servers.
_SYNCED = re.compile(r"(dropbox|onedrive|google ?drive|icloud|mobile documents|nutstore|坚果云|baidunetdisk|百度网盘"
                     r"|syncthing|box sync|pcloud|mega)", re.IGNORECASE)

_AUTH_REQUIRED = ("could not read username", "could not read password", "authentication failed",
                  "returned error: 401", "returned error: 403", "http basic: access denied",
                  "terminal prompts disabled", "authentication required", "invalid credentials")
_NOT_FOUND = ("returned error: 404", "repository not found", "not found", "does not appear to be a git repository",
              "access denied or repository not exported", "no such repository")
_UNREACHABLE = ("could not resolve host", "failed to connect", "connection refused", "couldn't connect",
                "connection timed out", "timed out", "network is unreachable", "no route to host",
                "connection reset", "could not resolve hostname", "name or service not known",
                "temporary failure in name resolution", "unable to access", "ssl", "certificate",
                "host key verification failed", "could not read from remote repository", "empty reply")


class PrivacyRefused(MyLifeError):
    """A push (or a remote) refused because the remote is public or its privacy is unconfirmed."""

    code = "privacy"
    exit_code = 8


# --------------------------------------------------------------------------- remote URLs


@dataclass
class RemoteURL:
    """A remote's URL taken apart the way git reads it."""

    raw: str
    kind: Literal["local", "http", "https", "git", "ssh", "helper", "other"]
    host: str | None = None
    port: int | None = None
    path: str = ""
    user: str | None = None
    has_password: bool = False
    local_path: Path | None = None

    @property
    def display(self) -> str:
        """The URL with any password or token replaced by ``***`` (safe to print and to store)."""
        return safe_url(self.raw)

    def anonymous_url(self) -> str | None:
        """The URL to probe as a stranger: no user, no password; None when it cannot be probed."""
        if self.kind in ("http", "https", "git"):
            return _rebuild(self.kind, self.host, self.port, self.path)
        if self.kind == "ssh":
            return _rebuild("ssh", self.host, self.port, self.path)
        return None

    def https_twin(self) -> str | None:
        """For an SSH remote on a known forge, the same repository over HTTPS."""
        if self.kind != "ssh" or not self.host:
            return None
        host = SSH_TWINS.get(self.host.lower())
        if host is None:
            return None
        path = self.path.lstrip("/")
        if path.startswith("~") or not path:
            return None
        return f"https://{host}/{path}"


def _rebuild(scheme: str, host: str | None, port: int | None, path: str) -> str:
    netloc = (f"[{host}]" if host and ":" in host else host or "") + (f":{port}" if port else "")
    return urlunsplit((scheme, netloc, path if path.startswith("/") else "/" + path, "", ""))


_HELPER = re.compile(r"^([A-Za-z0-9][A-Za-z0-9+.-]*)::")
_SCHEME = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]*)://")


def parse_url(url: str, base: Path) -> RemoteURL:
    """Classify ``url`` as git does (``transport.c``): helper, URL, scp-like SSH or local path.

    Relative local paths are relative to ``base`` (git runs in the workspace).
    """
    url = url.strip()
    if not url or url.startswith("-") or any(ch in url for ch in "\n\r\x00"):
        raise UsageError("git_bad_url", url=safe_url(url))
    helper = _HELPER.match(url)
    if helper and not _SCHEME.match(url):
        return RemoteURL(url, "helper", path=url[helper.end():])
    scheme = _SCHEME.match(url)
    if scheme:
        name = scheme.group(1).lower()
        parts = urlsplit(url)
        if name == "file":
            return RemoteURL(url, "local", path=parts.path, local_path=Path(parts.path))
        try:
            port = parts.port
        except ValueError:
            raise UsageError("git_bad_url", url=safe_url(url)) from None
        kind = {"http": "http", "https": "https", "git": "git", "ssh": "ssh", "git+ssh": "ssh",
                "ssh+git": "ssh"}.get(name, "other")
        if kind != "other" and not parts.hostname:
            raise UsageError("git_bad_url", url=safe_url(url))
        return RemoteURL(url, kind, host=parts.hostname, port=port, path=parts.path or "/",
                         user=parts.username, has_password=parts.password is not None)
    colon = url.find(":")
    slash = url.find("/")
    is_dos_drive = len(url) >= 2 and url[1] == ":" and url[0].isalpha()
    if colon == -1 or (slash != -1 and slash < colon) or is_dos_drive:
        path = Path(url).expanduser()
        return RemoteURL(url, "local", path=url, local_path=path if path.is_absolute() else (base / path))
    # scp-like: [user@]host:path
    hostpart, path = url[:colon], url[colon + 1:]
    user, _, host = hostpart.rpartition("@")
    host = host.strip("[]")
    if not host:
        raise UsageError("git_bad_url", url=safe_url(url))
    return RemoteURL(url, "ssh", host=host, path=path, user=user or None)


# --------------------------------------------------------------------------- verdicts


@dataclass
class Verdict:
    verdict: VerdictKind
    reason: str  # anonymous_read | auth_required | unreachable | timeout | not_found | ssh_key_only | helper | unsupported | local_path
    url: str  # redacted
    probed: str | None = None  # the URL actually asked, anonymously
    detail: str = ""  # git's own words (last line), for the curious
    notes: list[str] = field(default_factory=list)  # note keys: local_missing, local_shared, local_synced
    checked_at: str = ""
    seconds: float = 0.0

    @property
    def allows_push(self) -> bool:
        return self.verdict in ("private", "local")

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "Verdict | None":
        try:
            return cls(**{k: data[k] for k in cls.__dataclass_fields__ if k in data})
        except TypeError:
            return None


def check(url: str, base: Path, *, timeout: float = 20.0) -> Verdict:
    """Decide whether ``url`` can be read anonymously (see the module docstring)."""
    started = time.monotonic()
    parsed = parse_url(url, base)
    verdict = _check_parsed(parsed, timeout)
    verdict.checked_at = clock.now().isoformat()
    verdict.seconds = round(time.monotonic() - started, 3)
    return verdict


def _check_parsed(parsed: RemoteURL, timeout: float) -> Verdict:
    shown = parsed.display
    if parsed.kind == "local":
        exposed = local_exposure(parsed.local_path)
        if exposed is not None:
            return Verdict("public", exposed, shown, notes=local_notes(parsed.local_path))
        return Verdict("local", "local_path", shown, notes=local_notes(parsed.local_path))
    if parsed.kind == "helper":
        return Verdict("unknown", "helper", shown)
    if parsed.kind == "other":
        return Verdict("unknown", "unsupported", shown)
    if parsed.kind == "ssh":
        twin = parsed.https_twin()
        if twin is not None:
            return _probe(twin, timeout, shown)
        verdict = _probe(parsed.anonymous_url() or parsed.raw, timeout, shown)
        if verdict.verdict == "private":  # an SSH server asks everyone for a key: that proves nothing
            verdict.verdict, verdict.reason = "unknown", "ssh_key_only"
        return verdict
    return _probe(parsed.anonymous_url() or parsed.raw, timeout, shown)


def _world_readable(path: Path) -> bool:
    """Can any user on this computer list and read ``path``? (it is o+r and every folder above
    it is o+x; POSIX only)."""
    if os.name != "posix":
        return False
    try:
        resolved = path.resolve()
        if not resolved.stat().st_mode & 0o004:
            return False
        return all(parent.stat().st_mode & 0o001 for parent in resolved.parents)
    except OSError:
        return False


def _daemon_export_all_roots() -> list[Path]:
    """Folders served by a running ``git daemon --export-all`` (Linux: read from /proc)."""
    roots: list[Path] = []
    proc = Path("/proc")
    if not proc.is_dir():
        return roots
    for entry in proc.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            args = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        words = [a.decode("utf-8", "replace") for a in args if a]
        names = [os.path.basename(w) for w in words[:2]]
        if not ("git-daemon" in names or ("git" in names and "daemon" in words[1:3])):
            continue
        if "--export-all" not in words:
            continue
        dirs = [w.split("=", 1)[1] for w in words if w.startswith("--base-path=")]
        dirs += [w for w in words[2:] if w.startswith("/")]
        roots.extend(Path(d) for d in dirs) if dirs else roots.append(Path("/"))
    return roots


def local_exposure(path: Path | None) -> str | None:
    """Why anyone can read the local repository at ``path`` (a reason key), or None."""
    if path is None or not path.exists():
        return None
    for candidate in (path / "git-daemon-export-ok", path / ".git" / "git-daemon-export-ok"):
        if candidate.exists():
            return "git_daemon_export"
    try:
        resolved = path.resolve()
        for root in _daemon_export_all_roots():
            root = root.resolve()
            if resolved == root or root in resolved.parents:
                return "git_daemon_export"
    except OSError:
        pass
    if _world_readable(path):
        return "local_world_readable"
    return None


def local_notes(path: Path | None) -> list[str]:
    """Who else may read a local remote: missing folder, shared permissions, a synced folder."""
    notes: list[str] = []
    if path is None:
        return notes
    try:
        mode = path.stat().st_mode
    except OSError:
        notes.append("local_missing")
    else:
        if os.name == "posix" and mode & 0o077:
            notes.append("local_shared")
    if _SYNCED.search(str(path)):
        notes.append("local_synced")
    return notes


def anonymous_env(home: Path, timeout: float) -> dict[str, str]:
    """An environment in which git has no credentials and cannot ask for any."""
    env: dict[str, str] = {}
    for key in ("PATH", "SYSTEMROOT", "COMSPEC", "TMPDIR", "TEMP", "TMP",
                "http_proxy", "https_proxy", "HTTP_PROXY", "HTTPS_PROXY", "all_proxy", "ALL_PROXY",
                "no_proxy", "NO_PROXY", "SSL_CERT_FILE", "SSL_CERT_DIR", "GIT_SSL_CAINFO", "GIT_EXEC_PATH"):
        if key in os.environ:
            env[key] = os.environ[key]
    loopback = "127.0.0.1,localhost,::1"
    for key in ("no_proxy", "NO_PROXY"):
        env[key] = f"{env[key]},{loopback}" if env.get(key) else loopback
    seconds = max(1, int(timeout))
    env.update({
        "HOME": str(home), "XDG_CONFIG_HOME": str(home / "xdg"), "USERPROFILE": str(home),
        "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_SYSTEM": os.devnull,
        "GIT_TERMINAL_PROMPT": "0", "GCM_INTERACTIVE": "never", "GIT_ASKPASS": "", "SSH_ASKPASS": "",
        "SSH_ASKPASS_REQUIRE": "never", "KRB5CCNAME": f"FILE:{home / 'no-krb5cc'}",
        "GIT_SSH_VARIANT": "ssh",
        "GIT_SSH_COMMAND": ("ssh -F none -o BatchMode=yes -o IdentitiesOnly=yes -o IdentityFile=none "
                            "-o IdentityAgent=none -o PubkeyAuthentication=no -o PasswordAuthentication=no "
                            "-o KbdInteractiveAuthentication=no -o GSSAPIAuthentication=no "
                            "-o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null "
                            f"-o ConnectTimeout={seconds} -o LogLevel=ERROR"),
        "LC_ALL": "C", "LANGUAGE": "C",
    })
    return env


def probe_command(url: str, timeout: float) -> list[str]:
    seconds = max(1, int(timeout))
    return [
        require_git(),
        "-c", "credential.helper=", "-c", "credential.interactive=never", "-c", "core.askPass=",
        "-c", "http.emptyAuth=false", "-c", "http.cookieFile=", "-c", "http.lowSpeedLimit=1",
        "-c", f"http.lowSpeedTime={seconds}", "-c", "http.followRedirects=true",
        "-c", "protocol.allow=never", "-c", "protocol.http.allow=always", "-c", "protocol.https.allow=always",
        "-c", "protocol.git.allow=always", "-c", "protocol.ssh.allow=always",
        "ls-remote", "--", url,
    ]


def _probe(url: str, timeout: float, shown: str) -> Verdict:
    with tempfile.TemporaryDirectory(prefix="mylife-anon-") as tmp:
        home = Path(tmp)
        (home / "xdg").mkdir()
        try:
            proc = subprocess.Popen(probe_command(url, timeout), cwd=home, env=anonymous_env(home, timeout),
                                    stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                    start_new_session=True)
        except OSError as exc:
            from ..errors import os_reason

            return Verdict("unknown", "unreachable", shown, probed=safe_url(url), detail=os_reason(exc))
        try:
            _, err = proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            _kill_group(proc)
            return Verdict("unknown", "timeout", shown, probed=safe_url(url))
        finally:
            if proc.poll() is None:
                _kill_group(proc)
    text = err.decode("utf-8", "replace")
    detail = " / ".join(line.strip() for line in text.splitlines() if line.strip())[-300:]
    if proc.returncode == 0:
        return Verdict("public", "anonymous_read", shown, probed=safe_url(url), detail=detail)
    return Verdict(*classify_failure(text), shown, probed=safe_url(url), detail=detail)  # type: ignore[misc]


def classify_failure(stderr: str) -> tuple[VerdictKind, str]:
    """Turn git's (C-locale) complaint about an anonymous read into a verdict and a reason."""
    low = stderr.lower()
    if any(s in low for s in _AUTH_REQUIRED):
        return "private", "auth_required"
    if "permission denied" in low and ("publickey" in low or "password" in low or "keyboard" in low):
        return "private", "auth_required"  # the SSH caller turns this into unknown/ssh_key_only
    if any(s in low for s in _NOT_FOUND):
        return "unknown", "not_found"
    if any(s in low for s in _UNREACHABLE):
        return "unknown", "unreachable"
    return "unknown", "unrecognised"


def _kill_group(proc: subprocess.Popen) -> None:
    with contextlib.suppress(OSError, ProcessLookupError):
        if hasattr(os, "killpg"):
            os.killpg(proc.pid, signal.SIGKILL)
        else:  # pragma: no cover - Windows
            proc.kill()
    with contextlib.suppress(subprocess.TimeoutExpired):
        proc.wait(timeout=5)
