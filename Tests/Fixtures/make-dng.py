#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes a small DNG as cameras lay them out: IFD 0 the embedded preview (a JPEG,
NewSubfileType 1), its SubIFD the raw Bayer data (RGGB, 12 bits in 16, white at 4095), or,
without a preview, IFD 0 the raw data itself. The raw scene: left half red, right half blue
(red photosites at 4000 on the left, 4095 with --clip-red: clipped). With --linear, the
data is already demosaiced (LinearRaw, three values a pixel): left half red (4000, 300,
200), right half blue (200, 300, 4000).

usage: make-dng.py OUT.dng WIDTH HEIGHT [--preview JPEG --preview-size WxH
                   [--small-preview JPEG --small-preview-size WxH]] [--orientation N] [--clip-red] [--linear]

A small preview goes in a second SubIFD, as cameras keep a screen-sized one beside the
full-size one.
"""
import argparse
import struct

SHORT, LONG, RATIONAL, SRATIONAL, ASCII, BYTE = 3, 4, 5, 10, 2, 1
SIZES = {BYTE: 1, ASCII: 1, SHORT: 2, LONG: 4, RATIONAL: 8, SRATIONAL: 8}


def raw_scene(width, height, clip_red=False, linear=False):
    def value(x, y):
        red = x < width // 2
        if y % 2 == 0 and x % 2 == 0:
            return (4095 if clip_red else 4000) if red else 200
        if y % 2 == 1 and x % 2 == 1:
            return 200 if red else 4000
        return 300

    if linear:
        row = b"".join(struct.pack("<3H", *((4000, 300, 200) if x < width // 2 else (200, 300, 4000))) for x in range(width))
        return row * height
    # Rows of one parity are alike: made once, repeated (a 24 MP scene in a moment).
    even, odd = (struct.pack(f"<{width}H", *(value(x, y) for x in range(width))) for y in (0, 1))
    return (even + odd) * (height // 2) + (even if height % 2 else b"")


class Writer:
    """Lays out IFDs and their data after an 8-byte little-endian TIFF header."""

    def __init__(self):
        self.blobs = []  # (offset placeholder name, bytes)

    @staticmethod
    def entry(tag, kind, values):
        if kind == ASCII:
            data = values.encode() + b"\0"
            return tag, kind, len(data), data
        if kind in (RATIONAL, SRATIONAL):
            fmt = "<ii" if kind == SRATIONAL else "<II"
            data = b"".join(struct.pack(fmt, n, d) for n, d in values)
            return tag, kind, len(values), data
        fmt = {BYTE: "<B", SHORT: "<H", LONG: "<I"}[kind]
        data = b"".join(struct.pack(fmt, v) for v in values)
        return tag, kind, len(values), data


def ifd_bytes(entries, at, next_ifd=0):
    """The IFD at offset `at`, its out-of-line values right after it."""
    entries = sorted(entries)
    table = struct.pack("<H", len(entries))
    extra = b""
    extra_at = at + 2 + 12 * len(entries) + 4
    for tag, kind, count, data in entries:
        if len(data) <= 4:
            table += struct.pack("<HHI", tag, kind, count) + data.ljust(4, b"\0")
        else:
            if (extra_at + len(extra)) % 2:
                extra += b"\0"
            table += struct.pack("<HHII", tag, kind, count, extra_at + len(extra))
            extra += data
    return table + struct.pack("<I", next_ifd) + extra


def raw_entries(width, height, offset, subfile, linear=False):
    e = Writer.entry
    if linear:
        return [e(254, LONG, [subfile]), e(256, LONG, [width]), e(257, LONG, [height]), e(258, SHORT, [16, 16, 16]),
                e(259, SHORT, [1]), e(262, SHORT, [34892]), e(273, LONG, [offset]), e(277, SHORT, [3]),
                e(278, LONG, [height]), e(279, LONG, [min(width * height * 6, 0xFFFFFFFF)]), e(284, SHORT, [1]),
                e(50714, LONG, [0]), e(50717, LONG, [4095])]
    return [e(254, LONG, [subfile]), e(256, LONG, [width]), e(257, LONG, [height]), e(258, SHORT, [16]),
            e(259, SHORT, [1]), e(262, SHORT, [32803]), e(273, LONG, [offset]), e(277, SHORT, [1]),
            e(278, LONG, [height]), e(279, LONG, [min(width * height * 2, 0xFFFFFFFF)]), e(284, SHORT, [1]),
            e(33421, SHORT, [2, 2]), e(33422, BYTE, [0, 1, 1, 2]), e(50714, LONG, [0]), e(50717, LONG, [4095])]


def exif_entries():
    """The EXIF IFD: exposure, aperture, ISO, when it was taken, focal length."""
    e = Writer.entry
    return [e(33434, RATIONAL, [(1, 250)]), e(33437, RATIONAL, [(28, 10)]), e(34855, SHORT, [400]),
            e(36867, ASCII, "2025:07:12 09:15:42"), e(37386, RATIONAL, [(50, 1)])]


def camera_entries(orientation, exif_at):
    e = Writer.entry
    return [e(271, ASCII, "Flick"), e(272, ASCII, "Test Camera"), e(274, SHORT, [orientation]), e(34665, LONG, [exif_at]),
            e(50706, BYTE, [1, 4, 0, 0]), e(50707, BYTE, [1, 2, 0, 0]), e(50708, ASCII, "Flick Test Camera"),
            e(50721, SRATIONAL, [(1, 1), (0, 1), (0, 1), (0, 1), (1, 1), (0, 1), (0, 1), (0, 1), (1, 1)]),
            e(50728, RATIONAL, [(1, 1), (1, 1), (1, 1)]), e(50778, SHORT, [21])]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("width", type=int)
    parser.add_argument("height", type=int)
    parser.add_argument("--preview")
    parser.add_argument("--preview-size")
    parser.add_argument("--small-preview")
    parser.add_argument("--small-preview-size")
    parser.add_argument("--orientation", type=int, default=1)
    parser.add_argument("--declare", help="WxH: a size to claim over the data (a pixel bomb)")
    parser.add_argument("--clip-red", action="store_true", help="the left half's red photosites at the white level")
    parser.add_argument("--linear", action="store_true", help="demosaiced data, three values a pixel (LinearRaw)")
    args = parser.parse_args()
    raw = raw_scene(args.width, args.height, args.clip_red, args.linear)
    if args.declare:
        args.width, args.height = (int(v) for v in args.declare.split("x"))
    e = Writer.entry
    header_size = 8
    if args.preview:
        jpeg = open(args.preview, "rb").read()
        pw, ph = (int(v) for v in args.preview_size.split("x"))
        small = open(args.small_preview, "rb").read() if args.small_preview else b""
        sw, sh = (int(v) for v in (args.small_preview_size or "0x0").split("x"))

        def preview_entries(w, h, at, length):
            return [e(254, LONG, [1]), e(256, LONG, [w]), e(257, LONG, [h]), e(258, SHORT, [8, 8, 8]),
                    e(259, SHORT, [7]), e(262, SHORT, [6]), e(273, LONG, [at]), e(277, SHORT, [3]),
                    e(278, LONG, [h]), e(279, LONG, [length])]

        # Sizes first with placeholder offsets, then again with the real ones.
        def layout(raw_ifd_at, small_ifd_at, exif_at, jpeg_at, small_at, raw_at):
            subifds = [raw_ifd_at, small_ifd_at] if small else [raw_ifd_at]
            preview = preview_entries(pw, ph, jpeg_at, len(jpeg)) + [e(330, LONG, subifds)] + camera_entries(args.orientation, exif_at)
            ifd0 = ifd_bytes(preview, header_size)
            raw_ifd = ifd_bytes(raw_entries(args.width, args.height, raw_at, 0, args.linear), raw_ifd_at)
            small_ifd = ifd_bytes(preview_entries(sw, sh, small_at, len(small)), small_ifd_at) if small else b""
            exif = ifd_bytes(exif_entries(), exif_at)
            return ifd0, raw_ifd, small_ifd, exif
        ifd0, raw_ifd, small_ifd, exif = layout(0, 0, 0, 0, 0, 0)
        raw_ifd_at = header_size + len(ifd0) + (len(ifd0) % 2)
        small_ifd_at = raw_ifd_at + len(raw_ifd) + 16
        exif_at = small_ifd_at + len(small_ifd) + 16
        jpeg_at = exif_at + len(exif) + 16
        small_at = jpeg_at + len(jpeg) + (len(jpeg) % 2)
        raw_at = small_at + len(small) + (len(small) % 2)
        ifd0, raw_ifd, small_ifd, exif = layout(raw_ifd_at, small_ifd_at, exif_at, jpeg_at, small_at, raw_at)
        body = bytearray(struct.pack("<2sHI", b"II", 42, header_size))
        for at, part in ((header_size, ifd0), (raw_ifd_at, raw_ifd), (small_ifd_at, small_ifd), (exif_at, exif),
                         (jpeg_at, jpeg), (small_at, small), (raw_at, raw)):
            body += b"\0" * (at - len(body))
            body += part
    else:
        def layout(exif_at, raw_at):
            ifd0 = ifd_bytes(raw_entries(args.width, args.height, raw_at, 0, args.linear) + camera_entries(args.orientation, exif_at), header_size)
            return ifd0, ifd_bytes(exif_entries(), exif_at)
        ifd0, exif = layout(0, 0)
        exif_at = header_size + len(ifd0) + 16
        raw_at = exif_at + len(exif) + 16
        ifd0, exif = layout(exif_at, raw_at)
        body = bytearray(struct.pack("<2sHI", b"II", 42, header_size)) + ifd0
        body += b"\0" * (exif_at - len(body))
        body += exif
        body += b"\0" * (raw_at - len(body))
        body += raw
    open(args.out, "wb").write(bytes(body))


if __name__ == "__main__":
    main()
