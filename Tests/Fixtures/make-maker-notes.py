#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Gives a JPEG the EXIF a Canon or a Nikon body writes for its lens: Make, Model, and the
lens named only in the maker notes (no EXIF LensModel); or an iPhone's, with the content
identifier its Live Photo's video shares:
    make-maker-notes.py PHOTO.jpg canon "EF24-70mm f/2.8L II USM"
    make-maker-notes.py PHOTO.jpg nikon 18 55 3.5 5.6
    make-maker-notes.py PHOTO.jpg apple 5C1B0E2A-7A1E-4C3B-9E55-0D2F8E7B6A41
Canon's maker note is a plain IFD (little-endian, offsets from the EXIF block's TIFF
header) with LensModel, tag 0x0095; Nikon's third kind is "Nikon\\0" + version + a TIFF
header of its own (big-endian) with Lens, tag 0x0084: four rationals; Apple's is
"Apple iOS\\0", a version (1) and "MM", then a big-endian IFD whose offsets count from the
maker note's start, with ContentIdentifier, tag 0x0011: text."""
import struct
import sys

photo, maker = sys.argv[1], sys.argv[2]
E = "<" if maker == "canon" else ">"


def ascii_value(text):
    return text.encode() + b"\0"


def ifd(entries, at, order, next_offset=0):
    """An IFD at offset `at` of (tag, type, count, bytes) entries; values over 4 bytes follow it."""
    out = struct.pack(order + "H", len(entries))
    data = b""
    data_at = at + 2 + 12 * len(entries) + 4
    for tag, kind, count, value in sorted(entries):
        if len(value) <= 4:
            out += struct.pack(order + "HHI", tag, kind, count) + value.ljust(4, b"\0")
        else:
            out += struct.pack(order + "HHII", tag, kind, count, data_at + len(data))
            data += value + (b"\0" if len(value) % 2 else b"")
    return out + struct.pack(order + "I", next_offset) + data


def maker_note(offset_in_tiff):
    if maker == "canon":
        lens = ascii_value(sys.argv[3])
        other = struct.pack(E + "HHH", 6, 1, 2)  # a settings array before it, as the cameras write
        return ifd([(0x0001, 3, 3, other), (0x0095, 2, len(lens), lens)], offset_in_tiff, E)
    if maker == "apple":
        identifier = ascii_value(sys.argv[3])
        version = struct.pack(">i", 14)  # MakerNoteVersion, as iOS 16 writes it
        return b"Apple iOS\0\0\x01MM" + ifd([(0x0001, 9, 1, version), (0x0011, 2, len(identifier), identifier)], 14, ">")
    values = [float(v) for v in sys.argv[3:7]]
    lens = b"".join(struct.pack(">II", int(v * 10), 10) for v in values)
    own = b"MM\0\x2a" + struct.pack(">I", 8) + ifd([(0x0001, 7, 4, b"0210"), (0x0084, 5, 4, lens)], 8, ">")
    return b"Nikon\0\x02\x10\0\0" + own


make, model = {"canon": ("Canon", "Canon EOS R6"), "nikon": ("NIKON CORPORATION", "NIKON D7500"),
               "apple": ("Apple", "iPhone 13")}[maker]
make_b, model_b = ascii_value(make), ascii_value(model)
# IFD0 at 8: Make, Model, the Exif IFD pointer; then the Exif IFD with the MakerNote.
ifd0_size = 2 + 12 * 3 + 4 + len(make_b) + len(model_b) + (len(make_b) % 2) + (len(model_b) % 2)
exif_at = 8 + ifd0_size
exif_ifd_head = 2 + 12 * 1 + 4
note_at = exif_at + exif_ifd_head
note = maker_note(note_at)
exif_ifd = ifd([(0x927C, 7, len(note), note)], exif_at, E)
ifd0 = ifd([(0x010F, 2, len(make_b), make_b), (0x0110, 2, len(model_b), model_b),
            (0x8769, 4, 1, struct.pack(E + "I", exif_at))], 8, E)
assert len(ifd0) == ifd0_size, (len(ifd0), ifd0_size)
tiff = (b"II\x2a\0" if E == "<" else b"MM\0\x2a") + struct.pack(E + "I", 8) + ifd0 + exif_ifd
app1 = b"\xff\xe1" + struct.pack(">H", len(tiff) + 8) + b"Exif\0\0" + tiff
jpeg = open(photo, "rb").read()
assert jpeg[:2] == b"\xff\xd8"
open(photo, "wb").write(jpeg[:2] + app1 + jpeg[2:])
