"""Proposals the user did not answer stay pending (``index/proposals.yaml``) and are decided later,
by ``mylife proposal`` or the panel, through one store: extraction field proposals (with the raw
line they rest on, hash-checked) and a model's digest original that differs from the user's
revision. The model is the fake OpenAI-compatible server (tests/fakellm)."""

from __future__ import annotations

import json
import os
import stat

import pytest
from fakellm import Reply, fakellm  # noqa: F401

from mylife_core.errors import Conflict, NotFound, UsageError
from mylife_core.pipeline.extract import extract
from mylife_core.pipeline.proposals import PATH, Proposals

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

NOTE = "今天和老板谈了一次。\n月薪涨到 20000 了。\n房租三千五。\n"


def fields_reply(*fields: dict) -> Reply:
    return Reply(text=json.dumps({"claims": [], "fields": list(fields)}, ensure_ascii=False))


def use_model(ws, fake) -> None:
    ws.save_config(ws.config.model_copy(update={"llm": {"model": "openai/fake-model", "api_base": fake.url}}))


def test_an_unanswered_field_proposal_is_kept_and_accepted_later(ws, fakellm):
    use_model(ws, fakellm)
    rec = ws.raw.record(NOTE.encode(), topic="职业去留")
    fakellm.script(fields_reply({"name": "月税后收入", "value": 20000, "line": "L2"},
                                {"name": "房租", "value": 3500, "line": "L3"}))
    result = extract(ws, rec.file)  # no terminal, no --yes: nothing is applied, both are kept
    ids = [f.id for f in result.fields]
    assert [f.status for f in result.fields] == ["pending", "pending"] and all(ids)
    assert "月税后收入" not in ws.profile.reload().fields
    store = Proposals(ws)
    pending = store.pending()
    assert [(p.id, p.name, p.value, p.provenance) for p in pending] == [
        (ids[0], "月税后收入", 20000, f"{rec.file}#L2"), (ids[1], "房租", 3500, f"{rec.file}#L3")]
    path = ws.root / PATH
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    adds = [e for e in ws.audit.all() if e.action == "proposal.add"]
    assert [(e.actor, e.target) for e in adds] == [("model", ids[0]), ("model", ids[1])]
    assert PATH in adds[-1].files  # verify holds the file to this hash

    # the same proposal from a second run is not stored twice
    fakellm.script(fields_reply({"name": "月税后收入", "value": 20000, "line": "L2"}))
    again = extract(ws, rec.file)
    assert again.fields[0].id == ids[0] and len(store.pending()) == 2

    before, after = store.decide(ids[0], "accept", actor="user")
    assert (before.status, after.status, after.decided_by) == ("pending", "accepted", "user")
    field = ws.profile.reload().fields["月税后收入"]
    assert (field.value, field.source, field.provenance) == (20000, "user_raw", f"{rec.file}#L2")
    assert field.ttl_days == 180  # a new field takes the inferred TTL (the heuristic's)
    last = ws.audit.all()[-1]
    assert (last.actor, last.action, last.target) == ("user", "proposal.accept", ids[0])
    assert any(e.action == "profile.set" and e.actor == "user" and e.target == "月税后收入" for e in ws.audit.all())
    with pytest.raises(Conflict) as info:
        store.decide(ids[0], "reject")
    assert info.value.key == "proposal_decided"
    with pytest.raises(UsageError):
        store.decide(ids[1], "dispute", why="  ")
    store.decide(ids[1], "dispute", why="那是去年的房租")
    assert store.get(ids[1]).status == "disputed" and store.get(ids[1]).why == "那是去年的房租"
    assert "房租" not in ws.profile.reload().fields
    with pytest.raises(NotFound):
        store.get("prop-2000-01-01-9")

    from mylife_core.verify import verify

    assert verify(ws).ok


