#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Makes Motion Photos as phones write them, from a JPEG and an MP4, into folder OUT:
container.jpg (Google's XMP Container directory, 2021+), microvideo.jpg (GCamera's
MicroVideoOffset, 2018-2020), samsung.jpg (the video as a SEF record at the end), and the
hostile ones: past-end.jpg (a length longer than the file) and into-jpeg.jpg (an offset
that points into the picture). Given a HEIC too: mpvd.heic (the video in a top-level
`mpvd` box after the HEIF's own, as Pixel and Samsung phones write HEIC Motion Photos) and
the hostile mpvd-noise.heic (the box holding no video) and mpvd-huge.heic (a box claiming
more than the file holds)."""
import os
import struct
import sys

jpeg_path, mp4_path, out = sys.argv[1:4]
heic_path = sys.argv[4] if len(sys.argv) > 4 else None
os.makedirs(out, exist_ok=True)
jpeg = open(jpeg_path, 'rb').read()
mp4 = open(mp4_path, 'rb').read()
assert jpeg[:2] == b'\xff\xd8'


def with_xmp(packet):
    """The JPEG with an APP1 XMP segment holding `packet` right after its SOI."""
    body = b'http://ns.adobe.com/xap/1.0/\x00' + packet.encode()
    return jpeg[:2] + b'\xff\xe1' + struct.pack('>H', len(body) + 2) + body + jpeg[2:]


def container(length):
    return f'''<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description xmlns:GCamera="http://ns.google.com/photos/1.0/camera/"
 xmlns:Container="http://ns.google.com/photos/1.0/container/"
 xmlns:Item="http://ns.google.com/photos/1.0/container/item/"
 GCamera:MotionPhoto="1" GCamera:MotionPhotoVersion="1" GCamera:MotionPhotoPresentationTimestampUs="0">
<Container:Directory><rdf:Seq>
<rdf:li rdf:parseType="Resource"><Container:Item Item:Mime="image/jpeg" Item:Semantic="Primary" Item:Length="0" Item:Padding="0"/></rdf:li>
<rdf:li rdf:parseType="Resource"><Container:Item Item:Mime="video/mp4" Item:Semantic="MotionPhoto" Item:Length="{length}"/></rdf:li>
</rdf:Seq></Container:Directory></rdf:Description></rdf:RDF></x:xmpmeta>'''


def micro_video(offset):
    return f'''<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description xmlns:GCamera="http://ns.google.com/photos/1.0/camera/" GCamera:MicroVideo="1" GCamera:MicroVideoVersion="1"
 GCamera:MicroVideoOffset="{offset}" GCamera:MicroVideoPresentationTimestampUs="0"/></rdf:RDF></x:xmpmeta>'''


def write(name, data):
    open(os.path.join(out, name), 'wb').write(data)


write('container.jpg', with_xmp(container(len(mp4))) + mp4)
write('microvideo.jpg', with_xmp(micro_video(len(mp4))) + mp4)

# Samsung: a record (0x0000, type 0x0a30, name length, "MotionPhoto_Data", the video), then
# the SEF directory ("SEFH", version, count, entries of padding, type, offset back from the
# directory, length), its length and "SEFT".
name = b'MotionPhoto_Data'
record = struct.pack('<HHI', 0, 0x0a30, len(name)) + name + mp4
body = jpeg + record
directory = b'SEFH' + struct.pack('<II', 106, 1) + struct.pack('<HHII', 0, 0x0a30, len(record), len(record))
write('samsung.jpg', body + directory + struct.pack('<I', len(directory)) + b'SEFT')

write('past-end.jpg', with_xmp(container(len(mp4) + len(jpeg) + 100000)) + mp4)

if heic_path:
    heic = open(heic_path, 'rb').read()
    assert heic[4:8] == b'ftyp'
    write('mpvd.heic', heic + struct.pack('>I', 8 + len(mp4)) + b'mpvd' + mp4)
    write('mpvd-noise.heic', heic + struct.pack('>I', 8 + 4096) + b'mpvd' + bytes(range(256)) * 16)
    write('mpvd-huge.heic', heic + struct.pack('>I', 8 + len(mp4) * 50) + b'mpvd' + mp4)
write('into-jpeg.jpg', with_xmp(micro_video(len(mp4) + 200)) + mp4)
