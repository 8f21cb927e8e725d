"""The review page's proposals: extraction field proposals and a model's digest original, made by
the fake OpenAI-compatible server (tests/fakellm) through ``mylife extract`` / ``mylife digest``
and decided on /review (route tests with Starlette's TestClient, and in Debian's chromium)."""

from __future__ import annotations

import html
import json
from pathlib import Path

import pytest
from fakellm import Reply, fakellm  # noqa: F401

from mylife_core.pipeline.proposals import PATH
from mylife_core.testing import plugin_host, run_cli
from mylife_core.workspace import Workspace

from .conftest import field_value, form_block, shot
from .test_routes import snapshot

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

NOTE = "又和老板谈了一次。\n月薪涨到 23000 了。\n房租三千五。\n"


def open_ws(root: Path) -> Workspace:
    return Workspace.open(root, plugins=plugin_host())


def propose(root: Path, fake) -> tuple[str, list[str]]:
    """A note recorded, then ``mylife extract --defer`` against the fake model: two field proposals."""
    with open_ws(root) as ws:
        rec = ws.raw.record(NOTE.encode(), topic="职业去留", actor="user")
    fake.script(Reply(text=json.dumps({"claims": [], "fields": [
        {"name": "月税后收入", "value": 23000, "line": "L2"},
        {"name": "房租", "value": 3500, "line": "L3"}]}, ensure_ascii=False)))
    out = run_cli(["extract", rec.file, "--defer", "--json"], workspace=root, env=fake.env(), load_plugins="")
    assert out.returncode == 0, out.stderr
    ids = [f["proposal"] for f in out.json()["fields"]]
    assert all(ids)
    return rec.file, ids


def test_review_shows_field_proposals_with_the_users_line_hash_checked(panel, demo: Path, fakellm):
    file, ids = propose(demo, fakellm)
    html = panel.get("/review").text
    for pid in ids:
        assert f'id="card-{pid}"' in html and f"/proposals/{pid}/accept" in html
    assert "档案 月税后收入 = 23000" in html and "月薪涨到 23000 了。" in html and f"{file}#L2" in html
    assert "原话核对一致" in html
    home = panel.get("/").text
    assert "2 条提议等待确认" in home and 'href="/review#h-proposals"' in home


def test_extracted_claims_nobody_confirmed_wait_on_the_review_page(panel, demo: Path, fakellm):
    """Promise 2: a fact or assessment ``mylife extract`` proposed without the user's yes (here
    ``--defer``) is a candidate; the review page shows it with the user's line, and accepting it
    there puts it in force (actor ``user``)."""
    with open_ws(demo) as ws:
        rec = ws.raw.record(NOTE.encode(), topic="职业去留", actor="user")
    fakellm.script(Reply(text=json.dumps({"claims": [{"claim": "月薪涨到 23000", "kind": "fact", "lines": "L2"}],
                                          "fields": []}, ensure_ascii=False)))
    out = run_cli(["extract", rec.file, "--defer", "--json"], workspace=demo, env=fakellm.env(), load_plugins="")
    assert out.returncode == 0, out.stderr
    (claim,) = out.json()["candidates"]
    assert (claim["kind"], claim["status"]) == ("fact", "candidate")
    page = panel.get("/review").text
    assert f'id="card-{claim["id"]}"' in page and f"/claims/{claim['id']}/accept" in page
    assert "月薪涨到 23000 了。" in page and f"{rec.file}#L2" in page
    r = panel.post(f"/claims/{claim['id']}/accept", {"next": "/review"})
    assert r.status_code == 303
    with open_ws(demo) as ws:
        assert ws.claims.get(claim["id"]).status == "active"
        last = ws.audit.tail(1)[0]
    assert (last.actor, last.action, last.target) == ("user", "claim.accept", claim["id"])


