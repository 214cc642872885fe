#!/usr/bin/env python3
"""Compares deflate implementations on the image data (IDAT) of gif-large's frames, in one run.

Usage: deflate.py --tool ASSET_TOOL --gif GIF --work DIR [--frames N] [--rounds N] [--output BENCHMARKS.md]

The frames are the ones asset-tool composites (they equal ffmpeg's pixel for pixel, checked by bench.py).
Each frame's PNG image data before compression is built as a PNG encoder builds it (one filter-type byte,
then the row; filter "none" unless the row says otherwise) and compressed into a zlib stream by:

- zlib (the system's libz, through Python's zlib module, which links it) at several levels and strategies;
- libdeflate (Debian's libdeflate0) at several levels, through ctypes;
- ISA-L's igzip (Debian's libisal2) at its levels 0-3, through ctypes;

one frame at a time on one thread, contenders alternating round by round so drift in the shared
machine's speed hits all alike. Time is CPU time of the compress call per frame (median over rounds of
the mean over frames); size is the stream's bytes against ffmpeg's whole PNG files for the same frames.
Every stream is inflated again with zlib and must give back the input exactly.

With --indexed DIR (a folder of GIFs, e.g. gif-small-many) it also compares, on every frame asset-tool
composites from them, the image data as `PNGEncoder.fast` stored it before #18's indexed output (RGB when
opaque, else RGBA) with the indexed form it now takes when a frame has at most 256 colours (one palette
index a pixel, packed to 1, 2 or 4 bits when the count allows, palette in order of first appearance as the
PNG shim builds it), each through libdeflate at levels 1-4. That table goes between the indexed markers.
"""
import argparse
import ctypes
import glob
import os
import statistics
import subprocess
import sys
import time
import zlib

import numpy
from PIL import Image


def frames_of(tool, gif, work, count):
    """(RGBA bytes, width, height) of `count` frames spread over the GIF, and ffmpeg's PNG bytes for them."""
    ours = os.path.join(work, "deflate-frames")
    theirs = os.path.join(work, "deflate-ffmpeg")
    for folder in (ours, theirs):
        subprocess.run(["rm", "-rf", folder], check=True)
        os.makedirs(folder)
    subprocess.run([tool, "extract-frames", gif, "--output", ours, "--force"], check=True, stdout=subprocess.DEVNULL)
    subprocess.run(["ffmpeg", "-v", "error", "-i", gif, "-fps_mode", "passthrough", f"{theirs}/frame_%04d.png"], check=True)
    names = sorted(glob.glob(os.path.join(ours, "frame_*.png")))
    step = max(1, len(names) // count)
    chosen = names[::step][:count]
    frames, ffmpeg_bytes = [], 0
    ffmpeg_names = sorted(glob.glob(os.path.join(theirs, "frame_*.png")))
    for name in chosen:
        index = names.index(name)
        with Image.open(name) as image:
            rgba = numpy.asarray(image.convert("RGBA"))
        frames.append(rgba)
        ffmpeg_bytes += os.path.getsize(ffmpeg_names[index])
    return frames, ffmpeg_bytes


def filtered(rgba, kind):
    """The bytes a PNG encoder compresses: each row after its filter-type byte (none, sub or up; "none, RGB"
    drops the alpha channel, as an encoder may for an opaque frame)."""
    if kind == "none, RGB":
        rgba, kind = rgba[:, :, :3], "none"
    height, width, channels = rgba.shape
    rows = numpy.ascontiguousarray(rgba).reshape(height, width * channels).astype(numpy.uint8)
    if kind == "none":
        body, tag = rows, 0
    elif kind == "sub":
        body = rows.copy()
        body[:, channels:] = rows[:, channels:] - rows[:, :-channels]
        tag = 1
    elif kind == "up":
        body = rows.copy()
        body[1:] = rows[1:] - rows[:-1]
        tag = 2
    else:
        raise ValueError(kind)
    out = numpy.empty((height, width * channels + 1), dtype=numpy.uint8)
    out[:, 0] = tag
    out[:, 1:] = body
    return out.tobytes()


class Zlib:
    def __init__(self, level, strategy=zlib.Z_DEFAULT_STRATEGY, label=""):
        self.name = f"zlib {zlib.ZLIB_RUNTIME_VERSION}, level {level}{label}"
        self.level, self.strategy = level, strategy

    def compress(self, data):
        packer = zlib.compressobj(self.level, zlib.DEFLATED, 15, 8, self.strategy)
        return packer.compress(data) + packer.flush()


class Libdeflate:
    library = None

    def __init__(self, level):
        if Libdeflate.library is None:
            Libdeflate.library = ctypes.CDLL("libdeflate.so.0")
            lib = Libdeflate.library
            lib.libdeflate_alloc_compressor.restype = ctypes.c_void_p
            lib.libdeflate_alloc_compressor.argtypes = [ctypes.c_int]
            lib.libdeflate_zlib_compress.restype = ctypes.c_size_t
            lib.libdeflate_zlib_compress.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_size_t,
                                                     ctypes.c_void_p, ctypes.c_size_t]
            lib.libdeflate_zlib_compress_bound.restype = ctypes.c_size_t
            lib.libdeflate_zlib_compress_bound.argtypes = [ctypes.c_void_p, ctypes.c_size_t]
        self.name = f"libdeflate {package_version('libdeflate0')}, level {level}"
        self.compressor = Libdeflate.library.libdeflate_alloc_compressor(level)
        self.buffer = None

    def compress(self, data):
        lib = Libdeflate.library
        bound = lib.libdeflate_zlib_compress_bound(self.compressor, len(data))
        if self.buffer is None or len(self.buffer) < bound:
            self.buffer = ctypes.create_string_buffer(bound)
        count = lib.libdeflate_zlib_compress(self.compressor, data, len(data), self.buffer, bound)
        if count == 0:
            raise RuntimeError("libdeflate: output did not fit")
        return self.buffer.raw[:count]