def test_a_changed_source_line_blocks_acceptance(ws, fakellm):
    use_model(ws, fakellm)
    rec = ws.raw.record(NOTE.encode(), topic="职业去留")
    fakellm.script(fields_reply({"name": "月税后收入", "value": 20000, "line": "L2"}))
    pid = extract(ws, rec.file).fields[0].id
    path = ws.raw.path_of(rec.file)
    os.chmod(path, 0o600)
    path.write_bytes(NOTE.replace("20000", "21000").encode())  # L0 edited behind MyLife's back
    before = (ws.root / PATH).read_bytes()
    with pytest.raises(Conflict) as info:
        Proposals(ws).decide(pid, "accept")
    assert info.value.key == "proposal_source_changed" and rec.file in info.value.render()
    assert (ws.root / PATH).read_bytes() == before and "月税后收入" not in ws.profile.reload().fields


def test_bulk_accept_checks_every_proposal_before_writing(ws, fakellm):
    use_model(ws, fakellm)
    rec = ws.raw.record(NOTE.encode(), topic="职业去留")
    fakellm.script(fields_reply({"name": "月税后收入", "value": 20000, "line": "L2"},
                                {"name": "房租", "value": 3500, "line": "L3"}))
    a, b = (f.id for f in extract(ws, rec.file).fields)
    store = Proposals(ws)
    store.decide(b, "reject")
    with pytest.raises(Conflict):
        store.decide_many([a, b], "accept")
    assert store.get(a).pending and "月税后收入" not in ws.profile.reload().fields


def test_bulk_accept_checks_each_value_against_the_dictionary_before_writing(ws, cli, fakellm, tmp_path_factory):
    """s25b.2: a proposal kept before a field dictionary said what the field takes (installed or
    updated since: career's 工作年限 is now a quantity in 年) was accepted in bulk half way:
    `proposal accept A B` wrote A, then stopped at B's value (工作年限: 很久), though the store
    promises every proposal is checked before anything is written. The value is checked with
    the rest now: nothing written, both pending, the reason said; B alone is refused the same."""
    from lens_support import installed, lens_env

    use_model(ws, fakellm)
    rec = ws.raw.record("房租三千五。\n工作很久了。\n".encode(), topic="职业去留")
    fakellm.script(fields_reply({"name": "房租", "value": 3500, "line": "L1"},
                                {"name": "工作年限", "value": "很久", "line": "L2"}))
    a, b = (f.id for f in extract(ws, rec.file).fields)
    env = lens_env(installed(tmp_path_factory, "mylife-career"))
    before = (ws.root / "profile.yaml").read_bytes()
    both = cli("proposal", "accept", a, b, env=env, load_plugins="mylife-career")
    assert both.returncode == 2 and "「工作年限」要写一个以 年 计的量" in both.stderr, both.stderr
    assert (ws.root / "profile.yaml").read_bytes() == before
    assert Proposals(ws).get(a).pending and Proposals(ws).get(b).pending
    assert cli("proposal", "accept", a, env=env, load_plugins="mylife-career").returncode == 0
    assert ws.profile.reload().fields["房租"].value == 3500
    assert cli("proposal", "reject", b, "--why", "不是年数", env=env, load_plugins="mylife-career").returncode == 0


def _revised_digest(ws, fakellm):
    """A topic whose model digest the user revised; returns the claim it cites."""
    from mylife_core.pipeline.digest import generate, revise

    use_model(ws, fakellm)
    rec = ws.raw.record("月薪涨到 20000 了。\n".encode(), topic="职业去留")
    claim, _ = ws.claims.add(claim="月薪涨到 20000", topic="职业去留", kind="fact", provenance=f"{rec.file}#L1")
    fakellm.script(Reply(text=f"月薪涨到了 20000 [{claim.id}]。"))
    generate(ws, "职业去留")
    revise(ws, "职业去留", f"我自己的说法：月薪两万 [{claim.id}]。")
    return claim