def test_a_hosts_profile_value_is_reviewed_as_a_proposal(panel, demo: Path):
    """A host's model gives a profile value over MCP (``mylife_profile_update``): the profile is
    unchanged and the value waits on /review with the user's line it cites; the user accepts it
    there."""
    from mylife_core.tools import call_tool

    with open_ws(demo) as ws:
        rec = ws.raw.record(NOTE.encode(), topic="职业去留", actor="user")
        before = (demo / "profile.yaml").read_bytes()
        out = call_tool(ws, "mylife_profile_update", {"name": "月税后收入", "value": 23000,
                                                      "provenance": f"{rec.file}#L2"}, actor="model via MCP")
        assert out.ok, out.error
    pid = out.result["proposal"]
    assert (demo / "profile.yaml").read_bytes() == before
    page = panel.get("/review").text
    assert f'id="card-{pid}"' in page and "档案 月税后收入 = 23000" in page and "月薪涨到 23000 了。" in page
    r = panel.post(f"/proposals/{pid}/accept", {"next": "/review"})
    assert r.status_code == 303
    with open_ws(demo) as ws:
        field = ws.profile.fields()["月税后收入"]
        assert (field.value, field.source, field.provenance) == (23000, "user_raw", f"{rec.file}#L2")


def test_accept_reject_dispute_a_proposal_with_actor_user(panel, demo: Path, fakellm):
    _, (income, rent) = propose(demo, fakellm)
    r = panel.post(f"/proposals/{income}/accept", {"next": "/review"})
    assert r.status_code == 303 and r.headers["location"] == "/review"
    with open_ws(demo) as ws:
        assert ws.profile.fields()["月税后收入"].value == 23000
        entries = [(e.actor, e.action, e.target) for e in ws.audit.tail(2)]
    assert entries[-1] == ("user", "proposal.accept", income)
    assert entries[0][:2] == ("user", "profile.set")
    r = panel.post(f"/proposals/{rent}/dispute", {"why": "   "})
    assert r.status_code == 400 and "原因" in r.text
    r = panel.post(f"/proposals/{rent}/dispute", {"why": "那是去年的房租"}, headers={"hx-request": "true"})
    assert r.status_code == 200 and f'id="card-{rent}"' in r.text and "<html" not in r.text
    assert "有异议" in r.text and "那是去年的房租" in r.text
    with open_ws(demo) as ws:
        last = ws.audit.tail(1)[0]
        assert "房租" not in ws.profile.fields() or ws.profile.fields()["房租"].value != 3500
    assert (last.actor, last.action, last.detail.get("why")) == ("user", "proposal.dispute", "那是去年的房租")
    assert "那是去年的房租" in (demo / PATH).read_text(encoding="utf-8")
    assert f'id="card-{income}"' not in panel.get("/review").text  # decided: off the review page


def test_bad_proposal_actions_are_4xx_and_write_nothing(panel, demo: Path, fakellm):
    _, (income, rent) = propose(demo, fakellm)
    panel.post(f"/proposals/{rent}/reject", {})
    before = snapshot(demo)
    cases = [
        ("/proposals/prop-1999-01-01-1/accept", {}, 404, "prop-1999-01-01-1"),
        ("/proposals/not-an-id/accept", {}, 404, "not-an-id"),
        (f"/proposals/{income}/explode", {}, 404, "explode"),
        (f"/proposals/{income}/accept", {"topic": "财务压力"}, 409, "职业去留"),  # another topic's id
        (f"/proposals/{rent}/accept", {}, 409, rent),  # already decided
        (f"/proposals/{income}/dispute", {"why": ""}, 400, income),
    ]
    for path, data, status, says in cases:
        r = panel.post(path, data)
        assert r.status_code == status, (path, r.text[:300])
        assert says in r.text and "Traceback" not in r.text, path
    # a reason typed into a decision that fails is shown again, in the card's form or quoted back
    why = "这个数字是税前的 <不是到手的>"
    r = panel.post(f"/proposals/{income}/dispute", {"topic": "财务压力", "why": why, "next": "/review"})
    assert r.status_code == 409
    block = form_block(r.text, f"/proposals/{income}/dispute")
    assert block is not None and field_value(block, "why") == why and "职业去留" in r.text
    r = panel.post(f"/proposals/{rent}/dispute", {"why": why})  # decided already: no form left to hold it
    assert r.status_code == 409 and why in html.unescape(r.text)
    # a stale CSRF token (another start's) and none at all
    for csrf in ("x" * 43, None):
        r = panel.post(f"/proposals/{income}/accept", {}, csrf=csrf)
        assert r.status_code == 403
    # a GET is not an action
    assert panel.get(f"/proposals/{income}/accept").status_code in (404, 405)
    # bulk: one decided proposal among them refuses the whole selection
    r = panel.client.post("/review/accept", data={"csrf": panel.csrf, "ids": [income, rent]}, follow_redirects=False)
    assert r.status_code == 409
    assert snapshot(demo) == before


