#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Videos played as a person sees them, beside mpv on the same screen (bench.sh's private
# 1920x1080 Xvfb), full screen, watched from outside by Benchmarks/frame-watch.c: the
# videos made here carry their frame numbers in a band across the picture, so the watcher
# knows which frames reached the screen and when.
#  1. 1080p30 H.264 (16 Mbit/s, as a phone records) and HEVC played for 20 s: the frames
#     seen and those dropped (goal: none for H.264), Flick's and mpv's.
#  2. A page turn (Right) from a photo onto the H.264 video: until its first picture and
#     until it moves (a second frame of its first second shows), beside mpv started on the
#     file. Goal: no slower.
#  3. Right held through 12 MP photos and 1080p videos, one after the other: the page
#     turns a second (goal: the key-repeat rate), from Flick's probe (bench-held.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d /tmp/flick-bench-playback-XXXXXX)
trap 'pkill -f "$work" 2>/dev/null || true; rm -rf "$work"' EXIT
mkdir -p "$work/config/flick" "$work/turn" "$work/mixed"
: > "$work/config/flick/settings"
if ! cc -O2 -o "$work/frame-watch" Benchmarks/frame-watch.c -lX11 -lXext -lXtst 2>/dev/null; then
  echo "  (the X development headers are missing: playback skipped)"
  exit 0
fi
region=0,430,1920,60
bits=11

# 25 s of a moving, grainy picture with the frame number in a band at 400–520 px: bits
# lowest first in eleven cells, their complements below.
numbered() {  # file, codec options...
  local file=$1; shift
  ffmpeg -nostdin -loglevel error -y -f lavfi -i "testsrc2=s=1920x1080:r=30,noise=alls=10:allf=t" \
    -f lavfi -i "nullsrc=s=${bits}x2:r=30,format=gray,geq=lum='255*if(eq(Y\,0)\,mod(floor(N/pow(2\,X))\,2)\,1-mod(floor(N/pow(2\,X))\,2))',scale=1920:120:flags=neighbor" \
    -filter_complex "[0][1]overlay=0:400:shortest=1,format=yuv420p" -t 25 "$@" "$file"
}
numbered "$work/h264.mp4" -c:v libx264 -preset veryfast -b:v 16M -maxrate 16M -bufsize 32M -g 30
numbered "$work/hevc.mp4" -c:v libx265 -preset ultrafast -x265-params log-level=error -b:v 10M -tag:v hvc1
echo "  1080p30, 25 s: H.264 $(du -h "$work/h264.mp4" | cut -f1), HEVC $(du -h "$work/hevc.mp4" | cut -f1)"

flick=(env "XDG_CONFIG_HOME=$work/config" "XDG_CACHE_HOME=$work/cache" .build/release/flick --fullscreen)
# mpv without a window manager: its window placed over the whole screen by hand.
mpv=(mpv --no-config --fullscreen --geometry=1920x1080+0+0 --no-border --no-osc --really-quiet)

played() {  # label, command...
  local label=$1; shift
  "$@" >/dev/null 2>&1 &
  local player=$!
  local out; out=$("$work/frame-watch" count 20 20 "$region" "$bits" || true)
  kill "$player" 2>/dev/null; wait "$player" 2>/dev/null || true
  sleep 0.5
  printf '  %-6s %s\n' "$label" "$(sed -E 's/seen=([0-9]+) dropped=([0-9]+).*per_second=([0-9.]+)/\1 frames seen in 20 s (\3 a second), \2 dropped/' <<<"$out")"
}
for codec in h264 hevc; do
  echo "  played full screen for 20 s, 1080p30 $([ $codec = h264 ] && echo "H.264 (goal: none dropped)" || echo HEVC):"
  played flick "${flick[@]}" "$work/$codec.mp4"
  if command -v mpv >/dev/null; then played mpv "${mpv[@]}" "$work/$codec.mp4"; fi
done

# The page turn: a photo, then the video.
source Benchmarks/bench-album.sh
make_photo "$work/photo.jpg" 3
cp "$work/photo.jpg" "$work/turn/a.jpg"
ln "$work/h264.mp4" "$work/turn/b.mp4"
runs=${BENCH_RUNS:-5}
median() { sort -g | awk '{a[NR]=$1} END{ if (NR%2) print a[(NR+1)/2]; else printf "%.1f\n", (a[NR/2]+a[NR/2+1])/2 }'; }
firsts=() plays=()
for _ in $(seq 1 "$runs"); do
  "${flick[@]}" "$work/turn/a.jpg" >/dev/null 2>&1 &
  viewer=$!
  window=$(xdotool search --sync --onlyvisible --pid "$viewer" 2>/dev/null | head -1) || true
  sleep 2
  [ -n "$window" ] && xdotool windowfocus "$window" 2>/dev/null || true
  out=$("$work/frame-watch" key Right 10 "$region" "$bits" || true)
  kill "$viewer" 2>/dev/null; wait "$viewer" 2>/dev/null || true
  rm -rf "$work/cache"
  firsts+=("$(sed -n 's/.*first_ms=\([0-9.-]*\).*/\1/p' <<<"$out")")
  plays+=("$(sed -n 's/.*played_ms=\([0-9.-]*\).*/\1/p' <<<"$out")")
done
flick_first=$(printf '%s\n' "${firsts[@]}" | median)
flick_play=$(printf '%s\n' "${plays[@]}" | median)
if command -v mpv >/dev/null; then
  mpvs=()
  for _ in $(seq 1 "$runs"); do
    out=$("$work/frame-watch" launch 10 "$region" "$bits" -- "${mpv[@]}" "$work/h264.mp4" 2>/dev/null || true)
    pid=$(sed -n 's/.*pid=\([0-9]*\).*/\1/p' <<<"$out")
    [ -n "$pid" ] && { kill -TERM -- "-$pid" 2>/dev/null || true; sleep 0.3; }
    mpvs+=("$(sed -n 's/.*played_ms=\([0-9.-]*\).*/\1/p' <<<"$out")")
  done
  mpv_play=$(printf '%s\n' "${mpvs[@]}" | median)
  awk -v f="$flick_first" -v p="$flick_play" -v m="$mpv_play" 'BEGIN {
    printf "  page turn onto a 1080p H.264 video (median of runs): flick its poster %.0f ms, playing %.0f ms; mpv started on it: %.0f ms; flick / mpv %.2fx (target <= 1x)\n", f, p, m, p / m }'
else
  echo "  page turn onto a 1080p H.264 video: flick its poster $flick_first ms, playing $flick_play ms (mpv not installed)"
fi

# Held Right through photos and videos, one after the other (8 s phone videos).
ffmpeg -nostdin -loglevel error -y -f lavfi -i testsrc2=s=1920x1080:r=30 -t 8 -c:v libx264 -preset veryfast -g 30 -pix_fmt yuv420p \
  "$work/clip.mp4"
for n in $(seq 1 120); do
  name=$(printf 'PXL_%04d' "$n")
  if [ $((n % 2)) = 1 ]; then ln "$work/photo.jpg" "$work/mixed/$name.jpg"; else ln "$work/clip.mp4" "$work/mixed/$name.mp4"; fi
done
xset r on 2>/dev/null || true
source Benchmarks/bench-held.sh
held "12 MP photos and 1080p videos, one after the other" "$work/mixed/PXL_0001.jpg" "$work"
