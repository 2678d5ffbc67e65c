#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes animated GIFs, APNGs and WebPs with known frames into the folder given:
make-animations.py FOLDER. Each frame is one colour, or a few known rectangles, so a test
can say which frame it sees from one pixel; delays and loop counts are set, and the
disposal and blending cases are spelled out below. GIF and APNG are written here byte by
byte (LZW without compression, zlib); the WebP is assembled by libwebp's img2webp from PNG
frames. The tests decode them with Flick and compare with what is written here."""
import os
import struct
import subprocess
import sys
import zlib

RED, GREEN, BLUE, WHITE, GREY = (255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255), (128, 128, 128)


# GIF

def lzw_literals(indices, code_size=8):
    """Image data as LZW codes that are all literals, with a clear code often enough that
    the code width never grows past code_size + 1 bits: valid, if uncompressed."""
    clear, end = 1 << code_size, (1 << code_size) + 1
    width = code_size + 1
    codes = [clear]
    for n, index in enumerate(indices):
        if n and n % 200 == 0:
            codes.append(clear)
        codes.append(index)
    codes.append(end)
    out, acc, bits = bytearray(), 0, 0
    for code in codes:
        acc |= code << bits
        bits += width
        while bits >= 8:
            out.append(acc & 0xFF)
            acc >>= 8
            bits -= 8
    if bits:
        out.append(acc & 0xFF)
    blocks = bytearray([code_size])
    for i in range(0, len(out), 255):
        part = out[i:i + 255]
        blocks += bytes([len(part)]) + part
    return bytes(blocks + b"\x00")


def palette(colours):
    table = list(colours) + [(0, 0, 0)] * (256 - len(colours))
    return b"".join(bytes(c) for c in table)


def gif(width, height, colours, frames, loops=None):
    """frames: dicts with rect (x, y, w, h), pixels (palette indices, row by row), delay
    (centiseconds), disposal (0-3), transparent (index or None), interlaced."""
    out = bytearray(b"GIF89a")
    out += struct.pack("<HHBBB", width, height, 0xF7, 0, 0)  # global table of 256
    out += palette(colours)
    if loops is not None:
        out += b"\x21\xFF\x0BNETSCAPE2.0\x03\x01" + struct.pack("<H", loops) + b"\x00"
    for frame in frames:
        transparent = frame.get("transparent")
        packed = (frame.get("disposal", 0) << 2) | (1 if transparent is not None else 0)
        out += b"\x21\xF9\x04" + struct.pack("<BHB", packed, frame.get("delay", 10), transparent or 0) + b"\x00"
        x, y, w, h = frame["rect"]
        pixels = frame["pixels"]
        interlaced = frame.get("interlaced", False)
        if interlaced:
            order = [r for start, step in ((0, 8), (4, 8), (2, 4), (1, 2)) for r in range(start, h, step)]
            pixels = [p for r in order for p in pixels[r * w:(r + 1) * w]]
        out += b"\x2C" + struct.pack("<HHHHB", x, y, w, h, 0x40 if interlaced else 0)
        out += lzw_literals(pixels)
    out += b"\x3B"
    return bytes(out)


def solid(w, h, index):
    return [index] * (w * h)


# PNG and APNG

def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def rgba_rows(w, h, pixel):
    """Image data for an 8-bit RGBA image; pixel(x, y) gives (r, g, b, a)."""
    raw = b"".join(b"\x00" + b"".join(bytes(pixel(x, y)) for x in range(w)) for y in range(h))
    return zlib.compress(raw)


def png(w, h, pixel):
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", rgba_rows(w, h, pixel)) + chunk(b"IEND", b""))


def apng(width, height, frames, plays, still=None):
    """frames: dicts with rect, pixel(x, y) in frame coordinates, delay (num, den), dispose,
    blend. With `still` (a pixel function for the whole canvas), the IDAT is a picture of
    its own that is not part of the animation; else the first frame is the IDAT."""
    out = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
    out += chunk(b"acTL", struct.pack(">II", len(frames), plays))
    sequence = 0
    if still is not None:
        out += chunk(b"IDAT", rgba_rows(width, height, still))
    for n, frame in enumerate(frames):
        x, y, w, h = frame["rect"]
        num, den = frame.get("delay", (1, 10))
        out += chunk(b"fcTL", struct.pack(">IIIIIHHBB", sequence, w, h, x, y, num, den, frame.get("dispose", 0), frame.get("blend", 0)))
        sequence += 1
        data = rgba_rows(w, h, frame["pixel"])
        if n == 0 and still is None:
            out += chunk(b"IDAT", data)
        else:
            out += chunk(b"fdAT", struct.pack(">I", sequence) + data)
            sequence += 1
    return out + chunk(b"IEND", b"")


def fill(colour, alpha=255):
    return lambda x, y: (*colour, alpha)


def main(folder):
    os.makedirs(folder, exist_ok=True)

    def write(name, data):
        with open(os.path.join(folder, name), "wb") as f:
            f.write(data)

    colours = [RED, GREEN, BLUE, WHITE, GREY]
    # Red 100 ms, green 200 ms, blue 300 ms; repeated twice after the first play: 3 plays.
    write("gif-rgb.gif", gif(8, 6, colours, [
        {"rect": (0, 0, 8, 6), "pixels": solid(8, 6, i), "delay": d} for i, d in ((0, 10), (1, 20), (2, 30))], loops=2))
    # No loop extension (plays once); delays of 0 and 1 show for 100 ms, as in browsers.
    write("gif-once.gif", gif(4, 4, colours, [
        {"rect": (0, 0, 4, 4), "pixels": solid(4, 4, 0), "delay": 0},
        {"rect": (0, 0, 4, 4), "pixels": solid(4, 4, 1), "delay": 1}]))
    # Red; blue 2×2 at the top left, disposed to background; green 2×2 at the bottom
    # right: the top left is then transparent, the rest red.
    write("gif-dispose-background.gif", gif(4, 4, colours, [
        {"rect": (0, 0, 4, 4), "pixels": solid(4, 4, 0)},
        {"rect": (0, 0, 2, 2), "pixels": solid(2, 2, 2), "disposal": 2},
        {"rect": (2, 2, 2, 2), "pixels": solid(2, 2, 1)}], loops=0))
    # The same with the blue disposed to previous: the top left is red again. The green
    # frame's transparent index (white, at its top left pixel) lets the red show.
    write("gif-dispose-previous.gif", gif(4, 4, colours, [
        {"rect": (0, 0, 4, 4), "pixels": solid(4, 4, 0)},
        {"rect": (0, 0, 2, 2), "pixels": solid(2, 2, 2), "disposal": 3},
        {"rect": (2, 2, 2, 2), "pixels": [3, 1, 1, 1], "transparent": 3}], loops=0))
    # Interlaced: row r is colour r % 3 (red, green, blue).
    write("gif-interlaced.gif", gif(3, 11, colours, [
        {"rect": (0, 0, 3, 11), "pixels": [r % 3 for r in range(11) for _ in range(3)], "interlaced": True},
        {"rect": (0, 0, 3, 11), "pixels": solid(3, 11, 4)}], loops=0))
    # A long one, for streaming: 300 frames of 32×32 cycling through the five colours
    # (frame n is colour n % 5), 20 ms each, played twice.
    write("gif-long.gif", gif(32, 32, colours, [
        {"rect": (0, 0, 32, 32), "pixels": solid(32, 32, n % 5), "delay": 2} for n in range(300)], loops=1))

    # Red 100 ms, green 200 ms, blue 300 ms, 3 plays; the first frame is the IDAT.
    write("apng-rgb.png", apng(8, 6, [
        {"rect": (0, 0, 8, 6), "pixel": fill(c), "delay": (d, 10)} for c, d in ((RED, 1), (GREEN, 2), (BLUE, 3))], plays=3))
    # A grey still (not a frame); then red; then blue at half alpha over it at (1, 1), 2×2,
    # disposed to background; then a transparent 1×1 at (3, 3), replacing (source): the
    # blue square is cleared, the corner pixel transparent, the rest red.
    write("apng-blend.png", apng(4, 4, [
        {"rect": (0, 0, 4, 4), "pixel": fill(RED), "delay": (1, 0)},
        {"rect": (1, 1, 2, 2), "pixel": fill(BLUE, 128), "blend": 1, "dispose": 1},
        {"rect": (3, 3, 1, 1), "pixel": fill(GREEN, 0), "blend": 0}], plays=0, still=fill(GREY)))
    write("still.png", png(4, 4, fill(GREY)))

    # Hostile ones. 40,000 frames (a decoder must stream them, never hold them all).
    write("gif-40000-frames.gif", gif(2, 2, colours, [
        {"rect": (0, 0, 2, 2), "pixels": solid(2, 2, n % 3), "delay": 2} for n in range(40000)], loops=0))
    # Cut off in its third frame of five.
    whole = gif(64, 64, colours, [{"rect": (0, 0, 64, 64), "pixels": solid(64, 64, n % 3)} for n in range(5)], loops=0)
    write("gif-cut.gif", whole[:len(whole) * 2 // 3])
    # A 65535×65535 canvas declared in 900 bytes.
    bomb = bytearray(gif(2, 2, colours, [{"rect": (0, 0, 2, 2), "pixels": solid(2, 2, n)} for n in range(2)], loops=0))
    bomb[6:10] = struct.pack("<HH", 65535, 65535)
    write("gif-canvas-bomb.gif", bytes(bomb))
    # An APNG whose second frame lies partly outside the canvas, and one cut off at its end.
    write("apng-outside.png", apng(8, 6, [{"rect": (0, 0, 8, 6), "pixel": fill(RED)},
                                          {"rect": (4, 4, 8, 6), "pixel": fill(BLUE)}], plays=0))
    rgb_apng = apng(8, 6, [{"rect": (0, 0, 8, 6), "pixel": fill(c)} for c in (RED, GREEN, BLUE)], plays=0)
    # Its animation invalid: the fcTL/fdAT sequence numbers of its last frame swapped.
    # Browsers show the default image (the IDAT, red) still.
    bad = bytearray(rgb_apng)
    last_fctl, last_fdat = bad.rindex(b"fcTL") + 4, bad.rindex(b"fdAT") + 4
    bad[last_fctl:last_fctl + 4], bad[last_fdat:last_fdat + 4] = bad[last_fdat:last_fdat + 4], bad[last_fctl:last_fctl + 4]
    fixed = bytearray()
    at = 8
    fixed += bad[:8]
    while at < len(bad):
        length = struct.unpack(">I", bad[at:at + 4])[0]
        kind_and_data = bytes(bad[at + 4:at + 8 + length])
        fixed += chunk(kind_and_data[:4], kind_and_data[4:])
        at += 12 + length
    write("apng-bad-sequence.png", bytes(fixed))
    write("apng-cut.png", rgb_apng[:len(rgb_apng) - 60])
    # Whole, but its acTL says five frames where it has three: invalid, the default image shows.
    miscount = bytearray(rgb_apng)
    actl = miscount.index(b"acTL") - 4
    length = struct.unpack(">I", miscount[actl:actl + 4])[0]
    body = bytes(miscount[actl + 4:actl + 8 + length])
    body = body[:4] + struct.pack(">I", 5) + body[8:]
    write("apng-miscount.png", bytes(miscount[:actl]) + chunk(body[:4], body[4:]) + bytes(miscount[actl + 12 + length:]))

    # The WebP: red 100 ms, green 200 ms, blue 300 ms, 3 plays.
    frames = []
    for name, colour in (("red", RED), ("green", GREEN), ("blue", BLUE)):
        path = os.path.join(folder, f".frame-{name}.png")
        with open(path, "wb") as f:
            f.write(png(8, 6, fill(colour)))
        frames.append(path)
    subprocess.run(["img2webp", "-loop", "3", "-lossless", "-d", "100", frames[0], "-d", "200", frames[1],
                    "-d", "300", frames[2], "-o", os.path.join(folder, "webp-rgb.webp")], check=True)
    for path in frames:
        os.remove(path)
    with open(os.path.join(folder, "webp-rgb.webp"), "rb") as f:
        write("webp-cut.webp", f.read()[:150])


if __name__ == "__main__":
    main(sys.argv[1])
