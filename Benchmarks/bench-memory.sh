#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Peak memory of the walk nsxiv is compared on: open a 1,000-photo folder (12 MP JPEGs,
# empty thumbnail cache), page the grid down to the end so every thumbnail is made and
# shown, then open the last photo and page back through 50 photos. The same walk in nsxiv's
# thumbnail and image modes. Prints each one's peak proportional set size (PSS: shared
# libraries counted once across Flick and its decode helpers), sampled through the walk,
# and Flick's peak RSS (VmHWM) for itself and its helpers. Needs DISPLAY (bench.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d /tmp/flick-bench-memory-XXXXXX)
trap 'pkill -f "$work" 2>/dev/null || true; rm -rf "$work"' EXIT
source Benchmarks/bench-album.sh
make_album "$work"

peak_kb() { awk '/^VmHWM/ {print $2}' "/proc/$1/status" 2>/dev/null || echo 0; }

# PSS of a process and its children, in KB.
pss_kb() {
  local total=0 pid
  for pid in "$1" $(pgrep -P "$1" || true); do
    total=$((total + $(awk '/^Pss:/ {print $2; exit}' "/proc/$pid/smaps_rollup" 2>/dev/null || echo 0)))
  done
  echo "$total"
}

# Samples PSS of $1's tree every 0.2 s into $2 (the largest seen) until $1 ends.
sample_pss() {
  local peak=0 now
  while kill -0 "$1" 2>/dev/null; do
    now=$(pss_kb "$1")
    [ "$now" -gt "$peak" ] && { peak=$now; echo "$peak" > "$2"; }
    sleep 0.2
  done
}

# The walk: $1 the viewer's pid, $2 the key that scrolls a screen down, $3 the key for the
# last photo, $4 the key that opens it, $5 the key for the previous photo.
walk() {
  local window
  window=$(xdotool search --sync --onlyvisible --pid "$1" | head -1)
  # A bare Xvfb has no window manager to focus the window: without focus xdotool warns at
  # every key (XGetInputFocus … window of 1) and sends keys as synthetic events.
  xdotool windowfocus --sync "$window" 2>/dev/null || true
  sleep 1
  for _ in $(seq 45); do xdotool key --window "$window" "$2"; sleep 0.6; done
  xdotool key --window "$window" "$3"
  sleep 2
  xdotool key --window "$window" "$4"
  sleep 1
  for _ in $(seq 50); do xdotool key --window "$window" "$5"; sleep 0.25; done
  sleep 1
}

XDG_CONFIG_HOME="$work/config" XDG_CACHE_HOME="$work/cache" .build/release/flick "$work/album" 2>"$work/flick.log" &
pid=$!
sample_pss "$pid" "$work/flick.pss" &
walk "$pid" Next End Return Left
main=$(peak_kb "$pid")
helpers=0
for child in $(pgrep -P "$pid" || true); do helpers=$((helpers + $(peak_kb "$child"))); done
thumbnails=$(find "$work/cache/thumbnails" -name '*.png' 2>/dev/null | wc -l)
kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null || true
flick_pss=$(cat "$work/flick.pss" 2>/dev/null || echo 0)
printf 'peak PSS, 1,000-photo grid filled + 50 pages:  flick and its helpers %d MB' $((flick_pss / 1024))

if command -v nsxiv >/dev/null; then
  XDG_CACHE_HOME="$work/nsxiv-cache" nsxiv -t -g 1920x1080+0+0 "$work/album"/*.jpg 2>/dev/null &
  viewer=$!
  sample_pss "$viewer" "$work/nsxiv.pss" &
  walk "$viewer" ctrl+Down G Return p
  kill "$viewer" 2>/dev/null; wait "$viewer" 2>/dev/null || true
  printf ', nsxiv %d MB (%d thumbnails made)' $(($(cat "$work/nsxiv.pss" 2>/dev/null || echo 0) / 1024)) \
    "$(find "$work/nsxiv-cache" -type f 2>/dev/null | wc -l)"
fi
printf '   (target <= 150 MB)\n'
printf 'peak RSS, the same walk:  flick %d MB, decode helpers %d MB, sum %d MB   (%d thumbnails made)\n' \
  $((main / 1024)) $((helpers / 1024)) $(((main + helpers) / 1024)) "$thumbnails"