def test_bulk_accept_of_candidates_and_proposals_together(panel, demo: Path, fakellm):
    _, ids = propose(demo, fakellm)
    with open_ws(demo) as ws:
        cands = [c.id for c in ws.claims.query(status="candidate")]
    r = panel.client.post("/review/accept", data={"csrf": panel.csrf, "ids": [*ids, *cands]},
                          follow_redirects=False)
    assert r.status_code == 303
    with open_ws(demo) as ws:
        assert ws.claims.query(status="candidate") == []
        fields = ws.profile.fields()
        assert (fields["月税后收入"].value, fields["房租"].value) == (23000, 3500)
        actions = [(e.actor, e.action) for e in ws.audit.all()]
    assert actions.count(("user", "proposal.accept")) == 2
    assert actions.count(("user", "claim.accept")) >= len(cands)
    assert "没有等待确认的证据或推断" in panel.get("/review").text


def test_a_digest_proposal_shows_the_changes_and_the_lines_they_cite(panel, demo: Path, fakellm):
    with open_ws(demo) as ws:
        ws.save_config(ws.config.model_copy(update={"llm": {"model": "openai/fake-model", "api_base": fakellm.url}}))
        claim = ws.claims.query(status="active", topic="职业去留", kind="fact")[0]
        line = ws.raw.line_text(claim.pointer).strip()
        text = ws.digests.read("职业去留")
    assert text is not None
    r = panel.post("/digests/" + "职业去留", {"body": f"我自己的总结 [{claim.id}]。"})
    assert r.status_code == 303
    fakellm.script(Reply(text=f"{claim.claim} [{claim.id}]"))  # a restatement: the judging rule keeps it
    out = run_cli(["digest", "职业去留", "--json"], workspace=demo, env=fakellm.env(), load_plugins="")
    assert out.returncode == 0, out.stderr
    html = panel.get("/review").text
    assert "我自己的总结" in html and "模型原稿" in html and f"/claims/{claim.id}" in html and line in html
    with open_ws(demo) as ws:
        from mylife_core.pipeline.proposals import Proposals

        (p,) = Proposals(ws).pending(kind="digest")
    r = panel.post(f"/proposals/{p.id}/reject", {"why": "我的说法更准确"})
    assert r.status_code == 303
    with open_ws(demo) as ws:
        assert "我自己的总结" in ws.digests.read("职业去留")
        assert ws.audit.tail(1)[0].action == "proposal.reject"


def test_accept_an_extraction_proposal_in_the_browser(serve, page, demo: Path, fakellm):
    _, (income, rent) = propose(demo, fakellm)
    with open_ws(demo) as ws:
        before = ws.profile.fields().get("月税后收入")
    info = serve()
    page.goto(info["url"])
    base = info["url"].split("/?")[0]
    page.goto(base + "/review")
    card = page.locator(f"#card-{income}")
    assert "月薪涨到 23000 了。" in card.inner_text() and "原话核对一致" in card.inner_text()
    shot(page, "review-proposals")
    card.locator("button.accept").click()
    page.locator(f"#card-{income} .done").wait_for()
    assert "已接受" in page.locator(f"#card-{income}").inner_text()
    with open_ws(demo) as ws:
        field = ws.profile.fields()["月税后收入"]
        tail = [(e.actor, e.action, e.target) for e in ws.audit.tail(2)]
    assert field.value == 23000 and (before is None or before.value != 23000)
    assert tail[-1] == ("user", "proposal.accept", income) and tail[0][:2] == ("user", "profile.set")
    page.goto(base + "/profile/" + "月税后收入")
    assert "23000" in page.content()
    page.goto(base + "/")
    recent = page.locator("table.audit").inner_text()
    assert "接受提议" in recent and "你" in recent  # the action and who, by name (s26c)
    assert page.errors == [], page.errors


