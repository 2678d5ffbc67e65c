#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes a PNG for every colour type and bit depth, each with and without a tRNS chunk,
into the folder given: make-png-suite.py FOLDER. 16×8 pixels whose values sweep the
depth's range, so every sample value a decoder could get wrong appears; where there is a
tRNS chunk, it names one of the values that occur, so some pixels are transparent.
Names: ct<colour type>-<bit depth>[-trns].png. The tests read them with Flick's decoder
and with ImageMagick's and compare."""
import os
import struct
import sys
import zlib

WIDTH, HEIGHT = 16, 8


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def pack_row(samples, depth):
    """Samples (already per channel, in order) packed at `depth` bits, MSB first."""
    if depth == 16:
        return b"".join(struct.pack(">H", s) for s in samples)
    if depth == 8:
        return bytes(samples)
    out, bits, acc = bytearray(), 0, 0
    for s in samples:
        acc = (acc << depth) | s
        bits += depth
        if bits == 8:
            out.append(acc)
            bits, acc = 0, 0
    if bits:
        out.append(acc << (8 - bits))
    return bytes(out)


def write(path, colour_type, depth, rows, trns=None, palette=None):
    raw = b"".join(b"\x00" + pack_row(row, depth) for row in rows)
    data = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", WIDTH, HEIGHT, depth, colour_type, 0, 0, 0))
    if palette is not None:
        data += chunk(b"PLTE", b"".join(bytes(c) for c in palette))
    if trns is not None:
        data += chunk(b"tRNS", trns)
    data += chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")
    with open(path, "wb") as f:
        f.write(data)


def value(x, y, top):
    """A sweep over 0…top across the picture."""
    return ((y * WIDTH + x) * 37) % (top + 1)


def main(folder):
    os.makedirs(folder, exist_ok=True)
    for depth in (1, 2, 4, 8, 16):  # grey
        top = (1 << depth) - 1
        rows = [[value(x, y, top) for x in range(WIDTH)] for y in range(HEIGHT)]
        write(f"{folder}/ct0-{depth}.png", 0, depth, rows)
        write(f"{folder}/ct0-{depth}-trns.png", 0, depth, rows, trns=struct.pack(">H", rows[0][1]))
    for depth in (8, 16):  # RGB
        top = (1 << depth) - 1
        rows = [[c for x in range(WIDTH) for c in (value(x, y, top), value(x + 5, y, top), value(x, y + 3, top))] for y in range(HEIGHT)]
        write(f"{folder}/ct2-{depth}.png", 2, depth, rows)
        write(f"{folder}/ct2-{depth}-trns.png", 2, depth, rows, trns=struct.pack(">HHH", *rows[0][3:6]))
    for depth in (1, 2, 4, 8):  # palette
        count = 1 << depth
        palette = [((i * 73) % 256, (i * 151) % 256, (i * 29 + 64) % 256) for i in range(count)]
        rows = [[value(x, y, count - 1) for x in range(WIDTH)] for y in range(HEIGHT)]
        write(f"{folder}/ct3-{depth}.png", 3, depth, rows, palette=palette)
        alphas = bytes((i * 97) % 256 for i in range(count))
        write(f"{folder}/ct3-{depth}-trns.png", 3, depth, rows, palette=palette, trns=alphas)
    for depth in (8, 16):  # grey + alpha, RGBA
        top = (1 << depth) - 1
        rows = [[c for x in range(WIDTH) for c in (value(x, y, top), value(x + 7, y, top))] for y in range(HEIGHT)]
        write(f"{folder}/ct4-{depth}.png", 4, depth, rows)
        rows = [[c for x in range(WIDTH) for c in (value(x, y, top), value(x + 5, y, top), value(x, y + 3, top), value(x + 2, y + 1, top))]
                for y in range(HEIGHT)]
        write(f"{folder}/ct6-{depth}.png", 6, depth, rows)


if __name__ == "__main__":
    main(sys.argv[1])