class Isal:
    """ISA-L's igzip through its public stream struct (the leading fields of `struct isal_zstream`,
    x86-64 layout from <isa-l/igzip_lib.h>; the internal state after them is zeroed and set up by
    isal_deflate_stateless_init)."""
    library = None
    STREAM_BYTES = 1 << 20
    LEVEL_BUF = 1 << 21

    def __init__(self, level):
        if Isal.library is None:
            Isal.library = ctypes.CDLL("libisal.so.2")
        self.name = f"ISA-L igzip {package_version('libisal2')}, level {level}"
        self.level = level
        self.stream = ctypes.create_string_buffer(self.STREAM_BYTES)
        self.level_buf = ctypes.create_string_buffer(self.LEVEL_BUF)
        self.out = None

    def compress(self, data):
        lib = Isal.library
        ctypes.memset(self.stream, 0, self.STREAM_BYTES)
        lib.isal_deflate_stateless_init(self.stream)
        size = len(data) + len(data) // 8 + 1024
        if self.out is None or len(self.out) < size:
            self.out = ctypes.create_string_buffer(size)
        source = ctypes.create_string_buffer(data, len(data))
        base = ctypes.addressof(self.stream)
        put = lambda offset, ctype, value: ctype.from_address(base + offset).__setattr__("value", value)
        put(0, ctypes.c_void_p, ctypes.addressof(source))
        put(8, ctypes.c_uint32, len(data))
        put(16, ctypes.c_void_p, ctypes.addressof(self.out))
        put(24, ctypes.c_uint32, size)
        put(40, ctypes.c_uint32, self.level)
        put(44, ctypes.c_uint32, self.LEVEL_BUF if self.level > 0 else 0)
        put(48, ctypes.c_void_p, ctypes.addressof(self.level_buf) if self.level > 0 else None)
        put(56, ctypes.c_uint16, 1)   # end_of_stream
        put(58, ctypes.c_uint16, 0)   # NO_FLUSH
        put(60, ctypes.c_uint16, 3)   # IGZIP_ZLIB: a zlib header and Adler-32
        status = lib.isal_deflate_stateless(self.stream)
        if status != 0:
            raise RuntimeError(f"isal_deflate_stateless: {status}")
        written = ctypes.c_uint32.from_address(base + 28).value
        return self.out.raw[:written]


def package_version(name):
    try:
        return subprocess.run(["dpkg-query", "-W", "-f", "${Version}", name], capture_output=True, text=True).stdout.strip() or "?"
    except OSError:
        return "?"