def test_bulk_accept_refused_by_an_outside_edit_writes_nothing(panel, demo: Path, fakellm):
    """index/proposals.yaml edited outside MyLife: selecting candidates and proposals together is
    refused whole (409, "nothing was written"), and truly nothing is: no candidate accepted first."""
    _, ids = propose(demo, fakellm)
    with open_ws(demo) as ws:
        cands = [c.id for c in ws.claims.query(status="candidate")]
    path = demo / PATH
    path.write_text(path.read_text(encoding="utf-8") + "# 我的备注\n", encoding="utf-8")
    before = snapshot(demo)
    r = panel.client.post("/review/accept", data={"csrf": panel.csrf, "ids": [*cands, *ids]}, follow_redirects=False)
    assert r.status_code == 409 and "index/proposals.yaml" in r.text
    assert snapshot(demo) == before
    with open_ws(demo) as ws:
        assert sorted(c.id for c in ws.claims.query(status="candidate")) == sorted(cands)


def test_a_digest_revision_refused_by_an_outside_edit_keeps_the_text_and_writes_nothing(panel, demo: Path, fakellm):
    with open_ws(demo) as ws:
        ws.save_config(ws.config.model_copy(update={"llm": {"model": "openai/fake-model", "api_base": fakellm.url}}))
        claim = ws.claims.query(status="active", topic="职业去留", kind="fact")[0]
    assert panel.post("/digests/职业去留", {"body": f"我自己的总结 [{claim.id}]。"}).status_code == 303
    fakellm.script(Reply(text=f"{claim.claim} [{claim.id}]"))
    assert run_cli(["digest", "职业去留", "--json"], workspace=demo, env=fakellm.env(), load_plugins="").returncode == 0
    path = demo / PATH
    path.write_text(path.read_text(encoding="utf-8") + "# 我的备注\n", encoding="utf-8")
    before = snapshot(demo)
    typed = f"第二次修订：我的话 [{claim.id}]。"
    r = panel.post("/digests/职业去留", {"body": typed})
    assert r.status_code == 409 and "index/proposals.yaml" in r.text
    assert typed in html.unescape(r.text)  # what was typed comes back
    assert snapshot(demo) == before


def test_a_revision_sent_from_a_page_that_no_longer_shows_the_digest_writes_nothing(panel, demo: Path, fakellm):
    """The digest page is opened, then the CLI writes a new model original (a pending proposal):
    the revision typed on the old page would answer an original the user never saw. It is refused
    (409, nothing written, the proposal still pending), the page comes back showing the new original
    with the typed revision kept; sent again from there, it is saved."""
    with open_ws(demo) as ws:
        ws.save_config(ws.config.model_copy(update={"llm": {"model": "openai/fake-model", "api_base": fakellm.url}}))
        claim = ws.claims.query(status="active", topic="职业去留", kind="fact")[0]
    assert panel.post("/digests/职业去留", {"body": f"我自己的总结 [{claim.id}]。"}).status_code == 303
    page = panel.get("/digests/职业去留").text
    block = form_block(page, "/digests/%E8%81%8C%E4%B8%9A%E5%8E%BB%E7%95%99")
    assert block is not None
    seen = field_value(block, "seen")
    assert seen
    fakellm.script(Reply(text=f"模型的新原稿：{claim.claim} [{claim.id}]"))
    assert run_cli(["digest", "职业去留", "--json"], workspace=demo, env=fakellm.env(), load_plugins="").returncode == 0
    before = snapshot(demo)
    typed = f"基于旧页面的修订 [{claim.id}]。"
    r = panel.post("/digests/职业去留", {"body": typed, "seen": seen})
    assert r.status_code == 409 and snapshot(demo) == before
    again = form_block(r.text, "/digests/%E8%81%8C%E4%B8%9A%E5%8E%BB%E7%95%99")
    assert again is not None and field_value(again, "body").strip() == typed
    assert "模型的新原稿" in html.unescape(r.text)  # the page now shows what changed
    with open_ws(demo) as ws:
        from mylife_core.pipeline.proposals import Proposals

        assert len(Proposals(ws).pending(kind="digest")) == 1
    r = panel.post("/digests/职业去留", {"body": typed, "seen": field_value(again, "seen")})
    assert r.status_code == 303
    with open_ws(demo) as ws:
        assert typed.strip() in ws.digests.read("职业去留")


