#!/usr/bin/env python3
"""Lossless catalog optimisation, side by side: asset-tool optimize against the tools users pick.

Usage: cost.py ASSET_TOOL LABEL=CATALOG [LABEL=CATALOG ...] [--max-files N] [--skip zopflipng,...] [--threads N]

For each catalog, the PNGs and JPEGs of its image, app icon, icon and sticker sets (the files
`asset-tool optimize` rewrites; data sets' files are not images the app shows) are copied to a scratch
folder (the first N by path with --max-files), and each tool optimises its own copy, one process at a time:

  asset-tool   `optimize CATALOG --output DIR` (its default threads: every core; --threads N passes N) on a
               catalog holding only those files
  oxipng       pyoxipng's `oxipng.optimize(path)` at its default level (2, its own threads), one file after
               another, in a Python process of its own
  optipng      `optipng -quiet -o2 FILE`
  zopflipng    `zopflipng -y FILE FILE` (its defaults)
  advpng       `advpng -q -z -3 FILE`
  jpegoptim    `jpegoptim -q FILE` (lossless: Huffman optimisation, markers kept)

Time is wall-clock for the whole set of files (CPU time beside it: user + system of the tool's processes),
with oxipng's CPU over the tool's as a ratio; peak memory is the largest resident set of any one process
(GNU time). Every output file is then decoded with Pillow beside its
original: "identical" counts files whose decoded pixels (converted to RGBA, or compared raw for 16-bit
grey), size and ICC profile match. A table in Markdown goes to stdout.
"""
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time

from PIL import Image

IMAGE_FOLDERS = {"imageset", "appiconset", "iconset", "stickersiconset", "launchimage", "stickerpack", "sticker"}


THREADS = {"n": None}


def image_files(catalog):
    found = []
    for root, dirs, files in os.walk(catalog):
        dirs.sort()
        kind = os.path.basename(root).rsplit(".", 1)[-1] if "." in os.path.basename(root) else ""
        if kind not in IMAGE_FOLDERS:
            continue
        for name in sorted(files):
            path = os.path.join(root, name)
            with open(path, "rb") as handle:
                head = handle.read(8)
            if head.startswith(b"\x89PNG\r\n\x1a\n"):
                found.append((os.path.relpath(path, catalog), "png"))
            elif head.startswith(b"\xff\xd8"):
                found.append((os.path.relpath(path, catalog), "jpeg"))
    return found


def copy_files(catalog, files, target):
    for relative, _ in files:
        destination = os.path.join(target, relative)
        os.makedirs(os.path.dirname(destination), exist_ok=True)
        shutil.copyfile(os.path.join(catalog, relative), destination)


def children_cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def self_cpu():
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


PEAK = {"kib": 0}