def indexed_rows(rgba):
    """The image data of an indexed PNG of `rgba` (filter byte 0, packed indices), or None past 256 colours."""
    height, width, _ = rgba.shape
    words = numpy.ascontiguousarray(rgba).view(numpy.uint32).reshape(-1)
    colours, first, inverse = numpy.unique(words, return_index=True, return_inverse=True)
    if len(colours) > 256:
        return None
    order = numpy.argsort(first)              # palette in order of first appearance
    rank = numpy.empty_like(order)
    rank[order] = numpy.arange(len(order))
    indices = rank[inverse].astype(numpy.uint8).reshape(height, width)
    count = len(colours)
    depth = 1 if count <= 2 else 2 if count <= 4 else 4 if count <= 16 else 8
    if depth < 8:
        per_byte = 8 // depth
        padded = numpy.zeros((height, -(-width // per_byte) * per_byte), dtype=numpy.uint8)
        padded[:, :width] = indices
        groups = padded.reshape(height, -1, per_byte).astype(numpy.uint16)
        shifts = numpy.array([8 - depth * (i + 1) for i in range(per_byte)], dtype=numpy.uint16)
        indices = (groups << shifts).sum(axis=2).astype(numpy.uint8)
    out = numpy.zeros((height, indices.shape[1] + 1), dtype=numpy.uint8)
    out[:, 1:] = indices
    return out.tobytes()


def compare_indexed(tool, folder, work, rounds):
    """Lines of the indexed-vs-direct table on every composited frame of the GIFs in `folder`."""
    target = os.path.join(work, "indexed-frames")
    subprocess.run(["rm", "-rf", target], check=True)
    subprocess.run([tool, "extract-frames", folder, "--output", target, "--force"], check=True, stdout=subprocess.DEVNULL)
    direct, indexed = [], []
    for name in sorted(glob.glob(os.path.join(target, "*", "frame_*.png"))):
        with Image.open(name) as image:
            rgba = numpy.asarray(image.convert("RGBA"))
        opaque = bool((rgba[:, :, 3] == 255).all())
        plain = filtered(rgba, "none, RGB" if opaque else "none")
        direct.append(plain)
        indexed.append(indexed_rows(rgba) or plain)
    count = sum(1 for a, b in zip(direct, indexed) if a is not b)
    lines = [f"Run on {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}: the {len(direct)} frames asset-tool "
             f"composites from {len(glob.glob(os.path.join(folder, '*.gif')))} GIFs of {os.path.basename(folder.rstrip('/'))} "
             f"({count} of them have at most 256 colours), {rounds} rounds, load average {os.getloadavg()[0]:.1f}. "
             "CPU time of the compress calls for all frames on one thread; every stream inflated again and compared.",
             "", "| image data | libdeflate level | CPU ms, all frames (median, min-max) | bytes, all frames | vs RGB/RGBA at level 2 |",
             "| --- | ---: | ---: | ---: | ---: |"]
    results = []
    for label, inputs in (("RGB when opaque, else RGBA (before)", direct), ("indexed when at most 256 colours (now)", indexed)):
        for level in (1, 2, 3, 4):
            contender = Libdeflate(level)
            times, size = [], 0
            for round_index in range(rounds):
                total, size = 0.0, 0
                for data in inputs:
                    start = time.thread_time()
                    stream = contender.compress(data)
                    total += time.thread_time() - start
                    size += len(stream)
                    if round_index == 0 and zlib.decompress(stream) != data:
                        raise SystemExit(f"{contender.name}: the stream does not inflate to its input")
                times.append(total * 1000)
            results.append((label, level, times, size))
    base = next(size for label, level, _, size in results if level == 2)
    for label, level, times, size in results:
        lines.append(f"| {label} | {level} | {statistics.median(times):.0f} ({min(times):.0f}-{max(times):.0f}) | "
                     f"{size:,} | {size / base:.2f}x |")
    return lines


def contenders():
    found = [(Zlib(level), "none") for level in (1, 2, 3, 4, 6)]
    found += [(Zlib(1, zlib.Z_RLE, ", Z_RLE"), "none"), (Zlib(2, zlib.Z_FILTERED, ", Z_FILTERED"), "none"),
              (Zlib(6), "sub"), (Zlib(6), "up"), (Zlib(2), "none, RGB")]
    try:
        found += [(Libdeflate(level), "none") for level in (1, 2, 3, 4, 5, 6, 8)]
        found += [(Libdeflate(4), "sub"), (Libdeflate(4), "up")]
        found += [(Libdeflate(level), "none, RGB") for level in (1, 2, 3)]
    except OSError as error:
        print(f"libdeflate not available: {error}", file=sys.stderr)
    try:
        found += [(Isal(level), "none") for level in (0, 1, 2, 3)]
        found += [(Isal(2), "none, RGB")]
    except OSError as error:
        print(f"ISA-L not available: {error}", file=sys.stderr)
    return found


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tool", required=True)
    parser.add_argument("--gif", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--frames", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--json")
    parser.add_argument("--output", help="BENCHMARKS.md: the table goes between its deflate markers")
    parser.add_argument("--indexed", help="a folder of GIFs: compare indexed with RGB/RGBA image data on their frames")
    parser.add_argument("--indexed-only", action="store_true", help="with --indexed: skip the gif-large comparison")
    args = parser.parse_args()

    if args.indexed:
        lines = compare_indexed(args.tool, args.indexed, args.work, args.rounds)
        print("\n".join(lines))
        if args.output:
            sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
            from bench import write_results
            write_results(args.output, lines, "<!-- indexed:start -->", "<!-- indexed:end -->")
        if args.indexed_only:
            return

    frames, ffmpeg_bytes = frames_of(args.tool, args.gif, args.work, args.frames)
    opaque = all(bool((f[:, :, 3] == 255).all()) for f in frames)
    kinds = ("none", "sub", "up") + (("none, RGB",) if opaque else ())
    inputs = {kind: [filtered(f, kind) for f in frames] for kind in kinds}
    entries = [(c, kind) for c, kind in contenders() if kind in inputs]
    times = {i: [] for i in range(len(entries))}
    sizes = {}
    load = os.getloadavg()[0]
    for round_index in range(args.rounds):
        for i, (contender, kind) in enumerate(entries):
            total, count = 0.0, 0
            for data in inputs[kind]:
                start = time.thread_time()
                stream = contender.compress(data)
                total += time.thread_time() - start
                count += len(stream)
                if round_index == 0 and zlib.decompress(stream) != data:
                    raise SystemExit(f"{contender.name}: the stream does not inflate to its input")
            times[i].append(total / len(frames) * 1000)
            sizes[i] = count
        print(f"deflate: round {round_index + 1}/{args.rounds}", file=sys.stderr)
    rows = []
    for i, (contender, kind) in enumerate(entries):
        rows.append({"deflate": contender.name, "filter": kind, "ms_per_frame": statistics.median(times[i]),
                     "ms_min": min(times[i]), "ms_max": max(times[i]),
                     "kib_per_frame": sizes[i] / len(frames) / 1024, "vs_ffmpeg": sizes[i] / ffmpeg_bytes})
    lines = [f"Run on {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}: {len(frames)} frames of gif-large "
             f"({frames[0].shape[1]}x{frames[0].shape[0]} RGBA, spread over its 300), {args.rounds} rounds, load average "
             f"{load:.1f} at the start and {os.getloadavg()[0]:.1f} at the end (the machine is shared); ffmpeg writes "
             f"{ffmpeg_bytes / len(frames) / 1024:.0f} KiB a frame (whole PNG files). CPU time of one compress call "
             "on one thread; every stream inflated again and compared.",
             "", "| deflate | filter | CPU ms a frame (median, min-max) | KiB a frame | bytes vs ffmpeg's PNGs |",
             "| --- | --- | ---: | ---: | ---: |"]
    for row in rows:
        lines.append(f"| {row['deflate']} | {row['filter']} | {row['ms_per_frame']:.2f} ({row['ms_min']:.2f}-{row['ms_max']:.2f}) | "
                     f"{row['kib_per_frame']:.0f} | {row['vs_ffmpeg']:.2f}x |")
    print("\n".join(lines))
    if args.output:
        sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
        from bench import write_results
        write_results(args.output, lines, "<!-- deflate:start -->", "<!-- deflate:end -->")
    if args.json:
        import json
        json.dump(rows, open(args.json, "w"), indent=1)


if __name__ == "__main__":
    main()
