#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Videos' posters: `flick thumbnail` (a key frame a tenth of the way in, through FFmpeg in
# its helpers) against ffmpegthumbnailer (two processes, one per core, as Flick's helpers
# are), on the same 50 phone-like videos (1080p30 H.264, 8 s, a key frame a second), written
# to the shared thumbnail cache at 256 px.
set -euo pipefail
cd "$(dirname "$0")/.."
count=${BENCH_VIDEOS:-50}
work=$(mktemp -d /tmp/flick-bench-XXXXXX)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/videos" "$work/cache" "$work/peer"

ffmpeg -nostdin -loglevel error -f lavfi -i testsrc2=s=1920x1080:r=30 -t 8 -c:v libx264 -preset veryfast -g 30 \
  -pix_fmt yuv420p "$work/source.mp4"
for i in $(seq 1 "$count"); do cp "$work/source.mp4" "$work/videos/VID_$i.mp4"; done
echo "$count videos of 1920×1080, 8 s, $(du -h "$work/source.mp4" | cut -f1) each"

now() { date +%s.%N; }
rate() { python3 -c "print(f'{$count / ($2 - $1):6.1f}')"; }

start=$(now)
XDG_CACHE_HOME="$work/cache" .build/release/flick thumbnail --size large "$work/videos" >/dev/null
flick_rate=$(rate "$start" "$(now)")
made=$(find "$work/cache" -name '*.png' | wc -l)
echo "flick thumbnail              $flick_rate videos/s ($made posters)"

if command -v ffmpegthumbnailer >/dev/null; then
  start=$(now)
  ls "$work"/videos/*.mp4 | xargs -P 2 -I{} sh -c 'ffmpegthumbnailer -i "$1" -o "$2/$(basename "$1").png" -s 256 -q 5' _ {} "$work/peer"
  peer_rate=$(rate "$start" "$(now)")
  echo "ffmpegthumbnailer (2 proc)   $peer_rate videos/s"
  python3 -c "print(f'flick / ffmpegthumbnailer    {$flick_rate / $peer_rate:5.2f}×   (target ≥ 1×)')"
else
  echo "ffmpegthumbnailer: not installed (apt-get install ffmpegthumbnailer)"
fi

# Opened on a 1080p phone video, full screen: launch to its first picture on screen, watched
# from outside (Flick shows the video's poster, then plays it), beside mpv (its first frame).
runs=${BENCH_RUNS:-5}
source Benchmarks/first-picture.sh
if [ -n "${DISPLAY:-}" ] && first_picture_ready; then
  ffmpeg -nostdin -loglevel error -f lavfi -i testsrc2=s=1920x1080:r=30 -f lavfi -i sine=frequency=440 -t 8 -c:v libx264 -preset veryfast \
    -g 30 -pix_fmt yuv420p -c:a aac -shortest "$work/phone.mp4"
  flick_first=$(first_picture .build/release/flick --fullscreen "$work/phone.mp4")
  if command -v mpv >/dev/null; then
    mpv_first=$(first_picture mpv --no-config --fullscreen --keep-open=yes "$work/phone.mp4")
    awk -v f="$flick_first" -v m="$mpv_first" 'BEGIN { printf "first picture of a 1080p video, full screen: flick %.0f ms, mpv %.0f ms: flick / mpv %.2fx (target <= 1x)\n", f, m, f / m }'
  else
    awk -v f="$flick_first" 'BEGIN { printf "first picture of a 1080p video, full screen: flick %.0f ms (mpv not installed)\n", f }'
  fi
else
  echo "first picture of a video: skipped (no display, or no ../shared/bench/xpaintwatch.c beside the repository)"
fi
