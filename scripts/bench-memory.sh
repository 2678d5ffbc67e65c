#!/usr/bin/env bash
# Peak memory of the walk nsxiv is compared on: open a 1,000-photo folder (12 MP JPEGs,
# empty thumbnail cache), page the grid down to the end so every thumbnail is made and
# shown, then open the last photo and page back through 50 photos. Prints Flick's peak
# RSS (VmHWM), its decode helpers' and the sum. Needs DISPLAY (bench.sh provides one).
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d /tmp/flick-bench-memory-XXXXXX)
trap 'pkill -f "$work" 2>/dev/null || true; rm -rf "$work"' EXIT
source scripts/bench-album.sh
make_album "$work"

peak_kb() { awk '/^VmHWM/ {print $2}' "/proc/$1/status" 2>/dev/null || echo 0; }

XDG_CONFIG_HOME="$work/config" XDG_CACHE_HOME="$work/cache" .build/release/flick "$work/album" 2>"$work/flick.log" &
pid=$!
window=$(xdotool search --sync --class flick | head -1)
sleep 1
# The grid: a page at a time, pausing for each page's thumbnails, until the last row.
for _ in $(seq 45); do xdotool key --window "$window" Next; sleep 0.6; done
xdotool key --window "$window" End
sleep 2
# The pager on the last photo, then 50 photos back.
xdotool key --window "$window" Return
sleep 1
for _ in $(seq 50); do xdotool key --window "$window" Left; sleep 0.25; done
sleep 1

main=$(peak_kb "$pid")
helpers=0
for child in $(pgrep -P "$pid" || true); do helpers=$((helpers + $(peak_kb "$child"))); done
thumbnails=$(find "$work/cache/thumbnails" -name '*.png' 2>/dev/null | wc -l)
kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null || true
printf 'peak RSS, 1,000-photo grid filled + 50 pages:  flick %d MB, decode helpers %d MB, sum %d MB   (%d thumbnails made; nsxiv ~300 MB, target <= 150 MB)\n' \
  $((main / 1024)) $((helpers / 1024)) $(((main + helpers) / 1024)) "$thumbnails"
