#!/usr/bin/env python3
"""Writes an EXIF orientation tag into a JPEG: a minimal APP1 segment (one IFD0 entry,
tag 0x0112) placed after the JFIF header. ImageMagick 6 only writes orientation into EXIF
it has read, so the sample and fixture scripts use this."""
import struct
import sys

path, orientation = sys.argv[1], int(sys.argv[2])
data = open(path, "rb").read()
assert data[:2] == b"\xff\xd8", "not a JPEG"
tiff = (b"II*\x00" + struct.pack("<I", 8) + struct.pack("<H", 1)
        + struct.pack("<HHIHH", 0x0112, 3, 1, orientation, 0) + struct.pack("<I", 0))
app1 = b"\xff\xe1" + struct.pack(">H", 2 + 6 + len(tiff)) + b"Exif\x00\x00" + tiff
at = 2
if data[2:4] == b"\xff\xe0":
    at = 4 + struct.unpack(">H", data[4:6])[0]
open(path, "wb").write(data[:at] + app1 + data[at:])
