#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The newer formats, as a person sees them. Needs DISPLAY (bench.sh provides a private
# 1920x1080 Xvfb) and the shared yardstick's xpaintwatch for the first-photo lines.
#  1. A 24 MP RAW (a DNG with a full-size embedded preview and a 1620x1080 one, as most
#     cameras write) on screen from launch, beside the same photo as a JPEG (target: at
#     most 1.1x).
#  2. A held Right key through 24 MP RAWs (target: the key-repeat rate, every photo sharp),
#     beside the same through 24 MP JPEGs.
#  3. Thumbnails of a folder of RAWs beside LibRaw's own simple_dcraw -e extracting their
#     previews one file at a time (target: at least as fast).
#  4. A 12 MP HEIC opened in a phone's folder of 400 photos, on screen beside eog with
#     heif-gdk-pixbuf: its stand-in thumbnail (target: within 0.3 s) and the sharp photo
#     (target: at most 0.8x eog's), and what the decode alone costs (heif-convert).
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${BENCH_RUNS:-5}
work=$(mktemp -d /tmp/flick-bench-formats-XXXXXX)
trap 'pkill -f "$work" 2>/dev/null || true; rm -rf "$work"' EXIT
source Benchmarks/bench-album.sh
source Benchmarks/bench-held.sh
mkdir -p "$work/jpeg" "$work/raw" "$work/heic" "$work/config/flick"
: > "$work/config/flick/settings"

# The 24 MP photo, as a JPEG and as the previews of a DNG of the same size (its Bayer data
# is a plain scene: a preview is what is shown).
make_photo "$work/photo12.jpg"
convert-im6.q16 "$work/photo12.jpg" -resize 6000x4000! -quality 90 "$work/jpeg/photo.jpg"
convert-im6.q16 "$work/photo12.jpg" -resize 1620x1080! -quality 90 "$work/screen.jpg"
python3 Tests/Fixtures/make-dng.py "$work/raw/photo.dng" 6000 4000 --preview "$work/jpeg/photo.jpg" --preview-size 6000x4000 \
  --small-preview "$work/screen.jpg" --small-preview-size 1620x1080
echo "  a 24 MP photo: JPEG $(du -h "$work/jpeg/photo.jpg" | cut -f1), DNG $(du -h "$work/raw/photo.dng" | cut -f1)"

source Benchmarks/first-picture.sh
if first_picture_ready; then
  jpeg=$(first_picture .build/release/flick --fullscreen "$work/jpeg/photo.jpg")
  raw=$(first_picture .build/release/flick --fullscreen "$work/raw/photo.dng")
  awk -v j="$jpeg" -v r="$raw" 'BEGIN { printf "  first photo, full screen: 24 MP DNG %.0f ms, the same JPEG %.0f ms: RAW / JPEG %.2fx (target <= 1.1x)\n", r, j, r / j }'
else
  echo "  (no ../shared/bench/xpaintwatch.c beside the repository: first photo from outside skipped)"
fi

# The held key through 24 MP RAWs and, to compare, the same photo as JPEGs: 120 links to
# the one file, each its own photo.
for i in $(seq 1 120); do ln "$work/raw/photo.dng" "$work/raw/DSC_$i.dng"; ln "$work/jpeg/photo.jpg" "$work/jpeg/DSC_$i.jpg"; done
rm "$work/raw/photo.dng"
if command -v xset >/dev/null; then
  held "24 MP JPEGs" "$work/jpeg/DSC_1.jpg" "$work"
  held "24 MP RAWs" "$work/raw/DSC_1.dng" "$work"
else
  echo "  held key skipped: xset sets the key repeat it relies on (apt-get install x11-xserver-utils)"
fi

# RAW thumbnails: 40 distinct files (copies, so the page cache holds each once). LibRaw's
# tool extracts the largest preview.
mkdir -p "$work/thumbs" "$work/extracted"
for i in $(seq 1 40); do cp "$work/raw/DSC_1.dng" "$work/thumbs/DSC_$i.dng"; done
now() { date +%s.%N; }
start=$(now)
XDG_CACHE_HOME="$work/thumb-cache" .build/release/flick thumbnail --size large "$work/thumbs" >/dev/null
flick_time=$(python3 -c "print($(now) - $start)")
if command -v simple_dcraw >/dev/null; then
  for i in $(seq 1 40); do cp "$work/thumbs/DSC_$i.dng" "$work/extracted/"; done
  start=$(now)
  for f in "$work"/extracted/*.dng; do simple_dcraw -e "$f" >/dev/null 2>&1; done
  libraw_time=$(python3 -c "print($(now) - $start)")
  python3 -c "print(f'  RAW thumbnails, 40 DNGs of 24 MP: flick {40 / $flick_time:5.1f}/s, simple_dcraw -e one at a time {40 / $libraw_time:5.1f}/s: {$libraw_time / $flick_time:4.2f}x (target >= 1x)')"
else
  python3 -c "print(f'  RAW thumbnails, 40 DNGs of 24 MP: flick {40 / $flick_time:5.1f}/s (simple_dcraw not installed: apt-get install libraw-bin)')"
fi

# HEIC: a 12 MP photo, as a phone stores it (heif-enc's default quality, with the 320 px
# thumbnail phones store), opened in a phone's folder of 400 photos (the rest 12 MP JPEGs),
# as a family opens one from the file manager.
convert-im6.q16 "$work/photo12.jpg" -type TrueColor PNG24:"$work/photo12.png"
heif-enc -t 320 -o "$work/heic/IMG_0200.HEIC" "$work/photo12.png" >/dev/null
for i in $(seq -w 1 400); do [ "$i" = 200 ] || ln "$work/photo12.jpg" "$work/heic/IMG_0$i.JPG"; done
start=$(now)
for _ in 1 2 3; do heif-convert "$work/heic/IMG_0200.HEIC" "$work/decoded.y4m" >/dev/null; done
decode_ms=$(python3 -c "print(($(now) - $start) / 3 * 1000)")
if [ -x "$work/xpaintwatch" ]; then
  read -r flick_first flick_sharp < <(SETTLE_MS=2000 WATCH_REGION=320,180,1280,720 first_and_settled .build/release/flick --fullscreen "$work/heic/IMG_0200.HEIC")
  if command -v eog >/dev/null && [ -f /usr/lib/x86_64-linux-gnu/gdk-pixbuf-2.0/2.10.0/loaders/libpixbufloader-heif.so ]; then
    read -r eog_first eog_sharp < <(SETTLE_MS=2000 WATCH_REGION=320,180,1280,720 first_and_settled eog --fullscreen "$work/heic/IMG_0200.HEIC")
    awk -v f="$flick_first" -v fs="$flick_sharp" -v e="$eog_first" -v es="$eog_sharp" -v d="$decode_ms" 'BEGIN {
      printf "  12 MP HEIC in a folder of 400, full screen: flick first picture %.0f ms (its thumbnail; target <= 300), sharp %.0f ms; eog %.0f ms, still %.0f ms: flick / eog %.2fx first, %.2fx sharp (target <= 0.8x); heif-convert decodes it in %.0f ms\n", f, fs, e, es, f / e, fs / es, d }'
  else
    awk -v f="$flick_first" -v fs="$flick_sharp" -v d="$decode_ms" 'BEGIN { printf "  12 MP HEIC in a folder of 400, full screen: flick first picture %.0f ms, sharp %.0f ms (eog with heif-gdk-pixbuf not installed); heif-convert decodes it in %.0f ms\n", f, fs, d }'
  fi
fi
