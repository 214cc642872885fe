#!/usr/bin/env python3
"""How asset-tool's cost grows with the work: catalogs of 1,000, 10,000 and 100,000 sets and batches of
10, 100 and 1,000 GIFs, made here by a deterministic generator, timed in one run.

Usage: scale.py --tool PATH --data DIR --work DIR [--steps 1000,10000,100000] [--gifs 10,100,1000]
                [--runs N] [--output BENCHMARKS.md] [--chart Benchmarks/scale.png]

For a step of N sets the generator writes a tree under DATA/tree-N: one app catalog of N sets
(`App/Resources/Assets.xcassets`) and three feature catalogs of N/10 sets each (`Features/*/…xcassets`),
so the tree holds 1.3 N sets in four catalogs. Each catalog has groups nested two deep, some providing
a namespace, and a mix of sets: PNG image sets at 1x/2x/3x, JPEG image sets, PDF and SVG image sets,
colour sets and data sets, with small but real files (drawn with Pillow, each set's stamped with its number, one in 100 left as drawn;
the SVGs and JSON are text).
One image set in 200 names a 3x file that is not there, so every step has findings to report.

Timed (whole processes under GNU time, as bench.py, after one untimed run that warms the page cache;
time, peak resident memory, bytes written):
- `validate TREE --format json` and `validate TREE --deep --format json` (all four catalogs, one process);
- `report APP_CATALOG --output report.html` (the app catalog: N sets);
- `resolve NAME --catalog APP_CATALOG` for one set deep in the last group;
- `extract-frames FOLDER --output DIR` on 10, 100 and 1,000 GIFs (64x64, 12 frames).

The tree and GIFs are made once per version of this generator and reused; the results go between the
scale markers of BENCHMARKS.md and into a chart (PNG, matplotlib) that Docs/benchmarks.md shows.
"""
import argparse
import io
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench import write_results  # noqa: E402

GENERATOR_VERSION = "2"
START, END = "<!-- scale:start -->", "<!-- scale:end -->"


# ---------------------------------------------------------------------------------------------------
# The generator

def image_bytes(rng, size, fmt, mode="RGBA"):
    from PIL import Image, ImageDraw
    image = Image.new(mode, (size, size), (0, 0, 0, 0) if mode == "RGBA" else (255, 255, 255))
    draw = ImageDraw.Draw(image)
    for _ in range(3):
        box = sorted(rng.randrange(size) for _ in range(2)), sorted(rng.randrange(size) for _ in range(2))
        colour = tuple(rng.randrange(256) for _ in range(3)) + ((255,) if mode == "RGBA" else ())
        draw.ellipse([box[0][0], box[1][0], box[0][1], box[1][1]], fill=colour)
    out = io.BytesIO()
    if fmt == "PNG":
        image.save(out, "PNG")
    elif fmt == "JPEG":
        image.convert("RGB").save(out, "JPEG", quality=80)
    else:
        image.convert("RGB").save(out, "PDF")
    return out.getvalue()


