"""``mylife digest``: L1 digests by the model or structurally offline; the model's original and
the user's revision both kept (docs/design.md#keep-both, ``digest.keep_both``), the difference annotated."""

from __future__ import annotations

import stat
import sys

import pytest
from fakellm import Reply, fakellm, seed  # noqa: F401

from mylife_core.errors import Conflict
from mylife_core.messages import t
from mylife_core.layers.digest import split_front_matter, split_paragraphs
from mylife_core.pipeline.digest import generate, revise

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def use_model(ws, fake) -> None:
    ws.save_config(ws.config.model_copy(update={"llm": {"model": "openai/fake-model", "api_base": fake.url}}))


def test_structural_digest_offline_cites_every_claim_and_traces(ws, cli):
    s = seed(ws)
    out = cli("digest", "职业去留", "--json")
    assert out.returncode == 0, out.stderr
    data = out.json()
    assert data["source"] == "structural" and data["path"] == "digest/职业去留.md"
    assert set(data["claims"]) == {s.love, s.quit, s.unsure, s.mortgage}  # not the inference candidate
    meta, body = split_front_matter(ws.digests.read("职业去留"))
    assert meta["revision"] == "structural" and meta["topic"] == "职业去留"
    assert ws.digests.read("职业去留", original=True) is not None  # keep_both: the original is kept
    # the chain claim -> digest paragraph -> raw line now has its middle link
    trace = cli("trace", s.quit, "--json").json()
    assert trace["digest"] and trace["digest"][0]["ref"].startswith("digest/职业去留.md#P")
    text = cli("digest", "职业去留").stdout
    assert "结构化摘要，离线生成，未调用模型" in text


def test_model_digest_drops_invalid_citations(ws, fakellm):
    s = seed(ws)
    use_model(ws, fakellm)
    fakellm.script(Reply(text=(f"## 职业去留\n\n你热爱过这里 [{s.love}]，后来加班让你想辞职 [{s.quit}]。\n\n"
                               f"你其实更看重稳定 [{s.inference}]，也早就想好了 [claim-2099-09-09-009]。\n")))
    result = generate(ws, "职业去留")
    assert result.source == "model" and fakellm.url in result.model
    assert {d["claim_id"]: d["problem"] for d in result.dropped} == {s.inference: "candidate",
                                                                     "claim-2099-09-09-009": "missing"}
    # the judging rule: a sentence citing an invented or unaccepted claim is withheld whole
    assert [u.text for u in result.unsupported] == ["你其实更看重稳定，也早就想好了。"]
    assert result.uncited == []
    meta, body = split_front_matter(ws.digests.read("职业去留"))
    assert meta["revision"] == "model" and s.inference not in body and "claim-2099" not in body
    assert "更看重稳定" not in body and meta["withheld_sentences"] == 1
    assert f"[{s.love}]" in body
    sent = fakellm.requests[0].messages
    assert sent[1]["role"] == "user" and "<<<UNTRUSTED_SOURCE_DATA>>>" in sent[1]["content"]


def test_digest_text_marks_uncited_sentences_and_lists_withheld_verdicts(ws, cli, fakellm):
    s = seed(ws)
    fakellm.script(Reply(text=(f"## 职业去留\n\n你热爱过这里 [{s.love}]。你说过想辞职。\n\n"
                               "你的能力远超现在的岗位，应该马上辞职。\n")))
    out = cli("digest", "职业去留", env=fakellm.env())
    assert out.returncode == 0, out.stderr
    text = out.stdout
    assert "你说过想辞职。〔未引用证据〕" in text  # kept (it restates the user's claim), and marked
    assert f"你热爱过这里 [{s.love}]。〔" not in text  # a cited sentence is not marked
    assert "标〔未引用证据〕的 1 句没有引用任何证据" in text
    note = text.split("## 无依据，未采纳")[1]
    assert "「你的能力远超现在的岗位，应该马上辞职。」—— 没有引用任何证据" in note
    meta, body = split_front_matter(ws.digests.read("职业去留"))
    assert "远超" not in body and "〔未引用证据〕" not in body  # the mark is display only
    data = cli("digest", "职业去留", "--show", "--json").json()
    assert "远超" not in data["text"]