def test_a_field_proposal_shows_the_value_it_replaces_now(panel, demo: Path, fakellm):
    """The field changed after the proposal was made (the CLI set it the same day): the card says
    what accepting replaces now, not the value the field had when the model proposed it."""
    _, (income, _) = propose(demo, fakellm)
    with open_ws(demo) as ws:
        old = ws.profile.get("月税后收入").value
    assert old != 21000 and f"现在是 {old}" in form_card(panel.get("/review").text, income)
    res = run_cli(["profile", "set", "月税后收入", "21000"], workspace=demo)
    assert res.returncode == 0, res.stderr
    card = form_card(panel.get("/review").text, income)
    assert "现在是 21000" in card and f"现在是 {old}" not in card


def form_card(page: str, pid: str) -> str:
    import re

    found = re.search(r'<article[^>]*id="card-' + re.escape(pid) + r'".*?</article>', page, re.S)
    assert found, pid
    return html.unescape(found.group(0))


GUITAR = "这学期开始学吉他。\n吉他课时费每节 260 元。\n"


def propose_new_field(root: Path, fake) -> tuple[str, str]:
    """``mylife extract --defer`` proposing a field no dictionary or rule knows: the model is
    asked its TTL when the proposal is stored (the reply after the extraction's)."""
    with open_ws(root) as ws:
        rec = ws.raw.record(GUITAR.encode(), topic="爱好", actor="user")
    fake.script(Reply(text=json.dumps({"claims": [], "fields": [
        {"name": "吉他课时费", "value": 260, "line": "L2"}]}, ensure_ascii=False)),
        Reply(text='{"ttl_days": 120, "reason": "课时费一般每学期调整一次"}'))
    out = run_cli(["extract", rec.file, "--defer", "--json"], workspace=root, env=fake.env(), load_plugins="")
    assert out.returncode == 0, out.stderr
    (field,) = out.json()["fields"]
    assert field["status"] == "pending" and field["proposal"]
    return rec.file, field["proposal"]


def test_a_new_fields_card_shows_the_ttl_accepting_writes_without_asking_a_model(panel, demo: Path, fakellm,
                                                                                   monkeypatch):
    """The card of a proposed new field said 推断的有效期 without the number (working it out on
    every load could call the model). The TTL is inferred once, when the proposal is stored, and
    kept in it: the card and `mylife proposal show` show it with its reason, the page asks no
    model, and accepting writes exactly that TTL (the model is not asked again)."""
    _, pid = propose_new_field(demo, fakellm)
    asked = len(fakellm.requests)
    assert asked == 2  # the extraction, then the TTL of the new field
    for key, value in fakellm.env().items():  # the panel has a model it could ask
        monkeypatch.setenv(key, value)
    fakellm.script(Reply(text='{"ttl_days": 7, "reason": "不该被问到"}'))
    card = form_card(panel.get("/review").text, pid)
    assert "120 天" in card and "课时费一般每学期调整一次" in card, card
    shown = run_cli(["proposal", "show", pid], workspace=demo, env=fakellm.env())
    assert shown.returncode == 0 and "120 天" in shown.stdout and "课时费一般每学期调整一次" in shown.stdout, shown
    assert len(fakellm.requests) == asked  # showing it asked no model
    r = panel.post(f"/proposals/{pid}/accept", {"next": "/review"})
    assert r.status_code == 303, r.text[:400]
    assert len(fakellm.requests) == asked  # nor did accepting it
    with open_ws(demo) as ws:
        field = ws.profile.get("吉他课时费")
    assert (field.value, field.ttl_days, field.ttl_source) == (260, 120, "model")
    assert "课时费一般每学期调整一次" in (field.ttl_reason or "")


