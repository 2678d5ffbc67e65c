#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes PNGs crafted to make decoders spin, stall or swell, into folder argv[1].

Each is small on disk; the tests assert that Flick turns each into a clear failure
within a second and that no helper grows large. Nothing here is downloaded.
"""
import os
import struct
import sys
import zlib

SIGNATURE = b"\x89PNG\r\n\x1a\n"


def chunk(kind: bytes, data: bytes, length: int | None = None) -> bytes:
    declared = len(data) if length is None else length
    crc = zlib.crc32(kind + data) & 0xFFFFFFFF
    return struct.pack(">I", declared) + kind + data + struct.pack(">I", crc)


def header(width: int, height: int, depth: int = 8, colour: int = 2) -> bytes:
    return chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, depth, colour, 0, 0, 0))


def pixels(width: int, height: int) -> bytes:
    """A grey RGB image's IDAT data: filter byte 0 then the row."""
    return zlib.compress(b"".join(b"\0" + b"\x80" * (3 * width) for _ in range(height)))


def zeros_deflated(count_mib: int) -> bytes:
    """A zlib stream of `count_mib` MiB of zero bytes, built in milliseconds: after a full
    flush deflate's state starts afresh, so every further MiB compresses to the same bytes.
    """
    packer = zlib.compressobj(9)
    block = b"\0" * (1 << 20)
    first = packer.compress(block) + packer.flush(zlib.Z_FULL_FLUSH)
    repeated = packer.compress(block) + packer.flush(zlib.Z_FULL_FLUSH)
    assert first[2:] == repeated, "deflate did not restart after the full flush"
    total = count_mib << 20
    # Adler-32 of n zero bytes: a = 1, b = n (mod 65521).
    adler = ((total % 65521) << 16) | 1
    final_empty_block = b"\x03\x00"
    return first + repeated * (count_mib - 1) + final_empty_block + struct.pack(">I", adler)


def banded_grey(width: int, height: int, band: int) -> bytes:
    """A grey image's IDAT data in bands `band` rows high, dark (50) then light (200)."""
    packer = zlib.compressobj(6)
    rows = [b"\0" + bytes([level]) * width for level in (50, 200)]
    return packer.compress(b"".join(rows[(y // band) % 2] for y in range(height))) + packer.flush()


def text_bomb(inflated_mib: int) -> bytes:
    """A zTXt chunk whose text inflates to `inflated_mib` MiB."""
    return chunk(b"zTXt", b"Comment\0\0" + zeros_deflated(inflated_mib))


def main() -> None:
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    files = {
        # A good 8×8 picture behind a zTXt chunk that inflates to 2 GiB.
        "text-bomb.png": SIGNATURE + header(8, 8) + text_bomb(2048) + chunk(b"IDAT", pixels(8, 8)) + chunk(b"IEND", b""),
        # 57 bytes: a tEXt chunk declaring a gigabyte that the file does not have.
        "chunk-past-end.png": SIGNATURE + header(8, 8) + struct.pack(">I", 0x40000000) + b"tEXt" + b"Comment\0hello",
        # A 16000×16000 header over a few bytes of image data: a reader that returns zeros
        # at the end of the data decodes a quarter of a billion pixels of nothing.
        "endless-rows.png": SIGNATURE + header(16000, 16000) + chunk(b"IDAT", zlib.compress(b"\0" * 64)) + chunk(b"IEND", b""),
        # Ten thousand empty private chunks before the image.
        "chunk-storm.png": SIGNATURE + header(8, 8) + chunk(b"prVt", b"") * 10000 + chunk(b"IDAT", pixels(8, 8)) + chunk(b"IEND", b""),
        # Legitimate but large: a 6000×6000 scan, 144 MB decoded whole.
        "huge-scan.png": SIGNATURE + header(6000, 6000, colour=0) + chunk(b"IDAT", banded_grey(6000, 6000, 600)) + chunk(b"IEND", b""),
        # The image data cut off halfway.
        "cut-short.png": (SIGNATURE + header(64, 64) + chunk(b"IDAT", pixels(64, 64)))[:200],
    }
    for name, data in files.items():
        with open(os.path.join(out, name), "wb") as file:
            file.write(data)


if __name__ == "__main__":
    main()
