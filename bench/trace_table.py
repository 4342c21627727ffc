#!/usr/bin/env python3
"""What the table's long tasks and long frames are made of, from a DevTools trace.

    .venv-test/bin/python bench/trace_table.py [--hands 1] [--throttle 4] [--trace FILE]

Plays the built site as bench/bench_table.py does (390x844, pressed by pen, normal speed,
CPU throttled 4x) with a Chromium performance trace recording, then prints, for
each main-thread task over 50 ms and for each gap between animation frames over
50 ms while a card moves: its wall and thread time and what it was spent on
(self time per trace event: script by event type and function, style recalc
with the number of elements restyled, layout, pre-paint, paint, layerize,
garbage collection), and the totals of every tap. A diagnosis tool, not a
benchmark: the figures are one run's.
"""

from __future__ import annotations

import argparse
import bisect
import itertools
import json
import statistics
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "tests" / "web"))


from bench_table import (  # noqa: E402
    PROBES,
    VIEWPORT,
    VISITS,
    open_throttled,
    play_hands,
    visit_before,
)
from site_build.browser import CHROMIUM_FLAGS, find_chromium  # noqa: E402
from site_build.paths import DIST  # noqa: E402
from site_build.server import make_server, serve_in_thread  # noqa: E402
from site_build.site import build  # noqa: E402

CATEGORIES = ",".join(
    [
        "devtools.timeline",
        "disabled-by-default-devtools.timeline",
        "disabled-by-default-devtools.timeline.frame",
        "blink.user_timing",
        "toplevel",
        "v8.execute",
        "blink_gc",
        "disabled-by-default-v8.gc",
    ]
)
#: The renderer's marks of its steps after a drawing (render.js): faces given to cards drawn
#: without them, a new hand's, a new play's or the cards left's (faces); a new play's flight
#: (fly); a trick swept away (sweep); the cards left turned up (turnUp).
STEP_MARKS = frozenset({"pdk:faces", "pdk:fly", "pdk:sweep", "pdk:turnUp"})
#: Where each long frame was: the start and end of each gap over 50 ms while something
#: moves (the count of running animations kept by bench_table's probe).
GAP_PROBE = """
window.__longGaps = [];
let gapLast = null;
const gapTick = (now) => {
  if (gapLast !== null && live > 0 && now - gapLast > 50) window.__longGaps.push([gapLast, now]);
  gapLast = now;
  requestAnimationFrame(gapTick);
};
requestAnimationFrame(gapTick);
"""
TASK_NAMES = ("ThreadControllerImpl::RunTask", "RunTask")


#: What each trace event's self time is counted as (an event not named here counts as its
#: nearest named ancestor's; a task's own overhead, as "other").
PHASES = {
    "FunctionCall": "script",
    "EventDispatch": "script",
    "TimerFire": "script",
    "FireAnimationFrame": "script",
    "FireIdleCallback": "script",
    "HandlePostMessage": "script",
    "EvaluateScript": "script",
    "v8.compile": "script",
    "v8.callFunction": "script",
    "RunMicrotasks": "script",
    "UpdateLayoutTree": "style",
    "RecalculateStyles": "style",
    "ParseAuthorStyleSheet": "style",
    "Layout": "layout",
    "PrePaint": "pre-paint",
    "Paint": "paint",
    "PaintImage": "paint",
    "Layerize": "layerize",
    "UpdateLayer": "layerize",
    "Commit": "commit",
    "HitTest": "hit test",
    "MinorGC": "gc",
    "MajorGC": "gc",
    "V8.GC_SCAVENGER": "gc",
    "V8.GC_MARK_COMPACTOR": "gc",
    "BlinkGC.AtomicPhase": "gc",
    "ParseHTML": "parse",
}


def phase(event: dict[str, Any]) -> str | None:
    name = str(event["name"])
    if name in PHASES:
        return PHASES[name]
    if "GC" in name and name.startswith(("V8.", "BlinkGC", "Minor", "Major")):
        return "gc"
    return None


