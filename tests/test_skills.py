"""Skills: discovery, front matter, and precedence (workspace > user > custom > bundled)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from lens_support import import_lens, installed, lens_env
from mylife_core import hookimpl
from mylife_core.skills import discover, parse_skill, skills_for, user_skill_dir
from mylife_core.errors import DataFileError
from mylife_core.staleness import match_decisions
from mylife_core.testing import plugin_host
from mylife_core.workspace import Workspace


def write_skill(path: Path, name: str, description: str = "说明", body: str = "正文\n") -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"---\nname: {name}\ndescription: {description}\n---\n{body}", encoding="utf-8")
    return path


@pytest.fixture
def career_module(tmp_path_factory):
    return import_lens(tmp_path_factory, "mylife-career")


def set_custom_dirs(ws: Workspace, dirs: list[str]) -> None:
    ws.save_config(ws.config.model_copy(update={"plugins": {**ws.config.plugins, "skills": {"dirs": dirs}}}))


def test_precedence_workspace_user_custom_bundled(tmp_path, career_module, monkeypatch):
    ws, _ = Workspace.init(tmp_path / "ws", plugins=plugin_host(career_module))
    bundled = Path(career_module.__file__).parent / "skills" / "mylife-career" / "SKILL.md"
    custom_a = write_skill(tmp_path / "custom-a" / "mylife-career.md", "mylife-career", "自定义 A")
    custom_b = write_skill(tmp_path / "custom-b" / "mylife-career" / "SKILL.md", "mylife-career", "自定义 B")
    set_custom_dirs(ws, [str(tmp_path / "custom-a")])
    monkeypatch.setenv("MYLIFE_SKILL_DIRS", str(tmp_path / "custom-b"))

    def winner() -> Path:
        return discover(ws).get("mylife-career").path

    assert winner() == custom_a  # config's custom folders come before $MYLIFE_SKILL_DIRS
    user = write_skill(user_skill_dir() / "mylife-career" / "SKILL.md", "mylife-career", "我自己的")
    assert winner() == user
    mine = write_skill(ws.root / "skills" / "mylife-career.md", "mylife-career", "这个工作区的")
    catalog = discover(ws)
    assert catalog.get("mylife-career").path == mine and catalog.get("mylife-career").source == "workspace"
    order = [(s.source, s.path, s.active, s.shadowed_by) for s in catalog.candidates("mylife-career")]
    assert order == [("workspace", mine, True, None), ("user", user, False, mine), ("custom", custom_a, False, mine),
                     ("custom", custom_b, False, mine), ("bundled", bundled, False, mine)]
    assert catalog.get("mylife-profile").source == "bundled"  # the core's own skill
    assert [r.rank for r in catalog.roots] == sorted(r.rank for r in catalog.roots)
    # the skill for a decision's lens is the winning one
    (skill,) = skills_for(ws, match_decisions(ws, "我该不该跳槽？"))
    assert skill.path == mine and skill.description == "这个工作区的"
    for p in (mine, user, custom_a, custom_b):
        p.unlink()
    assert winner() == bundled and skills_for(ws, match_decisions(ws, "我该不该跳槽？"))[0].meta["lens"] == "career"
    ws.close()


def test_bundled_ranks_cannot_outrank_the_users_folders_and_third_party_beats_builtin(tmp_path, ws):
    class Pushy:
        @hookimpl
        def register_skills(self, register):
            register(path=tmp_path / "pushy", rank=1)

    class Replacement:
        @hookimpl
        def register_skills(self, register):
            register(path=tmp_path / "replacement")  # default rank 600, same as the core's bundled skill

    write_skill(tmp_path / "pushy" / "mylife-profile.md", "mylife-profile", "插件想抢先")
    write_skill(tmp_path / "replacement" / "mylife-profile" / "SKILL.md", "mylife-profile", "第三方替换")
    ws2, _ = Workspace.init(tmp_path / "ws2", plugins=plugin_host(Replacement()))
    assert discover(ws2).get("mylife-profile").description == "第三方替换"
    ws3, _ = Workspace.init(tmp_path / "ws3", plugins=plugin_host(Pushy()))
    catalog = discover(ws3)
    assert catalog.get("mylife-profile").description == "插件想抢先"
    assert next(r for r in catalog.roots if r.path == tmp_path / "pushy").rank == 400  # clamped
    write_skill(user_skill_dir() / "mylife-profile.md", "mylife-profile", "用户的")
    assert discover(ws3).get("mylife-profile").description == "用户的"


def test_front_matter_is_required_and_problems_name_file_and_line(ws):
    skills = ws.root / "skills"
    write_skill(skills / "good.md", "good", "好的")
    (skills / "no-front.md").write_text("# 没有 front matter\n", encoding="utf-8")
    (skills / "no-desc").mkdir()
    (skills / "no-desc" / "SKILL.md").write_text("---\nname: no-desc\n---\n正文\n", encoding="utf-8")
    (skills / "bad-yaml.md").write_text("---\nname: [unclosed\ndescription: x\n---\n", encoding="utf-8")
    (skills / "unclosed.md").write_text("---\nname: a\ndescription: b\n", encoding="utf-8")
    (skills / "README.md").write_text("not a skill", encoding="utf-8")
    write_skill(skills / "deep" / "deeper" / "SKILL.md", "deep")  # not scanned: one level only
    catalog = discover(ws)
    assert [s.name for s in catalog.skills if s.source == "workspace"] == ["good"]
    problems = {p.path.name if p.path.name != "SKILL.md" else p.path.parent.name: p for p in catalog.problems}
    assert set(problems) == {"no-front.md", "no-desc", "bad-yaml.md", "unclosed.md"}
    assert problems["no-front.md"].line == 1 and "缺少开头的元数据（front matter）：文件第一行必须是 ---" in problems["no-front.md"].problem
    assert problems["no-desc"].line == 2 and "缺少 description" in problems["no-desc"].problem
    assert problems["unclosed.md"].line == 3 and "没有用一行 --- 结束" in problems["unclosed.md"].problem
    assert problems["bad-yaml.md"].line == 3 and problems["bad-yaml.md"].problem.startswith("YAML")
    with pytest.raises(DataFileError):
        parse_skill(skills / "unclosed.md")
    meta, body = parse_skill(skills / "good.md")
    assert meta == {"name": "good", "description": "好的"} and body == "正文\n"


def test_skills_command_lists_sources_and_winners(cli, ws_path, tmp_path_factory):
    site = installed(tmp_path_factory, "mylife-career")
    env = lens_env(site)
    cli("init")
    write_skill(ws_path / "skills" / "mylife-career" / "SKILL.md", "mylife-career", "我的职业透镜", "# 我自己的规则\n")
    (ws_path / "skills" / "broken.md").write_text("---\nname: broken\n---\n", encoding="utf-8")
    r = cli("skills", "--json", env=env, load_plugins="mylife-career")
    assert r.returncode == 5, r.stderr  # broken.md cannot be read: the listing is there, the exit code says so
    doc = r.json()
    assert [root["source"] for root in doc["roots"]] == ["workspace", "user", "bundled", "bundled"]
    assert doc["roots"][1]["path"] == str(Path(os.environ["HOME"]) / ".config" / "mylife" / "skills")
    career = [s for s in doc["skills"] if s["name"] == "mylife-career"]
    assert [(s["source"], s["active"]) for s in career] == [("workspace", True), ("bundled", False)]
    assert career[1]["shadowed_by"] == str(ws_path / "skills" / "mylife-career" / "SKILL.md")
    assert career[1]["origin"] == "mylife-career"
    assert doc["problems"][0]["line"] == 2 and "description" in doc["problems"][0]["problem"]
    listed = cli("skills", env=env, load_plugins="mylife-career")
    text = listed.stdout
    assert "查找位置（数字小的优先）" in text and "插件自带 · mylife-career" in text
    assert "被 " + str(ws_path / "skills" / "mylife-career" / "SKILL.md") + " 覆盖" in text
    assert "1 个文件没有加载" in listed.stderr
    show = cli("skills", "mylife-career", env=env, load_plugins="mylife-career")
    assert "mylife-career（生效：工作区" in show.stdout and "# 我自己的规则" in show.stdout
    assert "覆盖了：插件自带" in show.stdout
    shown = cli("skills", "mylife-career", "--json", env=env, load_plugins="mylife-career").json()
    assert shown["skill"]["body"] == "# 我自己的规则\n" and len(shown["candidates"]) == 2
    missing = cli("skills", "nope")
    assert missing.returncode == 3 and "没有名为「nope」的 Skill" in missing.stderr and "mylife-profile" in missing.stderr


def test_a_broken_skill_file_is_named_and_the_listing_exits_5(cli, ws_path):
    """The good skills are still listed; the file that cannot be read is named (file:line, the user's
    language) on stderr and in JSON, and the exit code is 5 (a bad file on disk) so a script notices."""
    cli("init")
    write_skill(ws_path / "skills" / "good.md", "good", "好的 Skill")
    bad = ws_path / "skills" / "决策.md"
    bad.write_text("---\nname: 决策\ndescription:\n---\n先睡一觉\n", encoding="utf-8")
    r = cli("skills")
    assert r.returncode == 5, (r.stdout, r.stderr)
    assert "good" in r.stdout and "mylife-profile" in r.stdout  # the listing is still printed, on stdout
    assert f"{bad}:3: 开头的元数据（front matter）缺少 description，或它是空的" in r.stderr
    assert "1 个文件没有加载" in r.stderr and "同名的其他 Skill" in r.stderr
    assert str(bad) not in r.stdout and "Traceback" not in r.stderr
    doc = cli("skills", "--json")
    assert doc.returncode == 5
    data = doc.json()
    assert data["ok"] is False and {s["name"] for s in data["skills"]} == {"good", "mylife-profile"}
    assert data["error"]["code"] == "bad_file" and data["error"]["key"] == "skill_files_bad"
    assert data["error"]["params"] == {"count": 1} and f"{bad}:3: " in data["error"]["message"]
    (problem,) = data["problems"]
    assert problem["path"] == str(bad) and problem["line"] == 3
    assert problem["message"] == f"{bad}:3: " + problem["problem"] and "description" in problem["problem"]
    en = cli("skills", env={"MYLIFE_LANG": "en"})
    assert en.returncode == 5 and f"{bad}:3: front matter needs a non-empty 'description'" in en.stderr
    assert "the other skills are listed as usual" in en.stderr and "元数据" not in en.stderr
    bad.write_text("---\nname: 决策\ndescription: 先睡一觉再决定\n---\n先睡一觉\n", encoding="utf-8")
    fixed = cli("skills", "--json")
    assert fixed.returncode == 0 and fixed.json()["ok"] is True and fixed.json()["problems"] == []
    assert "error" not in fixed.json() and fixed.stderr == ""
