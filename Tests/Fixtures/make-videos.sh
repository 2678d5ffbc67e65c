#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Makes the videos PhotoLibrary's tests read, in folder $1 (created), from the upright
# picture $2 (60×40: red, green / blue, white): each container and codec a phone, camera or
# the web writes, one turned by its track's matrix, dated and placed as phones do, and the
# hostile ones. Needs ffmpeg, exiftool and python3. The tests run it; nothing it makes is committed.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out=${1:?usage: make-videos.sh FOLDER UPRIGHT.png}
upright=${2:?usage: make-videos.sh FOLDER UPRIGHT.png}
mkdir -p "$out"
cd "$out"
ff() { ffmpeg -nostdin -loglevel error -y "$@"; }
# Three seconds of the upright picture at 120×80, ten frames a second.
input=(-loop 1 -framerate 10 -t 3 -i "$upright")
still=("${input[@]}" -vf scale=120:80:flags=neighbor)

ff "${still[@]}" -c:v libx264 -pix_fmt yuv420p -g 10 -metadata creation_time=2021-06-01T12:03:22Z \
  -metadata location=+48.8577+002.2950/ upright.mp4
# As an iPhone writes it: QuickTime, its own local date with the zone, its make and model,
# the content identifier its Live Photo's still shares.
ff "${still[@]}" -c:v libx264 -pix_fmt yuv420p -g 10 -movflags use_metadata_tags \
  -metadata com.apple.quicktime.creationdate=2019-07-04T21:15:00+0200 -metadata com.apple.quicktime.make=Apple \
  -metadata "com.apple.quicktime.model=iPhone 12" -metadata com.apple.quicktime.content.identifier=5C1B0E2A-7A1E-4C3B-9E55-0D2F8E7B6A41 \
  phone.mov
# Held upright: frames stored a quarter anticlockwise, the track's matrix turning them back
# (written by exiftool: FFmpeg 5.1's muxer no longer writes one).
ff "${input[@]}" -vf scale=120:80:flags=neighbor,transpose=2 -c:v libx264 -pix_fmt yuv420p turned.mp4
exiftool -q -overwrite_original -Rotation=90 turned.mp4
ff "${still[@]}" -c:v libvpx-vp9 -deadline realtime -cpu-used 8 -b:v 200k upright.webm
ff "${still[@]}" -c:v mpeg4 -q:v 2 upright.avi
ff "${still[@]}" -c:v libx264 -pix_fmt yuv420p -f mpegts -mpegts_m2ts_mode 1 upright.mts
ff "${still[@]}" -c:v libx264 -pix_fmt yuv420p upright.mkv
# HDR, as phones record it: the same violet coded in PQ (HDR10) and in HLG, BT.2020, 10-bit
# HEVC, white at BT.2408's 203 nits; tone-mapped, it must look as the SDR violet does.
for transfer in smpte2084 arib-std-b67; do
  ff -f lavfi -i color=c=0x8040c0:s=160x120:r=10 -t 2 \
    -vf "zscale=tin=bt709:min=bt709:pin=bt709:rin=tv:t=$transfer:m=bt2020nc:p=bt2020:r=tv:npl=203,format=yuv420p10le" \
    -c:v libx265 -x265-params log-level=error -color_primaries bt2020 -color_trc "$transfer" -colorspace bt2020nc "hdr-$transfer.mp4"
done
# With sound: three seconds of a tone beside the picture.
ff "${input[@]}" -f lavfi -i sine=frequency=440:duration=3 -vf scale=120:80:flags=neighbor -c:v libx264 -pix_fmt yuv420p -c:a aac -shortest sound.mp4
# A long one: ten hours, a picture every ten seconds.
ff -f lavfi -i color=c=blue:s=64x48:r=0.1 -t 36000 -c:v libx264 -preset ultrafast -g 60 ten-hours.mp4