def test_a_model_digest_that_differs_from_the_users_revision_waits_for_the_user(ws, fakellm):
    from mylife_core.pipeline.digest import generate, revise

    claim = _revised_digest(ws, fakellm)
    assert Proposals(ws).pending() == []
    fakellm.script(Reply(text=f"用户的月薪是 20000 [{claim.id}]。"))
    generate(ws, "职业去留")  # the user's revision stays in force; the new original is a proposal
    (p,) = Proposals(ws).pending()
    assert (p.kind, p.topic, p.actor) == ("digest", "职业去留", "model")
    Proposals(ws).decide(p.id, "accept", actor="user")
    meta_body = ws.digests.read("职业去留")
    assert "用户的月薪是 20000" in meta_body and "revision: model" in meta_body
    done = Proposals(ws).get(p.id)
    assert done.status == "accepted" and "我自己的说法" in done.replaced  # the revision is not lost
    # a revision made with a pending original before the user answers it
    revise(ws, "职业去留", f"又改了：两万 [{claim.id}]。")
    fakellm.script(Reply(text=f"月薪 20000 [{claim.id}]。"))
    generate(ws, "职业去留")
    (q,) = Proposals(ws).pending()
    revise(ws, "职业去留", f"再改：两万 [{claim.id}]。")
    assert Proposals(ws).pending() == [] and Proposals(ws).get(q.id).status == "superseded"


def test_the_cli_lists_and_decides_pending_proposals(ws, cli, fakellm):
    rec = ws.raw.record(NOTE.encode(), topic="职业去留")
    fakellm.script(fields_reply({"name": "月税后收入", "value": 20000, "line": "L2"},
                                {"name": "房租", "value": 3500, "line": "L3"}))
    out = cli("extract", rec.file, "--defer", env=fakellm.env())
    assert out.returncode == 0, out.stderr
    assert "mylife proposal accept prop-" in out.stdout
    listed = cli("proposal", "list", "--json").json()
    assert listed["count"] == 2
    first = listed["proposals"][0]
    assert first["source"]["state"] == "ok" and first["source"]["lines"] == [{"line": 2, "text": "月薪涨到 20000 了。"}]
    text = cli("proposal", "list").stdout
    assert "月税后收入 = 20000" in text and "L2: 月薪涨到 20000 了。" in text and "与原文一致" in text
    ids = [p["id"] for p in listed["proposals"]]
    assert cli("proposal", "dispute", ids[1]).returncode == 2  # --why is required
    bad = cli("proposal", "accept", "prop-1999-01-01-1")
    assert bad.returncode != 0 and "prop-1999-01-01-1" in bad.stderr
    ok = cli("proposal", "accept", ids[0], "--json")
    assert ok.returncode == 0, ok.stderr
    assert ok.json()["decided"][0]["status"] == "accepted"
    assert ws.profile.reload().fields["月税后收入"].value == 20000
    assert cli("proposal", "reject", ids[1], "--why", "不对").returncode == 0
    assert cli("proposal", "list", "--json").json()["count"] == 0
    assert cli("proposal", "list", "--all", "--json").json()["count"] == 2
    assert cli("extract", rec.file, "--yes", "--defer", env=fakellm.env()).returncode == 2


def test_proposal_list_by_topic_takes_the_topics_aliases(ws, cli, fakellm, tmp_path_factory):
    """A note filed under ``career`` (the career lens's alias of 职业去留) gives proposals on that
    name: ``proposal list --topic 职业去留`` left them out, while ``claim list --topic 职业去留``
    lists the claims filed under either name. Both names list both now; other topics do not."""
    from lens_support import installed, lens_env

    lenses = lens_env(installed(tmp_path_factory, "mylife-career"))
    run = lambda *a, **kw: cli(*a, env={**lenses, **fakellm.env()}, load_plugins="mylife-career", **kw)  # noqa: E731
    under_alias = ws.raw.record(NOTE.encode(), topic="career")
    under_name = ws.raw.record("房租三千五。\n".encode(), topic="职业去留")
    elsewhere = ws.raw.record("体重七十公斤。\n".encode(), topic="健康")
    fakellm.script(fields_reply({"name": "月税后收入", "value": 20000, "line": "L2"}),
                   fields_reply({"name": "房租", "value": 3500, "line": "L1"}),
                   fields_reply({"name": "体重", "value": 70, "line": "L1"}))
    for rec in (under_alias, under_name, elsewhere):
        assert run("extract", rec.file, "--defer").returncode == 0
    for name in ("career", "职业去留"):
        listed = run("proposal", "list", "--topic", name, "--json").json()
        assert sorted(p["name"] for p in listed["proposals"]) == ["房租", "月税后收入"], (name, listed)
    assert [p["name"] for p in run("proposal", "list", "--topic", "健康", "--json").json()["proposals"]] == ["体重"]


