#!/usr/bin/env python3
"""Frames compressed in bands of rows: band sizes and zlib levels compared on the frames asset-tool writes.

Usage: bands.py --tool ASSET_TOOL --gif GIF --work DIR [--rounds N] [--output BENCHMARKS.md]

asset-tool compresses a frame in bands of whole rows, each band on its own with zlib (history reset at its
start, a full flush at its end), and reuses a band's bytes while the frames keep its rows; a frame with
more than half of its bands changed, the first frame and any frame of fewer than 4 bands are compressed
whole by libdeflate at level 2 (Sources/AssetsCodecs/Output/FrameBands.swift). This script replays that
rule for other band sizes and levels on the same frames, to show what the chosen pair costs and saves:

- the frames are the ones asset-tool extracts from the GIF; each frame's image data is its PNG's IDAT
  stream inflated again (filter bytes and packed rows, exactly what the encoder compressed, for any colour
  type);
- bands are compared with the previous frame's, as FrameBands does; changed bands are compressed by zlib
  (the system's libz through Python's zlib module, the library the PNG shim links), whole frames by
  libdeflate level 2 (through ctypes, as deflate.py);
- time is CPU time of the compress calls for all frames on one thread (median over rounds), bytes are the
  compressed image data of all frames, against whole frames by libdeflate level 2 and against ffmpeg's PNGs.
Every joined stream is inflated again and must give back the frame's data exactly.
"""
import argparse
import glob
import os
import statistics
import struct
import subprocess
import sys
import time
import zlib

from bench import write_results  # same folder
from deflate import Libdeflate


def image_data(path):
    """The PNG's IDAT stream, inflated: the image data before compression, and the bytes of one row."""
    with open(path, "rb") as handle:
        data = handle.read()
    at, stream, width, height, bits, colour = 8, b"", 0, 0, 8, 6
    while at < len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        body = data[at + 8:at + 8 + length]
        if kind == b"IHDR":
            width, height, bits, colour = struct.unpack(">IIBB", body[:10])
        elif kind == b"IDAT":
            stream += body
        at += 12 + length
    raw = zlib.decompress(stream)
    return raw, len(raw) // height


def plan(previous, raw, row_bytes, target, minimum=4):
    """FrameBands' rule: (band ranges, which changed since `previous`, whether the frame is written in bands);
    None when the frame has too few bands or another shape than the one before (compressed whole)."""
    rows = len(raw) // row_bytes
    per_band = max(1, target // row_bytes)
    count = (rows + per_band - 1) // per_band
    if count < minimum or previous is None or len(previous) != len(raw):
        return None
    ranges = [(i * per_band * row_bytes, min((i + 1) * per_band * row_bytes, len(raw))) for i in range(count)]
    changed = [previous[a:b] != raw[a:b] for a, b in ranges]
    return ranges, changed, sum(changed) * 2 <= count


def replay(frames, target, level, whole):
    """(CPU seconds, bytes) of writing every frame as asset-tool would with this band size and level."""
    spent, total, previous, kept = 0.0, 0, None, {}
    for raw, row_bytes in frames:
        decided = plan(previous, raw, row_bytes, target) if target else None
        if decided is None:
            kept = {}
        else:
            # A band's compressed bytes stay good while its rows do, across frames written whole too.
            for index, new in enumerate(decided[1]):
                if new:
                    kept.pop(index, None)
        if decided is None or not decided[2]:
            start = time.process_time()
            packed = whole.compress(raw)
            spent += time.process_time() - start
            total += len(packed)
        else:
            ranges = decided[0]
            pieces = []
            for index, (a, b) in enumerate(ranges):
                if index not in kept:
                    start = time.process_time()
                    band = zlib.compressobj(level, zlib.DEFLATED, -15)
                    out = band.compress(raw[a:b]) + band.flush(zlib.Z_FINISH if index == len(ranges) - 1 else zlib.Z_FULL_FLUSH)
                    spent += time.process_time() - start
                    kept[index] = out
                pieces.append(kept[index])
            joined = b"".join(pieces)
            if zlib.decompress(joined, -15) != raw:
                raise RuntimeError(f"bands of {target} bytes at level {level} do not inflate to the frame")
            total += 2 + len(joined) + 4
        previous = raw
    return spent, total


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tool", required=True)
    parser.add_argument("--gif", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--output", help="BENCHMARKS.md: the table goes between its bands markers")
    args = parser.parse_args()
    folder = os.path.join(args.work, "bands-frames")
    theirs = os.path.join(args.work, "bands-ffmpeg")
    for path in (folder, theirs):
        subprocess.run(["rm", "-rf", path], check=True)
    os.makedirs(theirs)
    subprocess.run([args.tool, "extract-frames", args.gif, "--output", folder], check=True, stdout=subprocess.DEVNULL)
    frames = [image_data(path) for path in sorted(glob.glob(os.path.join(folder, "frame_*.png")))]
    ffmpeg_bytes = None
    try:
        subprocess.run(["ffmpeg", "-v", "error", "-i", args.gif, "-fps_mode", "passthrough", f"{theirs}/frame_%04d.png"], check=True)
        ffmpeg_bytes = sum(os.path.getsize(p) for p in glob.glob(os.path.join(theirs, "frame_*.png")))
    except (OSError, subprocess.CalledProcessError) as error:
        print(f"no ffmpeg to compare sizes with: {error}", file=sys.stderr)
    whole = Libdeflate(2)
    settings = [(0, 0)] + [(target << 10, level) for target in (32, 64, 96, 128, 256) for level in (1, 3, 4, 6)]
    times = {setting: [] for setting in settings}
    sizes = {}
    load_start = os.getloadavg()[0]
    for _ in range(args.rounds):
        for setting in settings:
            spent, size = replay(frames, setting[0], setting[1], whole)
            times[setting].append(spent)
            sizes[setting] = size
    base_time, base_size = statistics.median(times[(0, 0)]), sizes[(0, 0)]
    lines = [f"Run on {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}: the {len(frames)} frames asset-tool writes for "
             f"{os.path.basename(args.gif)}, {args.rounds} rounds, load average {load_start:.1f} at the start and "
             f"{os.getloadavg()[0]:.1f} at the end. CPU time of the compress calls for all frames on one thread; every "
             "joined stream inflated again and compared.", "",
             "| bands of | zlib level | CPU s, all frames (median, min-max) | vs whole frames | image data bytes | vs whole frames |"
             + (" vs ffmpeg's PNGs |" if ffmpeg_bytes else ""),
             "| ---: | ---: | ---: | ---: | ---: | ---: |" + (" ---: |" if ffmpeg_bytes else "")]
    for setting in settings:
        spent = statistics.median(times[setting])
        label = ("whole frames, libdeflate 2", "-") if setting == (0, 0) else (f"{setting[0] >> 10} KiB", str(setting[1]))
        row = (f"| {label[0]} | {label[1]} | {spent:.2f} ({min(times[setting]):.2f}-{max(times[setting]):.2f}) | "
               f"{spent / base_time:.2f}x | {sizes[setting]:,} | {sizes[setting] / base_size:.3f}x |")
        if ffmpeg_bytes:
            row += f" {sizes[setting] / ffmpeg_bytes:.3f}x |"
        lines.append(row)
    print("\n".join(lines))
    if args.output:
        write_results(args.output, lines, "<!-- bands:start -->", "<!-- bands:end -->")


if __name__ == "__main__":
    main()
