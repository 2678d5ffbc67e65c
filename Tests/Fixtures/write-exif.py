#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes a minimal EXIF block (APP1) into a JPEG, after its JFIF header:
    write-exif.py PHOTO.jpg [--orientation N] [--pixel-size WxH] [--thumbnail SMALL.jpg]
--orientation sets tag 0x0112; --pixel-size the recorded PixelX/YDimension; --thumbnail
embeds a JPEG as the IFD1 thumbnail, as cameras do. ImageMagick 6 only writes EXIF it has
read, so the sample and fixture scripts use this."""
import argparse
import struct

parser = argparse.ArgumentParser()
parser.add_argument("photo")
parser.add_argument("--orientation", type=int)
parser.add_argument("--pixel-size")
parser.add_argument("--thumbnail")
args = parser.parse_args()


def ifd(entries, next_offset):
    """An IFD of (tag, type, value) entries, each value fitting the 4-byte field."""
    out = struct.pack("<H", len(entries))
    for tag, kind, value in sorted(entries):
        if kind == 3:  # SHORT, left-justified in the field
            out += struct.pack("<HHIHH", tag, kind, 1, value, 0)
        else:  # LONG
            out += struct.pack("<HHII", tag, kind, 1, value)
    return out + struct.pack("<I", next_offset)


def ifd_size(count):
    return 2 + 12 * count + 4


thumbnail = open(args.thumbnail, "rb").read() if args.thumbnail else None
ifd0_entries = []
if args.orientation:
    ifd0_entries.append((0x0112, 3, args.orientation))
if args.pixel_size:
    ifd0_entries.append((0x8769, 4, 0))  # the Exif IFD's offset, filled in below
ifd0_at = 8
exif_at = ifd0_at + ifd_size(len(ifd0_entries))
exif_size = ifd_size(2) if args.pixel_size else 0
ifd1_at = exif_at + exif_size
ifd1_size = ifd_size(3) if thumbnail else 0
thumbnail_at = ifd1_at + ifd1_size

ifd0_entries = [(t, k, exif_at if t == 0x8769 else v) for t, k, v in ifd0_entries]
tiff = b"II*\x00" + struct.pack("<I", ifd0_at) + ifd(ifd0_entries, ifd1_at if thumbnail else 0)
if args.pixel_size:
    width, height = (int(n) for n in args.pixel_size.split("x"))
    tiff += ifd([(0xA002, 4, width), (0xA003, 4, height)], 0)
if thumbnail:
    tiff += ifd([(0x0103, 3, 6), (0x0201, 4, thumbnail_at), (0x0202, 4, len(thumbnail))], 0) + thumbnail

app1 = b"\xff\xe1" + struct.pack(">H", 2 + 6 + len(tiff)) + b"Exif\x00\x00" + tiff
assert len(app1) <= 65537, "EXIF block over 64 KB"
data = open(args.photo, "rb").read()
assert data[:2] == b"\xff\xd8", "not a JPEG"
at = 2
if data[2:4] == b"\xff\xe0":
    at = 4 + struct.unpack(">H", data[4:6])[0]
open(args.photo, "wb").write(data[:at] + app1 + data[at:])