def test_accepting_a_model_digest_keeps_a_revision_whose_front_matter_was_broken_by_hand(ws, fakellm):
    """A digest in force whose front matter no longer parses is the user's text (as the layer reads
    it): accepting the model's original keeps it whole in the proposal."""
    from mylife_core.pipeline.digest import generate

    claim = _revised_digest(ws, fakellm)
    fakellm.script(Reply(text=f"用户的月薪是 20000 [{claim.id}]。"))
    generate(ws, "职业去留")
    (p,) = Proposals(ws).pending()
    in_force = ws.digests.path("职业去留")
    text = in_force.read_text(encoding="utf-8")
    broken = text.replace("revision: user", "revision: [user", 1)  # unbalanced: the YAML no longer parses
    assert broken != text
    in_force.write_text(broken, encoding="utf-8")
    Proposals(ws).decide(p.id, "accept", actor="user")
    done = Proposals(ws).get(p.id)
    assert done.status == "accepted" and done.replaced == broken  # every byte of it kept


def test_a_decision_that_cannot_write_every_file_writes_none(ws, fakellm):
    """Accepting a digest original and a field together when profile.yaml was edited outside
    MyLife: refused before the digest is written (all or nothing, as the error says)."""
    claim = _revised_digest(ws, fakellm)
    fakellm.script(Reply(text=f"用户的月薪是 20000 [{claim.id}]。"))
    from mylife_core.pipeline.digest import generate

    generate(ws, "职业去留")
    (digest,) = Proposals(ws).pending(kind="digest")
    rec = ws.raw.record(NOTE.encode(), topic="职业去留")
    fakellm.script(fields_reply({"name": "房租", "value": 3500, "line": "L3"}))
    (field,) = (f.id for f in extract(ws, rec.file).fields)
    profile = ws.root / "profile.yaml"
    profile.write_text(profile.read_text(encoding="utf-8") + "# 我自己加的一行\n", encoding="utf-8")
    in_force = ws.digests.read("职业去留")
    with pytest.raises(Conflict) as info:
        Proposals(ws).decide_many([digest.id, field], "accept", actor="user")
    assert info.value.key == "file_changed_outside" and "profile.yaml" in info.value.render()
    assert ws.digests.read("职业去留") == in_force  # the digest proposal was not applied either
    assert Proposals(ws).get(digest.id).pending and Proposals(ws).get(field).pending
    assert "# 我自己加的一行" in profile.read_text(encoding="utf-8")


def test_a_revision_that_cannot_answer_its_pending_original_is_not_saved(ws, fakellm):
    """Revising a digest answers its pending model original: with proposals.yaml edited outside
    MyLife the revision is refused whole, not saved with its original left pending."""
    from mylife_core.pipeline.digest import generate, revise

    claim = _revised_digest(ws, fakellm)
    fakellm.script(Reply(text=f"用户的月薪是 20000 [{claim.id}]。"))
    generate(ws, "职业去留")
    (p,) = Proposals(ws).pending()
    path = ws.root / PATH
    path.write_text(path.read_text(encoding="utf-8") + "# 手改\n", encoding="utf-8")
    before = ws.digests.read("职业去留")
    with pytest.raises(Conflict) as info:
        revise(ws, "职业去留", f"第三次改：两万 [{claim.id}]。")
    assert info.value.key == "file_changed_outside" and PATH in info.value.render()
    assert ws.digests.read("职业去留") == before
    assert Proposals(ws).get(p.id).pending


