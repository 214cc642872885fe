#!/usr/bin/env python3
"""How fast a browser opens the HTML report of a large catalog.

Usage: report_page.py --tool PATH [--sets 10000] [--work DIR] [--runs 3] [--chromium PATH]

Generates a catalog of N image sets, each a small SVG icon (the shape of real icon catalogs: one app ships
9,108 SVG sets), with a few findings mixed in; writes its report with `asset-tool report`; then times
headless Chromium opening the page to its load event (`--dump-dom` returns after it) against a blank page,
so Chromium's own start-up is taken out. Prints one Markdown table row per measure. Not a test: timings
live here and in BENCHMARKS.md, never in assertions.
"""
import argparse
import os
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


def timed(command):
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return time.perf_counter() - start


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tool", required=True)
    parser.add_argument("--sets", type=int, default=10000)
    parser.add_argument("--work", default=os.path.join(tempfile.gettempdir(), "asset-tool-report-bench"))
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--chromium", default=shutil.which("chromium") or "chromium")
    args = parser.parse_args()

    os.makedirs(args.work, exist_ok=True)
    catalog = os.path.join(args.work, "Icons.xcassets")
    page = os.path.join(args.work, "report.html")
    blank = os.path.join(args.work, "blank.html")
    make_catalog(catalog, args.sets)
    with open(blank, "w") as out:
        out.write("<!doctype html><title>blank</title>")

    report = [timed([args.tool, "report", catalog, "--output", page, "--force"]) for _ in range(args.runs)]
    browser = [args.chromium, "--headless", "--no-sandbox", "--disable-gpu", "--dump-dom"]
    opened, empty = [], []
    for _ in range(args.runs):
        # Alternating, so drift in the machine's speed hits both alike.
        empty.append(timed(browser + ["file://" + blank]))
        opened.append(timed(browser + ["file://" + page]))
    size = os.path.getsize(page)
    with open(page) as text:
        html = text.read()
    images = html.count("<img ")
    # Lazy: the URI waits in data-src until the page's script moves it into src near the view.
    lazy = html.count("<img data-src=")
    print(f"| sets | page | `asset-tool report` | Chromium to load event, minus a blank page | images | lazy (data-src) |")
    print(f"| --- | --- | --- | --- | --- | --- |")
    print(f"| {args.sets:,} | {size / 1e6:.1f} MB | {statistics.median(report):.2f} s "
          f"| {statistics.median(opened) - statistics.median(empty):.2f} s "
          f"(page {statistics.median(opened):.2f} s, blank {statistics.median(empty):.2f} s) "
          f"| {images:,} | {lazy:,} |")


if __name__ == "__main__":
    main()
