#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Makes the bundled samples' moving pictures (Resources/Samples) from its photos, so that
# `make run` shows them among the photos: a walk along the dune panorama, six seconds of
# 960×540 H.264 with a soft wind (brown noise) as its sound, dated by the photo's date as a
# phone dates its videos; and a Live Photo, as an iPhone saves one: the water drop's photo
# beside a 2.5-second QuickTime movie of the same name, slowly closing in on it; and a
# Motion Photo as a Pixel saves one (the garden, moving). Run by make-samples.sh after the
# photos; needs ffmpeg and python3.
set -euo pipefail
cd "$(dirname "$0")/.."
out=Resources/Samples
work_video=$(mktemp --suffix=.mp4)
trap 'rm -f "$work_video"' EXIT
command -v ffmpeg >/dev/null || { echo "make-sample-videos: needs ffmpeg (apt-get install ffmpeg)" >&2; exit 1; }

panorama="$out/Dune, panorama.jpg"
video="$out/Dune, a walk along it.mp4"
# The panorama at 540 pixels high, a 960-wide window moving across it; -bitexact keeps the
# file the same from run to run.
ffmpeg -nostdin -loglevel error -y -loop 1 -framerate 30 -t 6 -i "$panorama" \
  -f lavfi -t 6 -i "anoisesrc=color=brown:amplitude=0.08:seed=7,lowpass=f=400,afade=t=in:d=1,afade=t=out:st=5:d=1" \
  -filter_complex "[0:v]scale=-2:540,crop=960:540:x='(iw-960)*t/6':y=0,format=yuv420p[v]" -map "[v]" -map 1:a \
  -c:v libx264 -preset slow -crf 27 -g 30 -c:a aac -b:a 48k -shortest -movflags +faststart+use_metadata_tags \
  -metadata com.apple.quicktime.creationdate=2007-08-06T10:31:05+0200 -metadata creation_time=2007-08-06T08:31:05Z \
  -fflags +bitexact -flags:v +bitexact -flags:a +bitexact "$video"
printf '%s\n  made from %s by scripts/make-sample-videos.sh: a 960×540 window moving across it\n  for six seconds, with brown noise as wind; the photo'"'"'s credit and licence\n\n' \
  "${video#"$out"/}" "${panorama#"$out"/}" >> "$out/CREDITS"

still="$out/Water drop.jpg"
live="$out/Water drop.mov"
ffmpeg -nostdin -loglevel error -y -loop 1 -framerate 30 -t 2.5 -i "$still" \
  -vf "scale=-2:720,zoompan=z='1+0.08*on/75':d=1:x='iw/2-(iw/zoom/2)':y='ih/2-(ih/zoom/2)':s=960x600:fps=30,format=yuv420p" \
  -c:v libx264 -preset slow -crf 28 -g 30 -an -f mov -movflags +faststart \
  -fflags +bitexact -flags:v +bitexact "$live"
printf '%s\n  made from %s by scripts/make-sample-videos.sh: a 2.5-second movie closing in on\n  it, beside it as a Live Photo; the photo'"'"'s credit and licence\n\n' \
  "${live#"$out"/}" "${still#"$out"/}" >> "$out/CREDITS"

# A Motion Photo, as a Pixel phone saves one: the garden photo with two seconds of video
# closing in on it written after its picture, named in its XMP (Google's Container directory).
garden="$out/Flowers/Garden.jpg"
motion="$out/Flowers/Garden, moving.jpg"
ffmpeg -nostdin -loglevel error -y -loop 1 -framerate 30 -t 2 -i "$garden" \
  -vf "scale=-2:720,zoompan=z='1+0.06*on/60':d=1:x='iw/2-(iw/zoom/2)':y='ih/2-(ih/zoom/2)':s=960x600:fps=30,format=yuv420p" \
  -c:v libx264 -preset slow -crf 28 -g 30 -an -movflags +faststart -fflags +bitexact -flags:v +bitexact "$work_video"
python3 - "$garden" "$work_video" "$motion" <<'PY'
import struct, sys
jpeg, video, out = open(sys.argv[1], 'rb').read(), open(sys.argv[2], 'rb').read(), sys.argv[3]
packet = f'''<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description xmlns:GCamera="http://ns.google.com/photos/1.0/camera/" xmlns:Container="http://ns.google.com/photos/1.0/container/"
 xmlns:Item="http://ns.google.com/photos/1.0/container/item/" GCamera:MotionPhoto="1" GCamera:MotionPhotoVersion="1"
 GCamera:MotionPhotoPresentationTimestampUs="0"><Container:Directory><rdf:Seq>
<rdf:li rdf:parseType="Resource"><Container:Item Item:Mime="image/jpeg" Item:Semantic="Primary" Item:Length="0" Item:Padding="0"/></rdf:li>
<rdf:li rdf:parseType="Resource"><Container:Item Item:Mime="video/mp4" Item:Semantic="MotionPhoto" Item:Length="{len(video)}"/></rdf:li>
</rdf:Seq></Container:Directory></rdf:Description></rdf:RDF></x:xmpmeta>'''.encode()
body = b'http://ns.adobe.com/xap/1.0/\x00' + packet
segment = b'\xff\xe1' + struct.pack('>H', len(body) + 2) + body
# After the EXIF segment (the Exif standard wants it first), before the rest.
at = 2
if jpeg[2:4] == b'\xff\xe1':
    at = 4 + struct.unpack('>H', jpeg[4:6])[0]
open(out, 'wb').write(jpeg[:at] + segment + jpeg[at:] + video)
PY
printf '%s\n  made from %s by scripts/make-sample-videos.sh: a Motion Photo, two seconds of video\n  closing in on it written after the picture, named in its XMP; the photo'"'"'s credit and licence\n\n' \
  "${motion#"$out"/}" "${garden#"$out"/}" >> "$out/CREDITS"