def test_proposal_show_gives_the_whole_model_text_and_the_value_replaced_now(ws, cli, fakellm):
    """What accepting writes is shown whole before the user accepts: a digest original's changed
    paragraph in full (it was cut to 120 characters), and for a field the value it replaces now
    (it said the value the field had when the model proposed it)."""
    from mylife_core.pipeline.digest import generate

    claim = _revised_digest(ws, fakellm)
    tail = "而且最后这一句藏在一百二十个字之后，接受时会原样写入摘要"
    long = "用户的月薪是 20000，" + "这是一段很长的模型原稿，" * 12 + tail + f" [{claim.id}]。"
    fakellm.script(Reply(text=long))
    generate(ws, "职业去留")
    (digest,) = Proposals(ws).pending(kind="digest")
    shown = cli("proposal", "show", digest.id).stdout
    assert tail in shown, shown

    rec = ws.raw.record(NOTE.encode(), topic="职业去留")
    fakellm.script(fields_reply({"name": "房租", "value": 3500, "line": "L3"}))
    (field,) = (f.id for f in extract(ws, rec.file).fields)
    ws.profile.set("房租", 3000, ttl_days=365, ttl_given=True, actor="user")  # set since, the same day
    shown = cli("proposal", "show", field).stdout
    assert "原为 3000" in shown, shown
    # --json says the same: `current` is what accepting replaces now (the field did not exist when
    # the model proposed it; that stays under `existed_when_proposed`)
    shown = cli("proposal", "show", field, "--json").json()["proposal"]
    assert (shown["exists"], shown["current"], shown["existed_when_proposed"]) == (True, 3000, False), shown
    assert "current_when_proposed" not in shown
    listed = {p["id"]: p for p in cli("proposal", "list", "--json").json()["proposals"]}
    assert (listed[field]["exists"], listed[field]["current"]) == (True, 3000)


def test_verify_names_a_broken_proposals_file(cli, ws_path):
    """QA s21g.3: index/proposals.yaml broken by hand (invalid YAML) passed `mylife verify`,
    though every proposal command stops on it naming the file. verify names it (file and line)
    as it does profile.yaml and index.yaml."""
    assert cli("init").returncode == 0
    path = ws_path / PATH
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("proposals:\n  - id: [broken\n", encoding="utf-8")
    listed = cli("proposal", "list")
    assert listed.returncode == 5 and "proposals.yaml:3:" in listed.stderr, listed.stderr
    v = cli("verify", "--json")
    assert v.returncode == 1, v.stdout[-800:]
    bad = [p for p in v.json()["problems"] if p["kind"] == "bad_file"]
    assert len(bad) == 1 and bad[0]["file"].endswith("index/proposals.yaml") and bad[0]["line"] == 3, bad
    text = cli("verify")
    assert text.returncode == 1 and "proposals.yaml:3:" in text.stdout + text.stderr


def test_a_field_proposal_whose_line_does_not_say_its_value_cannot_be_accepted(ws):
    """A field proposal kept before the value was checked against its line (the MCP defect: 50000
    citing 「今天心情不错，和朋友吃了火锅」): the card says the line does not say the value, not
    原话核对一致, offers no accept, and accepting is refused, nothing written."""
    from mylife_core.web.views import proposal_card

    rec = ws.raw.record("今天心情不错，和朋友吃了火锅".encode(), topic="life")
    said = ws.raw.record("到手月薪5万".encode(), topic="career")
    (stale, good) = Proposals(ws).add_fields([
        {"name": "月税后收入", "value": 50000, "provenance": f"{rec.file}#L1", "topic": "life",
         "occurred_at": rec.occurred_at, "current": None, "exists": False},
        {"name": "爱吃", "value": "火锅", "provenance": f"{rec.file}#L1", "topic": "life",
         "occurred_at": rec.occurred_at, "current": None, "exists": False}], actor="model via MCP")
    card = proposal_card(ws, stale)
    assert card["state"] == "absent" and card["refused"] and "50000" in card["refused"]
    assert proposal_card(ws, good)["state"] == "ok" and proposal_card(ws, good)["refused"] is None
    before = (ws.root / PATH).read_bytes()
    with pytest.raises(Conflict) as info:
        Proposals(ws).decide(stale.id, "accept")
    assert info.value.key == "proposal_value_not_in_line" and rec.file in info.value.render()
    assert (ws.root / PATH).read_bytes() == before and "月税后收入" not in ws.profile.reload().fields
    # the number said in Chinese numerals is that number
    (number,) = Proposals(ws).add_fields([{"name": "月税后收入", "value": 50000, "provenance": f"{said.file}#L1",
                                           "topic": "career", "occurred_at": said.occurred_at, "current": None,
                                           "exists": False}], actor="model via MCP")
    Proposals(ws).decide(number.id, "accept")
    assert ws.profile.reload().fields["月税后收入"].value == 50000
