"""Model access through litellm against the fake OpenAI-compatible server on 127.0.0.1.

Settings and keys, streaming, tool calls, fallback endpoints, the Odysseus cooldown (two
consecutive failures rest a host for 20 s; any success clears the count), the read-idle timeout,
the wall-clock deadline, and keys never leaking into messages.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time

import pytest
from fakellm import FakeLLM, Reply, fakellm, fakellm_pair, seed  # noqa: F401

from mylife_core.errors import UsageError
from mylife_core.llm.client import Deadline, ModelClient
from mylife_core.llm.errors import ModelError
from mylife_core.llm.secrets import KeyRing, Redactor, provider_key_env, read_secrets_file
from mylife_core.llm.settings import Endpoint, LLMSettings, load_settings, parse_settings

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")  # litellm's own pydantic deprecations

KEY = "sk-live-abcdefghijklmnop1234"


def settings_for(*servers: FakeLLM, **extra) -> LLMSettings:
    primary, *fallbacks = servers
    return LLMSettings(model="openai/fake-model", api_base=primary.url,
                       fallbacks=[Endpoint(model="openai/fake-model", api_base=s.url, api_key_env="FALLBACK_KEY")
                                  for s in fallbacks], **extra)


def hi() -> list[dict]:
    return [{"role": "user", "content": "你好"}]


# ------------------------------------------------------------------------------------ settings


def test_settings_come_from_config_then_environment_then_command_line(ws, monkeypatch):
    config = ws.config.model_copy(update={"llm": {"model": "deepseek/deepseek-chat", "read_timeout": 5,
                                                   "fallbacks": ["openai/gpt-4o-mini"]}})
    ws.save_config(config)
    s = load_settings(ws)
    assert (s.model, s.api_base, s.read_timeout) == ("deepseek/deepseek-chat", None, 5)
    assert [e.model for e in s.endpoints] == ["deepseek/deepseek-chat", "openai/gpt-4o-mini"]
    monkeypatch.setenv("MYLIFE_MODEL", "openai/local")
    monkeypatch.setenv("MYLIFE_API_BASE", "http://127.0.0.1:9/v1")
    s = load_settings(ws)
    assert (s.model, s.api_base) == ("openai/local", "http://127.0.0.1:9/v1")
    assert load_settings(ws, model="ollama/qwen").model == "ollama/qwen"


def test_no_model_means_not_configured(ws):
    assert not load_settings(ws).configured
    with pytest.raises(UsageError) as info:
        load_settings(ws).primary
    assert "MYLIFE_MODEL" in info.value.render()


@pytest.mark.parametrize("section,setting", [
    ({"model": "x", "api_key": "sk-secret-1234567890"}, "llm.api_key"),
    ({"model": "x", "fallbacks": [{"model": "y", "api_key": "sk-secret-1234567890"}]}, "llm.fallbacks[0].api_key"),
    ({"model": "x", "token": "abc"}, "llm.token"),
])
def test_a_key_in_the_workspace_config_is_refused_without_echoing_it(section, setting):
    with pytest.raises(UsageError) as info:
        parse_settings(section, where="/ws/config.yaml")
    message = info.value.render()
    assert setting in message and "/ws/config.yaml" in message
    assert "sk-secret" not in message and "abc" not in message.replace("api_key_env", "")


def test_a_bad_setting_names_the_setting_and_the_file():
    with pytest.raises(UsageError) as info:
        parse_settings({"model": "x", "read_timeout": -1}, where="/ws/config.yaml")
    assert "llm.read_timeout" in info.value.render() and "/ws/config.yaml" in info.value.render()
    with pytest.raises(UsageError) as info:
        parse_settings({"model": "x", "temprature": 1}, where="/ws/config.yaml")
    assert "llm.temprature" in info.value.render()


def test_secrets_file_is_read_outside_the_workspace_only(tmp_path, ws, monkeypatch):
    secrets = tmp_path / "secrets.env"
    secrets.write_text("# keys\nexport DEEPSEEK_API_KEY='sk-from-file-000000'\nMYLIFE_API_KEY = plain-value-1\n")
    secrets.chmod(0o600)
    values, warnings = read_secrets_file(secrets)
    assert values == {"DEEPSEEK_API_KEY": "sk-from-file-000000", "MYLIFE_API_KEY": "plain-value-1"}
    assert warnings == []
    secrets.chmod(0o644)
    assert read_secrets_file(secrets)[1] == ["secrets_permissions"]

    inside = ws.root / "secrets.env"
    inside.write_text("MYLIFE_API_KEY=x\n")
    with pytest.raises(UsageError) as info:
        read_secrets_file(inside, workspace_root=ws.root)
    assert "工作区之外" in info.value.render()

    bad = tmp_path / "bad.env"
    bad.write_text("OK=1\nthis line holds sk-do-not-show-me\n")
    with pytest.raises(UsageError) as info:
        read_secrets_file(bad)
    assert "第 2 行" in info.value.render() and "sk-do-not-show-me" not in info.value.render()


def test_keys_are_looked_up_per_endpoint(monkeypatch):
    monkeypatch.setenv("MYLIFE_API_KEY", "primary-key-123")
    ring = KeyRing(secrets={"DEEPSEEK_API_KEY": "ds-key-456", "OTHER": "other-789"})
    assert ring.key_for(Endpoint(model="deepseek/deepseek-chat"), primary=True) == "primary-key-123"
    # a fallback never receives the primary's key
    assert ring.key_for(Endpoint(model="deepseek/deepseek-chat"), primary=False) == "ds-key-456"
    assert ring.key_for(Endpoint(model="openai/x", api_key_env="OTHER"), primary=False) == "other-789"
    assert ring.key_for(Endpoint(model="ollama/qwen"), primary=False) is None
    assert provider_key_env("gpt-4o") == "OPENAI_API_KEY"


def test_redactor_scrubs_configured_and_bearer_keys():
    redact = Redactor([KEY])
    text = f"401 for key {KEY}; header Authorization: Bearer abcdefghijkl9999; other sk-zzzzzzzzzzzz"
    cleaned = redact(text)
    assert KEY not in cleaned and "abcdefghijkl9999" not in cleaned and "sk-zzzzzzzzzzzz" not in cleaned


def test_a_url_is_named_without_its_password_or_token():
    """One function masks a URL's credentials (mylife_core.safeurl), used by an endpoint's label
    and by the Redactor for text that quotes a URL (a library's or a proxy's error message)."""
    from mylife_core.safeurl import safe_url, scrub_urls

    assert safe_url("http://alice:Pw-S3cr3t-4711@127.0.0.1:8080/v1") == "http://***@127.0.0.1:8080/v1"
    assert safe_url("https://tok-abcdefgh@proxy.example/v1") == "https://***@proxy.example/v1"
    assert safe_url("https://h.example/v1?api_key=K-123456&model=x#access_token=T-9") == \
        "https://h.example/v1?api_key=***&model=x#access_token=***"
    assert safe_url("ssh://git@host.example/life.git") == "ssh://git@host.example/life.git"
    assert safe_url("http://127.0.0.1:11434/v1") == "http://127.0.0.1:11434/v1"
    label = Endpoint(model="openai/x", api_base="http://alice:Pw-S3cr3t-4711@127.0.0.1:8080/v1?token=T-0000001").label
    assert label == "openai/x @ http://***@127.0.0.1:8080/v1?token=***"
    quoted = "APIConnectionError: cannot reach 'http://alice:Pw-S3cr3t-4711@127.0.0.1:8080/v1/chat/completions'"
    assert "Pw-S3cr3t-4711" not in scrub_urls(quoted) and "127.0.0.1:8080" in scrub_urls(quoted)
    assert "Pw-S3cr3t-4711" not in Redactor()(quoted)


PASSWORD = "Pw-S3cr3t-4711"


def _files_holding(root, needle: str) -> list[str]:
    return sorted(str(p.relative_to(root)) for p in root.rglob("*")
                  if p.is_file() and needle.encode() in p.read_bytes())


def _env_with_password(fakellm: FakeLLM) -> dict:
    env = fakellm.env()
    host = env["MYLIFE_API_BASE"].split("//", 1)[1]
    env["MYLIFE_API_BASE"] = f"http://alice:{PASSWORD}@{host}"
    return env


def test_a_password_in_the_api_base_reaches_neither_the_chain_nor_the_screen(ws, cli, fakellm):
    s = seed(ws)
    fakellm.script(Reply(text=f"你在连续加班三周时说想辞职 [{s.quit}]。\n真正要解的问题是什么？\n"))
    out = cli("ask", "我该不该辞职？", env=_env_with_password(fakellm))
    assert out.returncode == 0, out.stderr
    assert PASSWORD not in out.stdout + out.stderr
    assert _files_holding(ws.root, PASSWORD) == []
    chains = list((ws.root / "index" / "chains").glob("*.jsonl"))
    assert chains and "http://***@127.0.0.1" in chains[0].read_text(encoding="utf-8")  # named, not dropped


def test_a_password_in_the_api_base_stays_out_of_errors_and_the_cooldown_file(ws, cli, fakellm):
    """The endpoint fails, and its server (say a proxy) quotes the URL it was asked, password
    and all: the message the user sees and ``cache/llm-cooldown.json`` hold neither."""
    seed(ws)
    url = _env_with_password(fakellm)["MYLIFE_API_BASE"]
    fakellm.default = Reply(status=502, error=f"upstream {url}/chat/completions refused; password {PASSWORD}")
    out = cli("ask", "我该不该辞职？", env=_env_with_password(fakellm))
    assert "模型调用失败" in out.stdout + out.stderr
    assert PASSWORD not in out.stdout + out.stderr
    assert _files_holding(ws.root, PASSWORD) == []
    cooldown = json.loads((ws.root / "cache" / "llm-cooldown.json").read_text(encoding="utf-8"))
    assert [label.split(" @ ")[1].split("@")[0] for label in cooldown["endpoints"]] == ["http://***"]


def test_importing_mylife_does_not_import_litellm(tmp_path):
    code = ("import sys, mylife_core.llm, mylife_core.pipeline.ask, mylife_core.tools.catalog;"
            "from mylife_core.cli import build_cli; build_cli();"
            "print('litellm' in sys.modules)")
    env = {k: v for k, v in os.environ.items() if not k.startswith("MYLIFE_")}
    env["MYLIFE_LOAD_PLUGINS"] = ""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "False"


# ------------------------------------------------------------------------------------ calls


def test_streams_text_and_sends_the_key(fakellm, monkeypatch):
    monkeypatch.setenv("MYLIFE_API_KEY", KEY)
    fakellm.script(Reply(text="第一句。第二句。", chunk=2))
    pieces: list[str] = []
    turn = ModelClient(settings_for(fakellm)).complete(hi(), on_text=pieces.append)
    assert turn.text == "第一句。第二句。"
    assert len(pieces) > 3  # it really streamed, in small pieces
    assert turn.finish_reason == "stop" and turn.usage["total_tokens"] == 15
    request = fakellm.requests[0]
    assert request.headers["authorization"] == f"Bearer {KEY}"
    assert request.body["stream"] is True


def test_tool_calls_are_accumulated_from_the_stream(fakellm):
    fakellm.script(Reply(tool_calls=[("mylife_recall", {"query": "跳槽", "k": 3}), ("mylife_trace", {"target": "c"})]))
    tools = [{"type": "function", "function": {"name": "mylife_recall", "parameters": {"type": "object"}}}]
    turn = ModelClient(settings_for(fakellm)).complete(hi(), tools=tools)
    assert [(c.name, c.arguments) for c in turn.tool_calls] == [
        ("mylife_recall", '{"query": "跳槽", "k": 3}'), ("mylife_trace", '{"target": "c"}')]
    assert turn.finish_reason == "tool_calls"
    assert fakellm.requests[0].tool_names == ["mylife_recall"]


def test_failing_first_endpoint_falls_back_and_the_fallback_gets_its_own_key(fakellm_pair, monkeypatch):
    primary, fallback = fakellm_pair
    monkeypatch.setenv("MYLIFE_API_KEY", "primary-secret-1234")
    monkeypatch.setenv("FALLBACK_KEY", "fallback-secret-5678")
    primary.default = Reply(status=503, error="overloaded")
    fallback.script(Reply(text="来自备用端点。"))
    turn = ModelClient(settings_for(primary, fallback)).complete(hi())
    assert turn.text == "来自备用端点。"
    assert turn.endpoint_index == 1 and fallback.url in turn.endpoint
    assert len(primary.requests) == 1
    assert fallback.requests[0].headers["authorization"] == "Bearer fallback-secret-5678"


def test_an_unreachable_endpoint_falls_back_too(fakellm):
    with socket.socket() as sock:  # a port that was free a moment ago: connection refused
        sock.bind(("127.0.0.1", 0))
        dead_url = f"http://127.0.0.1:{sock.getsockname()[1]}/v1"
    fakellm.script(Reply(text="ok"))
    s = LLMSettings(model="openai/fake-model", api_base=dead_url,
                    fallbacks=[Endpoint(model="openai/fake-model", api_base=fakellm.url)])
    assert ModelClient(s).complete(hi()).text == "ok"


def test_cooldown_after_two_consecutive_failures(fakellm_pair):
    primary, fallback = fakellm_pair
    primary.default = Reply(status=503)
    fallback.default = Reply(text="B")
    client = ModelClient(settings_for(primary, fallback))
    for _ in range(4):
        assert client.complete(hi()).text == "B"
    # failures 1 and 2 reached the primary; then it rested and was not asked again
    assert len(primary.requests) == 2
    assert len(fallback.requests) == 4
    assert client.cooling_down() == [client.endpoints[0].label]


def test_a_success_clears_the_failure_count(fakellm_pair):
    primary, fallback = fakellm_pair
    primary.script(Reply(status=503), Reply(text="A"), Reply(status=503), Reply(text="A again"),
                   Reply(status=503), Reply(status=503), Reply(text="never asked"))
    fallback.default = Reply(text="B")
    client = ModelClient(settings_for(primary, fallback))
    answers = [client.complete(hi()).text for _ in range(7)]
    # fail, success, fail, success: never two in a row, so the primary never rests ...
    assert answers[:4] == ["B", "A", "B", "A again"]
    # ... then two consecutive failures: it rests, the last call goes straight to the fallback
    assert answers[4:] == ["B", "B", "B"]
    assert len(primary.requests) == 6


def test_a_lone_endpoint_failing_is_a_clear_error_without_the_key(fakellm, monkeypatch):
    monkeypatch.setenv("MYLIFE_API_KEY", KEY)
    fakellm.default = Reply(status=500, error=f"upstream rejected key {KEY}")
    with pytest.raises(ModelError) as info:
        ModelClient(settings_for(fakellm)).complete(hi())
    message = info.value.render()
    assert info.value.key == "llm_unavailable"
    assert fakellm.url in message
    assert KEY not in message and KEY not in str(info.value.to_json())


def test_authentication_failure_says_where_to_put_the_key(fakellm):
    fakellm.default = Reply(status=401, error="invalid api key")
    with pytest.raises(ModelError) as info:
        ModelClient(settings_for(fakellm)).complete(hi())
    assert info.value.key == "llm_auth"
    assert "MYLIFE_API_KEY" in info.value.render()


def test_a_stream_that_stalls_hits_the_read_idle_timeout(fakellm):
    fakellm.script(Reply(text="开始回答，然后", chunk=3, stall_after=3, stall=30))
    client = ModelClient(settings_for(fakellm, read_timeout=1.0, deadline=20))
    started = time.monotonic()
    with pytest.raises(ModelError) as info:
        client.complete(hi())
    elapsed = time.monotonic() - started
    assert info.value.key == "llm_stalled"
    assert 0.9 < elapsed < 6
    assert "1 秒" in info.value.render()


def test_silence_before_the_first_token_falls_back(fakellm_pair):
    primary, fallback = fakellm_pair
    primary.script(Reply(text="x", stall_after=0, stall=30))
    fallback.script(Reply(text="备用"))
    client = ModelClient(settings_for(primary, fallback, read_timeout=1.0, deadline=20))
    assert client.complete(hi()).text == "备用"


def test_the_deadline_stops_a_stream_that_never_stalls_but_never_ends(fakellm):
    # a chunk every 0.3 s never trips the 2 s idle timeout, but the answer may not take 1.5 s
    fakellm.script(Reply(text="慢" * 200, chunk=1, delay=0.3))
    client = ModelClient(settings_for(fakellm, read_timeout=2.0))
    started = time.monotonic()
    with pytest.raises(ModelError) as info:
        client.complete(hi(), deadline=Deadline(1.5))
    assert info.value.key == "llm_deadline"
    assert time.monotonic() - started < 3


def test_the_deadline_is_shared_by_every_call_of_an_answer(fakellm):
    fakellm.default = Reply(text="ok")
    client = ModelClient(settings_for(fakellm))
    deadline = Deadline(0.2)
    client.complete(hi(), deadline=deadline)
    time.sleep(0.25)
    with pytest.raises(ModelError) as info:
        client.complete(hi(), deadline=deadline)
    assert info.value.key == "llm_deadline"
    assert len(fakellm.requests) == 1


def test_the_cooldown_is_shared_through_its_file(fakellm, tmp_path):
    """Two clients (as two processes would) share one cooldown book in a file."""
    from mylife_core.llm.cooldown import CooldownBook

    fakellm.default = Reply(status=503, error="overloaded")
    path = tmp_path / "cache" / "llm-cooldown.json"
    settings = settings_for(fakellm)
    for _ in range(2):
        with pytest.raises(ModelError):
            ModelClient(settings, cooldowns=CooldownBook(path, failures=2, seconds=20)).complete(hi())
    other = ModelClient(settings, cooldowns=CooldownBook(path, failures=2, seconds=20))
    assert other.cooling_down() == [other.label]
    with pytest.raises(ModelError) as info:
        other.complete(hi())
    assert info.value.key == "llm_cooling" and "20 秒" in info.value.render()
    assert len(fakellm.requests) == 2  # the resting endpoint was not asked again
    path.write_text("{not json")  # a damaged cache file counts as empty, and is rewritten
    assert other.cooling_down() == []
    fakellm.default = Reply(text="好了")
    assert other.complete(hi()).text == "好了"
    CooldownBook(path).failed(other.label)
    assert json.loads(path.read_text())["endpoints"][other.label]["failures"] == 1
