#!/usr/bin/env python3
"""Regenerates Tests/Fixtures/png-pillow-goldens.txt: the tests write their PNG fixtures (libpng, every colour type
and bit depth); Pillow decodes each to 8-bit RGBA and the md5 of those bytes is recorded. Fixtures Pillow cannot
turn into 8-bit RGBA faithfully are left out (listed in SKIPPED, with the reason)."""
import glob, hashlib, os, subprocess, tempfile
from PIL import Image, __version__

SKIPPED = {
    # Pillow opens 16-bit grey as I;16 and clips it to 255 instead of keeping the high byte.
    "png-t0-d16", "png-t0-d16-i", "png-t0-d16-trns", "png-t0-d16-i-trns",
    # Pillow ignores tRNS for 2- and 4-bit grey and for 16-bit RGB.
    "png-t0-d2-trns", "png-t0-d2-i-trns", "png-t0-d4-trns", "png-t0-d4-i-trns",
    "png-t2-d16-trns", "png-t2-d16-i-trns",
}

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
with tempfile.TemporaryDirectory() as folder:
    subprocess.run(["swift", "test", "--filter", "PNGDecoderTests/writeFixtures"], cwd=root, check=True,
                   env=dict(os.environ, ASSETS_WRITE_FIXTURES=folder), stdout=subprocess.DEVNULL)
    lines = [f"# fixture md5-of-8-bit-RGBA (Pillow {__version__}, Image.open(path).convert('RGBA').tobytes())"]
    for path in sorted(glob.glob(os.path.join(folder, "*.png"))):
        name = os.path.basename(path)[:-4]
        if name in SKIPPED:
            continue
        lines.append(f"{name} {hashlib.md5(Image.open(path).convert('RGBA').tobytes()).hexdigest()}")
with open(os.path.join(root, "Tests", "Fixtures", "png-pillow-goldens.txt"), "w") as out:
    out.write("\n".join(lines) + "\n")
print("wrote png-pillow-goldens.txt")