def script_label(event: dict[str, Any]) -> str | None:
    """What a script entry point was: the event handled, or the function called."""
    name = str(event["name"])
    data = event.get("args", {}).get("data", {}) or {}
    if name == "EventDispatch":
        return f"event {data.get('type')}"
    if name == "FunctionCall":
        where = str(data.get("url", "")).rsplit("/", 1)[-1] or "(page probe or Playwright)"
        return f"{data.get('functionName') or '?'} {where}"
    if name == "TimerFire":
        return "timer"
    if name == "HandlePostMessage":
        return "postMessage"
    return None


def self_times(events: list[dict[str, Any]]) -> list[tuple[dict[str, Any], float, float, str]]:
    """Each complete event of one thread with its self wall and thread time (ms) and phase."""
    ordered = sorted(events, key=lambda e: (e["ts"], -e.get("dur", 0)))
    out: list[tuple[dict[str, Any], float, float, str]] = []
    stack: list[list[Any]] = []  # [event, end, child wall, child thread, phase]

    def close(item: list[Any]) -> None:
        event = item[0]
        wall = (event.get("dur", 0) - item[2]) / 1000
        thread = (event.get("tdur", event.get("dur", 0)) - item[3]) / 1000
        out.append((event, wall, thread, item[4]))
        if stack:
            stack[-1][2] += event.get("dur", 0)
            stack[-1][3] += event.get("tdur", event.get("dur", 0))

    for event in ordered:
        while stack and stack[-1][1] <= event["ts"]:
            close(stack.pop())
        inherited = stack[-1][4] if stack else "other"
        stack.append([event, event["ts"] + event.get("dur", 0), 0, 0, phase(event) or inherited])
    while stack:
        close(stack.pop())
    return out


Timed = list[tuple[dict[str, Any], float, float, str]]


def breakdown(inside: Timed) -> str:
    """Self time per phase, largest first, and the script entry points over 2 ms."""
    totals: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0])
    for _, wall, thread, ph in inside:
        totals[ph][0] += wall
        totals[ph][1] += thread
    ranked = sorted(totals.items(), key=lambda kv: -kv[1][1])
    line = ", ".join(f"{ph} {v[1]:.1f}" for ph, v in ranked if v[1] >= 0.5)
    entries = []
    for event, _, _, _ in inside:
        what = script_label(event)
        spent = float(event.get("tdur") or event.get("dur") or 0) / 1000
        if what and spent >= 2:
            entries.append(f"{what} {spent:.1f}")
    return f"    thread ms: {line}\n    script: {'; '.join(entries) or '-'}"


def styles_in(inside: Timed) -> list[int]:
    counts = []
    for event, _, _, _ in inside:
        if event["name"] == "UpdateLayoutTree":
            counts.append(int((event.get("args", {}).get("elementCount")) or 0))
    return counts


def within(timed: Timed, start: float, end: float) -> Timed:
    return [t for t in timed if start <= t[0]["ts"] < end]


def main_thread(trace: list[dict[str, Any]]) -> tuple[int, int]:
    """The page's main thread: the renderer main thread that drew the table (pdk:draw marks)."""
    names = {
        (e["pid"], e["tid"])
        for e in trace
        if e.get("ph") == "M"
        and e["name"] == "thread_name"
        and e["args"]["name"] == "CrRendererMain"
    }
    counts: dict[tuple[int, int], int] = defaultdict(int)
    for e in trace:
        if (e.get("pid"), e.get("tid")) in names and e.get("name") == "FunctionCall":
            counts[(e["pid"], e["tid"])] += 1
    return max(counts, key=lambda k: counts[k])


def record(
    url: str, hands: int, throttle: float, trace_path: Path, visit: str = "first"
) -> dict[str, Any]:
    with sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path=find_chromium() or "/usr/bin/chromium", args=list(CHROMIUM_FLAGS)
        )
        context = browser.new_context(
            viewport={"width": VIEWPORT["width"], "height": VIEWPORT["height"]},
            has_touch=True,
            is_mobile=True,
        )
        context.add_init_script(PROBES + GAP_PROBE)
        if visit == "return":
            visit_before(context, url)
        page, cdp = open_throttled(context, url, throttle)
        page.evaluate("() => { window.__longGaps = []; }")
        browser.start_tracing(page=page, path=str(trace_path), categories=CATEGORIES.split(","))
        page.evaluate("() => performance.mark('pdk:sync')")
        play_hands(page, cdp, hands)
        browser.stop_tracing()
        probes: dict[str, Any] = page.evaluate(
            "() => ({gaps: window.__longGaps, spans: window.__taps,"
            " sync: performance.getEntriesByName('pdk:sync')[0].startTime})"
        )
        context.close()
        browser.close()
    return probes