mkdir -p hostile
# Cut before its index (written last, as a camera does until it stops recording).
ff "${still[@]}" -c:v libx264 -pix_fmt yuv420p -g 10 moov-last.mp4
head -c $(( $(stat -c %s moov-last.mp4) * 6 / 10 )) moov-last.mp4 > hostile/cut-before-index.mp4
rm moov-last.mp4
: > hostile/empty.mp4
head -c 65536 /dev/urandom > hostile/random.mp4
# A hundred tracks of the same picture (more than any camera writes).
maps=(); for _ in $(seq 100); do maps+=(-map 0:v); done
ff -f lavfi -i color=c=red:s=16x16:r=1 -t 1 "${maps[@]}" -c:v libx264 -preset ultrafast hostile/many-tracks.mkv
# A picture declared 65535×65535 in its sample description (the H.264 inside is 120×80).
cp upright.mp4 hostile/huge.mp4
python3 - hostile/huge.mp4 <<'PY'
import sys
path = sys.argv[1]
data = bytearray(open(path, 'rb').read())
at = data.find(b'avc1', data.find(b'stsd'))
assert at > 0
data[at + 28:at + 32] = b'\xff\xff\xff\xff'
open(path, 'wb').write(bytes(data))
PY
# Matroska written by hand (Motion JPEG: each frame a JPEG, no codec set-up): a picture
# declared 100000×100000 (a 16×16 JPEG inside), and 10,000 tracks (FFmpeg's own muxer
# stops at 1,000).
convert -size 16x16 xc:red -quality 90 tiny.jpg
python3 - tiny.jpg hostile/declared-100000.mkv hostile/ten-thousand-tracks.mkv <<'PY'
import sys
def number(value):  # an EBML unsigned integer's bytes
    return value.to_bytes(max(1, (value.bit_length() + 7) // 8), 'big')
def size(length):  # a data size as an EBML variable-length integer, 8 bytes
    return bytes([0x01]) + length.to_bytes(7, 'big')
def element(ident, data):
    return ident + size(len(data)) + data
def mkv(path, tracks, width, height, frame):
    header = element(b'\x1a\x45\xdf\xa3', element(b'\x42\x86', number(1)) + element(b'\x42\xf7', number(1)) +
                     element(b'\x42\xf2', number(4)) + element(b'\x42\xf3', number(8)) + element(b'\x42\x82', b'matroska') +
                     element(b'\x42\x87', number(4)) + element(b'\x42\x85', number(2)))
    info = element(b'\x15\x49\xa9\x66', element(b'\x2a\xd7\xb1', number(1000000)) + element(b'\x4d\x80', b'flick') +
                   element(b'\x57\x41', b'flick'))
    entries = b''.join(element(b'\xae', element(b'\xd7', number(n)) + element(b'\x73\xc5', number(n)) + element(b'\x83', number(1)) +
                                     element(b'\x86', b'V_MJPEG') +
                                     element(b'\xe0', element(b'\xb0', number(width)) + element(b'\xba', number(height))))
                       for n in range(1, tracks + 1))
    tracks_element = element(b'\x16\x54\xae\x6b', entries)
    block = bytes([0x81, 0, 0, 0x80]) + frame  # track 1, at 0, a key frame
    cluster = element(b'\x1f\x43\xb6\x75', element(b'\xe7', number(0)) + element(b'\xa3', block))
    body = info + tracks_element + cluster
    open(path, 'wb').write(header + element(b'\x18\x53\x80\x67', body))
frame = open(sys.argv[1], 'rb').read()
mkv(sys.argv[2], 1, 100000, 100000, frame)
mkv(sys.argv[3], 10000, 16, 16, frame)
PY
rm tiny.jpg
# A Matroska file whose attachment (a cover, a font) declares 1 GB in a file of 2 KB.
# (Bit-exact: the muxer's random UIDs could hold FileData's ID bytes; and FileData is looked
# for after the attachment's MIME type, which comes before it.)
ff -f lavfi -i color=c=red:s=64x48:r=10 -t 1 -c:v libx264 -attach "$upright" -metadata:s:t mimetype=image/png \
  -fflags +bitexact -flags:v +bitexact attachment.mkv
python3 - attachment.mkv hostile/huge-attachment.mkv <<'PY'
import sys
data = bytearray(open(sys.argv[1], 'rb').read())
at = data.find(b'\x46\x5c', data.find(b'image/png'))  # FileData, then its size as an EBML number
assert at > 0
first = data[at + 2]
width = next(i + 1 for i in range(8) if first & (0x80 >> i))
data[at + 2:at + 2 + width] = bytes([0x01]) + (1 << 30).to_bytes(7, 'big')
open(sys.argv[2], 'wb').write(bytes(data))
PY
rm attachment.mkv
# Still being written: its index first (as a phone streams a recording), its data half there.
ff -f lavfi -i testsrc2=s=120x80:r=10 -t 10 -c:v libx264 -pix_fmt yuv420p -g 10 -movflags +faststart faststart.mp4
head -c $(( $(stat -c %s faststart.mp4) / 2 )) faststart.mp4 > hostile/growing.mp4
rm faststart.mp4
# Sound alone in an MP4, and in iTunes' own brand (M4A).
ff -f lavfi -i sine=frequency=440:duration=1 -c:a aac hostile/sound-only.mp4
ff -f lavfi -i sine=frequency=440:duration=1 -c:a aac -f ipod hostile/sound.m4a

# Motion Photos (Tests/Fixtures/make-motion-photos.py): the upright picture as a JPEG with
# the upright video after it, as Pixel and Samsung phones write them, and hostile ones.
ff -i "$upright" -vf scale=120:80:flags=neighbor -q:v 2 upright.jpg
heif-enc -q 90 -o upright.heic upright.jpg >/dev/null
python3 "$here/make-motion-photos.py" upright.jpg upright.mp4 motion upright.heic
