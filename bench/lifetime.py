"""The lifetime benchmark: a workspace of ~30 years of notes, and what everyday commands cost on it.

Run::

    .venv/bin/python -m bench.lifetime                       # 30,000 records, 300,000 claims
    .venv/bin/python -m bench.lifetime --records 3000 --claims 30000 --keep
    .venv/bin/python -m bench.lifetime --keep --json         # reuse the cached workspace, JSON figures
    .venv/bin/python -m bench.lifetime --keep --profile "status"

It builds the workspace through the real library API (``ws.raw.record`` one record at a time,
``ws.claims.add_many`` one month at a time, ``ws.profile.set``, claim transitions, digests), so
every layer rule holds: pointers are checked and hashed, ids allocated, the audit log written.
Then it times fresh ``mylife`` processes on it (median of several runs, peak RSS of each),
the claims-index cold rebuild, and record throughput from 1 and 8 concurrent processes
(on a scratch copy, so the cached workspace stays as built).

Other benchmarks reuse the same workspace::

    from bench.lifetime import lifetime_workspace
    path = lifetime_workspace(records=30000, claims=300000)   # built once, cached in bench/out/

Dates end on a fixed day (``END``), so the content does not depend on when it was built;
set ``MYLIFE_NOW`` (e.g. ``2026-12-01``) for deterministic staleness.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from datetime import time as dtime
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script: make "bench" importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import _util
from bench import lifetime_text as T

GEN_VERSION = 1  # bump when the generator changes: cached workspaces are then rebuilt
END = date(2026, 11, 30)
YEARS = 30
DEFAULT_SEED = 20261203
REPO = Path(__file__).resolve().parent.parent
OUT = REPO / "bench" / "out"
TOPIC_FOR_LIST = "职业去留"


# ---------------------------------------------------------------------------------------------
# profile fields: (name, ttl_days, topic, years active, days between updates, value(rng, year, prev))
# ---------------------------------------------------------------------------------------------
def _grow(lo: float, hi: float, step: int) -> Callable[[random.Random, int, Any], Any]:
    def value(rng: random.Random, year: int, prev: Any) -> Any:
        base = lo + (hi - lo) * year / (YEARS - 1)
        return int(rng.uniform(0.85, 1.15) * base / step) * step
    return value


def _pick(*options: Any) -> Callable[[random.Random, int, Any], Any]:
    return lambda rng, year, prev: rng.choice(options)


def _phases(*pairs: tuple[int, Any]) -> Callable[[random.Random, int, Any], Any]:
    def value(rng: random.Random, year: int, prev: Any) -> Any:
        out = pairs[0][1]
        for start, v in pairs:
            if year >= start:
                out = v
        return out
    return value


FIELDS: list[tuple[str, int | None, str, tuple[int, int], int, Callable[[random.Random, int, Any], Any]]] = [
    ("月税后收入", 180, "收入", (0, 29), 150, _grow(4500, 42000, 100)),
    ("现有存款", 90, "储蓄", (0, 29), 75, _grow(8000, 900000, 1000)),
    ("房租月支出", 365, "租房", (0, 9), 330, _grow(1500, 4800, 100)),
    ("房贷月供", 365, "房贷", (9, 29), 365, _pick(8600, 8600, 8200, 7900)),
    ("房贷剩余本金", 180, "房贷", (9, 29), 180, _grow(1800000, 300000, 10000)),
    ("学历", None, "自我认知", (0, 29), 4000, _phases((0, "普通本科"), (12, "在职硕士"))),
    ("工作年限", 365, "职业发展", (0, 29), 365, lambda rng, y, p: y + 1),
    ("职级", 365, "职业发展", (0, 29), 500, _phases((0, "初级"), (3, "中级"), (7, "高级"), (12, "主管"), (18, "经理"))),
    ("加班强度", 60, "工作强度", (0, 29), 45, _pick("每周45小时", "每周50小时", "每周60小时", "每周70小时")),
    ("对当前工作的评估", 90, "职业去留", (0, 29), 70, _pick("热爱", "还行", "想走", "不知道", "很累但认可内容")),
    ("通勤时间", 180, "通勤", (0, 29), 300, _pick("单程40分钟", "单程1小时", "单程1小时20分", "单程25分钟")),
    ("城市", None, "城市选择", (0, 29), 3000, _phases((0, "武汉"), (3, "杭州"), (16, "苏州"))),
    ("婚姻状况", None, "婚姻", (0, 29), 900, _phases((0, "单身"), (2, "恋爱中"), (7, "已婚"))),
    ("睡眠时长", 30, "睡眠", (0, 29), 40, _pick("5小时", "6小时", "6.5小时", "7小时", "7.5小时")),
    ("体重", 60, "健康", (0, 29), 50, lambda rng, y, p: rng.randint(120 + y, 150 + y)),
    ("运动频率", 30, "运动", (0, 29), 45, _pick("不运动", "每周1次", "每周2次", "每周3次")),
    ("血压", 365, "体检", (8, 29), 365, _pick("正常", "偏高", "130/85")),
    ("体检结论", 365, "体检", (0, 29), 365, _pick(*T.CHECKUPS)),
    ("每月结余", 60, "储蓄", (0, 29), 45, _grow(300, 18000, 100)),
    ("信用卡分期余额", 30, "财务压力", (0, 20), 60, _grow(800, 12000, 100)),
    ("公积金余额", 180, "买房", (0, 29), 200, _grow(5000, 400000, 1000)),
    ("保险年缴保费", 365, "消费习惯", (5, 29), 365, _grow(2000, 18000, 100)),
    ("父母生活费", 180, "父母养老", (12, 29), 180, _grow(500, 3000, 100)),
    ("父母健康状况", 90, "父母健康", (15, 29), 90, _pick("都还好", "爸高血压", "妈刚出院", "需要人照顾")),
    ("孩子学校", 365, "子女教育", (13, 29), 365, _phases((13, "幼儿园"), (16, "小学"), (22, "初中"), (25, "高中"))),
    ("孩子兴趣班支出", 180, "子女教育", (14, 29), 180, _grow(800, 4000, 100)),
    ("外卖月支出", 60, "消费习惯", (0, 29), 60, _grow(600, 2500, 50)),
    ("车贷月供", 365, "财务压力", (11, 16), 365, _pick(3200)),
    ("副业月收入", 90, "收入", (14, 22), 90, _pick(0, 1500, 3000, 800)),
    ("年终奖", 365, "收入", (0, 29), 365, _grow(5000, 120000, 1000)),
    ("个人所得税年度退税", 365, "收入", (10, 29), 365, _grow(300, 6000, 10)),
    ("宠物支出", 180, "消费习惯", (4, 18), 180, _grow(200, 900, 50)),
    ("手机套餐", 365, "消费习惯", (0, 29), 700, _pick(58, 88, 128)),
    ("健身卡到期日", 365, "运动", (6, 20), 365, lambda rng, y, p: f"第{y + 1}年年底"),
    ("常去的医院", None, "健康", (0, 29), 2500, _pick("市一院", "省人民医院", "社区医院")),
    ("心理状态自评", 30, "情绪", (0, 29), 40, _pick("1-10分里6分", "4分", "7分", "5分", "8分")),
    ("家务分工", 180, "婚姻", (7, 29), 240, _pick("基本是我", "一半一半", "主要是她")),
    ("每周陪孩子时间", 60, "育儿", (10, 29), 60, _pick("3小时", "5小时", "8小时", "10小时")),
    ("职业资格证书", None, "学习成长", (4, 29), 2000, _phases((4, "软考中级"), (9, "PMP"))),
    ("英语水平", None, "学习成长", (0, 29), 3000, _phases((0, "四级"), (6, "六级"))),
]

DISPUTE_WHY = ["那天是气话，不是真这么想", "后来想想不是这样", "这条记得不准确", "当时情绪不好，不作数"]


@dataclass
class BuildStats:
    records: int = 0
    claims: int = 0
    profile_sets: int = 0
    transitions: int = 0
    digests: int = 0
    seconds: dict[str, float] = field(default_factory=dict)
    peak_rss_mb: float = 0.0
    sizes_mb: dict[str, float] = field(default_factory=dict)

    def rates(self) -> dict[str, float]:
        s = self.seconds
        out = {}
        if s.get("raw"):
            out["records_per_s"] = round(self.records / s["raw"], 1)
        if s.get("claims"):
            out["claims_per_s"] = round(self.claims / s["claims"], 1)
        if s.get("profile"):
            out["profile_sets_per_s"] = round(self.profile_sets / s["profile"], 1)
        if s.get("transitions"):
            out["transitions_per_s"] = round(self.transitions / s["transitions"], 2)
        return out

    def to_json(self) -> dict[str, Any]:
        return {"records": self.records, "claims": self.claims, "profile_sets": self.profile_sets,
                "transitions": self.transitions, "digests": self.digests,
                "seconds": {k: round(v, 2) for k, v in self.seconds.items()}, "rates": self.rates(),
                "peak_rss_mb": round(self.peak_rss_mb, 1), "sizes_mb": self.sizes_mb}


# ---------------------------------------------------------------------------------------------
# generation
# ---------------------------------------------------------------------------------------------
def _plan(rng: random.Random, records: int) -> list[tuple[datetime, T.RawTopic]]:
    """When each record was written and about what, oldest first (a life gets wordier with time)."""
    start = END - timedelta(days=YEARS * 365)
    span = (END - start).days
    plan = []
    for _ in range(records):
        offset = int(span * (rng.random() ** 0.85))  # slightly denser in later years
        day = start + timedelta(days=offset)
        year = min(YEARS - 1, offset // 365)
        topics = [t for t in T.RAW_TOPICS if t.years[0] <= year <= t.years[1]]
        topic = rng.choices(topics, weights=[t.weight for t in topics])[0]
        hour = rng.choice((7, 8, 12, 13, 19, 20, 21, 22, 22, 23, 23, 0))
        when = datetime.combine(day, dtime(hour, rng.randrange(60)))
        plan.append((when, topic))
    plan.sort(key=lambda p: p[0])
    return plan


def _compose(rng: random.Random, when: datetime, topic: T.RawTopic, year: int) -> tuple[str, list, list]:
    """A record's text plus its claim candidates: [(line_no, ClaimT)] and content line numbers."""
    values = T.slots(rng, year)
    lines: list[str] = []
    candidates: list[tuple[int, T.ClaimT]] = []
    content: list[int] = []
    if rng.random() < 0.3:
        lines.append(T.header_line(when.date(), rng))
    picks = rng.sample(topic.lines, min(len(topic.lines), rng.randint(3, 9)))
    if rng.random() < 0.15:  # drift: a line from another part of life slips in
        others = [t for t in T.RAW_TOPICS if t is not topic and t.years[0] <= year <= t.years[1]]
        picks.insert(rng.randrange(len(picks) + 1), rng.choice(rng.choice(others).lines))
    for line in picks:
        text = T.roughen(line.text.format_map(values), rng)
        lines.append(text)
        number = len(lines)
        content.append(number)
        for topic_name, claim, kind, context in line.claims:
            candidates.append((number, (topic_name, claim.format_map(values), kind,
                                        context.format_map(values) if context else None)))
        if rng.random() < 0.1:
            lines.append(rng.choice(T.FILLERS))
    if rng.random() < 0.08:
        lines.append(lines[content[0] - 1])  # said it twice: people do
    summaries = [(s[0], s[1].format_map(values), s[2], s[3]) for s in topic.summaries]
    return "\n".join(lines) + "\n", candidates, [content, summaries, values]