def test_a_digest_carrying_a_judgment_ends_with_the_disclaimer(ws, cli, fakellm):
    """docs/ask.md: any output that carries a judgment (shown or withheld) ends with the disclaimer."""
    from mylife_core.messages import disclaimer

    s = seed(ws)
    fakellm.script(Reply(text=f"## 职业去留\n\n加班让你想辞职 [{s.quit}]。你应该马上辞职。\n"),
                   Reply(text=f"## 职业去留\n\n加班让你想辞职 [{s.quit}]。你应该马上辞职。\n"))
    out = cli("digest", "职业去留", "--regenerate", env=fakellm.env())
    assert out.returncode == 0, out.stderr
    assert "无依据，未采纳" in out.stdout
    assert out.stdout.rstrip().endswith(disclaimer().rstrip())
    assert t("disclaimer.no_model") not in out.stdout  # a model wrote it: the disclaimer alone
    data = cli("digest", "职业去留", "--regenerate", "--json", env=fakellm.env()).json()
    assert data["unsupported"] and data["disclaimer"] == disclaimer()
    # the structural digest is MyLife's own text: it judges nothing, and says nothing of a model
    offline = cli("digest", "职业去留", "--offline", "--regenerate")
    assert "仅供参考" not in offline.stdout
    assert cli("digest", "职业去留", "--offline", "--regenerate", "--json").json()["disclaimer"] is None


def test_on_a_terminal_the_digest_streams_only_what_the_judging_rule_lets_through(ws, fakellm):
    """The model's digest is shown as it is written, a judged sentence at a time: a verdict it
    withholds appears once, in the 无依据，未采纳 list, never unmarked in the stream."""
    from lens_support import run_in_pty

    s = seed(ws)
    verdict = "你应该马上辞职，你的能力远超现在的岗位。"
    fakellm.script(Reply(text=f"## 职业去留\n\n你热爱过这里 [{s.love}]。{verdict}你说过想辞职。\n", chunk=5))
    r = run_in_pty(["digest", "职业去留"], workspace=ws.root, answers=[], env=fakellm.env())
    assert r.returncode == 0, r.stdout
    screen = r.stdout
    assert screen.count(verdict) == 1 and f"「{verdict}」—— 没有引用任何证据" in screen
    written = screen.index("已写入 digest/职业去留.md")
    # the stream: each sentence as the judge let it through (with its citations, uncited ones marked)
    assert screen.index(f"你热爱过这里。 [{s.love}]") < written
    assert screen.index("你说过想辞职。〔未引用证据〕") < written
    assert screen.rstrip().endswith(t("disclaimer").rstrip().splitlines()[-1])


def test_user_revision_keeps_the_original_and_annotates_the_difference(ws):
    s = seed(ws)
    generate(ws, "职业去留", offline=True)
    original = ws.digests.read("职业去留", original=True)
    _, body = split_front_matter(ws.digests.read("职业去留"))
    paragraphs = [p.text for p in split_paragraphs(body, "")]
    revised = "\n\n".join([paragraphs[0], "我自己的总结：加班才是关键 [" + s.quit + "]。", *paragraphs[2:]])
    result = revise(ws, "职业去留", revised)
    assert result.write.original == "digest/职业去留.ai.md"
    meta, now = split_front_matter(ws.digests.read("职业去留"))
    assert meta["revision"] == "user" and meta["based_on"].startswith("sha256:")
    assert meta["differences"] == [{"change": "changed", "paragraph": 2, "original": paragraphs[1]}]
    assert ws.digests.read("职业去留", original=True) == original  # the original is untouched
    # regenerating writes a new original and leaves the user's revision in force
    again = generate(ws, "职业去留", offline=True)
    assert again.write.kept_user_revision and again.write.paths == ["digest/职业去留.ai.md"]
    assert split_front_matter(ws.digests.read("职业去留"))[1].strip() == revised.strip()
    assert [e.action for e in ws.audit.all()][-2:] == ["digest.revise", "digest.write"]


def test_keep_both_off_keeps_one_file_and_protects_the_revision(ws):
    seed(ws)
    ws.save_config(ws.config.model_copy(update={"digest": ws.config.digest.model_copy(update={"keep_both": False})}))
    generate(ws, "职业去留", offline=True)
    assert not ws.digests.path("职业去留", original=True).exists()
    revise(ws, "职业去留", "我自己写的摘要。")
    with pytest.raises(Conflict) as info:
        generate(ws, "职业去留", offline=True)
    assert "--regenerate" in info.value.render()
    assert split_front_matter(ws.digests.read("职业去留"))[1].strip() == "我自己写的摘要。"
    generate(ws, "职业去留", offline=True, force=True)
    assert split_front_matter(ws.digests.read("职业去留"))[0]["revision"] == "structural"


