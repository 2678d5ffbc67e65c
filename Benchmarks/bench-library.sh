#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Every folder at once on a generated library: 100,000 small JPEGs (EXIF dates over ten
# years, and GPS) in 1,000 folders of a Pictures tree. Cold (no index, no thumbnails):
# launch to the first photo on screen, to the listing complete and to every date known
# (Flick's probe, FLICK_BENCH_PROBE), beside exiftool -fast2 -r reading the same dates and
# find walking the tree. Warm (the index left by the cold run): the same. Then the PSS of
# Flick and its helpers with the 100,000 photos in the album, the index's size on disk, and
# a search keystroke to the narrowed grid drawn.
# BENCH_LIBRARY_PHOTOS and BENCH_LIBRARY_FOLDERS make it smaller. Needs DISPLAY.
set -euo pipefail
cd "$(dirname "$0")/.."
photos=${BENCH_LIBRARY_PHOTOS:-100000}
folders=${BENCH_LIBRARY_FOLDERS:-1000}
work=$(mktemp -d /tmp/flick-bench-library-XXXXXX)
trap 'pkill -f "$work" 2>/dev/null || true; rm -rf "$work"' EXIT
mkdir -p "$work/config/flick" "$work/Pictures"
: > "$work/config/flick/settings"

# One small JPEG with a date and GPS, then copies with each date written into its bytes.
convert-im6.q16 -size 96x64 plasma:fractal -quality 80 "$work/one.jpg"
exiftool -q -overwrite_original -DateTimeOriginal="2019:01:01 00:00:00" -GPSLatitude=38.72 -GPSLatitudeRef=N \
  -GPSLongitude=9.14 -GPSLongitudeRef=W "$work/one.jpg"
python3 - "$work/one.jpg" "$work/Pictures" "$photos" "$folders" <<'PY'
import os, sys, random
template, root, photos, folders = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
data = bytearray(open(template, 'rb').read())
at = data.find(b'2019:01:01 00:00:00')
random.seed(7)
for folder in range(folders):
    year = 2016 + folder * 10 // folders
    path = os.path.join(root, str(year), f'Event {folder:04d}')
    os.makedirs(path, exist_ok=True)
    for n in range(photos // folders):
        month, day = random.randint(1, 12), random.randint(1, 28)
        data[at:at + 19] = f'{year}:{month:02d}:{day:02d} {random.randint(0, 23):02d}:{random.randint(0, 59):02d}:00'.encode()
        with open(os.path.join(path, f'IMG_{folder:04d}_{n:04d}.jpg'), 'wb') as f:
            f.write(data)
PY
sync

pss_kb() {
  local total=0 pid
  for pid in "$1" $(pgrep -P "$1" || true); do
    total=$((total + $(awk '/^Pss:/ {print $2; exit}' "/proc/$pid/smaps_rollup" 2>/dev/null || echo 0)))
  done
  echo "$total"
}

# One launch: prints the probe's times after launch; keeps PSS when every date is known.
run() {
  local label=$1 log=$work/probe.log start pid
  start=$(date +%s.%N)
  XDG_CONFIG_HOME=$work/config XDG_CACHE_HOME=$work/cache FLICK_BENCH_PROBE=1 .build/release/flick --fullscreen "$work/Pictures" 2>"$log" &
  pid=$!
  for _ in $(seq 2400); do grep -q "flick-probe dates-known" "$log" && break; sleep 0.05; done
  sleep 1
  echo "$(pss_kb "$pid")" > "$work/pss"
  kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  python3 - "$label" "$start" "$log" <<'PY'
import sys
label, start, log = sys.argv[1], float(sys.argv[2]), sys.argv[3]
seen = {}
for line in open(log):
    parts = line.split()
    if len(parts) >= 3 and parts[0] == 'flick-probe' and parts[1] in ('first-photo-realtime', 'listed', 'dates-known'):
        seen.setdefault(parts[1], (float(parts[2]) - start, parts[3] if len(parts) > 3 else ''))
def say(key, words):
    return f'{words} {seen[key][0]:.2f} s' if key in seen else f'{words} not within 120 s'
print(f'  {label}: ' + ', '.join([say('first-photo-realtime', 'first screen'), say('listed', 'listed'),
      say('dates-known', 'every date known')]) + (f" ({seen['listed'][1]} photos)" if 'listed' in seen else ''))
PY
}

rm -rf "$work/cache"
run "Flick, cold (no index)"
run "Flick, warm (the index)"
echo "  Flick's PSS with the album's photos and every date known: $(( $(cat "$work/pss") / 1024 )) MB"

# Search as you type, warm: Ctrl+F, then "7" three times ("7", "77", "777": years, folders
# and names holding them), each key until the grid is drawn narrowed, watched from outside
# by the shared yardstick's xpaintwatch (goal: by the next frame or two).
watcher=../shared/bench/xpaintwatch.c
if [ -f "$watcher" ] && cc -O2 -o "$work/xpaintwatch" "$watcher" -lX11 -lXext -lXtst 2>/dev/null; then
  XDG_CONFIG_HOME=$work/config XDG_CACHE_HOME=$work/cache FLICK_BENCH_PROBE=1 .build/release/flick --fullscreen "$work/Pictures" 2>"$work/search.log" &
  pid=$!
  window=$(xdotool search --sync --onlyvisible --pid "$pid" | head -1)
  for _ in $(seq 2400); do grep -q "flick-probe dates-known" "$work/search.log" && break; sleep 0.05; done
  sleep 1
  xdotool key --window "$window" ctrl+f
  sleep 0.5
  out=$("$work/xpaintwatch" keys -n 3 -s 300 -r 0,200,1920,880 7 2>/dev/null || echo failed)
  kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  printf '  a search keystroke among %s photos, warm: the grid changes after %s ms, drawn narrowed after %s ms (median of 3; slowest %s ms)\n' "$photos" \
    "$(sed -n 's/.*median_first_change_ms=\([0-9.]*\).*/\1/p' <<<"$out")" "$(sed -n 's/.*median_settled_ms=\([0-9.]*\).*/\1/p' <<<"$out")" \
    "$(sed -n 's/.*max_settled_ms=\([0-9.]*\).*/\1/p' <<<"$out")"
else
  echo "  (no $watcher beside the repository: the search keystroke skipped)"
fi
if [ -f "$work/cache/flick/library.sqlite" ]; then
  echo "  the index on disk: $(du -ck "$work/cache/flick/library.sqlite"* | awk 'END {printf "%.1f MB", $1 / 1024}') for $photos photos"
fi
start=$(date +%s.%N)
find "$work/Pictures" -type f | wc -l > /dev/null
end=$(date +%s.%N)
python3 -c "import sys; print(f'  find walking the tree (warm): {float(sys.argv[2]) - float(sys.argv[1]):.2f} s')" "$start" "$end"
if command -v exiftool >/dev/null; then
  start=$(date +%s.%N)
  exiftool -q -q -fast2 -r -T -DateTimeOriginal "$work/Pictures" > /dev/null || true
  end=$(date +%s.%N)
  python3 -c "import sys; print(f'  exiftool -fast2 -r reading the same dates: {float(sys.argv[2]) - float(sys.argv[1]):.2f} s')" "$start" "$end"
else
  echo "  (exiftool not installed: its line skipped)"
fi