class Artwork:
    """The art of every set: a few drawings, each set's copy stamped with its number in its first pixels, so
    that no two sets show the same pixels (real catalogs rarely ship an image twice, and a tree where every
    file repeats one of a dozen would make `duplicate-image`'s findings, not the sets, the thing measured).
    One set in 100 keeps the drawing unstamped, so the tree still has duplicates to find. PNGs are written
    here from the drawing's rows (zlib level 1, no filter: Pillow's encoder would take minutes at 100,000
    sets); PDFs are one-page vector files whose fill colour is the stamp."""

    def __init__(self, rng):
        from PIL import Image
        self.png_rows = []
        for base in (16, 20, 24, 28):
            sizes = []
            for scale in (1, 2, 3):
                side = base * scale
                image = Image.open(io.BytesIO(image_bytes(rng, side, "PNG"))).convert("RGBA")
                sizes.append((side, image.tobytes()))
            self.png_rows.append(sizes)
        self.jpeg = [[Image.open(io.BytesIO(image_bytes(rng, base * scale, "JPEG", "RGB"))).convert("RGB") for scale in (2, 3)]
                     for base in (24, 32)]
        self.svg_radius = (6, 8, 10)

    @staticmethod
    def stamp(index):
        return bytes((index & 255, (index >> 8) & 255, (index >> 16) & 255, 255)) if index % 100 else None

    def png(self, index):
        import struct
        import zlib
        out = []
        for side, pixels in self.png_rows[index % len(self.png_rows)]:
            stamp = self.stamp(index)
            if stamp:
                pixels = stamp * 2 + pixels[8:]
            row = side * 4
            raw = b"".join(b"\0" + pixels[y * row:(y + 1) * row] for y in range(side))

            def chunk(kind, data):
                return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
            out.append(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", side, side, 8, 6, 0, 0, 0))
                       + chunk(b"IDAT", zlib.compress(raw, 1)) + chunk(b"IEND", b""))
        return out

    def jpegs(self, index):
        out = []
        for image in self.jpeg[index % len(self.jpeg)]:
            stamp = self.stamp(index)
            if stamp:
                image = image.copy()
                for x in range(4):
                    for y in range(4):
                        image.putpixel((x, y), tuple(stamp[:3]))
            data = io.BytesIO()
            image.save(data, "JPEG", quality=80)
            out.append(data.getvalue())
        return out

    def pdf(self, index):
        stamp = self.stamp(index) or bytes(3)
        colour = " ".join(f"{c / 255:.3f}" for c in stamp[:3])
        content = f"{colour} rg 2 2 20 20 re f".encode()
        objects = [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
                   b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 24 24] /Contents 4 0 R >>",
                   b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream"]
        body, offsets = b"%PDF-1.4\n", []
        for number, text in enumerate(objects, 1):
            offsets.append(len(body))
            body += b"%d 0 obj\n" % number + text + b"\nendobj\n"
        xref = len(body)
        body += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
        body += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
        body += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
        return body

    def svg(self, index):
        stamp = self.stamp(index) or bytes(3)
        radius = self.svg_radius[index % len(self.svg_radius)]
        return (f'<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24">'
                f'<circle cx="12" cy="12" r="{radius}" fill="#{stamp[0]:02x}{stamp[1]:02x}{stamp[2]:02x}"/></svg>\n').encode()


def contents(body):
    body = dict(body)
    body["info"] = {"author": "xcode", "version": 1}
    return (json.dumps(body, indent=2) + "\n").encode()


def write(path, data):
    with open(path, "wb") as handle:
        handle.write(data)


def write_set(folder, index, rng, art):
    """One set named `set_INDEX` in `folder`; returns the folder it made."""
    roll = rng.random()
    name = f"set_{index:06d}"
    if roll < 0.60:
        path = os.path.join(folder, name + ".imageset")
        os.mkdir(path)
        files = art.png(index)
        images = []
        broken = index % 200 == 7
        for scale, data in zip((1, 2, 3), files):
            filename = f"{name}@{scale}x.png" if scale > 1 else f"{name}.png"
            if not (broken and scale == 3):
                write(os.path.join(path, filename), data)
            images.append({"filename": filename, "idiom": "universal", "scale": f"{scale}x"})
        write(os.path.join(path, "Contents.json"), contents({"images": images}))
    elif roll < 0.70:
        path = os.path.join(folder, name + ".imageset")
        os.mkdir(path)
        images = [{"idiom": "universal", "scale": "1x"}]
        for scale, data in zip((2, 3), art.jpegs(index)):
            filename = f"{name}@{scale}x.jpg"
            write(os.path.join(path, filename), data)
            images.append({"filename": filename, "idiom": "universal", "scale": f"{scale}x"})
        write(os.path.join(path, "Contents.json"), contents({"images": images}))
    elif roll < 0.78:
        path = os.path.join(folder, name + ".imageset")
        os.mkdir(path)
        write(os.path.join(path, name + ".pdf"), art.pdf(index))
        write(os.path.join(path, "Contents.json"), contents({
            "images": [{"filename": name + ".pdf", "idiom": "universal"}],
            "properties": {"preserves-vector-representation": True}}))
    elif roll < 0.85:
        path = os.path.join(folder, name + ".imageset")
        os.mkdir(path)
        write(os.path.join(path, name + ".svg"), art.svg(index))
        write(os.path.join(path, "Contents.json"), contents({
            "images": [{"filename": name + ".svg", "idiom": "universal"}],
            "properties": {"preserves-vector-representation": True}}))
    elif roll < 0.93:
        path = os.path.join(folder, name + ".colorset")
        os.mkdir(path)
        r, g, b = (rng.randrange(256) for _ in range(3))
        colour = {"color-space": "srgb", "components": {"red": f"0x{r:02X}", "green": f"0x{g:02X}",
                                                         "blue": f"0x{b:02X}", "alpha": "1.000"}}
        write(os.path.join(path, "Contents.json"), contents({"colors": [{"color": colour, "idiom": "universal"}]}))
    else:
        path = os.path.join(folder, name + ".dataset")
        os.mkdir(path)
        write(os.path.join(path, name + ".json"), (json.dumps({"id": index, "tags": ["a", "b"]}) + "\n").encode())
        write(os.path.join(path, "Contents.json"), contents({
            "data": [{"filename": name + ".json", "idiom": "universal", "universal-type-identifier": "public.json"}]}))
    return path


