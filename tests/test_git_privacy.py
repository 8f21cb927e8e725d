"""The privacy guard against real git servers on 127.0.0.1 (docs/design.md#git).

* a bare repository served anonymously by ``git daemon``: public, refused (remote add, push,
  a plain ``git push`` through the pre-push hook, automatic push);
* a repository behind ``git http-backend`` (CGI, from a small Python server) that demands HTTP
  basic authentication: private, pushed to. The test user's own credential helper knows the
  password, which proves the anonymous probe does not use it (it would say "public");
* the same server hiding the repository from anonymous readers with a 404 (a push is still
  challenged for a password): unknown, refused unless this very push says ``--allow-unverified``;
* a file remote: local, allowed with a note; an unreachable remote and one that never
  answers: unknown, refused.

Nothing here reaches beyond loopback.
"""

from __future__ import annotations

import base64
import contextlib
import os
import signal
import socket
import subprocess
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from mylife_core.history import privacy
from mylife_core.history.gitcmd import git_executable
from mylife_core.testing import settle_history

pytestmark = pytest.mark.skipif(git_executable() is None, reason="git is not installed")

USER, PASSWORD = "alice", "s3cret-pass"


# --------------------------------------------------------------------------- servers


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_port(port: int, timeout: float = 10) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=0.5):
            return
        time.sleep(0.05)
    raise RuntimeError(f"nothing listening on 127.0.0.1:{port}")


def git(*args: str, cwd: Path | None = None, check: bool = True) -> subprocess.CompletedProcess:
    env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.invalid",
           "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.invalid", "LC_ALL": "C"}
    proc = subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True, env=env)
    if check:
        assert proc.returncode == 0, proc.stderr
    return proc


def bare_repo(base: Path, name: str = "life.git") -> Path:
    path = base / name
    git("init", "-q", "--bare", str(path))
    return path


def refs_of(bare: Path) -> str:
    return git("--git-dir", str(bare), "for-each-ref", "--format=%(refname) %(objectname)").stdout.strip()


