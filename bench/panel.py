"""Review-panel page times on the lifetime workspace (``mylife serve``, docs/panel.md).

Run::

    .venv/bin/python -m bench.panel                              # 30,000 records, 300,000 claims
    .venv/bin/python -m bench.panel --records 3000 --claims 30000 --repeat 5
    .venv/bin/python -m bench.panel --json

It opens the panel in-process on the workspace of ``bench/lifetime.py`` (built once and cached
in ``bench/out/``), signs in with the start's token like a browser, requests every page once to
warm up (reported as "first"), then ``--repeat`` times more, and prints the server time of each
page: the ``Server-Timing`` the panel measures around the whole request (guard, handler, library
calls, template rendering), median and worst. Only pages are timed (GET): the cached workspace
is treated as read-only. The target is under 200 ms a page.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import sys
import time
from pathlib import Path
from urllib.parse import quote

if __package__ in (None, ""):  # run as a script: make "bench" importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

TARGET_MS = 200.0


def _server_ms(response) -> float:
    match = re.search(r"dur=([\d.]+)", response.headers.get("server-timing", ""))
    return float(match.group(1)) if match else float("nan")


def pages(client, ws) -> dict[str, str]:
    """The paths to time, chosen from what the workspace holds."""
    counts = ws.claims.counts()
    topic = max(counts.get("topic", {"职业去留": 0}).items(), key=lambda kv: kv[1])[0]
    fields = ws.profile.fields()
    longest = max(fields, key=lambda n: len(fields[n].history)) if fields else "现有存款"
    claim = ws.claims.query(topic=topic, limit=1, newest_first=True)[0]
    records = ws.raw.records()
    digest = ws.digests.topics()[0].stem if ws.digests.topics() else topic
    chains = ws.index.chains()
    out = {
        "state /": "/",
        "review": "/review",
        "profile": "/profile",
        f"profile/{{field}} ({len(fields[longest].history) if fields else 0} past values)": "/profile/" + quote(longest),
        "claims": "/claims",
        f"claims?topic (timeline, {counts.get('topic', {}).get(topic, 0)} claims)": "/claims?topic=" + quote(topic),
        "claims?topic, 20 pages back": None,  # filled below by following the "older" links
        "claims/{id}": f"/claims/{claim.id}",
        "digests": "/digests",
        "digests/{topic}": "/digests/" + quote(digest),
        f"raw ({len(records)} records)": "/raw",
        "raw?page=300": "/raw?page=300",
        "raw/{file}": "/" + records[len(records) // 2].file,
        "search?q=换工作": "/search?q=" + quote("换工作"),
        "chains": "/chains",
        "branches": "/branches",
        "settings": "/settings",
    }
    if chains:
        out["chains/{id}"] = f"/chains/{chains[-1].id}"
    path = out[next(k for k in out if k.startswith("claims?topic (timeline"))]
    for _ in range(20):
        html = client.get(path).text
        nxt = re.search(r'rel="next" href="([^"]+)"', html)
        if not nxt:
            break
        path = nxt.group(1).replace("&amp;", "&")
    out["claims?topic, 20 pages back"] = path
    return out


def measure(root: Path, repeat: int) -> dict:
    from starlette.testclient import TestClient

    from mylife_core.web import create_app

    load_before = os.getloadavg()
    t0 = time.perf_counter()
    app = create_app(root, port=8765, verify_on_start=False)
    startup_ms = (time.perf_counter() - t0) * 1000
    panel = app.panel
    client = TestClient(app, base_url="http://127.0.0.1:8765")
    client.get(f"/?token={panel.secrets.token}")
    chosen = pages(client, _ReadOnly(panel))
    results = {}
    for name, path in chosen.items():
        first = client.get(path)
        if first.status_code != 200:
            raise SystemExit(f"{path}: HTTP {first.status_code}\n{first.text[:500]}")
        times = [_server_ms(first)]
        for _ in range(repeat):
            times.append(_server_ms(client.get(path)))
        warm = times[1:] or times
        results[name] = {"path": path, "first_ms": round(times[0], 1), "median_ms": round(statistics.median(warm), 1),
                         "max_ms": round(max(warm), 1), "bytes": len(first.content)}
    # what the state and evidence pages pay once after each write: the claim counts (memoised
    # between writes, keyed on the audit log)
    def counts_ms() -> float:
        ws = panel.workspace()
        t = time.perf_counter()
        ws.claims.counts()
        return (time.perf_counter() - t) * 1000

    counts = [panel.worker.submit(counts_ms).result() for _ in range(3)]
    client.close()
    panel.close()
    return {"workspace": str(root), "startup_ms": round(startup_ms, 1), "repeat": repeat, "pages": results,
            "counts_after_write_ms": round(statistics.median(counts), 1),
            "loadavg_before": [round(x, 2) for x in load_before],
            "loadavg_after": [round(x, 2) for x in os.getloadavg()], "cores": os.cpu_count()}


class _ReadOnly:
    """The panel's workspace, used from the panel's own thread (the SQLite connection lives there)."""

    def __init__(self, panel) -> None:
        self._panel = panel

    def __getattr__(self, name: str):
        layer = self._panel.worker.submit(lambda: getattr(self._panel.workspace(), name)).result()
        return _OnThread(self._panel, layer)


class _OnThread:
    def __init__(self, panel, obj) -> None:
        self._panel, self._obj = panel, obj

    def __getattr__(self, name: str):
        attr = getattr(self._obj, name)
        if callable(attr):
            return lambda *a, **kw: self._panel.worker.submit(attr, *a, **kw).result()
        return attr


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.panel", description=__doc__.split("\n\n")[0])
    parser.add_argument("--records", type=int, default=30000)
    parser.add_argument("--claims", type=int, default=300000)
    parser.add_argument("--repeat", type=int, default=5, help="timed requests per page after the first")
    parser.add_argument("--workspace", type=Path, default=None, help="time this workspace instead (read-only)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    os.environ.setdefault("MYLIFE_LOAD_PLUGINS", "")
    os.environ.setdefault("MYLIFE_NOW", "2026-12-01")
    if args.workspace is not None:
        root = args.workspace
    else:
        from bench.lifetime import lifetime_workspace

        root = lifetime_workspace(records=args.records, claims=args.claims)
    data = measure(root, args.repeat)
    data.update(records=args.records if args.workspace is None else None,
                claims=args.claims if args.workspace is None else None)
    if args.json:
        print(json.dumps(data, ensure_ascii=False, indent=2))
        return 0
    print(f"review panel on {root}")
    print(f"  load average {data['loadavg_before']} -> {data['loadavg_after']} on {data['cores']} cores; "
          f"app start {data['startup_ms']:.0f} ms")
    width = max(len(n) for n in data["pages"])
    print(f"  {'page':<{width}}  {'first':>8}  {'median':>8}  {'worst':>8}  {'KB':>6}")
    over = 0
    for name, r in data["pages"].items():
        flag = "" if r["median_ms"] < TARGET_MS else "  over target"
        over += bool(flag)
        print(f"  {name:<{width}}  {r['first_ms']:>6.0f}ms  {r['median_ms']:>6.0f}ms  {r['max_ms']:>6.0f}ms  "
              f"{r['bytes'] / 1024:>6.0f}{flag}")
    print(f"  {len(data['pages']) - over}/{len(data['pages'])} pages under {TARGET_MS:.0f} ms (median of {args.repeat})")
    print(f"  + claim counts, paid once by the state/evidence page after each write: "
          f"{data['counts_after_write_ms']:.0f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
