#!/usr/bin/env python3
"""The Pillow peers of the benchmark: what a team would script instead of asset-tool.

Usage: peers.py gif-frames OUTDIR GIF...     every frame of each GIF, composited, as RGBA PNG
       peers.py catalog-headers JOBS CATALOG  read the header (size, mode) of every image in a catalog
       peers.py catalog-decode JOBS CATALOG   decode every image in a catalog
       peers.py blurhash-full JOBS PATH...     BlurHash 4x3 of every image (files or folders) on its full
                                               pixels: Pillow decodes (EXIF orientation applied), blurhash-python
                                               (the reference C encoder) hashes; the same strings as asset-tool
       peers.py blurhash-thumbnail JOBS PATH... the same after Pillow's draft mode (JPEG DCT scaling) and a
                                               100x100 thumbnail, as blurhash-python's README suggests; faster,
                                               different strings
"""
import os
import sys
from multiprocessing import Pool

from PIL import Image, ImageSequence


def gif_frames(outdir, paths):
    for path in paths:
        stem = os.path.splitext(os.path.basename(path))[0]
        target = os.path.join(outdir, stem) if len(paths) > 1 else outdir
        os.makedirs(target, exist_ok=True)
        with Image.open(path) as image:
            for index, frame in enumerate(ImageSequence.Iterator(image)):
                frame.convert("RGBA").save(os.path.join(target, f"frame_{index:04d}.png"), compress_level=6)


def image_files(root):
    found = []
    for folder, _, names in os.walk(root):
        for name in names:
            if name.lower().endswith((".png", ".jpg", ".jpeg", ".gif")):
                found.append(os.path.join(folder, name))
    found.sort()
    return found


def header(path):
    with Image.open(path) as image:
        return image.size


def decode(path):
    with Image.open(path) as image:
        image.load()
        return image.size


def catalog(jobs, root, work):
    files = image_files(root)
    with Pool(jobs) as pool:
        sizes = pool.map(work, files, chunksize=64)
    print(f"{len(sizes)} images")


def blurhash_full(path):
    import blurhash
    from PIL import ImageOps
    with Image.open(path) as image:
        return blurhash.encode(ImageOps.exif_transpose(image).convert("RGB"), 4, 3)


def blurhash_thumbnail(path):
    import blurhash
    from PIL import ImageOps
    with Image.open(path) as image:
        image.draft("RGB", (100, 100))
        image = ImageOps.exif_transpose(image).convert("RGB")
        image.thumbnail((100, 100))
        return blurhash.encode(image, 4, 3)


def hash_many(jobs, paths, work):
    files = []
    for path in paths:
        files += image_files(path) if os.path.isdir(path) else [path]
    if jobs == 1 or len(files) == 1:
        hashes = [work(f) for f in files]
    else:
        with Pool(jobs) as pool:
            hashes = pool.map(work, files, chunksize=16)
    for path, value in zip(files, hashes):
        print(path, value)


def main():
    command = sys.argv[1]
    if command == "gif-frames":
        gif_frames(sys.argv[2], sys.argv[3:])
    elif command == "catalog-headers":
        catalog(int(sys.argv[2]), sys.argv[3], header)
    elif command == "catalog-decode":
        catalog(int(sys.argv[2]), sys.argv[3], decode)
    elif command == "blurhash-full":
        hash_many(int(sys.argv[2]), sys.argv[3:], blurhash_full)
    elif command == "blurhash-thumbnail":
        hash_many(int(sys.argv[2]), sys.argv[3:], blurhash_thumbnail)
    else:
        sys.exit(f"unknown command {command}")


if __name__ == "__main__":
    main()
