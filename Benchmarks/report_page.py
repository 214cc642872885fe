#!/usr/bin/env python3
"""How fast a browser opens the HTML report of a large catalog: time to the first screenshot.

Usage: report_page.py --tool PATH [--sets 10000 100000] [--work DIR] [--runs 1] [--chromium PATH]

For each size, generates a catalog of N image sets, each a small SVG icon (the shape of real icon catalogs:
one app ships 9,108 SVG sets), with a few findings mixed in; writes its report with `asset-tool report`
(wall time and peak memory under GNU time); then times headless Chromium from start to the screenshot of
the first screen (`--screenshot` is taken after the load event), against a blank page, so Chromium's own
start-up is taken out. Three readings of each opening:
- wall: to the screenshot, minus the blank page's;
- CPU: every Chromium process's CPU time (`perf stat -e task-clock`, which follows the children), minus
  the blank page's: what the page costs whatever else runs on the machine (shared machines slow the wall
  time by the load, not the CPU time);
- in the page: `performance.now()` at the end of the parse and at the load event, from a copy of the page
  with a probe script (the copy drops the Content-Security-Policy, which allows only the report's script).
Prints one Markdown table row per size. Not a test: timings live here and in BENCHMARKS.md, never in
assertions.
"""
import argparse
import os
import re
import shutil
import statistics
import subprocess
import tempfile
import time


def make_catalog(root, sets):
    """N image sets, each one SVG; every 500th lists a file it lacks (a finding to show)."""
    if os.path.isdir(root):
        shutil.rmtree(root)
    os.makedirs(root)
    for index in range(sets):
        group = os.path.join(root, f"Group{index // 1000:02d}")
        folder = os.path.join(group, f"icon_{index:05d}.imageset")
        os.makedirs(folder)
        name = f"icon_{index:05d}.svg"
        listed = name if index % 500 else "missing.svg"
        with open(os.path.join(folder, "Contents.json"), "w") as out:
            out.write('{"images": [{"filename": "%s", "idiom": "universal"}], '
                      '"info": {"author": "xcode", "version": 1}, '
                      '"properties": {"preserves-vector-representation": true}}' % listed)
        hue = index % 360
        with open(os.path.join(folder, name), "w") as out:
            out.write('<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24">'
                      f'<circle cx="12" cy="12" r="{4 + index % 8}" fill="hsl({hue},70%,50%)"/>'
                      f'<path d="M{index % 12} 2 L22 {index % 20} L2 22 Z" fill="none" stroke="#333"/></svg>')


PROBE_START = '<script>var probeStart = performance.now();</script>'
PROBE_END = ('<script>var probeParsed = performance.now(); addEventListener("load", function () {'
             ' console.log("PROBE parsed=" + Math.round(probeParsed) + " load=" + Math.round(performance.now())); });'
             '</script>')


def probe_copy(page, copy):
    """The page with a script that logs when the parse ended and when the load event came."""
    with open(page, encoding="utf-8") as text:
        html = text.read()
    html = re.sub(r'<meta http-equiv="Content-Security-Policy"[^>]*>', "", html, count=1)
    html = html.replace("<header", PROBE_START + "<header", 1)
    html = html.replace("</body>", PROBE_END + "</body>", 1)
    with open(copy, "w", encoding="utf-8") as out:
        out.write(html)


def open_page(browser, page, shot, perf):
    """(wall s, CPU s or None, in-page (parsed ms, load ms) or None) of one opening to its screenshot."""
    command = browser + ["--enable-logging=stderr", f"--screenshot={shot}", "file://" + page]
    counters = None
    if perf:
        counters = shot + ".perf"
        command = [perf, "stat", "-x,", "-e", "task-clock", "-o", counters] + command
    start = time.perf_counter()
    run = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=True)
    wall = time.perf_counter() - start
    cpu = None
    if counters:
        with open(counters) as text:
            for line in text:
                fields = line.split(",")
                if len(fields) > 2 and fields[2] == "task-clock":
                    cpu = float(fields[0]) / 1000
    found = re.search(rb"PROBE parsed=(\d+) load=(\d+)", run.stderr)
    return wall, cpu, (int(found.group(1)), int(found.group(2))) if found else None


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tool", required=True)
    parser.add_argument("--sets", type=int, nargs="+", default=[10000, 100000])
    parser.add_argument("--work", default=os.path.join(tempfile.gettempdir(), "asset-tool-report-bench"))
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--chromium", default=shutil.which("chromium") or "chromium")
    args = parser.parse_args()

    os.makedirs(args.work, exist_ok=True)
    blank = os.path.join(args.work, "blank.html")
    shot = os.path.join(args.work, "shot.png")
    with open(blank, "w") as out:
        out.write("<!doctype html><title>blank</title>")
    perf = shutil.which("perf")
    if perf and subprocess.run([perf, "stat", "-e", "task-clock", "true"], capture_output=True).returncode != 0:
        perf = None
    browser = [args.chromium, "--headless", "--no-sandbox", "--disable-gpu", "--window-size=1200,900"]
    timer = ["/usr/bin/time", "-f", "%e %M"] if os.path.exists("/usr/bin/time") else []

    print("| sets | page | `asset-tool report` (wall, peak) | to the first screenshot, minus a blank page: wall "
          "| CPU of every Chromium process, minus a blank page | in the page: parse ended, load event |")
    print("| ---: | ---: | --- | --- | --- | --- |")
    for sets in args.sets:
        catalog = os.path.join(args.work, f"Icons{sets}.xcassets")
        page = os.path.join(args.work, f"report{sets}.html")
        probe = os.path.join(args.work, f"report{sets}-probe.html")
        made = catalog + ".complete"  # beside the catalog, not in it: made once, then reused
        if not os.path.isfile(made):
            make_catalog(catalog, sets)
            open(made, "w").close()
        written = subprocess.run(timer + [args.tool, "report", catalog, "--output", page, "--force"],
                                 stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=True)
        tail = written.stderr.decode().strip().splitlines()
        writing = f"{float(tail[-1].split()[0]):.2f} s, {int(tail[-1].split()[1]) / 1024:.1f} MiB" if timer and tail else "-"
        probe_copy(page, probe)
        walls, cpus, inside = [], [], []
        for _ in range(args.runs):
            # Alternating, so drift in the machine's speed hits both alike.
            empty = open_page(browser, blank, shot, perf)
            opened = open_page(browser, page, shot, perf)
            walls.append(opened[0] - empty[0])
            if opened[1] is not None and empty[1] is not None:
                cpus.append(opened[1] - empty[1])
            probed = open_page(browser, probe, shot, None)
            if probed[2]:
                inside.append(probed[2])
        size = os.path.getsize(page)
        cpu = f"{statistics.median(cpus):.2f} s" if cpus else "(no perf)"
        parsed = f"{statistics.median(p for p, _ in inside) / 1000:.2f} s, {statistics.median(l for _, l in inside) / 1000:.2f} s" if inside else "-"
        print(f"| {sets:,} | {size / 1e6:.1f} MB | {writing} | {statistics.median(walls):.2f} s | {cpu} | {parsed} |",
              flush=True)


if __name__ == "__main__":
    main()