def test_an_older_proposal_without_a_kept_ttl_shows_what_the_rules_say_or_that_it_is_inferred_at_acceptance(
        panel, demo: Path, fakellm, monkeypatch):
    """A proposal stored before its TTL was kept: the page asks no model for it. It shows what a
    rule says (房租: a year) and accepting writes that; a field no rule knows says plainly that
    its TTL is inferred when it is accepted."""
    import yaml

    _, (_, rent) = propose(demo, fakellm)
    _, guitar = propose_new_field(demo, fakellm)
    path = demo / PATH
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    for p in data["proposals"]:
        p.pop("ttl", None)
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    kept = run_cli(["verify", "--accept", PATH], workspace=demo)  # the older file, as it was
    assert kept.returncode == 0, kept.stderr
    asked = len(fakellm.requests)
    for key, value in fakellm.env().items():  # the panel has a model it could ask
        monkeypatch.setenv(key, value)
    fakellm.script(Reply(text='{"ttl_days": 7, "reason": "不该被问到"}'))
    page = panel.get("/review").text
    card = form_card(page, rent)
    assert "365 天" in card and "房租通常按年签约" in card, card
    card = form_card(page, guitar)
    assert "接受时推断" in card and "120 天" not in card and "不该被问到" not in card, card
    assert len(fakellm.requests) == asked  # the page asked no model
    r = panel.post(f"/proposals/{rent}/accept", {"next": "/review"})
    assert r.status_code == 303, r.text[:400]
    with open_ws(demo) as ws:
        assert ws.profile.get("房租").ttl_days == 365


def test_a_proposal_that_can_no_longer_be_accepted_says_why_and_offers_no_accept(panel, demo: Path, fakellm):
    """The line a field proposal cites was edited since (its hash differs): accepting it is refused,
    yet its card offered 接受 and the box to select it for 接受选中的项, so the click, or the whole
    selection, met a 409. The card now says why it cannot be accepted (the refusal the decision
    would meet) and offers reject and dispute only; the other proposal is unchanged."""
    file, (income, rent) = propose(demo, fakellm)
    path = demo / file
    path.write_bytes(path.read_bytes().replace("房租三千五。".encode(), "房租四千。".encode()))
    html_ = panel.get("/review").text
    card = html_.split(f'id="card-{rent}"', 1)[1].split("</article>", 1)[0]
    assert f"/proposals/{rent}/accept" not in card
    assert f'value="{rent}" form="bulk"' not in card
    assert f"/proposals/{rent}/reject" in card and f"/proposals/{rent}/dispute" in card
    assert "不能接受" in html.unescape(card) and f"{file}#L3" in card
    other = html_.split(f'id="card-{income}"', 1)[1].split("</article>", 1)[0]
    assert f'formaction="/proposals/{income}/accept"' in other and f'value="{income}" form="bulk"' in other
    assert "不能接受" not in html.unescape(other)


