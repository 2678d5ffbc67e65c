#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes TIFFs laid out as no ordinary writer lays them, for Flick's decoding tests.

    make-tiffs.py FOLDER

cut-data.tif    64x48 RGB whose directory comes first and whose strip is cut short
                (a copy still arriving: the page is described, its pixels are not there)
bomb.tif        a directory declaring 60000x60000 over 64x48 of data
many-tiles.tif  16384x16384 in 64x64 tiles: 65,536 tiles declared, none present
float.tif       60x40 RGB of 32-bit floating-point samples, quartered as upright.png is
                (red, green / blue, white), values past 1 and below 0 where they clip
float-grey.tif  60x40 grey of 32-bit floats, a ramp from 0 at the left to 1 at the right
"""
import struct
import sys
from pathlib import Path

SHORT, LONG = 3, 4


def tiff(entries, data=b""):
    """A little-endian classic TIFF: header, one directory at 8, then `data`.

    `entries` are (tag, type, values); values that do not fit in four bytes are placed
    after the directory, before `data`. An entry may refer to where `data` starts by
    giving the value None (for StripOffsets / TileOffsets).
    """
    count = len(entries)
    directory_end = 8 + 2 + count * 12 + 4
    extra = b""
    packed = []
    # First pass: where the data will start, once every out-of-line array is placed.
    sizes = [len(values) * (2 if kind == SHORT else 4) for _, kind, values in entries]
    data_at = directory_end + sum(size for size in sizes if size > 4)
    for tag, kind, values in sorted(entries):
        values = [data_at if v is None else v for v in values]
        fmt = "<" + ("H" if kind == SHORT else "I") * len(values)
        raw = struct.pack(fmt, *values)
        if len(raw) <= 4:
            packed.append(struct.pack("<HHI", tag, kind, len(values)) + raw.ljust(4, b"\0"))
        else:
            packed.append(struct.pack("<HHII", tag, kind, len(values), directory_end + len(extra)))
            extra += raw
    head = b"II*\0" + struct.pack("<I", 8) + struct.pack("<H", count) + b"".join(packed) + b"\0\0\0\0"
    return head + extra + data


def rgb(width, height, pixels, declared=None, strip_bytes=None):
    w, h = declared or (width, height)
    return tiff([
        (256, LONG, [w]), (257, LONG, [h]), (258, SHORT, [8, 8, 8]), (259, SHORT, [1]),
        (262, SHORT, [2]), (273, LONG, [None]), (277, SHORT, [3]), (278, LONG, [h]),
        (279, LONG, [strip_bytes or len(pixels)]),
    ], pixels)


def floats(width, height, channels, sample):
    """A 32-bit floating-point page (SampleFormat 3): `sample(x, y)` gives a pixel's values."""
    data = b"".join(struct.pack("<" + "f" * channels, *sample(x, y)) for y in range(height) for x in range(width))
    return tiff([
        (256, LONG, [width]), (257, LONG, [height]), (258, SHORT, [32] * channels), (259, SHORT, [1]),
        (262, SHORT, [2 if channels == 3 else 1]), (273, LONG, [None]), (277, SHORT, [channels]), (278, LONG, [height]),
        (279, LONG, [len(data)]), (339, SHORT, [3] * channels),
    ], data)


def main():
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    pixels = bytes([200, 40, 40] * 64 * 48)
    whole = rgb(64, 48, pixels)
    (out / "cut-data.tif").write_bytes(whole[: len(whole) - len(pixels) // 2])
    (out / "bomb.tif").write_bytes(rgb(64, 48, pixels, declared=(60000, 60000)))
    side, tile = 16384, 64
    tiles = (side // tile) ** 2
    (out / "many-tiles.tif").write_bytes(tiff([
        (256, LONG, [side]), (257, LONG, [side]), (258, SHORT, [8, 8, 8]), (259, SHORT, [1]),
        (262, SHORT, [2]), (277, SHORT, [3]), (322, LONG, [tile]), (323, LONG, [tile]),
        (324, LONG, [1 << 30] * tiles), (325, LONG, [tile * tile * 3] * tiles),
    ]))

    def quarter(x, y):
        # Over-range and negative values, as HDR data has: they clip to white and black.
        if y < 20:
            return (1.7, -0.2, 0.0) if x < 30 else (0.0, 1.0, -3.0)
        return (0.0, 0.0, 1.0) if x < 30 else (1.0, 1.0, 1.0)
    (out / "float.tif").write_bytes(floats(60, 40, 3, quarter))
    (out / "float-grey.tif").write_bytes(floats(60, 40, 1, lambda x, y: (x / 59,)))


if __name__ == "__main__":
    main()
