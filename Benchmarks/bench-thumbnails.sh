#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Thumbnail throughput: `flick thumbnail` against vipsthumbnail (two processes, one per
# core) and nsxiv's cache fill when installed, on the same 200 camera-size JPEGs.
set -euo pipefail
cd "$(dirname "$0")/.."
count=${BENCH_PHOTOS:-200}
work=$(mktemp -d /tmp/flick-bench-XXXXXX)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/photos" "$work/cache" "$work/vips"

# One 12 MP photo-like JPEG (noise is what makes real photos expensive to decode), copied.
convert-im6.q16 -size 1000x750 plasma:green-blue -seed 11 -resize 4000x3000! \
  \( -size 4000x3000 xc:gray +noise Gaussian -blur 0x0.6 \) -compose overlay -composite \
  -quality 90 "$work/source.jpg"
for i in $(seq 1 "$count"); do cp "$work/source.jpg" "$work/photos/DSC_$i.jpg"; done
echo "$count JPEGs of 4000×3000, $(du -h "$work/source.jpg" | cut -f1) each"

now() { date +%s.%N; }
rate() { python3 -c "print(f'{$count / ($2 - $1):6.1f}')"; }

start=$(now)
XDG_CACHE_HOME="$work/cache" .build/release/flick thumbnail --size large "$work/photos" >/dev/null
flick_rate=$(rate "$start" "$(now)")
echo "flick thumbnail       $flick_rate photos/s"

if command -v vipsthumbnail >/dev/null; then
  start=$(now)
  ls "$work"/photos/*.jpg | xargs -P 2 -n $(( (count + 1) / 2 )) vipsthumbnail -s 256 -o "$work/vips/%s.png"
  vips_rate=$(rate "$start" "$(now)")
  echo "vipsthumbnail (2 proc) $vips_rate photos/s"
  python3 -c "print(f'flick / vipsthumbnail  {$flick_rate / $vips_rate:5.2f}×   (target ≥ 1×)')"
else
  echo "vipsthumbnail: not installed (apt-get install libvips-tools)"
fi

# nsxiv fills its cache only while its window runs, so it is not timed here.
command -v nsxiv >/dev/null || echo "nsxiv: not installed"

# What isolation costs: the same decode in-process and through a helper process; and
# what the camera's embedded EXIF preview costs, which stands in until a thumbnail is made.
convert-im6.q16 "$work/source.jpg" -resize 160x120 -quality 80 "$work/exif-thumb.jpg"
cp "$work/source.jpg" "$work/with-preview.jpg"
python3 Tests/Fixtures/write-exif.py "$work/with-preview.jpg" --pixel-size 4000x3000 --thumbnail "$work/exif-thumb.jpg"
.build/release/flick-bench isolation "$work/with-preview.jpg" .build/release/flick
# The same photo with its colour halved both ways (4:2:0), as phones and most cameras write
# it: libjpeg's 1/8 decode draws such colour in more detail, and so must a likeness's.
convert-im6.q16 "$work/source.jpg" -sampling-factor 2x2 -quality 92 "$work/halved-colour.jpg"
echo "colour halved both ways (4:2:0):"
.build/release/flick-bench isolation "$work/halved-colour.jpg" .build/release/flick | grep -E "likeness|look hash"