def test_edit_opens_the_editor_and_saves_the_revision(ws, cli, tmp_path):
    seed(ws)
    cli("digest", "职业去留")
    one = cli("digest", "职业去留", "--diff")  # nothing revised yet: said, not a blank screen
    assert one.returncode == 0 and "只有一个版本" in one.stdout
    editor = tmp_path / "editor.py"
    editor.write_text("import sys\np = sys.argv[1]\ntext = open(p, encoding='utf-8').read()\n"
                      "open(p, 'w', encoding='utf-8').write(text + '\\n\\n我补充：其实是调岗让我犹豫。\\n')\n")
    editor.chmod(editor.stat().st_mode | stat.S_IXUSR)
    out = cli("digest", "职业去留", "--edit", env={"EDITOR": f"{sys.executable} {editor}"})
    assert out.returncode == 0, out.stderr
    assert "已保存你的修订版" in out.stdout and "为你新增" in out.stdout
    meta, body = split_front_matter(ws.digests.read("职业去留"))
    assert meta["revision"] == "user" and body.rstrip().endswith("我补充：其实是调岗让我犹豫。")
    assert meta["differences"][-1]["change"] == "added"
    diff = cli("digest", "职业去留", "--diff", "--json").json()
    assert diff["revision"] == "user" and diff["differences"][-1]["change"] == "added"
    unchanged = cli("digest", "职业去留", "--edit", env={"EDITOR": "true"})
    assert unchanged.returncode == 0 and "没有改动" in unchanged.stdout


RULED = "---\n我最在意的是和家人相处的时间\n---\n\n其余照旧。"


def test_a_revision_opening_with_a_rule_block_keeps_every_word(ws, cli, tmp_path):
    """The user's revision is never read as front matter: a body that opens with a ``---`` block
    is written after MyLife's own metadata and read back word for word (--edit, --show, the editor)."""
    seed(ws)
    assert cli("digest", "职业去留", "--offline").returncode == 0
    seen = tmp_path / "seen.md"
    editor = tmp_path / "editor.py"
    editor.write_text(f"import shutil, sys\np = sys.argv[1]\nshutil.copy(p, {str(seen)!r})\n"
                      f"open(p, 'w', encoding='utf-8').write({RULED!r} + '\\n')\n")
    editor.chmod(editor.stat().st_mode | stat.S_IXUSR)
    out = cli("digest", "职业去留", "--edit", env={"EDITOR": f"{sys.executable} {editor}"})
    assert out.returncode == 0, out.stderr
    meta, body = split_front_matter(ws.digests.read("职业去留"))
    assert meta["revision"] == "user" and meta["topic"] == "职业去留" and body.strip() == RULED
    shown = cli("digest", "职业去留", "--show", "--json").json()
    assert shown["revision"] == "user" and shown["text"].strip() == RULED
    assert [p["text"] for p in shown["paragraphs"]] == ["---\n我最在意的是和家人相处的时间\n---", "其余照旧。"]
    assert "我最在意的是和家人相处的时间" in cli("digest", "职业去留", "--show").stdout
    # the editor opened again holds the revision as saved, the --- block included
    again = cli("digest", "职业去留", "--edit", env={"EDITOR": f"{sys.executable} {editor}"})
    assert again.returncode == 0 and "没有改动" in again.stdout
    assert seen.read_text(encoding="utf-8").strip() == RULED


def test_metadata_quoting_a_rule_line_is_read_back_whole(ws):
    """``differences`` records an original paragraph's text in the front matter; a ``---`` line in
    it (YAML indents it) does not end the front matter."""
    seed(ws)
    ws.digests.write_generated("职业去留", "甲段。\n---\n乙段。\n\n丙段。", meta={"revision": "model"}, actor="model")
    revise(ws, "职业去留", "甲段改了。\n\n丙段。")
    meta, body = split_front_matter(ws.digests.read("职业去留"))
    assert meta["revision"] == "user" and body.strip() == "甲段改了。\n\n丙段。"
    assert meta["differences"] == [{"change": "changed", "paragraph": 1, "original": "甲段。\n---\n乙段。"}]
    assert [p.text for p in ws.digests.paragraphs("职业去留")] == ["甲段改了。", "丙段。"]


def test_a_topic_without_claims_is_a_clear_error(ws, cli):
    out = cli("digest", "空主题")
    assert out.returncode == 2 and "mylife claim add" in out.stderr
    show = cli("digest", "空主题", "--show")
    assert show.returncode == 0 and "还没有摘要" in show.stdout