def run_peak(command):
    """Runs a command under GNU time; keeps the largest peak resident set (KiB) seen since the last reset."""
    with tempfile.NamedTemporaryFile("r", suffix=".time") as report:
        subprocess.run(["/usr/bin/time", "-f", "%M", "-o", report.name] + command, check=False,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            PEAK["kib"] = max(PEAK["kib"], int(report.read().split()[-1]))
        except (ValueError, IndexError):
            pass


def run_each(command, paths):
    for path in paths:
        run_peak(command + [path] if "{}" not in command else [part.replace("{}", path) for part in command])


def same_image(original, optimised):
    try:
        with Image.open(original) as a, Image.open(optimised) as b:
            a.load()
            b.load()
            if a.size != b.size or a.info.get("icc_profile") != b.info.get("icc_profile"):
                return False
            if a.mode.startswith("I") or b.mode.startswith("I"):
                return a.mode == b.mode and a.tobytes() == b.tobytes()
            return a.convert("RGBA").tobytes() == b.convert("RGBA").tobytes()
    except Exception:
        return False


def measure(label, catalog, files, asset_tool, skip, scratch):
    rows = []
    originals = os.path.join(scratch, "original")
    copy_files(catalog, files, originals)
    pngs = [f for f, kind in files if kind == "png"]
    jpegs = [f for f, kind in files if kind == "jpeg"]
    png_bytes = sum(os.path.getsize(os.path.join(originals, f)) for f in pngs)
    jpeg_bytes = sum(os.path.getsize(os.path.join(originals, f)) for f in jpegs)

    def tool(name, kind, subset, work):
        if name in skip or not subset:
            return
        folder = os.path.join(scratch, name)
        shutil.rmtree(folder, ignore_errors=True)
        copy_files(originals, [(f, kind) for f in subset], folder)
        paths = [os.path.join(folder, f) for f in subset]
        PEAK["kib"] = 0
        cpu_children, start = children_cpu(), time.monotonic()
        work(folder, paths)
        wall = time.monotonic() - start
        cpu = children_cpu() - cpu_children
        after = sum(os.path.getsize(p) for p in paths)
        before = png_bytes if kind == "png" else jpeg_bytes
        identical = sum(same_image(os.path.join(originals, f), os.path.join(folder, f)) for f in subset)
        rows.append((label, name, kind, len(subset), before, after, wall, cpu, PEAK["kib"], identical))

    def asset_tool_run(kind):
        def work(folder, paths):
            output = folder + ".out"
            shutil.rmtree(output, ignore_errors=True)
            run_peak([asset_tool, "optimize", folder, "--output", output] + (["--threads", THREADS["n"]] if THREADS["n"] else []))
            for path in paths:
                moved = os.path.join(output, os.path.relpath(path, folder))
                if os.path.exists(moved):
                    shutil.copyfile(moved, path)
            shutil.rmtree(output, ignore_errors=True)
        return work

    def oxipng_run(folder, paths):
        # In a process of its own, so that its CPU time and peak memory are its own.
        script = ("import oxipng, sys\n"
                  "for path in sys.argv[1:]:\n"
                  "    try: oxipng.optimize(path)\n"
                  "    except Exception: pass\n")
        run_peak([sys.executable, "-c", script] + paths)

    tool("asset-tool", "png", pngs, asset_tool_run("png"))
    tool("oxipng", "png", pngs, oxipng_run)
    tool("optipng", "png", pngs, lambda folder, paths: run_each(["optipng", "-quiet", "-o2"], paths))
    tool("zopflipng", "png", pngs, lambda folder, paths: run_each(["zopflipng", "-y", "{}", "{}"], paths))
    tool("advpng", "png", pngs, lambda folder, paths: run_each(["advpng", "-q", "-z", "-3"], paths))
    tool("asset-tool", "jpeg", jpegs, asset_tool_run("jpeg"))
    tool("jpegoptim", "jpeg", jpegs, lambda folder, paths: run_each(["jpegoptim", "-q"], paths))
    return rows


def main():
    args = sys.argv[1:]
    if len(args) < 2:
        sys.exit(__doc__)
    asset_tool = os.path.abspath(args[0])
    max_files = None
    skip = set()
    catalogs = []
    index = 1
    while index < len(args):
        if args[index] == "--max-files":
            max_files = int(args[index + 1])
            index += 2
        elif args[index] == "--threads":
            THREADS["n"] = args[index + 1]
            index += 2
        elif args[index] == "--skip":
            skip = set(args[index + 1].split(","))
            index += 2
        else:
            label, _, path = args[index].partition("=")
            catalogs.append((label, path))
            index += 1
    print("| catalog | tool | format | files | bytes before | bytes after | saved | wall s | CPU s | oxipng's CPU / this CPU | peak MiB | pixel-identical (Pillow) |")
    print("| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for label, catalog in catalogs:
        files = image_files(catalog)
        if max_files:
            files = files[:max_files]
        with tempfile.TemporaryDirectory() as scratch:
            rows = measure(label, catalog, files, asset_tool, skip, scratch)
            oxipng_cpu = {row[2]: row[7] for row in rows if row[1] == "oxipng"}
            for row in rows:
                label_, name, kind, count, before, after, wall, cpu, peak, identical = row
                saved = 100.0 * (before - after) / before if before else 0
                ratio = f"{oxipng_cpu[kind] / cpu:.2f}x" if kind in oxipng_cpu and cpu > 0 else "-"
                print(f"| {label_} | {name} | {kind} | {count} | {before:,} | {after:,} | {saved:.1f} % | {wall:.2f} | {cpu:.2f} | {ratio} | {peak / 1024:.1f} | {identical}/{count} |",
                      flush=True)


if __name__ == "__main__":
    main()