@pytest.fixture
def git_daemon(tmp_path):
    """``git daemon`` exporting every repository under a folder, anonymously, read-write."""
    base = tmp_path / "daemon"
    base.mkdir()
    port = free_port()
    proc = subprocess.Popen(["git", "daemon", "--reuseaddr", "--export-all", "--enable=receive-pack",
                             f"--base-path={base}", "--listen=127.0.0.1", f"--port={port}", str(base)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        wait_for_port(port)
        yield base, f"git://127.0.0.1:{port}"
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=10)


class _GitHTTP(BaseHTTPRequestHandler):
    """Smart HTTP through ``git http-backend`` (CGI) with HTTP basic authentication."""

    protocol_version = "HTTP/1.1"
    project_root: Path
    stranger_status = 401  # what an unauthenticated read gets (401 asks for a password; 404 hides the repo)

    def _send(self, status: int, body: bytes, headers: dict[str, str] | None = None) -> None:
        self.send_response(status)
        for key, value in (headers or {}).items():
            self.send_header(key, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def _body(self) -> bytes:
        if self.headers.get("Transfer-Encoding", "").lower() == "chunked":
            data = b""
            while True:
                size = int(self.rfile.readline().strip() or b"0", 16)
                if size == 0:
                    self.rfile.readline()
                    return data
                data += self.rfile.read(size)
                self.rfile.readline()
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length else b""

    def _handle(self) -> None:
        type(self).requests.append((self.command, self.path, "Authorization" in self.headers))
        body = self._body()
        expected = "Basic " + base64.b64encode(f"{USER}:{PASSWORD}".encode()).decode()
        if self.headers.get("Authorization") != expected:
            if self.stranger_status == 401 or "git-receive-pack" in self.path:  # a push is always challenged
                self._send(401, b"authentication required\n", {"WWW-Authenticate": 'Basic realm="life"'})
            else:
                self._send(self.stranger_status, b"not found\n")
            return
        path, _, query = self.path.partition("?")
        env = {"PATH": os.environ["PATH"], "GIT_PROJECT_ROOT": str(self.project_root), "GIT_HTTP_EXPORT_ALL": "1",
               "REQUEST_METHOD": self.command, "PATH_INFO": path, "QUERY_STRING": query,
               "CONTENT_TYPE": self.headers.get("Content-Type", ""), "CONTENT_LENGTH": str(len(body)),
               "REMOTE_USER": USER, "REMOTE_ADDR": "127.0.0.1",
               "GIT_PROTOCOL": self.headers.get("Git-Protocol", ""),
               "HTTP_CONTENT_ENCODING": self.headers.get("Content-Encoding", "")}
        proc = subprocess.run(["git", "http-backend"], input=body, capture_output=True, env=env)
        head, _, payload = proc.stdout.partition(b"\r\n\r\n")
        status, headers = 200, {}
        for line in head.split(b"\r\n"):
            key, _, value = line.decode("latin-1").partition(":")
            if key.lower() == "status":
                status = int(value.strip().split()[0])
            elif key:
                headers[key] = value.strip()
        self._send(status, payload, headers)

    do_GET = do_POST = _handle

    def log_message(self, *args) -> None:
        pass


@contextlib.contextmanager
def http_git_server(root: Path, stranger_status: int = 401):
    handler = type("Handler", (_GitHTTP,), {"project_root": root, "stranger_status": stranger_status, "requests": []})
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", handler
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture
def http_remote(tmp_path):
    root = tmp_path / "http-root"
    root.mkdir()
    bare = bare_repo(root)
    with http_git_server(root) as (base, handler):
        yield bare, f"{base}/life.git", base, handler


@pytest.fixture
def user_credentials(monkeypatch):
    """The test user's own git setup: a credential store that knows the password."""
    home = Path(os.environ["HOME"])

    def remember(base_url: str) -> None:
        (home / ".gitconfig").write_text("[credential]\n\thelper = store\n")
        netloc = base_url.split("://", 1)[1]
        (home / ".git-credentials").write_text(f"http://{USER}:{PASSWORD}@{netloc}\n")
        os.chmod(home / ".git-credentials", 0o600)

    return remember


@pytest.fixture
def cli(cli, ws_path):
    """The real CLI, then wait until the committer it started is done (commits are detached)."""
    def run(*args, **kwargs):
        result = cli(*args, **kwargs)
        if (ws_path / ".git").exists():
            settle_history(ws_path)
        return result

    return run


@pytest.fixture
def history(cli, ws_path):
    """A workspace with one record and git history on."""
    assert cli("init").returncode == 0
    assert cli("record", "这个月收入两万三，房贷还剩八十万", "--topic", "finance").returncode == 0
    r = cli("git", "enable", "--json")
    assert r.returncode == 0, r.stderr
    return ws_path


# --------------------------------------------------------------------------- the probe itself


def test_a_daemon_serving_anonymously_is_public(git_daemon, tmp_path):
    base, url = git_daemon
    bare_repo(base)
    verdict = privacy.check(f"{url}/life.git", tmp_path, timeout=15)
    assert (verdict.verdict, verdict.reason) == ("public", "anonymous_read")
    assert verdict.probed == f"{url}/life.git" and verdict.checked_at


def test_basic_auth_server_is_private_even_though_the_user_has_credentials(http_remote, user_credentials, tmp_path):
    bare, url, base, handler = http_remote
    user_credentials(base)
    # the user's own git really can read it (so a probe that used their helper would say "public")
    assert git("ls-remote", url, cwd=tmp_path).returncode == 0
    handler.requests.clear()
    verdict = privacy.check(url, tmp_path, timeout=15)
    assert (verdict.verdict, verdict.reason) == ("private", "auth_required")
    assert handler.requests and not any(authorised for _, _, authorised in handler.requests)


def test_credentials_in_the_url_are_stripped_before_the_probe(http_remote, tmp_path):
    bare, url, base, handler = http_remote
    with_password = url.replace("http://", f"http://{USER}:{PASSWORD}@")
    handler.requests.clear()
    verdict = privacy.check(with_password, tmp_path, timeout=15)
    assert verdict.verdict == "private"
    assert PASSWORD not in verdict.url and "***" in verdict.url
    assert not any(authorised for _, _, authorised in handler.requests)


def test_unreachable_and_silent_servers_are_unknown(tmp_path):
    closed = free_port()
    verdict = privacy.check(f"http://127.0.0.1:{closed}/life.git", tmp_path, timeout=10)
    assert (verdict.verdict, verdict.reason) == ("unknown", "unreachable")
    with socket.socket() as silent:  # accepts connections, never answers
        silent.bind(("127.0.0.1", 0))
        silent.listen(5)
        port = silent.getsockname()[1]
        started = time.monotonic()
        verdict = privacy.check(f"http://127.0.0.1:{port}/life.git", tmp_path, timeout=2)
        assert verdict.verdict == "unknown" and verdict.reason in ("timeout", "unreachable")
        assert time.monotonic() - started < 30


def test_local_paths_and_file_urls_are_local(tmp_path):
    bare = bare_repo(tmp_path)
    os.chmod(bare, 0o755)
    for url in (str(bare), f"file://{bare}", "../life.git"):
        verdict = privacy.check(url, tmp_path / "ws", timeout=5)
        assert verdict.verdict == "local", url
    assert "local_shared" in privacy.check(str(bare), tmp_path, timeout=5).notes
    assert "local_missing" in privacy.check(str(tmp_path / "nope.git"), tmp_path, timeout=5).notes
    assert "local_synced" in privacy.check(str(tmp_path / "Dropbox" / "life.git"), tmp_path, timeout=5).notes


@pytest.mark.parametrize("url, kind, twin", [
    ("git@github.com:me/life.git", "ssh", "https://github.com/me/life.git"),
    ("ssh://git@gitee.com/me/life.git", "ssh", "https://gitee.com/me/life.git"),
    ("git@selfhosted.example:me/life.git", "ssh", None),
    ("https://tok:secret@example.com/me/life.git", "https", None),
    ("https://secret-token-0123456789@example.com/me/life.git", "https", None),  # a token as the user name
    ("gcrypt::rsync://host/life", "helper", None),
    ("/srv/git/life.git", "local", None),
    ("C:\\backup\\life.git", "local", None),
    ("s3://bucket/life", "other", None),
])
def test_urls_are_read_the_way_git_reads_them(url, kind, twin, tmp_path):
    parsed = privacy.parse_url(url, tmp_path)
    assert parsed.kind == kind
    assert parsed.https_twin() == twin
    assert "secret" not in parsed.display


def test_probe_environment_carries_no_credentials(tmp_path, monkeypatch):
    monkeypatch.setenv("GIT_ASKPASS", "/usr/bin/some-askpass")
    monkeypatch.setenv("SSH_AUTH_SOCK", "/tmp/agent.sock")
    monkeypatch.setenv("GITHUB_TOKEN", "ghp_" + "x" * 36)
    env = privacy.anonymous_env(tmp_path, 5)
    assert env["HOME"] == str(tmp_path) and env["GIT_TERMINAL_PROMPT"] == "0"
    assert env["GIT_ASKPASS"] == "" and env["GCM_INTERACTIVE"] == "never" and env["GIT_CONFIG_NOSYSTEM"] == "1"
    assert "SSH_AUTH_SOCK" not in env and "GITHUB_TOKEN" not in env
    assert "BatchMode=yes" in env["GIT_SSH_COMMAND"] and "IdentityAgent=none" in env["GIT_SSH_COMMAND"]
    command = privacy.probe_command("https://example.invalid/x.git", 5)
    assert "credential.helper=" in command and command[-2:] == ["--", "https://example.invalid/x.git"]


# --------------------------------------------------------------------------- the commands


def test_a_privacy_refusal_exits_as_the_exit_code_table_says(history, cli, git_daemon):
    """The refusal exits 8 with `error.code` `privacy`; docs/cli.md's table gave 8 to the model
    alone. The table's row for the exit code now names `privacy`."""
    from test_cli_root import exit_code_table

    base, url = git_daemon
    bare_repo(base)
    r = cli("git", "remote", "add", f"{url}/life.git", "--confirm-private", "--json")
    error = r.json()["error"]
    assert error["code"] == "privacy" and "Traceback" not in r.stderr
    assert f"`{error['code']}`" in exit_code_table()[r.returncode]
    assert "privacy" in exit_code_table()[r.returncode]


def test_public_remote_is_refused_at_add_and_at_push(history, cli, git_daemon):
    base, url = git_daemon
    bare = bare_repo(base)
    r = cli("git", "remote", "add", f"{url}/life.git", "--confirm-private")
    assert r.returncode == 8
    assert "公开仓库" in r.stderr and "私有" in r.stderr and "Traceback" not in r.stderr
    assert git("remote", cwd=history).stdout.strip() == ""
    # added behind MyLife's back: the push is still refused, and nothing reaches the server
    git("remote", "add", "origin", f"{url}/life.git", cwd=history)
    r = cli("git", "push", "--allow-unverified")
    assert r.returncode == 8, r.stdout + r.stderr
    assert "拒绝推送" in r.stderr and "Settings" in r.stderr and "不能跳过" in r.stderr
    assert refs_of(bare) == ""
    status = cli("git", "status", "--json").json()
    assert status["remotes"][0]["privacy"] == "public" and status["remotes"][0]["checked_at"]
    assert status["last_push"]["ok"] is False and status["last_push"]["error"] == "public"


def test_a_plain_git_push_is_refused_by_the_pre_push_hook(history, git_daemon):
    base, url = git_daemon
    bare = bare_repo(base)
    proc = git("push", f"{url}/life.git", "HEAD:refs/heads/main", cwd=history, check=False)
    assert proc.returncode != 0
    assert "公开仓库" in proc.stderr or "public" in proc.stderr
    assert refs_of(bare) == ""
    # without the hook the same push goes through: it was the hook that stopped it
    proc = git("push", "--no-verify", f"{url}/life.git", "HEAD:refs/heads/main", cwd=history, check=False)
    assert proc.returncode == 0 and refs_of(bare) != ""


def test_private_http_remote_with_basic_auth_is_pushed_to(history, cli, http_remote, user_credentials):
    bare, url, base, handler = http_remote
    user_credentials(base)
    r = cli("git", "remote", "add", url, "--confirm-private", "--json")
    assert r.returncode == 0, r.stderr
    data = r.json()
    assert data["privacy"]["verdict"] == "private" and data["remote"] == "origin"
    assert "请务必使用私有仓库" in r.stderr  # the warning is printed even when confirmed by flag
    r = cli("git", "push", "--json")
    assert r.returncode == 0, r.stderr
    pushed = r.json()
    assert pushed["privacy"]["verdict"] == "private" and pushed["overridden"] is False
    head = git("rev-parse", "HEAD", cwd=history).stdout.strip()
    assert refs_of(bare) == f"refs/heads/{pushed['branch']} {head}"
    # the probe before the push went in without credentials; the push itself with them
    status = cli("git", "status", "--json").json()
    remote = status["remotes"][0]
    assert remote["privacy"] == "private" and remote["pushes_here"] and status["last_push"]["ok"]
    text = cli("git", "status").stdout
    assert "私有" in text and "检查于" in text


def test_a_remote_hidden_from_strangers_needs_an_explicit_override(history, cli, tmp_path, user_credentials):
    root = tmp_path / "hidden"
    root.mkdir()
    bare = bare_repo(root)
    with http_git_server(root, stranger_status=404) as (base, _):
        user_credentials(base)
        r = cli("git", "remote", "add", f"{base}/life.git", "--confirm-private")
        assert r.returncode == 0, r.stderr
        assert "无法确认" in r.stdout + r.stderr
        r = cli("git", "push")
        assert r.returncode == 8
        assert "--allow-unverified" in r.stderr and refs_of(bare) == ""
        r = cli("git", "push", "--allow-unverified")
        assert r.returncode == 0, r.stderr
        assert "⚠" in r.stderr and "--allow-unverified" in r.stderr  # the warning is still printed
        assert refs_of(bare) != ""
        # the override was for that push only
        git("commit", "--allow-empty", "-qm", "later", cwd=history)
        r = cli("git", "push")
        assert r.returncode == 8


def test_unreachable_remote_is_refused_unless_overridden(history, cli):
    url = f"http://127.0.0.1:{free_port()}/life.git"
    r = cli("git", "remote", "add", url, "--confirm-private", "--json")
    assert r.returncode == 0, r.stderr
    assert r.json()["privacy"]["verdict"] == "unknown"
    r = cli("git", "push", "--json")
    assert r.returncode == 8
    assert r.json()["error"]["key"] == "git_push_unverified"
    r = cli("git", "push", "--allow-unverified")  # allowed to try; the network says no
    assert r.returncode == 9 and "推送到 origin 失败" in r.stderr
    r = cli("git", "auto-push", "on")
    assert r.returncode == 8 and "不能开启自动推送" in r.stderr


def test_file_remote_is_allowed_with_a_note_and_created_when_missing(history, cli, tmp_path):
    target = tmp_path / "backup" / "life.git"
    r = cli("git", "remote", "add", str(target), "--confirm-private")
    assert r.returncode == 0, r.stderr
    assert "本机上的文件夹" in r.stdout + r.stderr and "创建" in r.stdout
    assert (target / "HEAD").is_file() and (target.stat().st_mode & 0o077) == 0
    r = cli("git", "push")
    assert r.returncode == 0, r.stderr
    assert "本机上的文件夹" in r.stdout
    assert refs_of(target).endswith(git("rev-parse", "HEAD", cwd=history).stdout.strip())


def test_automatic_push_goes_to_a_verified_remote_only(history, cli, tmp_path, git_daemon):
    target = tmp_path / "backup.git"
    assert cli("git", "remote", "add", str(target), "--confirm-private").returncode == 0
    r = cli("git", "auto-push", "on")
    assert r.returncode == 0, r.stderr
    assert cli("record", "自动推送测试", "--topic", "finance").returncode == 0
    head = git("rev-parse", "HEAD", cwd=history).stdout.strip()
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and not refs_of(target).endswith(head):
        time.sleep(0.2)
    assert refs_of(target).endswith(head)
    # the remote turns public behind MyLife's back: the next automatic push refuses, and says so
    base, url = git_daemon
    public = bare_repo(base)
    git("remote", "set-url", "origin", f"{url}/life.git", cwd=history)
    assert cli("record", "这条不该被推到公开仓库", "--topic", "finance").returncode == 0
    deadline = time.monotonic() + 30
    status = {}
    while time.monotonic() < deadline:
        status = cli("git", "status", "--json").json()
        last = status.get("last_auto_push") or {}
        if last.get("verdict") == "public":
            break
        time.sleep(0.2)
    assert status["last_auto_push"]["ok"] is False and status["last_auto_push"]["verdict"] == "public"
    assert refs_of(public) == ""


def test_token_in_url_is_refused(history, cli):
    r = cli("git", "remote", "add", "https://me:ghp_abcdefabcdef@127.0.0.1:9/life.git", "--confirm-private")
    assert r.returncode == 2
    assert "令牌" in r.stderr and "ghp_abcdefabcdef" not in r.stderr
    assert git("remote", cwd=history).stdout.strip() == ""


def test_push_needs_history_on(cli):
    assert cli("init").returncode == 0
    r = cli("git", "push")
    assert r.returncode == 9 and "mylife git enable" in r.stderr


def test_a_remote_inside_the_workspace_is_refused(history, cli):
    r = cli("git", "remote", "add", "./backup.git", "--confirm-private")
    assert r.returncode == 2 and "工作区里面" in r.stderr
    assert not (history / "backup.git").exists()


def test_a_verdict_about_an_old_url_is_not_shown_for_a_new_one(history, cli, tmp_path):
    assert cli("git", "remote", "add", str(tmp_path / "a.git"), "--confirm-private").returncode == 0
    assert cli("git", "status", "--json").json()["remotes"][0]["privacy"] == "local"
    git("remote", "set-url", "origin", "https://example.invalid/me/life.git", cwd=history)
    remote = cli("git", "status", "--json").json()["remotes"][0]
    assert (remote["privacy"], remote["reason"]) == ("unchecked", "url_changed")
    assert "地址在上次检查后改过" in cli("git", "status").stdout


# --------------------------------------------------------------------------- the moment of the push


@pytest.mark.parametrize("change", ["set_url_public", "export_target"])
def test_a_target_that_turns_public_after_the_check_gets_nothing(history, cli, tmp_path, git_daemon, monkeypatch,
                                                                 change):
    """Another process acts at the worst moment: right after the privacy check, before git
    opens the target. Either the remote is pointed at a public repository (the push still goes
    to the URL that was checked), or the checked target is exported by git daemon (the last
    look right before the push refuses it). The 'other process' is a real git command run from
    inside the check, the only way to hit that moment every time."""
    from mylife_core.history import remote
    from mylife_core.history.privacy import PrivacyRefused
    from mylife_core.workspace import Workspace

    target = tmp_path / "backup.git"
    assert cli("git", "remote", "add", str(target), "--confirm-private").returncode == 0
    assert cli("record", "不该被推到公开仓库的一条", "--topic", "finance").returncode == 0
    base, url = git_daemon
    public = bare_repo(base)
    real_check = remote.check

    def check_then_the_other_process_acts(ws, name=None, **kw):
        result = real_check(ws, name, **kw)
        if change == "set_url_public":
            git("remote", "set-url", "origin", f"{url}/life.git", cwd=history)
        else:
            (target / "git-daemon-export-ok").touch()
        return result

    monkeypatch.setattr(remote, "check", check_then_the_other_process_acts)
    ws = Workspace.open(history)
    head = git("rev-parse", "HEAD", cwd=history).stdout.strip()
    try:
        if change == "set_url_public":
            result = remote.push(ws, auto=True)
            assert refs_of(target).endswith(head) and result.check.verdict == "local"
        else:
            with pytest.raises(PrivacyRefused):
                remote.push(ws, auto=True)
            assert refs_of(target) == ""
    finally:
        ws.close()
    assert refs_of(public) == ""
    if change == "export_target":
        last = cli("git", "status", "--json").json()["last_auto_push"]
        assert last["ok"] is False and last["verdict"] == "public"


def test_a_local_folder_anyone_can_read_is_refused_with_the_command_that_fixes_it(cli, tmp_path):
    """A newcomer follows the refusal's own advice ("use a repository on this computer: git init
    --bare ~/备份/mylife.git"); under the usual umask that repository is world-readable, and the
    refusal said again "it is public: make it private on GitHub, Gitee or GitLab". It now says
    that this folder on this computer can be read by every user, and the chmod that fixes it."""
    import shlex
    import shutil

    open_base = Path("/tmp") / f"mylife-open-s23d-{os.getpid()}"
    open_base.mkdir(mode=0o755, exist_ok=True)
    try:
        os.chmod(open_base, 0o755)
        bare = open_base / "life.git"
        git("init", "-q", "--bare", str(bare))
        os.chmod(bare, 0o755)
        cli("init")
        assert cli("git", "enable").returncode == 0
        r = cli("git", "remote", "add", str(bare))
        assert r.returncode == 8 and "Traceback" not in r.stderr
        assert f"拒绝添加：{bare} 是本机上的文件夹，但本机上任何用户都能读取这个文件夹" in r.stderr
        assert f"    chmod -R go-rwx {bare}\n" in r.stderr and "GitHub" not in r.stderr
        doc = cli("git", "remote", "add", str(bare), "--json", env={"MYLIFE_LANG": "en"}).json()["error"]
        assert doc["key"] == "git_remote_public" and doc["params"]["fix"] == f"chmod -R go-rwx {bare}"
        assert "is a folder on this computer" in doc["message"]
        assert cli("git", "status", "--json").json()["remotes"] == []  # nothing added
        subprocess.run(shlex.split(doc["params"]["fix"]), check=True)  # the fix, as given, works
        added = cli("git", "remote", "add", str(bare), "--confirm-private")
        assert added.returncode == 0, added.stderr
        checked = cli("git", "check")  # said "检查 remote 能否被读取": the English word, not the remote
        assert checked.returncode == 0 and "检查 origin 能否被读取" in checked.stderr, checked.stderr
    finally:
        shutil.rmtree(open_base, ignore_errors=True)
