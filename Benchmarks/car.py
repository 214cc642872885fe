#!/usr/bin/env python3
"""Makes a large compiled catalog from scratch for timing `asset-tool car info` (#36).

Usage: Benchmarks/car.py OUT.car [MEGABYTES]   (default 50)

The file is a BOM store as Docs/car.md describes: CARHEADER, EXTENDED_METADATA, KEYFORMAT, a FACETKEYS
tree, and a RENDITIONS tree over many leaf pages under one inner page, each rendition an LZFSE-tagged
`MLEC` payload of pseudo-random bytes (nothing decodes them: the listing never decompresses). Real
Assets.car files this large are rare in public repositories, so this one is made.
"""
import random
import struct
import sys

out = sys.argv[1]
megabytes = int(sys.argv[2]) if len(sys.argv) > 2 else 50
rng = random.Random(36)
blocks = [b""]


def add(data):
    blocks.append(data)
    return len(blocks) - 1


def fixed(text, length):
    data = text.encode()[: length - 1]
    return data + b"\0" * (length - len(data))


def rendition(name, payload, width, height):
    head = b"ISTC" + struct.pack("<IIIIII", 1, 0, width, height, 200, 0x41524742) + struct.pack("<I", 1)
    head += struct.pack("<IHH", 0, 12, 0) + fixed(name, 128) + struct.pack("<IIII", 0, 1, 0, len(payload))
    return head + payload


def tree(entries):
    pairs = [(add(value), add(key)) for key, value in entries]
    per_page = 500
    pages = []
    for start in range(0, len(pairs), per_page):
        pages.append(pairs[start : start + per_page])
    # Leaves are written last to first so each knows the next one's block.
    leaf_ids = [0] * len(pages)
    following = 0
    for index in reversed(range(len(pages))):
        items = pages[index]
        data = struct.pack(">HHII", 1, len(items), following, 0) + b"".join(struct.pack(">II", v, k) for v, k in items)
        leaf_ids[index] = add(data + b"\0" * max(0, 4096 - len(data)))
        following = leaf_ids[index]
    inner_items = [(leaf_ids[i], pages[i][-1][1]) for i in range(len(pages))]
    inner = struct.pack(">HHII", 0, len(inner_items), 0, 0) + b"".join(struct.pack(">II", v, k) for v, k in inner_items)
    root = add(inner + b"\0" * max(0, 4096 - len(inner)))
    return add(b"tree" + struct.pack(">IIII", 1, root, 4096, len(entries)) + b"\0")


names = []
key_format = [7, 12, 15, 17, 1, 2]
names.append(("CARHEADER", add(b"RATC" + struct.pack("<IIII", 866, 17, 0, 0) + fixed("CoreUI-866.4", 128)
                                + fixed("Benchmarks/car.py", 256) + bytes(16) + struct.pack("<IIII", 0, 2, 1, 2))))
names.append(("EXTENDED_METADATA", add(b"META" + fixed("", 256) + fixed("15.0", 256) + fixed("ios", 256) + fixed("car.py", 256))))
names.append(("KEYFORMAT", add(b"tmfk" + struct.pack("<II", 0, len(key_format)) + b"".join(struct.pack("<I", t) for t in key_format))))
target = megabytes << 20
facets, renditions, total, identifier = [], [], 0, 1
while total < target:
    name = f"set-{identifier:05d}"
    facets.append((name.encode(), struct.pack("<HHH", 0, 0, 3) + struct.pack("<HHHHHH", 1, 85, 2, 181, 17, identifier)))
    for scale in (2, 3):
        size = rng.randint(200, 6000)
        payload = b"MLEC" + struct.pack("<III", 0, 4, size) + b"bvx2" + rng.randbytes(size - 4)
        key = struct.pack("<6H", 0, scale, 1, identifier, 85, 181)
        renditions.append((key, rendition(f"{name}@{scale}x.png", payload, 40 * scale, 40 * scale)))
        total += len(payload) + 184
    identifier += 1
facets.sort()
names.append(("FACETKEYS", tree(facets)))
names.append(("RENDITIONS", tree(renditions)))
body, index = bytearray(), []
for block in blocks:
    index.append((512 + len(body) if block else 0, len(block)))
    body += block
index_bytes = struct.pack(">I", len(index)) + b"".join(struct.pack(">II", a, n) for a, n in index)
name_bytes = struct.pack(">I", len(names)) + b"".join(struct.pack(">IB", b, len(n)) + n.encode() for n, b in names)
index_offset = 512 + len(body)
header = b"BOMStore" + struct.pack(">IIIIII", 1, len(blocks), index_offset, len(index_bytes), index_offset + len(index_bytes), len(name_bytes))
with open(out, "wb") as handle:
    handle.write(header + b"\0" * (512 - len(header)) + body + index_bytes + name_bytes)
print(f"{out}: {len(renditions)} renditions, {512 + len(body) + len(index_bytes) + len(name_bytes)} bytes")
