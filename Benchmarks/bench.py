#!/usr/bin/env python3
"""Times asset-tool against the tools users would pick instead, on the same inputs, in one run.

Usage: bench.py --tool PATH --corpus DIR --work DIR [--runs N] [--only TASK,...] [--output BENCHMARKS.md]

For each task the contenders run alternately (tool, peer, peer, ..., then again) so that drift in the
machine's speed hits everyone alike. Each run is a whole process under GNU time: wall seconds and peak
resident memory. The table reports medians with min-max, peak memory, output bytes and the ratio of the
best peer's median time to ours (above 1 means asset-tool is faster).
"""
import argparse
import glob
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def run_timed(command, cwd=None):
    """Runs a shell command under GNU time; returns (wall seconds, peak KiB, CPU seconds: user + sys).

    The wall time is taken here with a monotonic clock (GNU time prints only hundredths, too coarse for
    the 30 ms JPEG rows); the peak resident set comes from GNU time. Both wrap every contender alike.
    """
    with tempfile.NamedTemporaryFile("r", suffix=".time") as report:
        full = ["/usr/bin/time", "-f", "%e %M %U %S", "-o", report.name, "bash", "-c", command]
        start = time.perf_counter()
        result = subprocess.run(full, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        seconds = time.perf_counter() - start
        if result.returncode != 0:
            raise RuntimeError(f"command failed ({result.returncode}): {command}\n{result.stderr[-2000:]}")
        _, kib, user, system = report.read().split()[-4:]
        return seconds, int(kib), float(user) + float(system)


def folder_bytes(path):
    if os.path.isfile(path):
        return os.path.getsize(path)
    total = 0
    for folder, _, names in os.walk(path):
        for name in names:
            if name.endswith(".png") or name.endswith(".ppm") or name.endswith(".rgba"):
                total += os.path.getsize(os.path.join(folder, name))
    return total


def fresh(path):
    shutil.rmtree(path, ignore_errors=True)
    os.makedirs(path, exist_ok=True)
    return path


class Contender:
    def __init__(self, name, command, output=None, runs=None):
        self.name = name
        self.command = command   # a function of the output folder returning a shell command
        self.output = output     # True when the command writes into the output folder
        self.runs = runs         # fewer runs for very slow peers
        self.times = []
        self.peaks = []
        self.cpu = []
        self.bytes = 0


def first(pattern):
    """The first file matching `pattern`, or the pattern itself when the subset was not made (--only)."""
    found = sorted(glob.glob(pattern))
    return found[0] if found else pattern
def with_baseline(all_tasks, baseline):
    """Adds `asset-tool (before)`, a build of an earlier commit, beside asset-tool in every task: the same
    command with the other binary, so "no task slower than before" is judged in the same run."""
    if not baseline:
        return all_tasks
    for contenders in all_tasks.values():
        ours = contenders[0]
        make = ours.command
        # Its own cache folders: two builds sharing one cache file would each find the other's (another build's
        # stamp) and read every file again, so neither run would be warm.
        contenders.insert(1, Contender("asset-tool (before)", lambda o, make=make: make(o).replace(TOOL_MARK[0], baseline, 1)
                                       .replace("/cache-warm", "/cache-warm-before").replace("/cache-cold", "/cache-cold-before")))
    return all_tasks


TOOL_MARK = [""]


def tasks(tool, corpus, jobs, work="/dev/shm/asset-tool-bench"):
    gif_large = first(os.path.join(corpus, "gif-large", "*.gif"))
    small = os.path.join(corpus, "gif-small-many")
    baseline = first(os.path.join(corpus, "jpeg-large", "*baseline*.jpg"))
    progressive = first(os.path.join(corpus, "jpeg-large", "*progressive*.jpg"))
    catalog = os.path.join(corpus, "Assets.xcassets")
    peers = f"python3 {HERE}/peers.py"
    many = os.path.join(corpus, "jpeg-many")
    # The catalog's 9,000 images as a plain folder (a catalog path would hash one image per set).
    catalog_folder = os.path.join(corpus, "catalog-images")
    if os.path.isdir(catalog) and not os.path.exists(catalog_folder):
        os.symlink("Assets.xcassets", catalog_folder)
    warm_cache, cold_cache = os.path.join(work, "cache-warm"), os.path.join(work, "cache-cold")
    if os.path.isdir(catalog) and os.path.exists(tool):
        subprocess.run(f"XDG_CACHE_HOME={warm_cache} {tool} validate {catalog} --format json > /dev/null", shell=True)
    ci_checkout, ci_saved, ci_cache = (os.path.join(work, n) for n in ("ci-checkout", "ci-cache-saved", "ci-cache"))
    ci_catalog = os.path.join(ci_checkout, "Assets.xcassets")
    return {
        "gif-large": [
            Contender("asset-tool", lambda o: f"{tool} extract-frames {gif_large} --output {o} --force"),
            Contender("ffmpeg", lambda o: f"ffmpeg -v error -i {gif_large} -fps_mode passthrough {o}/frame_%04d.png"),
            Contender("Pillow", lambda o: f"{peers} gif-frames {o} {gif_large}", runs=1),
            Contender("ImageMagick", lambda o: f"convert {gif_large} -coalesce {o}/frame_%04d.png", runs=1),
        ],
        "gif-small-many": [
            Contender("asset-tool", lambda o: f"{tool} extract-frames {small} --output {o} --force"),
            Contender("Pillow", lambda o: f"{peers} gif-frames {o} {small}/*.gif"),
            Contender("ffmpeg", lambda o: f"for f in {small}/*.gif; do n=$(basename $f .gif); mkdir -p {o}/$n; "
                                          f"ffmpeg -v error -i $f -fps_mode passthrough {o}/$n/frame_%04d.png || exit 1; done", runs=1),
            Contender("ImageMagick", lambda o: f"for f in {small}/*.gif; do n=$(basename $f .gif); mkdir -p {o}/$n; "
                                               f"convert $f -coalesce {o}/$n/frame_%04d.png || exit 1; done", runs=1),
        ],
        "jpeg-large-baseline": [
            Contender("asset-tool", lambda o: f"{tool} decode {baseline} --output {o}/out.ppm --force"),
            Contender("djpeg", lambda o: f"djpeg -outfile {o}/out.ppm {baseline}"),
            Contender("Pillow", lambda o: f"python3 -c \"from PIL import Image; Image.open('{baseline}').save('{o}/out.ppm')\""),
        ],
        "jpeg-large-progressive": [
            Contender("asset-tool", lambda o: f"{tool} decode {progressive} --output {o}/out.ppm --force"),
            Contender("djpeg", lambda o: f"djpeg -outfile {o}/out.ppm {progressive}"),
            Contender("Pillow", lambda o: f"python3 -c \"from PIL import Image; Image.open('{progressive}').save('{o}/out.ppm')\""),
        ],
        "jpeg-large-preview-1/8": [
            Contender("asset-tool", lambda o: f"{tool} decode {baseline} --scale 1/8 --output {o}/out.ppm --force"),
            Contender("djpeg", lambda o: f"djpeg -scale 1/8 -outfile {o}/out.ppm {baseline}"),
        ],
        # As a user types them (the cost checks on): duplicate-image compares the bytes of files whose size
        # and header another file shares by default, and decodes those whose header shape another shares
        # with --deep. The cache of files' facts is on by default: `asset-tool` is the run a user gets the
        # second time (its cache, under XDG_CACHE_HOME, warmed before the first round), `asset-tool (cold)`
        # the first run (its cache folder removed before each run, and written by it).
        "catalog-validate": [
            Contender("asset-tool", lambda o: f"XDG_CACHE_HOME={warm_cache} {tool} validate {catalog} --format json > {o}/report.json || test $? -eq 1"),
            Contender("asset-tool (cold)", lambda o: f"rm -rf {cold_cache}; XDG_CACHE_HOME={cold_cache} {tool} validate {catalog} --format json > {o}/report.json || test $? -eq 1"),
            Contender("Pillow-2proc", lambda o: f"{peers} catalog-headers {jobs} {catalog}"),
            Contender("ImageMagick", lambda o: f"find {catalog} -name '*.png' -o -name '*.jpg' | xargs -P {jobs} -n 200 identify -ping > /dev/null", runs=1),
        ],
        "catalog-validate-ci": [
            Contender("asset-tool (restored cache)", lambda o: f"rm -rf {ci_cache}; cp -r {ci_saved} {ci_cache}; {tool} validate {ci_catalog} --cache-path {ci_cache} --format json > {o}/report.json || test $? -eq 1"),
            Contender("asset-tool (no cache)", lambda o: f"rm -rf {ci_cache}; {tool} validate {ci_catalog} --cache-path {ci_cache} --format json > {o}/report.json || test $? -eq 1"),
            Contender("Pillow-2proc", lambda o: f"{peers} catalog-headers {jobs} {ci_catalog}"),
        ],
        "catalog-validate-deep": [
            Contender("asset-tool", lambda o: f"{tool} validate {catalog} --deep --format json > {o}/report.json || test $? -eq 1"),
            Contender("Pillow-2proc", lambda o: f"{peers} catalog-decode {jobs} {catalog}"),
        ],
        "hash-jpeg-large": [
            Contender("asset-tool", lambda o: f"{tool} hash {baseline} > {o}/hashes.txt"),
            Contender("asset-tool-fast", lambda o: f"{tool} hash --fast {baseline} > {o}/hashes.txt"),
            Contender("blurhash-python-full", lambda o: f"{peers} blurhash-full 1 {baseline} > {o}/hashes.txt", runs=1),
            Contender("blurhash-python-thumbnail", lambda o: f"{peers} blurhash-thumbnail 1 {baseline} > {o}/hashes.txt"),
        ],
        "hash-jpeg-many": [
            Contender("asset-tool", lambda o: f"{tool} hash {many} > {o}/hashes.txt"),
            Contender("asset-tool-fast", lambda o: f"{tool} hash --fast {many} > {o}/hashes.txt"),
            Contender("blurhash-python-full-2proc", lambda o: f"{peers} blurhash-full {jobs} {many} > {o}/hashes.txt", runs=1),
            Contender("blurhash-python-thumbnail-2proc", lambda o: f"{peers} blurhash-thumbnail {jobs} {many} > {o}/hashes.txt"),
        ],
        "hash-catalog": [
            Contender("asset-tool", lambda o: f"{tool} hash {catalog_folder} > {o}/hashes.txt"),
            Contender("asset-tool-fast", lambda o: f"{tool} hash --fast {catalog_folder} > {o}/hashes.txt"),
            Contender("blurhash-python-full-2proc", lambda o: f"{peers} blurhash-full {jobs} {catalog_folder} > {o}/hashes.txt", runs=1),
            Contender("blurhash-python-thumbnail-2proc", lambda o: f"{peers} blurhash-thumbnail {jobs} {catalog_folder} > {o}/hashes.txt"),
        ],
    }


def prepare_ci(tool, corpus, work):
    """A CI job's setting for catalog-validate-ci: the catalog in a git repository, cloned afresh (every file a
    new inode and new times) where an earlier job's clone was, with that job's cache folder kept to be restored:
    the files git's index vouches for are keyed by their content, so the restored cache answers for them. The
    earlier job ran this build in a clone at the same path (a CI checkout's path does not change), then removed."""
    catalog = os.path.join(corpus, "Assets.xcassets")
    repo, checkout, saved = (os.path.join(work, n) for n in ("ci-repo", "ci-checkout", "ci-cache-saved"))
    git = "git -c user.name=bench -c user.email=bench@example.com"
    if not os.path.isdir(os.path.join(repo, ".git")):
        subprocess.run(f"rm -rf {repo} && mkdir -p {repo} && cp -r {catalog} {repo}/ && cd {repo} && "
                       f"{git} init -q && {git} add -A && {git} commit -q -m catalog", shell=True, check=True)
    subprocess.run(f"rm -rf {checkout} {saved} && {git} clone -q {repo} {checkout} && "
                   f"{{ {tool} validate {checkout}/Assets.xcassets --cache-path {saved} > /dev/null; true; }} && "
                   f"rm -rf {checkout} && {git} clone -q {repo} {checkout}", shell=True, check=True)


def check_hashes(tool_dir, python_dir):
    """asset-tool's BlurHash of every image must equal blurhash-python's on the full pixels."""
    def read(path, blur_field):
        found = {}
        for line in open(path):
            parts = line.split()
            if len(parts) > blur_field:
                found[parts[0].rstrip(":")] = parts[blur_field]
        return found
    ours = read(os.path.join(tool_dir, "hashes.txt"), 3)
    theirs = read(os.path.join(python_dir, "hashes.txt"), 1)
    differ = [path for path in theirs if ours.get(path) != theirs[path]]
    if not theirs or len(ours) != len(theirs):
        return f"{len(ours)} hashes from asset-tool, {len(theirs)} from blurhash-python"
    # asset-tool keeps encode.c's float sums only where they are within 2^-12 of the accurate sums
    # (BlurHash.referenceTolerance); beyond it, its string comes from the accurate sums and may differ.
    wrong = [path for path in differ if reference_deviation(path) <= BLURHASH_REFERENCE_TOLERANCE]
    if wrong:
        return (f"{len(wrong)} of {len(theirs)} BlurHashes differ from blurhash-python's where encode.c's sums are "
                f"within 2^-12 of the accurate ones, first {wrong[0]}")
    return None


BLURHASH_REFERENCE_TOLERANCE = 1.0 / 4096


def reference_deviation(path):
    """The largest difference between encode.c's normalised 4x3 factors (float32 running sums, in its
    order: rows, then pixels in a row) and the same terms summed in float64: the rule of
    Sources/AssetsCodecs/Hashing/BlurHash.swift (`referenceDeviation`)."""
    import numpy
    from PIL import Image, ImageOps
    with Image.open(path) as image:
        pixels = numpy.asarray(ImageOps.exif_transpose(image).convert("RGB"))
    height, width = pixels.shape[:2]
    values = pixels.astype(numpy.float32) / numpy.float32(255)
    linear = numpy.where(values <= numpy.float32(0.04045), values / numpy.float32(12.92),
                         ((values + numpy.float32(0.055)) / numpy.float32(1.055)) ** numpy.float32(2.4)).astype(numpy.float32)
    deviation = 0.0
    for j in range(3):
        for i in range(4):
            normalisation = 1.0 if i == 0 and j == 0 else 2.0
            across = numpy.cos(numpy.float32(numpy.pi) * numpy.float32(i) * numpy.arange(width, dtype=numpy.float32)
                               / numpy.float32(width)).astype(numpy.float32)
            down = numpy.cos(numpy.float32(numpy.pi) * numpy.float32(j) * numpy.arange(height, dtype=numpy.float32)
                             / numpy.float32(height)).astype(numpy.float32)
            basis = (down[:, None] * across[None, :]).astype(numpy.float32)
            for channel in range(3):
                terms = (basis * linear[:, :, channel]).astype(numpy.float32).ravel()
                running = numpy.cumsum(terms, dtype=numpy.float32)[-1]  # sequential, as encode.c adds
                accurate = float(numpy.sum(terms, dtype=numpy.float64))
                scale = normalisation / (width * height)
                deviation = max(deviation, abs(float(numpy.float32(running) * numpy.float32(scale)) - accurate * scale))
    return deviation


def check_gif_large(tool_dir, ffmpeg_dir):
    """The composited frames must equal ffmpeg's pixel for pixel (colour under full transparency aside)."""
    import numpy
    from PIL import Image
    ours = sorted(glob.glob(os.path.join(tool_dir, "frame_*.png")))
    theirs = sorted(glob.glob(os.path.join(ffmpeg_dir, "frame_*.png")))
    if len(ours) != len(theirs) or not ours:
        return f"frame count differs: asset-tool {len(ours)}, ffmpeg {len(theirs)}"
    for index, (a, b) in enumerate(zip(ours, theirs)):
        pa = numpy.asarray(Image.open(a).convert("RGBA")).copy()
        pb = numpy.asarray(Image.open(b).convert("RGBA")).copy()
        if pa.shape != pb.shape:
            return f"frame {index} is {pa.shape[1]}x{pa.shape[0]}, ffmpeg's {pb.shape[1]}x{pb.shape[0]}"
        pa[pa[:, :, 3] == 0] = 0
        pb[pb[:, :, 3] == 0] = 0
        differ = numpy.argwhere((pa != pb).any(axis=2))
        if len(differ):
            y, x = differ[0]
            return f"frame {index} differs from ffmpeg's at {len(differ)} pixels, first ({x}, {y})"
    return None


def machine():
    cpu = "unknown CPU"
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    memory = ""
    try:
        for line in open("/proc/meminfo"):
            if line.startswith("MemTotal"):
                memory = f"{int(line.split()[1]) // 1024 // 1024} GiB"
    except OSError:
        pass
    def version(command):
        try:
            out = subprocess.run(command, shell=True, capture_output=True, text=True).stdout.strip().splitlines()
            return out[0] if out else "?"
        except OSError:
            return "?"
    return {
        "cpu": cpu, "cores": os.cpu_count(), "memory": memory, "os": platform.platform(),
        "ffmpeg": version("ffmpeg -version"), "imagemagick": version("convert -version"),
        "djpeg": version("dpkg-query -W -f '${Version}' libjpeg-turbo-progs"),
        "pillow": version("python3 -c 'import PIL; print(PIL.__version__)'"),
    }


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tool", required=True)
    parser.add_argument("--corpus", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--only", default="")
    parser.add_argument("--output", default="BENCHMARKS.md")
    parser.add_argument("--block", default="results",
                        help="the marked block of the output to rewrite: results, or hash-results for the hash-* tasks")
    parser.add_argument("--baseline", help="an earlier build of asset-tool, timed beside this one in every task")
    args = parser.parse_args()

    load_at_start = f"{os.getloadavg()[0]:.1f}"
    TOOL_MARK[0] = os.path.abspath(args.tool)
    all_tasks = with_baseline(tasks(os.path.abspath(args.tool), os.path.abspath(args.corpus), args.jobs, os.path.abspath(args.work)),
                              os.path.abspath(args.baseline) if args.baseline else None)
    chosen = [t for t in all_tasks if not args.only or t in args.only.split(",")]
    rows = []
    failures = []
    hash_checks = []
    for task in chosen:
        contenders = all_tasks[task]
        if task == "catalog-validate-ci":
            prepare_ci(os.path.abspath(args.tool), os.path.abspath(args.corpus), os.path.abspath(args.work))
        rounds = args.runs * 3 if task.startswith("jpeg") else args.runs
        # A contender timed warm (its cache folder filled) runs once untimed first.
        for contender in contenders:
            command = contender.command(fresh(os.path.join(args.work, "warm-up")))
            if "/cache-warm" in command:
                subprocess.run(command, shell=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for round_index in range(rounds):
            for contender in contenders:
                if contender.runs is not None and round_index >= contender.runs:
                    continue
                folder = "".join(ch if ch.isalnum() or ch in "-_" else "_" for ch in contender.name)
                out = fresh(os.path.join(args.work, task.replace("/", "_"), folder))
                seconds, kib, cpu = run_timed(contender.command(out))
                contender.cpu.append(cpu)
                contender.times.append(seconds)
                contender.peaks.append(kib)
                contender.bytes = folder_bytes(out)
            print(f"{task}: round {round_index + 1}/{rounds}", file=sys.stderr)
        if task == "gif-large":
            problem = check_gif_large(os.path.join(args.work, "gif-large", "asset-tool"),
                                      os.path.join(args.work, "gif-large", "ffmpeg"))
            if problem:
                failures.append(f"gif-large: {problem}")
        if task.startswith("hash-"):
            problem = check_hashes(os.path.join(args.work, task, "asset-tool"),
                                   os.path.join(args.work, task, contenders[2].name))
            if problem:
                failures.append(f"{task}: {problem}")
            else:
                hash_checks.append(task)
        ours = contenders[0]
        peers = [c for c in contenders[1:] if not c.name.startswith("asset-tool")]
        best = min(peers, key=lambda c: statistics.median(c.times))
        ratio = statistics.median(best.times) / statistics.median(ours.times)
        for contender in contenders:
            rows.append({
                "task": task, "contender": contender.name, "runs": len(contender.times),
                "median": statistics.median(contender.times), "min": min(contender.times),
                "max": max(contender.times), "peak_mib": max(contender.peaks) / 1024,
                "bytes": contender.bytes,
                "speedup": (statistics.median(best.times) / statistics.median(contender.times))
                if contender is ours or contender.name == "asset-tool (cold)" else None,
                "best_peer": best.name if contender is ours or contender.name == "asset-tool (cold)" else None,
                "cpu": statistics.median(contender.cpu),
            })

    info = machine()
    lines = [f"Machine: {info['cpu']}, {info['cores']} cores, {info['memory']}; {info['os']}.",
             f"Peers: {info['ffmpeg']}; {info['imagemagick']}; djpeg (libjpeg-turbo-progs {info['djpeg']}); Pillow {info['pillow']}.",
             f"Run on {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())} (load average {load_at_start} at the start, "
             f"{os.getloadavg()[0]:.1f} at the end: the machine is shared). Each contender ran up to {args.runs} times "
             f"({3 * args.runs} for the JPEG rows), alternating with the others round by round (the slowest peers once); "
             "whole processes under GNU time, "
             "warm cache, outputs to tmpfs. Times are wall-clock medians with min-max; peak is the largest "
             "resident set over the runs; CPU is the median user + sys seconds (the measure a loaded machine "
             "disturbs least); output is the bytes written.",
             "", "| task | contender | runs | median s | min-max s | CPU s | peak MiB | output MiB | speed vs best peer |",
             "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |"]
    for row in rows:
        speed = f"{row['speedup']:.2f}x vs {row['best_peer']}" if row["speedup"] is not None else ""
        lines.append(f"| {row['task']} | {row['contender']} | {row['runs']} | {row['median']:.3f} | "
                     f"{row['min']:.3f}-{row['max']:.3f} | {row['cpu']:.2f} | {row['peak_mib']:.1f} | {row['bytes'] / 1048576:.1f} | {speed} |")
    lines += ["", "Targets (from the issue), judged on this run:", "",
              "| task | target | measured | met |", "| --- | --- | --- | --- |"]
    for task, target, measured, met in judge(rows):
        lines.append(f"| {task} | {target} | {measured} | {'yes' if met else '**no**'} |")
    if failures:
        lines += ["", "Correctness failures:", ""] + [f"- {f}" for f in failures]
    elif "gif-large" in chosen:
        lines += ["", "gif-large: asset-tool's composited frames equal ffmpeg's pixel for pixel (checked in this run)."]
    if hash_checks and not failures:
        lines += ["", f"{', '.join(hash_checks)}: asset-tool's BlurHash of every image equals blurhash-python's "
                      "on the full pixels (checked in this run)."]
    write_results(args.output, lines, args.block)
    json.dump(rows, open(os.path.join(args.work, "results.json"), "w"), indent=1)
    print("\n".join(lines))
    if failures:
        sys.exit(1)


def judge(rows):
    """Each target of the issue against this run: (task, target, measured, met)."""
    def row(task, name):
        return next((r for r in rows if r["task"] == task and r["contender"] == name), None)
    found = []
    ours, ffmpeg = row("gif-large", "asset-tool"), row("gif-large", "ffmpeg")
    if ours and ffmpeg:
        size = ours["bytes"] / max(ffmpeg["bytes"], 1)
        speed = ffmpeg["median"] / ours["median"]
        found.append(("gif-large", "6x ffmpeg's speed (#18; 2x the best peer before)", f"{speed:.2f}x vs ffmpeg", speed >= 6))
        found.append(("gif-large", "PNG bytes at most 1.10x ffmpeg's (#18; 1.25x before)", f"{size:.2f}x", size <= 1.10))
        found.append(("gif-large", "peak under 32 MiB", f"{ours['peak_mib']:.1f} MiB", ours["peak_mib"] < 32))
    ours = row("gif-small-many", "asset-tool")
    if ours:
        found.append(("gif-small-many", "2x faster than the best peer", f"{ours['speedup']:.2f}x vs {ours['best_peer']}",
                      ours["speedup"] >= 2))
    for task in ("jpeg-large-baseline", "jpeg-large-progressive", "jpeg-large-preview-1/8"):
        ours, djpeg = row(task, "asset-tool"), row(task, "djpeg")
        if ours and djpeg:
            ratio = ours["median"] / djpeg["median"]
            found.append((task, "time within 1.10x of djpeg", f"{ratio:.2f}x", ratio <= 1.10))
            if task != "jpeg-large-preview-1/8":
                extra = ours["peak_mib"] - djpeg["peak_mib"]
                found.append((task, "peak at most djpeg's + 16 MiB", f"djpeg's {extra:+.1f} MiB", extra <= 16))
    for task in dict.fromkeys(r["task"] for r in rows):
        ours, before = row(task, "asset-tool"), row(task, "asset-tool (before)")
        if ours and before:
            ratio = ours["median"] / before["median"]
            found.append((task, "no slower than the build before (same run; within 5 % noise)",
                          f"{ratio:.2f}x its time", ratio <= 1.05))
    for task, factor in (("catalog-validate", 3.5), ("catalog-validate-deep", 2.0)):
        ours, pillow, cold = row(task, "asset-tool"), row(task, "Pillow-2proc"), row(task, "asset-tool (cold)")
        if ours and pillow:
            speed = pillow["median"] / ours["median"]
            warm = " (warm: the cache of files' facts filled)" if cold else ""
            found.append((task, f"{factor:g}x faster than Pillow in 2 processes{warm}", f"{speed:.2f}x", speed >= factor))
        if cold and pillow:
            speed = pillow["median"] / cold["median"]
            found.append((task, f"{factor:g}x faster than Pillow in 2 processes (cold: no cache, written by the run)",
                          f"{speed:.2f}x", speed >= factor))
            if task == "catalog-validate-deep":
                found.append((task, "peak under 64 MiB", f"{ours['peak_mib']:.1f} MiB", ours["peak_mib"] < 64))
    for task in ("hash-jpeg-large", "hash-jpeg-many", "hash-catalog"):
        ours, fast = row(task, "asset-tool"), row(task, "asset-tool-fast")
        full = next((r for r in rows if r["task"] == task and "full" in r["contender"]), None)
        thumb = next((r for r in rows if r["task"] == task and "thumbnail" in r["contender"]), None)
        if ours and full:
            speed = full["median"] / ours["median"]
            found.append((task, "exact: 10x faster than Python on the same full pixels", f"{speed:.1f}x", speed >= 10))
        if ours and thumb:
            speed = thumb["median"] / ours["median"]
            found.append((task, "exact: 10x faster than the fastest Python pipeline (thumbnail first)", f"{speed:.2f}x", speed >= 10))
        if fast and thumb:
            speed = thumb["median"] / fast["median"]
            found.append((task, "--fast: faster than the fastest Python pipeline", f"{speed:.2f}x", speed > 1))
    return found


def write_results(path, lines, start="results", end=None):
    """Replaces the block between `<!-- NAME:start -->` and `<!-- NAME:end -->` in `path` (`start` a block
    name, or both markers given whole), keeping the hand-written text around it."""
    if end is None:
        START, END = f"<!-- {start}:start -->", f"<!-- {start}:end -->"
    else:
        START, END = start, end
    block = START + "\n" + "\n".join(lines) + "\n" + END
    try:
        text = open(path).read()
    except OSError:
        text = "# Benchmarks\n\n" + START + "\n" + END + "\n"
    if START in text and END in text:
        text = text[:text.index(START)] + block + text[text.index(END) + len(END):]
    else:
        text = text.rstrip("\n") + "\n\n" + block + "\n"
    with open(path, "w") as handle:
        handle.write(text)


if __name__ == "__main__":
    main()