def _claim_items(rng: random.Random, rec_file: str, when: datetime, quota: int, candidates: list,
                 extra: list) -> list[dict]:
    content, summaries, _values = extra
    items: list[dict] = []

    def item(pointer: str, c: T.ClaimT) -> dict:
        topic, text, kind, context = c
        return {"claim": text, "topic": topic, "kind": kind, "provenance": pointer, "occurred_at": when,
                "context": context, "confidence": rng.choice(("high", "medium", "medium", "low"))}

    if quota > 0 and rng.random() < 0.12:  # the model guessed something from this note
        line = rng.choice(content)
        items.append(item(f"{rec_file}#L{line}", rng.choice(T.INFERENCES)))
    for number, c in candidates:
        if len(items) >= quota:
            break
        items.append(item(f"{rec_file}#L{number}", c))
    i = 0
    while len(items) < quota:  # over several lines: "this stretch says ..."
        a = rng.choice(content)
        b = min(content[-1], a + rng.randint(1, 3))
        pointer = f"{rec_file}#L{a}" if a == b else f"{rec_file}#L{a}-L{b}"
        items.append(item(pointer, summaries[i % len(summaries)]))
        i += 1
    return items


def _month(d: date) -> tuple[int, int]:
    return d.year, d.month


@contextlib.contextmanager
def _building_env() -> Iterator[None]:
    """Build with only the builtin plugins, whatever the caller's environment says."""
    saved = {k: os.environ.get(k) for k in ("MYLIFE_LOAD_PLUGINS", "MYLIFE_NOW")}
    os.environ["MYLIFE_LOAD_PLUGINS"] = ""
    os.environ.pop("MYLIFE_NOW", None)
    try:
        yield
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def generate(root: Path, *, records: int, claims: int, seed: int = DEFAULT_SEED,
             progress: _util.Progress | None = None) -> BuildStats:
    """Build a lifetime workspace at ``root`` (which must not exist) through the library API."""
    from mylife_core import clock
    from mylife_core.testing import plugin_host
    from mylife_core.workspace import Workspace

    progress = progress or _util.Progress(quiet=True)
    rng = random.Random(seed)
    stats = BuildStats()
    start_day = END - timedelta(days=YEARS * 365)
    with _building_env():
        ws, _ = Workspace.init(root, plugins=plugin_host())
        try:
            plan = _plan(rng, records)
            # claims per record: exact total, evenly spread, jittered
            quotas = [round(claims * (i + 1) / max(records, 1)) - round(claims * i / max(records, 1))
                      for i in range(records)]
            for i in range(0, records - 1, 2):
                j = rng.randint(-3, 3)
                if quotas[i] + j >= 1 and quotas[i + 1] - j >= 1:
                    quotas[i] += j
                    quotas[i + 1] -= j

            ids_by_topic: dict[str, list[str]] = {}
            candidates_ids: list[str] = []
            assessments: list[str] = []
            t_raw = t_claims = 0.0
            month_items: list[dict] = []
            current = _month(plan[0][0].date()) if plan else None

            def flush() -> None:
                nonlocal t_claims
                if not month_items:
                    return
                t0 = time.perf_counter()
                added, _ = ws.claims.add_many(month_items, actor="user")
                t_claims += time.perf_counter() - t0
                stats.claims += len(added)
                for c in added:
                    if c.kind == "inference":
                        candidates_ids.append(c.id)
                    elif c.kind == "assessment" and rng.random() < 0.05:
                        assessments.append(c.id)
                    elif c.kind == "fact" and c.topic in ("收入", "储蓄", "租房", "房贷", "体检"):
                        ids_by_topic.setdefault(c.topic, []).append(c.id)
                month_items.clear()

            for n, (when, topic) in enumerate(plan):
                if _month(when.date()) != current:
                    flush()
                    current = _month(when.date())
                year = min(YEARS - 1, (when.date() - start_day).days // 365)
                text, candidates, extra = _compose(rng, when, topic, year)
                t0 = time.perf_counter()
                rec = ws.raw.record(text.encode("utf-8"), topic=topic.name, occurred_at=clock.as_aware(when))
                t_raw += time.perf_counter() - t0
                stats.records += 1
                month_items.extend(_claim_items(rng, rec.file, when, quotas[n], candidates, extra))
                progress(f"records {n + 1}/{records}  claims {stats.claims + len(month_items)}/{claims}  "
                         f"({when.date().isoformat()})")
            flush()
            stats.seconds["raw"] = t_raw
            stats.seconds["claims"] = t_claims

            # L3: fields appear over the years and change at their own pace
            t0 = time.perf_counter()
            updates = []
            # a tiny workspace (tests, smoke runs) updates its fields less often so it builds in
            # seconds; from 1,000 records up the profile history is the full lifetime one
            pace = (30000 / max(records, 1)) ** 0.5 if records < 1000 else 1.0
            for name, ttl, topic, (a, b), every, value in FIELDS:
                day = start_day + timedelta(days=a * 365 + rng.randrange(60))
                last_day = min(END, start_day + timedelta(days=(b + 1) * 365))
                prev = None
                while day <= last_day:
                    year = min(YEARS - 1, (day - start_day).days // 365)
                    v = value(rng, year, prev)
                    updates.append((day, name, v, ttl, topic, prev is None))
                    prev = v
                    day += timedelta(days=max(7, int(every * pace * rng.uniform(0.6, 1.4))))
            updates.sort(key=lambda u: (u[0], u[1]))
            for k, (day, name, v, ttl, topic, first) in enumerate(updates):
                at = clock.as_aware(datetime.combine(day, dtime(21, 30)))
                if first:
                    ws.profile.set(name, v, ttl_days=ttl, ttl_given=True, ttl_reason=None, at=at, topic=topic)
                else:
                    ws.profile.set(name, v, at=at)
                stats.profile_sets += 1
                progress(f"profile {k + 1}/{len(updates)}")
            stats.seconds["profile"] = time.perf_counter() - t0

            # claim transitions: a newer fact supersedes an older one, inferences accepted or
            # rejected, a few assessments disputed (each rewrites its month shard)
            t0 = time.perf_counter()
            jobs: list[tuple[str, str, str | None]] = []
            n_super = max(1, claims // 2000)
            pool = [(t, ids) for t, ids in ids_by_topic.items() if len(ids) > 2]
            for _ in range(n_super if pool else 0):
                _topic, ids = rng.choice(pool)
                k = rng.randrange(len(ids) - 1)
                jobs.append(("supersede", ids[k], ids[k + 1]))
            rng.shuffle(candidates_ids)
            n_acc = min(len(candidates_ids) * 2 // 5, max(1, claims // 3000))
            n_rej = min(len(candidates_ids) // 5, max(1, claims // 6000))
            jobs += [("accept", cid, None) for cid in candidates_ids[:n_acc]]
            jobs += [("reject", cid, None) for cid in candidates_ids[n_acc:n_acc + n_rej]]
            jobs += [("dispute", cid, None) for cid in assessments[: max(1, claims // 6000)]]
            done_ids: set[str] = set()
            for k, (action, cid, other) in enumerate(jobs):
                if cid in done_ids:
                    continue
                current_status = ws.claims.get(cid).status
                if action == "supersede":
                    if current_status == "superseded" or ws.claims.get(other).status in ("superseded", "rejected"):
                        continue
                    ws.claims.supersede(cid, by=other)
                elif action == "accept":
                    ws.claims.accept(cid)
                elif action == "reject":
                    ws.claims.reject(cid, why="不是这样，我只是懒得折腾")
                else:
                    ws.claims.dispute(cid, why=rng.choice(DISPUTE_WHY))
                done_ids.add(cid)
                stats.transitions += 1
                progress(f"transitions {k + 1}/{len(jobs)}")
            stats.seconds["transitions"] = time.perf_counter() - t0

            # L1: digests for the big topics, citing their latest claims
            t0 = time.perf_counter()
            for topic in ("职业去留", "财务压力", "健康", "睡眠", "父母养老", "子女教育"):
                recent = ws.claims.query(topic=topic, status="active", limit=12, newest_first=True)
                if not recent:
                    continue
                recent.reverse()
                paragraphs = [f"# {topic}", "（由模拟数据生成的摘要，每句都引用证据。）"]
                for i in range(0, len(recent), 3):
                    group = recent[i:i + 3]
                    paragraphs.append("；".join(f"{c.occurred_at.isoformat()}：{c.claim} [{c.id}]" for c in group) + "。")
                ws.digests.write(topic, "\n\n".join(paragraphs) + "\n", actor="model")
                stats.digests += 1
            stats.seconds["digests"] = time.perf_counter() - t0
        finally:
            ws.close()
    progress.done(f"built {stats.records} records, {stats.claims} claims, {stats.profile_sets} profile sets")
    stats.peak_rss_mb = _util.self_peak_rss_mb()
    stats.sizes_mb = _sizes(root)
    return stats


def _sizes(root: Path) -> dict[str, float]:
    def du(path: Path) -> float:
        if path.is_file():
            return path.stat().st_size / 1e6
        return sum(p.stat().st_size for p in path.rglob("*") if p.is_file()) / 1e6 if path.exists() else 0.0
    return {name: round(du(root / name), 1) for name in
            ("raw", "claims", "profile.yaml", "ledger/raw.jsonl", "ledger/audit.jsonl", "cache/claims.sqlite")}


# ---------------------------------------------------------------------------------------------
# the cached workspace other benchmarks import
# ---------------------------------------------------------------------------------------------
def workspace_dir(records: int, claims: int, seed: int = DEFAULT_SEED, out: Path = OUT) -> Path:
    return out / f"lifetime-r{records}-c{claims}-s{seed}-g{GEN_VERSION}"


@contextlib.contextmanager
def _build_lock(path: Path) -> Iterator[None]:
    import fcntl

    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a+") as fh:
        fcntl.flock(fh, fcntl.LOCK_EX)  # a second bench waits for the first build, then reuses it
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


def lifetime_workspace(records: int = 30000, claims: int = 300000, *, seed: int = DEFAULT_SEED,
                       rebuild: bool = False, out: Path = OUT, quiet: bool = False) -> Path:
    """The path of a lifetime workspace with ``records`` raw records and ``claims`` claims.

    Built once (minutes at full size) and cached under ``bench/out/``; later calls, from any
    process, return the cached copy. The build happens in a side folder and is moved into place
    only when complete, so an interrupted build is never mistaken for a finished one.
    Treat the returned workspace as read-only (copy it before writing to it).
    """
    from mylife_core.workspace import Workspace

    home = workspace_dir(records, claims, seed, out)
    target = home / "ws"
    marker = home / "build.json"
    with _build_lock(home.with_suffix(".lock")):
        if not rebuild and marker.is_file() and Workspace.is_workspace(target):
            return target
        building = home / "ws.building"
        for stale in (building, target):
            if stale.exists():
                shutil.rmtree(stale)
        marker.unlink(missing_ok=True)
        home.mkdir(parents=True, exist_ok=True)
        t0 = time.perf_counter()
        stats = generate(building, records=records, claims=claims, seed=seed, progress=_util.Progress(quiet))
        stats.seconds["total"] = time.perf_counter() - t0
        os.replace(building, target)
        marker.write_text(json.dumps({"records": records, "claims": claims, "seed": seed,
                                      "generator": GEN_VERSION, "built_at": datetime.now().isoformat(),
                                      "stats": stats.to_json()}, ensure_ascii=False, indent=2))
    return target


def build_info(path: Path) -> dict[str, Any]:
    """What ``lifetime_workspace`` recorded about the build of ``path`` (its ``build.json``)."""
    return json.loads((path.parent / "build.json").read_text())


# ---------------------------------------------------------------------------------------------
# measuring
# ---------------------------------------------------------------------------------------------
def _pick_ids(ws_path: Path) -> dict[str, str]:
    """A claim cited by a digest, and one from the middle of the life (for ``trace``/``show``)."""
    import sqlite3

    from mylife_core.layers.digest import CITE_RE

    digest = (ws_path / "digest" / f"{TOPIC_FOR_LIST}.md").read_text(encoding="utf-8")
    cited = CITE_RE.findall(digest)[0]
    conn = sqlite3.connect(ws_path / "cache" / "claims.sqlite")
    try:
        (total,) = conn.execute("SELECT count(*) FROM claims").fetchone()
        (middle,) = conn.execute("SELECT id FROM claims ORDER BY occurred_at, day, seq LIMIT 1 OFFSET ?",
                                 (total // 2,)).fetchone()
    finally:
        conn.close()
    return {"cited": cited, "middle": middle}


RECALL_QUERY = "加班 辞职"
ASK_ARGS = ("ask", "我该不该跳槽？", "--offline", "--accept-stale", "--accept-missing")


def measure_reads(ws_path: Path, *, repeat: int = 5, verify_repeat: int = 3,
                  search: bool = False) -> list[_util.Figure]:
    env = _util.cli_env(ws_path)
    M = _util.mylife_argv
    ids = _pick_ids(ws_path) if not search else {"cited": "", "middle": ""}
    plan = [
        ("startup (mylife --version)", M("--version"), repeat),
        ("mylife --help", M("--help"), repeat),
        ("status", M("status"), repeat),
        ("status --json", M("status", "--json"), repeat),
        (f"claim list --topic {TOPIC_FOR_LIST}", M("claim", "list", "--topic", TOPIC_FOR_LIST), repeat),
        (f"claim list --topic {TOPIC_FOR_LIST} --json", M("claim", "list", "--topic", TOPIC_FOR_LIST, "--json"), repeat),
        ("claim show ID", M("claim", "show", ids["middle"]), repeat),
        ("trace ID (cited by a digest)", M("trace", ids["cited"]), repeat),
        ("trace ID (mid-life claim)", M("trace", ids["middle"]), repeat),
        ("profile list --stale", M("profile", "list", "--stale"), repeat),
        ("verify", M("verify"), verify_repeat),
    ]
    if search:  # only the commands that search (on a scratch copy that has a search index)
        plan = [(f"recall {RECALL_QUERY}", M("recall", RECALL_QUERY), repeat), ("ask --offline", M(*ASK_ARGS), repeat)]
    figures = []
    for name, argv, n in plan:
        print(f"  timing {name} ...", file=sys.stderr, flush=True)
        figures.append(_util.time_command(name, argv, env=env, repeat=n, warmup=1))
    return figures


_WORKER = """
import sys, time, json
from mylife_core.errors import MyLifeError
from mylife_core.workspace import Workspace
ws = Workspace.open(sys.argv[1])
n, tag, topic = int(sys.argv[2]), sys.argv[3], sys.argv[4]
t0 = time.perf_counter()
files, errors = [], []
for i in range(n):
    text = f"并发写入测试 {tag} 第{i}条：今天又加班到十一点……真的真的好累\\n第二行，错别字也留着：在见\\n"
    try:
        files.append(ws.raw.record(text.encode("utf-8"), topic=topic).file)
    except MyLifeError as exc:
        errors.append(f"{type(exc).__name__}: {exc}")
print(json.dumps({"seconds": time.perf_counter() - t0, "files": files, "errors": errors}))
"""


def _api_writers(scratch: Path, env: dict[str, str], n_procs: int, per_process: int, topic_of) -> dict[str, Any]:
    """``n_procs`` processes recording ``per_process`` records each through ``ws.raw.record``."""
    from mylife_core.storage import jsonl

    manifest = scratch / "ledger" / "raw.jsonl"
    before = len(jsonl.read(manifest)[0])
    t0 = time.perf_counter()
    procs = [subprocess.Popen([sys.executable, "-c", _WORKER, str(scratch), str(per_process), f"p{i}", topic_of(i)],
                              env=env, cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
             for i in range(n_procs)]
    files: list[str] = []
    errors: list[str] = []
    for p in procs:
        stdout, stderr = p.communicate()
        if p.returncode != 0:
            errors.append(stderr.decode("utf-8", "replace").strip().splitlines()[-1])
            continue
        result = json.loads(stdout)
        files += result["files"]
        errors += result["errors"]
    wall = time.perf_counter() - t0
    added = len(jsonl.read(manifest)[0]) - before
    return {"processes": n_procs, "records_attempted": n_procs * per_process, "recorded": len(files),
            "seconds": round(wall, 3), "records_per_s": round(len(files) / wall, 1),
            "manifest_added": added, "distinct_files": len(set(files)),
            "lost": sum(1 for f in files if not (scratch / f).is_file()),
            "failed": n_procs * per_process - len(files), "errors": sorted(set(errors))[:3],
            "files": files[:1]}


def measure_writes(ws_path: Path, scratch: Path, *, per_process: int = 100, cli_runs: int = 10,
                   repeat: int = 5) -> dict[str, Any]:
    """Record throughput on a scratch copy: 1 and 8 processes (library API), and the CLI.

    "Lost" counts records a writer was told were stored but whose file is missing; the manifest
    must gain exactly the records written. The same-topic run makes every writer aim at the same
    file names (one day, one topic), the worst case for a process whose view of the manifest is
    out of date.
    """
    from mylife_core.storage import jsonl

    out: dict[str, Any] = {}
    env = _util.cli_env(scratch)
    out["api_1_process"] = _api_writers(scratch, env, 1, per_process * 4, lambda i: "bench-solo")
    out["api_8_processes"] = _api_writers(scratch, env, 8, per_process, lambda i: f"bench-p{i}")
    out["api_8_processes_same_topic"] = _api_writers(scratch, env, 8, max(1, per_process // 4),
                                                     lambda i: "bench-same")
    # the CLI: one fresh process per record (what a user or a script pays)
    argv = _util.mylife_argv("record", "今天又加班到十一点……真的受不了了", "--topic", "career")
    out["cli_record"] = _util.time_command("mylife record (fresh process)", argv, env=env, repeat=cli_runs,
                                           warmup=1).to_json()
    # 8 concurrent CLI writers, 5 records each, all on one topic
    t0 = time.perf_counter()
    script = ("import subprocess,sys\n"
              "bad = 0\n"
              "for i in range(5):\n"
              "    bad += subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL).returncode != 0\n"
              "sys.exit(bad)\n")
    procs = [subprocess.Popen([sys.executable, "-c", script, *_util.mylife_argv(
        "record", f"并发命令行写入 {i}：又是加班的一天", "--topic", "bench-cli")], env=env, cwd=REPO)
        for i in range(8)]
    failed = sum(p.wait() for p in procs)
    wall = time.perf_counter() - t0
    out["cli_8_processes"] = {"records": 40, "seconds": round(wall, 3), "records_per_s": round((40 - failed) / wall, 2),
                              "failed": failed}
    # claim add --from (one claim, fresh process)
    rec_file = (out["api_8_processes"]["files"] or out["api_1_process"]["files"])[0]
    argv = _util.mylife_argv("claim", "add", "好累", "--topic", "工作强度", "--kind", "assessment",
                             "--from", f"{rec_file}#L1")
    out["cli_claim_add"] = _util.time_command("mylife claim add --from (fresh process)", argv, env=env,
                                              repeat=repeat, warmup=1).to_json()
    out["manifest_total_after"] = len(jsonl.read(scratch / "ledger" / "raw.jsonl")[0])
    return out


def _once(name: str, args: list[str], env: dict[str, str]) -> _util.Figure:
    fig = _util.Figure(name=name, command=list(args))
    run = _util.run_measured(_util.mylife_argv(*args), env=env)
    fig.ok = run.returncode == 0
    fig.error = None if fig.ok else (run.stderr or run.stdout)[-500:]
    fig.runs.append(run.wall_s)
    fig.cpu.append(run.cpu_s)
    fig.peak_rss_mb = run.peak_rss_mb
    return fig


def measure_cold_start(ws_path: Path, scratch: Path) -> dict[str, Any]:
    """What a first command costs: on a ``cp -a`` copy with ``cache/`` intact, after a clone
    (``cache/`` absent) for ``status`` then ``recall``, and ``recall`` doing both at once.
    Leaves ``scratch`` a complete copy with both indexes (for the search reads and writes)."""
    out: dict[str, Any] = {}
    env = _util.cli_env(scratch)
    shutil.rmtree(scratch, ignore_errors=True)
    subprocess.run(["cp", "-a", str(ws_path), str(scratch)], check=True)
    out["copy_status"] = _once("first status on a `cp -a` copy (cache/ intact)", ["status"], env).to_json()

    def clone() -> None:  # what a clone or a restore without cache/ leaves
        shutil.rmtree(scratch / "cache", ignore_errors=True)

    clone()
    out["clone_status"] = _once("first status after a clone (cache/ absent)", ["status"], env).to_json()
    shutil.rmtree(scratch / "cache" / "search", ignore_errors=True)
    out["first_recall"] = _once("first recall with no search index", ["recall", RECALL_QUERY], env).to_json()
    clone()
    out["clone_recall"] = _once("recall on a fresh clone (both indexes in one process)",
                                ["recall", RECALL_QUERY], env).to_json()
    return out


def measure_growth(scratch: Path, *, asks: int = 200, sets: int = 200) -> dict[str, Any]:
    """Does a write or a read get slower as answers and profile values pile up? ``asks``
    recorded ``ask --offline`` answers and ``sets`` ``profile set`` calls, each a fresh process:
    the first and last ten, and ``status`` before and after."""
    env = _util.cli_env(scratch)
    M = _util.mylife_argv

    def runs(argv_of, n: int) -> list[float]:
        times = []
        for i in range(n):
            run = _util.run_measured(argv_of(i), env=env)
            if run.returncode != 0:
                raise RuntimeError((run.stderr or run.stdout)[-300:])
            times.append(run.wall_s)
        return times

    def size(path: Path) -> int:
        if path.is_file():
            return path.stat().st_size
        return sum(p.stat().st_size for p in path.rglob("*") if p.is_file()) if path.exists() else 0

    out: dict[str, Any] = {}
    status_before = _util.time_command("status", M("status"), env=env, repeat=3).to_json()
    index_before = size(scratch / "index.yaml") + size(scratch / "index")
    ask_times = runs(lambda i: M(*ASK_ARGS, "--json"), asks)
    status_after = _util.time_command("status", M("status"), env=env, repeat=3).to_json()
    out["asks"] = {"n": asks, "first10_s": round(statistics.median(ask_times[:10]), 4),
                   "last10_s": round(statistics.median(ask_times[-10:]), 4),
                   "index_bytes_added": size(scratch / "index.yaml") + size(scratch / "index") - index_before,
                   "status_before_s": status_before["median_s"], "status_after_s": status_after["median_s"]}
    set_times = runs(lambda i: M("profile", "set", "现有存款", str(900000 + i)), sets)
    out["profile_sets"] = {"n": sets, "first10_s": round(statistics.median(set_times[:10]), 4),
                           "last10_s": round(statistics.median(set_times[-10:]), 4)}
    return out


def profile_command(ws_path: Path, args: list[str], top: int = 30) -> str:
    """cProfile one ``mylife`` command in a fresh process; the top functions by cumulative time."""
    code = (
        "import cProfile, pstats, sys, io\n"
        "from mylife_core.cli import main\n"
        "p = cProfile.Profile(); p.enable()\n"
        "try:\n    main(sys.argv[1:])\nexcept SystemExit:\n    pass\n"
        "p.disable(); s = io.StringIO()\n"
        f"pstats.Stats(p, stream=s).sort_stats('cumulative').print_stats({top})\n"
        "sys.stderr.write(s.getvalue())\n"
    )
    run = _util.run_measured([sys.executable, "-c", code, *args], env=_util.cli_env(ws_path), cwd=REPO)
    return run.stderr


# ---------------------------------------------------------------------------------------------
# the script
# ---------------------------------------------------------------------------------------------
def _report_text(result: dict[str, Any]) -> str:
    lines = []
    b = result["build"]
    lines.append(f"Lifetime workspace: {result['workspace']}")
    lines.append(f"  {b['records']} raw records, {b['claims']} claims, {b['profile_sets']} profile sets, "
                 f"{b['transitions']} claim transitions, {b['digests']} digests "
                 f"({'reused' if result['reused'] else 'built now'})")
    s, r = b["seconds"], b["rates"]
    lines.append(f"  build: total {_util.fmt_s(s.get('total', float('nan')))}; raw {_util.fmt_s(s.get('raw', 0))} "
                 f"({r.get('records_per_s', '-')} records/s, single process, ws.raw.record); "
                 f"claims {_util.fmt_s(s.get('claims', 0))} ({r.get('claims_per_s', '-')} claims/s, add_many per month)")
    lines.append(f"         profile {_util.fmt_s(s.get('profile', 0))} ({r.get('profile_sets_per_s', '-')} sets/s); "
                 f"transitions {_util.fmt_s(s.get('transitions', 0))} ({r.get('transitions_per_s', '-')}/s); "
                 f"peak RSS {b['peak_rss_mb']} MB")
    lines.append("  sizes (MB): " + ", ".join(f"{k} {v}" for k, v in b["sizes_mb"].items()))
    lines.append("")
    lines.append(f"{'command (fresh process)':58} {'median':>9} {'min':>9} {'max':>9} {'peak RSS':>9} {'CPU':>9}")
    for f in result["reads"] + result.get("search_reads", []):
        if not f["ok"]:
            lines.append(f"{f['name']:58} FAILED: {f['error']}")
            continue
        cpu = f.get("median_cpu_s")
        lines.append(f"{f['name']:58} {_util.fmt_s(f['median_s']):>9} {_util.fmt_s(f['min_s']):>9} "
                     f"{_util.fmt_s(f['max_s']):>9} {f['peak_rss_mb']:>6.0f} MB "
                     f"{_util.fmt_s(cpu) if cpu is not None else '-':>9}")
    if result.get("writes_error"):
        lines.append(f"\nwrite runs FAILED: {result['writes_error']}")
    w = result.get("writes")
    if w:
        lines.append("")
        for key, label in (("api_1_process", "record, library API, 1 process            "),
                           ("api_8_processes", "record, library API, 8 processes         "),
                           ("api_8_processes_same_topic", "record, library API, 8 procs, same topic")):
            a = w[key]
            lines.append(f"{label}: {a['records_per_s']} records/s ({a['recorded']}/{a['records_attempted']} in "
                         f"{a['seconds']} s); manifest gained {a['manifest_added']}, lost {a['lost']}, "
                         f"failed {a['failed']}" + (f" ({a['errors'][0]})" if a["errors"] else ""))
        c = w["cli_record"]
        lines.append(f"mylife record, fresh process    : median {_util.fmt_s(c['median_s'])}, peak RSS "
                     f"{c['peak_rss_mb']} MB")
        c8 = w["cli_8_processes"]
        lines.append(f"mylife record, 8 processes      : {c8['records_per_s']} records/s ({c8['records']} in "
                     f"{c8['seconds']} s, {c8['failed']} failed)")
        ca = w["cli_claim_add"]
        lines.append(f"mylife claim add --from         : median {_util.fmt_s(ca['median_s'])}, peak RSS "
                     f"{ca['peak_rss_mb']} MB")
    lines.append("")
    lines.append(f"The issue's table (load average {' '.join(str(x) for x in result['load_average_at_start'])} at "
                 f"the start, {result.get('load_average_at_end', '?')} at the end; {result['cpus']} cores)")
    lines.append("(goals are for a quiet machine: when the load average is well above the core count, wall times "
                 "stretch; the CPU time of the command is the closer estimate)")
    lines.append(f"{'what':62} {'now':>22}  {'goal':<28} met")
    for name, now, goal, ok in issue_rows(result):
        lines.append(f"{name:62} {now:>22}  {goal:<28} {'yes' if ok else ('no' if ok is False else '-')}")
    return "\n".join(lines)


def issue_rows(result: dict[str, Any]) -> list[tuple[str, str, str, bool | None]]:
    """Every row of issue 19's table: (what, the figure now, the goal, whether it is met)."""
    rows: list[tuple[str, str, str, bool | None]] = []
    reads = {f["name"]: f for f in result["reads"] + result.get("search_reads", [])}

    def timed(f: dict | None, limit_s: float | None = None, limit_mb: float | None = None):
        if not f or not f.get("ok"):
            return ("FAILED" if f else "not run"), (False if f else None)
        secs = f["median_s"]
        text = f"{_util.fmt_s(secs)}, {f['peak_rss_mb']:.0f} MB"
        if f.get("median_cpu_s") is not None:
            text += f" (CPU {_util.fmt_s(f['median_cpu_s'])})"
        ok = (limit_s is None or secs < limit_s) and (limit_mb is None or f["peak_rss_mb"] < limit_mb)
        return text, ok

    for name, key in (("`mylife --version`", "startup (mylife --version)"), ("`mylife --help`", "mylife --help")):
        text, ok = timed(reads.get(key), 0.12)
        rows.append((name, text, "< 120 ms", ok))
    for name in ("status", f"claim list --topic {TOPIC_FOR_LIST}", "trace ID (mid-life claim)",
                 f"recall {RECALL_QUERY}", "ask --offline"):
        text, _ = timed(reads.get(name))
        rows.append((f"`mylife {name}`", text, "within ~0.1-0.2 s of the floor", None))
    w = result.get("writes") or {}
    for label, key in (("`mylife record`", "cli_record"), ("`mylife claim add --from`", "cli_claim_add")):
        text, ok = timed(w.get(key), 0.30, 60)
        rows.append((label, text, "< 0.30 s, < 60 MB", ok if w.get(key) else None))
    cold = result.get("cold_start") or {}
    for label, key, goal, limit in (
            ("first command after a clone (`cache/` absent): `status`", "clone_status", "< 10 s, with progress", 10),
            ("first `recall` with no search index", "first_recall", "< 15 s, with progress", 15),
            ("both in one process (`recall` on a fresh clone)", "clone_recall", "< 30 s", 30),
            ("first `status` on a `cp -a` copy with `cache/` intact", "copy_status", "< 1 s", 1)):
        text, ok = timed(cold.get(key), limit)
        rows.append((label, text, goal, ok if cold.get(key) else None))
    g = result.get("growth") or {}
    if g.get("asks"):
        a = g["asks"]
        flat = a["last10_s"] < a["first10_s"] * 1.25 + 0.05 and a["status_after_s"] < a["status_before_s"] * 1.25 + 0.05
        rows.append((f"each recorded `ask` (over {a['n']} asks; index +{a['index_bytes_added'] / a['n'] / 1000:.1f} KB/ask)",
                     f"{_util.fmt_s(a['first10_s'])} -> {_util.fmt_s(a['last10_s'])}", "flat", flat))
        rows.append((f"`status` before -> after {a['n']} asks", f"{_util.fmt_s(a['status_before_s'])} -> "
                     f"{_util.fmt_s(a['status_after_s'])}", "flat", a["status_after_s"] < a["status_before_s"] * 1.25 + 0.05))
    if g.get("profile_sets"):
        p = g["profile_sets"]
        rows.append((f"`profile set` (over {p['n']} sets)", f"{_util.fmt_s(p['first10_s'])} -> {_util.fmt_s(p['last10_s'])}",
                     "keep (flat)", p["last10_s"] < p["first10_s"] * 1.25 + 0.05))
    if result.get("growth_error"):
        rows.append(("growth runs", "FAILED: " + result["growth_error"][:60], "", False))
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.lifetime", description=__doc__.split("\n\n")[0])
    parser.add_argument("--records", type=int, default=30000, help="raw records to generate (default 30000)")
    parser.add_argument("--claims", type=int, default=300000, help="claims to generate (default 300000)")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
    parser.add_argument("--repeat", type=int, default=5, help="timed runs per command (median reported)")
    parser.add_argument("--verify-repeat", type=int, default=3)
    parser.add_argument("--keep", action="store_true",
                        help="build into (or reuse) the cached workspace under bench/out/ and keep it")
    parser.add_argument("--rebuild", action="store_true", help="with --keep: rebuild even if cached")
    parser.add_argument("--no-writes", action="store_true",
                        help="skip everything on the scratch copy (cold starts, search reads, writes, growth)")
    parser.add_argument("--growth", type=int, default=200, metavar="N",
                        help="asks and profile sets for the growth rows (default 200; 0 skips them)")
    parser.add_argument("--profile", metavar="ARGS", default=None,
                        help='cProfile one command on the workspace instead, e.g. --profile "status"')
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    if args.records < 1 or args.claims < 1:
        parser.error("--records and --claims must be positive")

    import shlex

    OUT.mkdir(parents=True, exist_ok=True)
    temp_home: Path | None = None
    reused = False
    if args.keep:
        home = workspace_dir(args.records, args.claims, args.seed)
        reused = (home / "build.json").is_file() and not args.rebuild
        ws_path = lifetime_workspace(args.records, args.claims, seed=args.seed, rebuild=args.rebuild)
        build = build_info(ws_path)["stats"]
    else:
        temp_home = OUT / f"run-{os.getpid()}"
        shutil.rmtree(temp_home, ignore_errors=True)
        ws_path = temp_home / "ws"
        t0 = time.perf_counter()
        stats = generate(ws_path, records=args.records, claims=args.claims, seed=args.seed,
                         progress=_util.Progress())
        stats.seconds["total"] = time.perf_counter() - t0
        build = stats.to_json()
    try:
        if args.profile:
            print(profile_command(ws_path, shlex.split(args.profile)))
            return 0
        result: dict[str, Any] = {"workspace": str(ws_path), "reused": reused, "build": build,
                                  "python": sys.version.split()[0], "cpus": os.cpu_count(),
                                  "load_average_at_start": [round(x, 2) for x in os.getloadavg()]}
        result["reads"] = [f.to_json() for f in measure_reads(ws_path, repeat=args.repeat,
                                                              verify_repeat=args.verify_repeat)]
        if not args.no_writes:
            scratch = (temp_home or ws_path.parent) / "scratch"
            try:
                print("  timing cold starts on a `cp -a` copy ...", file=sys.stderr, flush=True)
                result["cold_start"] = measure_cold_start(ws_path, scratch)
                print("  timing search reads ...", file=sys.stderr, flush=True)
                result["search_reads"] = [f.to_json() for f in measure_reads(scratch, repeat=args.repeat, search=True)]
                print("  timing record throughput ...", file=sys.stderr, flush=True)
                try:
                    result["writes"] = measure_writes(ws_path, scratch, repeat=args.repeat)
                except Exception as exc:  # noqa: BLE001 - keep the figures already measured; say what broke
                    result["writes_error"] = f"{type(exc).__name__}: {exc}"
                if args.growth:
                    print(f"  timing growth over {args.growth} asks and profile sets ...", file=sys.stderr, flush=True)
                    try:
                        result["growth"] = measure_growth(scratch, asks=args.growth, sets=args.growth)
                    except Exception as exc:  # noqa: BLE001
                        result["growth_error"] = f"{type(exc).__name__}: {exc}"
            finally:
                shutil.rmtree(scratch, ignore_errors=True)
        result["load_average_at_end"] = [round(x, 2) for x in os.getloadavg()]
        if args.json:
            print(json.dumps(result, ensure_ascii=False, indent=2))
        else:
            print(_report_text(result))
        return 0
    finally:
        if temp_home is not None:
            shutil.rmtree(temp_home, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