def test_a_field_proposal_of_a_line_a_model_wrote_says_so_and_is_not_kept_as_the_users(panel, demo: Path):
    """Issue s29mcp.1: the line a host's profile value cites was recorded by a model over MCP. Its
    card says a model wrote it and what accepting records; accepted, the field's source is the
    model's (``mcp``), never ``user_raw`` (你的原话)."""
    from mylife_core.tools import call_tool

    with open_ws(demo) as ws:
        rec = ws.raw.record("我月收入五万，现有存款一百万\n".encode(), topic="职业去留", source="mcp",
                            actor="model via MCP")
        out = call_tool(ws, "mylife_profile_update", {"name": "月收入", "value": "50000",
                                                      "provenance": f"{rec.file}#L1"}, actor="model via MCP")
        assert out.ok, out.error
    pid = out.result["proposal"]
    card = html.unescape(panel.get("/review").text.split(f'id="card-{pid}"', 1)[1].split("</article>", 1)[0])
    assert "我月收入五万" in card and "这行原文是模型写入的（经 MCP 接入的模型），不是你自己写下的" in card, card
    assert "来源记为「经 MCP 的 AI 助手」，不算你的原话" in card
    # accepted with the card's box ticked (a model's line: tests/web/test_model_line_proposals.py)
    assert panel.post(f"/proposals/{pid}/accept", {"next": "/review", "model_line": pid}).status_code == 303
    with open_ws(demo) as ws:
        field = ws.profile.fields()["月收入"]
        assert (field.value, field.source, field.provenance) == (50000, "mcp", f"{rec.file}#L1")
    main = panel.get("/profile/月收入").text.split('id="main"', 1)[1]
    assert "你的原话" not in main and "经 MCP 的 AI 助手" in main, main


def test_a_hosts_digest_is_a_proposal_on_the_review_page_until_accepted(panel, demo: Path):
    """Issue s29mcp.2: a digest a host's model gives (``mylife_digest`` over MCP) writes nothing
    under ``digest/``: its card on /review shows what it would change against the user's revision
    in force; accepted there it is the digest in force, the revision it replaces kept word for word
    (in the proposal and in ``digest/history/``). One proposed before the digest changed cannot be
    accepted, and its card says why."""
    from mylife_core.pipeline.proposals import Proposals
    from mylife_core.tools import call_tool

    with open_ws(demo) as ws:
        claim = ws.claims.query(status="active", topic="职业去留", kind="fact")[0]
    assert panel.post("/digests/职业去留", {"body": f"我自己的总结 [{claim.id}]。"}).status_code == 303
    digest_dir = demo / "digest"
    before = {p: p.read_bytes() for p in digest_dir.rglob("*") if p.is_file()}
    with open_ws(demo) as ws:
        out = call_tool(ws, "mylife_digest", {"topic": "职业去留", "text": f"{claim.claim} [{claim.id}]"},
                        actor="model via MCP")
        assert out.ok and out.result["proposed"], out.error
    pid = out.result["proposal"]
    assert {p: p.read_bytes() for p in digest_dir.rglob("*") if p.is_file()} == before  # nothing written
    card = html.unescape(panel.get("/review").text.split(f'id="card-{pid}"', 1)[1].split("</article>", 1)[0])
    assert "提议了一份新摘要，还没有写入" in card and "模型提议：" in card and "你的修订：" in card, card
    assert "我自己的总结" in card and f"/proposals/{pid}/accept" in card
    assert panel.post(f"/proposals/{pid}/accept", {"next": "/review"}).status_code == 303
    with open_ws(demo) as ws:
        text = ws.digests.read("职业去留")
        assert claim.claim in text and "revision: model" in text and "我自己的总结" not in text
        (decided,) = [p for p in Proposals(ws).all() if p.id == pid]
        assert decided.status == "accepted" and "我自己的总结" in (decided.replaced or "")
        kept = ws.digests.history("职业去留")[-1]  # the newest: the revision accepting replaced
        assert "我自己的总结" in (demo / kept["path"]).read_text(encoding="utf-8")

        # proposed, then the digest in force changes: accepting it would replace what was not shown
        again = call_tool(ws, "mylife_digest", {"topic": "职业去留", "text": f"换个说法：{claim.claim} [{claim.id}]"},
                          actor="model via MCP")
        ws.digests.write_revision("职业去留", f"又改了一次 [{claim.id}]。")
    later = again.result["proposal"]
    card = html.unescape(panel.get("/review").text.split(f'id="card-{later}"', 1)[1].split("</article>", 1)[0])
    assert "不能接受" in card and "摘要在提议之后变了" in card and f"/proposals/{later}/accept" not in card, card
    r = run_cli(["proposal", "accept", later], workspace=demo, load_plugins="")
    assert r.returncode != 0 and "摘要在提议之后变了" in r.stderr, r.stdout + r.stderr