def write_catalog(path, sets, first_index, rng, art):
    """A catalog of `sets` sets in groups two deep (about 50 sets a group); every third group provides a namespace.
    Returns (the name of the last set, fully qualified)."""
    os.makedirs(path)
    write(os.path.join(path, "Contents.json"), contents({}))
    per_group = 50
    groups = max(1, (sets + per_group - 1) // per_group)
    outer_count = max(1, int(groups ** 0.5))
    index, last = first_index, None
    for g in range(groups):
        outer, inner = f"Section{g % outer_count:03d}", f"Group{g:05d}"
        outer_path = os.path.join(path, outer)
        namespace = []
        if not os.path.isdir(outer_path):
            os.mkdir(outer_path)
            provides = (g % outer_count) % 3 == 0
            write(os.path.join(outer_path, "Contents.json"),
                  contents({"properties": {"provides-namespace": True}} if provides else {}))
        if json.load(open(os.path.join(outer_path, "Contents.json"))).get("properties", {}).get("provides-namespace"):
            namespace.append(outer)
        inner_path = os.path.join(outer_path, inner)
        os.mkdir(inner_path)
        provides_inner = g % 3 == 1
        write(os.path.join(inner_path, "Contents.json"),
              contents({"properties": {"provides-namespace": True}} if provides_inner else {}))
        if provides_inner:
            namespace.append(inner)
        for _ in range(min(per_group, first_index + sets - index)):
            made = write_set(inner_path, index, rng, art)
            base = os.path.splitext(os.path.basename(made))[0]
            if made.endswith(".imageset"):
                last = "/".join(namespace + [base])
            index += 1
    return last


def make_tree(data, sets):
    """The tree for a step (made once per generator version); returns (tree, app catalog, name to resolve)."""
    tree = os.path.join(data, f"tree-{sets}")
    marker = os.path.join(tree, ".generated")
    app = os.path.join(tree, "App", "Resources", "Assets.xcassets")
    if os.path.exists(marker):
        stamp = json.load(open(marker))
        if stamp.get("version") == GENERATOR_VERSION:
            return tree, app, stamp["resolve"]
    shutil.rmtree(tree, ignore_errors=True)
    started = time.time()
    rng = random.Random(sets)
    art = Artwork(random.Random(1))
    last = write_catalog(app, sets, 0, rng, art)
    for number, feature in enumerate(("Onboarding", "Checkout", "Profile")):
        write_catalog(os.path.join(tree, "Features", feature, "Sources", f"{feature}.xcassets"),
                      sets // 10, sets + number * (sets // 10), rng, art)
    os.makedirs(os.path.join(tree, "Docs"), exist_ok=True)
    write(os.path.join(tree, "Docs", "README.md"), b"Not a catalog.\n")
    json.dump({"version": GENERATOR_VERSION, "resolve": last}, open(marker, "w"))
    print(f"scale: made {tree} ({sets * 13 // 10} sets) in {time.time() - started:.0f} s", file=sys.stderr)
    return tree, app, last


def make_gifs(data, count):
    """`count` animated GIFs of 64x64 and 12 frames (a spinner, its colours from the GIF's number)."""
    from PIL import Image, ImageDraw
    folder = os.path.join(data, f"gifs-{count}")
    marker = os.path.join(folder, ".generated")
    if os.path.exists(marker) and open(marker).read() == GENERATOR_VERSION:
        return folder
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    for n in range(count):
        rng = random.Random(n)
        colour = tuple(rng.randrange(256) for _ in range(3))
        frames = []
        for f in range(12):
            image = Image.new("P", (64, 64), 0)
            image.putpalette([255, 255, 255] + list(colour) + [rng.randrange(256) for _ in range(3 * 254)])
            draw = ImageDraw.Draw(image)
            angle = f * 30
            draw.pieslice([8, 8, 56, 56], angle, angle + 90, fill=1)
            draw.rectangle([f * 4, 28, f * 4 + 6, 34], fill=2 + f)
            frames.append(image)
        frames[0].save(os.path.join(folder, f"anim_{n:04d}.gif"), save_all=True, append_images=frames[1:],
                       duration=50, loop=0, transparency=0, disposal=2)
    write(marker, GENERATOR_VERSION.encode())
    return folder


# ---------------------------------------------------------------------------------------------------
# The run

def output_bytes(path):
    if os.path.isfile(path):
        return os.path.getsize(path)
    total = 0
    for folder, _, names in os.walk(path):
        total += sum(os.path.getsize(os.path.join(folder, name)) for name in names)
    return total


def run_timed(command):
    """(wall seconds, CPU seconds user+system, peak KiB) of a shell command under GNU time."""
    import subprocess
    import tempfile
    with tempfile.NamedTemporaryFile("r", suffix=".time") as report:
        full = ["/usr/bin/time", "-f", "%e %U %S %M", "-o", report.name, "bash", "-c", command]
        start = time.perf_counter()
        result = subprocess.run(full, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        seconds = time.perf_counter() - start
        if result.returncode != 0:
            raise RuntimeError(f"command failed ({result.returncode}): {command}\n{result.stderr[-2000:]}")
        _, user, system, kib = report.read().split()[-4:]
        return seconds, float(user) + float(system), int(kib)


def measure(command, out, runs):
    # Warm cache, as bench.py's tasks run: one untimed run first. Without it the first run at 100,000 sets
    # reads the 2.2 GB tree from disk, several times the warm time: this machine's kernel reclaims page
    # cache it has not touched for a minute or so (DAMON), so an earlier task's reads do not keep it warm.
    subprocess.run(command, shell=True, check=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    times, cpus, peaks = [], [], []
    for _ in range(runs):
        if os.path.isdir(out):
            shutil.rmtree(out)
        elif os.path.exists(out):
            os.remove(out)
        seconds, cpu, kib = run_timed(command)
        times.append(seconds)
        cpus.append(cpu)
        peaks.append(kib)
    return {"median": statistics.median(times), "min": min(times), "max": max(times), "cpu": statistics.median(cpus),
            "peak_mib": max(peaks) / 1024, "bytes": output_bytes(out), "runs": runs}


def count_sets(tree):
    kinds = (".imageset", ".colorset", ".dataset")
    return sum(1 for _, dirs, _ in os.walk(tree) for d in dirs if d.endswith(kinds))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tool", required=True)
    parser.add_argument("--data", required=True, help="where the generated trees and GIFs live (kept between runs)")
    parser.add_argument("--work", required=True)
    parser.add_argument("--steps", default="1000,10000,100000")
    parser.add_argument("--gifs", default="10,100,1000")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--output", default="BENCHMARKS.md")
    parser.add_argument("--chart", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "scale.png"))
    parser.add_argument("--from-json", help="redraw the table and chart from a saved scale-results.json (no timing)")
    args = parser.parse_args()
    if args.from_json:
        saved = json.load(open(args.from_json))
        publish(saved["rows"], args, saved["load"], saved["when"])
        return
    tool = os.path.abspath(args.tool)
    os.makedirs(args.data, exist_ok=True)
    os.makedirs(args.work, exist_ok=True)
    steps = [int(s) for s in args.steps.split(",") if s]
    gif_steps = [int(s) for s in args.gifs.split(",") if s]
    prepared = {n: make_tree(args.data, n) for n in steps}
    gif_folders = {n: make_gifs(args.data, n) for n in gif_steps}

    load_at_start = os.getloadavg()[0]
    rows = []
    for n in steps:
        tree, app, name = prepared[n]
        tree_sets = n + 3 * (n // 10)
        out_json = os.path.join(args.work, "validate.json")
        report = os.path.join(args.work, "report.html")
        resolved = os.path.join(args.work, "resolve.txt")
        # `|| test $? -eq 1`: the tree has findings by design, so validate exits 1.
        tasks = [
            ("validate", tree_sets, f"{tool} validate {tree} --format json > {out_json} || test $? -eq 1", out_json),
            ("validate --deep", tree_sets, f"{tool} validate {tree} --deep --format json > {out_json} || test $? -eq 1", out_json),
            ("report", n, f"{tool} report {app} --output {report} --force", report),
            ("resolve", n, f"{tool} resolve '{name}' --catalog {app} > {resolved}", resolved),
        ]
        for task, sets, command, out in tasks:
            # As many runs at every step: a median of two at the largest step is their mean, and its noise
            # alone could read as growth faster than linear.
            result = measure(command, out, args.runs)
            rows.append(dict(result, task=task, size=sets, unit="sets"))
            print(f"scale: {task} at {sets} sets: {result['median']:.3f} s, {result['peak_mib']:.1f} MiB", file=sys.stderr)
    for n in gif_steps:
        out = os.path.join(args.work, "frames")
        # 12 frames a GIF: the batch of 1,000 writes 12,000 files, over the default --max-files of 10,000.
        result = measure(f"{tool} extract-frames {gif_folders[n]} --output {out} --force --max-files {n * 12 + 1000}",
                         out, args.runs)
        rows.append(dict(result, task="extract-frames", size=n, unit="GIFs"))
        print(f"scale: extract-frames of {n} GIFs: {result['median']:.3f} s, {result['peak_mib']:.1f} MiB", file=sys.stderr)
    load = (load_at_start, os.getloadavg()[0])
    when = time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())
    json.dump({"rows": rows, "load": load, "when": when}, open(os.path.join(args.work, "scale-results.json"), "w"), indent=1)
    publish(rows, args, load, when)


def publish(rows, args, load, when):
    """The table, the targets and the chart, into BENCHMARKS.md and the PNG."""
    load_at_start, load_at_end = load
    lines = [f"Run on {when}, {os.cpu_count()} cores (load average "
             f"{load_at_start:.1f} at the start, {load_at_end:.1f} at the end: the machine is shared). "
             f"Medians of {rows[0]['runs']} whole-process runs at every step, after one untimed run, under GNU time; "
             "peak is the largest resident set; output is the bytes written (JSON, HTML, the resolve answer, the PNGs). "
             "validate reads the whole tree (the app catalog and three feature catalogs: 1.3x the step's sets); "
             "report and resolve read the app catalog.",
             "", "| task | work | wall s (median) | min-max s | CPU s (median) | peak MiB | output | wall / CPU vs the step before (work x10) |",
             "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    previous = {}
    for row in rows:
        growth = ""
        if row["task"] in previous:
            before = previous[row["task"]]
            growth = f"{row['median'] / before['median']:.1f}x / {row['cpu'] / max(before['cpu'], 0.005):.1f}x"
        previous[row["task"]] = row
        lines.append(f"| {row['task']} | {row['size']:,} {row['unit']} | {row['median']:.3f} | {row['min']:.3f}-{row['max']:.3f} | "
                     f"{row['cpu']:.2f} | {row['peak_mib']:.1f} | {human(row['bytes'])} | {growth} |")
    lines += ["", "Targets (from the issue), judged on this run:", "",
              "| target | measured | met |", "| --- | --- | --- |"]
    for target, measured, met in judge(rows):
        lines.append(f"| {target} | {measured} | {'yes' if met else '**no**'} |")
    lines += ["", f"![Time and peak memory against the work]({os.path.relpath(args.chart, os.path.dirname(os.path.abspath(args.output)))})"]
    chart(rows, args.chart)
    write_results(args.output, lines, START, END)
    print("\n".join(lines))


def human(count):
    if count >= 1 << 20:
        return f"{count / 1048576:.1f} MiB"
    if count >= 1 << 10:
        return f"{count / 1024:.1f} KiB"
    return f"{count} B"


def judge(rows):
    found = []
    by_task = {}
    for row in rows:
        by_task.setdefault(row["task"], []).append(row)
    for task, series in by_task.items():
        worst_wall = worst_cpu = 0.0
        for a, b in zip(series, series[1:]):
            worst_wall = max(worst_wall, (b["median"] / a["median"]) / (b["size"] / a["size"]))
            worst_cpu = max(worst_cpu, (b["cpu"] / max(a["cpu"], 0.005)) / (b["size"] / a["size"]))
        if len(series) > 1:
            # Within 5 % of linear on the wall clock, the noise allowance bench.py gives "no slower than before".
            found.append((f"{task}: time grows at most linearly (wall, within 5 % noise; CPU)",
                          f"worst step {worst_wall:.2f}x of linear; CPU {worst_cpu:.2f}x", worst_wall <= 1.05))
    def largest(task):
        series = by_task.get(task, [])
        return series[-1] if series else None
    for task, limit in (("validate", 64), ("report", 100)):
        row = largest(task)
        if row and row["size"] >= 100000:
            found.append((f"{task} at {row['size']:,} sets: peak under {limit} MiB", f"{row['peak_mib']:.1f} MiB",
                          row["peak_mib"] < limit))
    row = largest("resolve")
    if row and row["size"] >= 100000:
        found.append((f"resolve one name at {row['size']:,} sets: under 50 ms", f"{row['median'] * 1000:.0f} ms",
                      row["median"] < 0.050))
    return found


def chart(rows, path):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    figure, (left, middle, right) = plt.subplots(1, 3, figsize=(14, 4.4))
    for task in dict.fromkeys(r["task"] for r in rows):
        series = [r for r in rows if r["task"] == task]
        axis_time = right if series[0]["unit"] == "GIFs" else left
        sizes = [r["size"] for r in series]
        axis_time.plot(sizes, [r["median"] for r in series], marker="o", label=task)
        middle.plot(sizes, [r["peak_mib"] for r in series], marker="o", label=f"{task} ({series[0]['unit']})")
    for axis in (left, right):
        axis.set_xscale("log")
        axis.set_yscale("log")
        axis.grid(True, which="both", alpha=0.3)
        axis.set_ylabel("wall time, s (median)")
        axis.legend(fontsize=8)
    # A linear-growth guide from the first validate point.
    first = next((r for r in rows if r["task"] == "validate"), None)
    if first:
        xs = [r["size"] for r in rows if r["task"] == "validate"]
        left.plot(xs, [first["median"] * x / xs[0] for x in xs], linestyle=":", color="grey", label="linear from validate's first point")
        left.legend(fontsize=8)
    left.set_xlabel("sets")
    left.set_title("Catalog tasks: time")
    right.set_xlabel("GIFs (64x64, 12 frames)")
    right.set_title("extract-frames batches: time")
    middle.set_xscale("log")
    middle.set_yscale("log")
    middle.set_xlabel("sets, or GIFs")
    middle.set_ylabel("peak resident memory, MiB")
    middle.axhline(64, color="grey", linestyle="--", linewidth=0.8)
    middle.axhline(100, color="grey", linestyle=":", linewidth=0.8)
    middle.set_title("Peak memory (lines: 64 and 100 MiB)")
    middle.grid(True, which="both", alpha=0.3)
    middle.legend(fontsize=7)
    figure.suptitle("asset-tool: cost against the work (Benchmarks/scale.py, one run)")
    figure.tight_layout()
    figure.savefig(path, dpi=90)


if __name__ == "__main__":
    main()