Spans = dict[str, list[tuple[float, float]]]


def other_threads(trace: list[dict[str, Any]], main: tuple[int, int]) -> Spans:
    """Every other thread's top-level tasks (start, end in trace us), by thread name (the
    process's name before it for threads outside the page's renderer): what shared the
    machine's cores with the main thread."""
    names: dict[tuple[int, int], str] = {}
    processes: dict[int, str] = {}
    for e in trace:
        if e.get("ph") != "M":
            continue
        if e["name"] == "thread_name":
            names[(e["pid"], e["tid"])] = str(e["args"]["name"])
        elif e["name"] == "process_name":
            processes[e["pid"]] = str(e["args"]["name"])
    tasks: Spans = defaultdict(list)
    for e in trace:
        if e.get("ph") != "X" or e.get("name") not in TASK_NAMES:
            continue
        key = (int(e["pid"]), int(e["tid"]))
        if key == main:
            continue
        name = names.get(key, f"thread {key[1]}")
        if e["pid"] != main[0]:
            name = f"{processes.get(e['pid'], 'process')}: {name}"
        tasks[name].append((float(e["ts"]), float(e["ts"] + e.get("dur", 0))))
    return tasks


def overlap(spans: list[tuple[float, float]], start: float, end: float) -> float:
    """How long (ms) `spans` (trace us, possibly nested) cover of [start, end]."""
    covered = 0.0
    reach = start
    for begin, finish in sorted(spans):
        a, b = max(begin, reach), min(finish, end)
        if b > a:
            covered += b - a
            reach = b
    return covered / 1000


def sharing(busy: Spans, start: float, end: float) -> str:
    """The other threads busy for at least 5 ms of [start, end], busiest first."""
    spent = sorted(((overlap(s, start, end), n) for n, s in busy.items()), reverse=True)
    return ", ".join(f"{name} {ms:.0f}" for ms, name in spent if ms >= 5) or "-"


def devtools_message(event: dict[str, Any]) -> bool:
    """A DevTools message handled on the main thread: the bench's reads and waits (and the
    presses' dispatch), work no player's finger makes."""
    info = event.get("args", {}).get("chrome_mojo_event_info", {}) or {}
    return bool(
        event.get("name") == "Receive mojo message"
        and info.get("mojo_interface_tag") == "blink.mojom.DevToolsSession"
    )


def tap_windows(timed: Timed) -> list[tuple[float, float]]:
    """Each press's pointerdown, from its dispatch to the end of the first commit after it
    (the frame that shows the card raised)."""
    ups = sorted(
        e["ts"]
        for e, _, _, _ in timed
        if e["name"] == "EventDispatch"
        and (e.get("args", {}).get("data", {}) or {}).get("type") == "pointerdown"
    )
    commits = sorted(e["ts"] + e.get("dur", 0) for e, _, _, _ in timed if e["name"] == "Commit")
    windows = []
    for up in ups:
        end = next((c for c in commits if c > up), None)
        if end is not None:
            windows.append((up, end))
    return windows