def test_an_offline_digest_does_not_replace_a_model_written_one_unasked(ws, cli, fakellm):
    """Found on the demo: `mylife digest 职业去留` with no model said 「新的模型原稿保存在 …ai.md」 and
    replaced the model's original, on which the user's revision rested, with the structural text
    (the diff then compared the revision with text the user never revised)."""
    s = seed(ws)
    use_model(ws, fakellm)
    fakellm.script(Reply(text=f"## 职业去留\n\n你热爱过这里 [{s.love}]，后来加班让你想辞职 [{s.quit}]。\n"))
    generate(ws, "职业去留")
    revise(ws, "职业去留", f"## 职业去留\n\n我自己的总结：加班才是关键 [{s.quit}]。\n")
    original = (ws.root / "digest/职业去留.ai.md").read_bytes()
    refused = cli("digest", "职业去留", "--offline")
    assert refused.returncode == 4 and "--regenerate" in refused.stderr and "digest/职业去留.ai.md" in refused.stderr
    assert (ws.root / "digest/职业去留.ai.md").read_bytes() == original
    replaced = cli("digest", "职业去留", "--offline", "--regenerate")
    assert replaced.returncode == 0, replaced.stderr
    assert "新的结构化摘要（离线生成）保存在 digest/职业去留.ai.md" in replaced.stdout and "模型原稿保存在" not in replaced.stdout
    assert split_front_matter(ws.digests.read("职业去留", original=True))[0]["revision"] == "structural"
    assert "我自己的总结" in ws.digests.read("职业去留")  # the revision stays in force throughout
    # the differences name the original as what it is (they said 「模型原稿」 / 「AI 原稿」 of it)
    assert "结构化原稿 → 你的修订版" in replaced.stdout and "AI 原稿" not in replaced.stdout
    diff = cli("digest", "职业去留", "--diff").stdout
    assert "结构化原稿：" in diff and "AI 原稿" not in diff and "模型原稿" not in diff


def test_the_command_said_for_a_topic_without_a_digest_works_when_pasted(cli):
    """`digest "side project" --show` said `Run mylife digest side project`: pasted, two topics'
    words. The topic is quoted where a shell needs it (shell.word); shown as typed in the sentence."""
    cli("init")
    said = cli("digest", "side project", "--show").stdout
    assert "「side project」还没有摘要" in said and "digest 'side project'`" in said, said
    assert "digest 职业去留`" in cli("digest", "职业去留", "--show").stdout


def test_a_second_revision_keeps_the_first_word_for_word(ws):
    """The user's revision replaced by their next one is kept, byte for byte, and listed."""
    from mylife_core.pipeline.digest import digest_material
    from mylife_core.search.documents import iter_all
    from mylife_core.verify import verify

    seed(ws)
    generate(ws, "职业去留", offline=True)
    revise(ws, "职业去留", "# 职业去留\n\nMY FIRST REVISION: 加班才是关键。")
    first = ws.digests.path("职业去留").read_bytes()
    second = revise(ws, "职业去留", "# 职业去留\n\nSecond try.")
    kept = second.write.kept_revision
    assert kept and kept.startswith("digest/history/职业去留/") and kept in second.write.paths
    assert (ws.root / kept).read_bytes() == first  # byte for byte
    assert ws.digests.topics() == [ws.digests.path("职业去留")]  # not a second live digest
    assert not [d for d in iter_all(ws) if "MY FIRST REVISION" in d.text]  # nor searched as one
    history = digest_material(ws, "职业去留")["history"]
    assert [h["path"] for h in history] == [kept]
    # a third in the same second is kept beside it, oldest first; the same words again keep nothing new
    third = revise(ws, "职业去留", "# 职业去留\n\nThird.")
    assert revise(ws, "职业去留", "# 职业去留\n\nThird.").write.kept_revision is None
    assert [h["path"] for h in ws.digests.history("职业去留")] == [kept, third.write.kept_revision]
    assert "Second try." in (ws.root / third.write.kept_revision).read_text(encoding="utf-8")
    assert verify(ws).ok


def test_regenerate_without_keep_both_keeps_the_revision_it_replaces(ws):
    seed(ws)
    ws.save_config(ws.config.model_copy(update={"digest": ws.config.digest.model_copy(update={"keep_both": False})}))
    generate(ws, "职业去留", offline=True)
    revise(ws, "职业去留", "我自己写的摘要。")
    mine = ws.digests.path("职业去留").read_bytes()
    generate(ws, "职业去留", offline=True, force=True)
    [kept] = ws.digests.history("职业去留")
    assert (ws.root / kept["path"]).read_bytes() == mine