def report(trace: list[dict[str, Any]], probes: dict[str, Any]) -> None:
    pid, tid = main_thread(trace)
    sync = next(e for e in trace if e.get("name") == "pdk:sync" and e.get("pid") == pid)
    offset = sync["ts"] / 1000 - probes["sync"]  # page clock (ms) + offset = trace clock (ms)
    mine = [e for e in trace if e.get("pid") == pid and e.get("tid") == tid and e.get("ph") == "X"]
    timed = self_times(mine)
    tasks = [t for t in timed if t[0]["name"] in TASK_NAMES and t[0].get("dur", 0) > 50_000]
    starts = sorted(
        (t[0]["ts"], t[0]["ts"] + t[0]["dur"]) for t in timed if t[0]["name"] in TASK_NAMES
    )
    begins = [a for a, _ in starts]
    reach = list(itertools.accumulate((b for _, b in starts), max))

    def nested(ts: float) -> bool:
        """Whether `ts` falls strictly inside a task that began before it."""
        before = bisect.bisect_left(begins, ts) - 1
        return before >= 0 and reach[before] > ts

    top_tasks = [t for t in tasks if not nested(t[0]["ts"])]
    t0 = sync["ts"]
    flushes = sorted(
        e["ts"]
        for e, _, _, _ in timed
        if e["name"] == "FunctionCall"
        and (e.get("args", {}).get("data", {}) or {}).get("functionName") == "flush"
    )
    marks = sorted(
        (e["ts"], e["name"].removeprefix("pdk:"))
        for e in trace
        if e.get("pid") == pid and e.get("name") in STEP_MARKS and e.get("ph") in ("I", "R", "n")
    )
    mark_times = [ts for ts, _ in marks]

    def steps(start: float, end: float) -> str:
        """The table's steps in a task: a drawing (a flush), and the renderer's marked steps."""
        drew = bisect.bisect_left(flushes, start) < bisect.bisect_right(flushes, end)
        found = ["draw"] if drew else []
        inside = marks[bisect.bisect_left(mark_times, start) : bisect.bisect_right(mark_times, end)]
        found += sorted({name for _, name in inside})
        return "+".join(found) or "-"

    others = other_threads(trace, (pid, tid))
    print(f"main thread {pid}:{tid}; {len(top_tasks)} tasks over 50 ms")
    for task, _, _, _ in top_tasks:
        start, dur = task["ts"], task["dur"]
        inside = within(timed, start, start + dur)
        print(
            f"@{(start - t0) / 1000:8.0f} ms task {dur / 1000:6.1f} ms wall,"
            f" {task.get('tdur', 0) / 1000:5.1f} ms thread; steps {steps(start, start + dur)};"
            f" style recalcs (elements): {styles_in(inside)}"
        )
        print(breakdown(inside))
        print(f"    other threads busy (ms): {sharing(others, start, start + dur)}")
    drawing = [
        t
        for t in timed
        if t[0]["name"] in TASK_NAMES
        and not nested(t[0]["ts"])
        and bisect.bisect_left(flushes, t[0]["ts"])
        < bisect.bisect_right(flushes, t[0]["ts"] + t[0]["dur"])
    ]
    spent = sorted(float(t[0].get("tdur") or t[0].get("dur") or 0) / 1000 for t in drawing)
    if spent:
        print(
            f"\ntasks that drew the table: {len(spent)}, thread time median"
            f" {statistics.median(spent):.1f} ms, p95 {spent[int(0.95 * (len(spent) - 1))]:.1f},"
            f" max {spent[-1]:.1f}, total {sum(spent):.0f}"
        )
    by_steps: dict[str, list[float]] = defaultdict(list)
    for task, _, _, _ in timed:
        if task["name"] in TASK_NAMES and not nested(task["ts"]):
            found = steps(task["ts"], task["ts"] + task["dur"])
            if found != "-":
                by_steps[found].append(float(task.get("tdur") or task.get("dur") or 0) / 1000)
    for found, times in sorted(by_steps.items()):
        times.sort()
        print(
            f"  tasks with {found}: {len(times)}, thread time median"
            f" {statistics.median(times):.1f} ms, max {times[-1]:.1f},"
            f" over 50 ms: {sum(t > 50 for t in times)}"
        )
    whole: dict[str, float] = defaultdict(float)
    for _, _, thread, ph in timed:
        whole[ph] += thread
    print(
        "main thread, whole run (thread ms): "
        + ", ".join(f"{k} {v:.0f}" for k, v in sorted(whole.items(), key=lambda kv: -kv[1]))
    )
    driving = sorted(float(e.get("dur", 0)) / 1000 for e in mine if devtools_message(e))
    if driving:
        print(
            f"the bench's own reads (DevTools messages): {len(driving)}, {sum(driving):.0f} ms"
            f" of wall time, median {statistics.median(driving):.1f} ms, longest {driving[-1]:.1f}"
        )
    print(f"\n{len(probes['gaps'])} frame gaps over 50 ms while animating")
    for a, b in probes["gaps"]:
        start, end = (a + offset) * 1000, (b + offset) * 1000
        inside = within(timed, start, end)
        busy = sum(t for _, _, t, _ in inside)
        print(
            f"@{(start - t0) / 1000:8.0f} ms gap {b - a:6.1f} ms; main thread {busy:6.1f} ms"
            f" thread time; style recalcs (elements): {styles_in(inside)}"
        )
        print(breakdown(inside))
        print(f"    other threads busy (ms): {sharing(others, start, end)}")
    print("\ntaps: pointerdown to the end of the next commit")
    phases: dict[str, list[float]] = defaultdict(list)
    for up, end in tap_windows(timed):
        inside = within(timed, up, end)
        per: dict[str, float] = defaultdict(float)
        for _, _, thread, ph in inside:
            per[ph] += thread
        per["(wall)"] = (end - up) / 1000
        per["(thread)"] = sum(t for _, _, t, _ in inside)
        for key, value in per.items():
            phases[key].append(value)
    count = len(phases.get("(wall)", []))
    for key, values in sorted(phases.items(), key=lambda kv: -sum(kv[1])):
        padded = values + [0.0] * (count - len(values))  # a phase absent from a tap: 0 ms
        print(
            f"    {key:>10}: median {statistics.median(padded):6.1f} ms,"
            f" max {max(padded):6.1f} (n={count})"
        )
    print(f"taps (page probe, ms): {[round(b - a) for a, b in probes['spans']]}")
    print("\neach tap as the bench measures it: the main thread's tasks in its span")
    for a, b in probes.get("spans", []):
        start, end = (a + offset) * 1000, (b + offset) * 1000
        print(f"tap {b - a:6.1f} ms")
        for task, _, _, _ in sorted(
            (t for t in timed if t[0]["name"] in TASK_NAMES and start - 1 <= t[0]["ts"] < end),
            key=lambda t: t[0]["ts"],
        ):
            if nested(task["ts"]):
                continue
            inside = within(timed, task["ts"], task["ts"] + task["dur"])
            if task["dur"] < 1000:
                continue
            print(
                f"  +{(task['ts'] - start) / 1000:6.1f} {task['dur'] / 1000:6.1f} ms;"
                f" {breakdown(inside).strip()}".replace("\n", ";")
            )


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--hands", type=int, default=1)
    parser.add_argument("--throttle", type=float, default=4.0)
    parser.add_argument("--trace", type=Path, default=Path("/tmp/table-trace.json"))
    parser.add_argument("--report-only", action="store_true", help="read --trace and its probes")
    parser.add_argument("--dist", type=Path, default=DIST, help="the built site to play")
    parser.add_argument("--deal", help="a deal code: the first hand is that deal (a deal link)")
    parser.add_argument(
        "--visit",
        choices=VISITS,
        default="first",
        help="a browser's first visit, or a return visit after a first visit and another"
        " return visit, a hand played in each (bench_table.visit_before)",
    )
    args = parser.parse_args()
    probes_path = args.trace.with_suffix(".probes.json")
    if not args.report_only:
        if args.dist == DIST and not (DIST / "index.html").exists():
            build()
        server = make_server(args.dist, port=0, quiet=True)
        serve_in_thread(server)
        try:
            url = f"http://127.0.0.1:{server.server_address[1]}/"
            if args.deal:
                url += f"#deal={args.deal}"
            probes = record(url, args.hands, args.throttle, args.trace, args.visit)
        finally:
            server.shutdown()
        probes_path.write_text(json.dumps(probes))
    probes = json.loads(probes_path.read_text())
    data = json.loads(args.trace.read_text())
    trace = data["traceEvents"] if isinstance(data, dict) else data
    report(trace, probes)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
