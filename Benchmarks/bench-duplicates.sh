#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Duplicates in a library: 100,000 small distinct JPEGs in 500 folders of a Pictures tree,
# 10,000 of them copied byte for byte into a backup folder, and 1,000 resized copies
# (a messenger's). Flick (every folder at once) is launched once to read every photo's look
# (cold: the likeness cache is empty) and again, warm (the looks kept in the index): from Ctrl+Shift+F to the groups on
# screen (Flick's probe, FLICK_BENCH_PROBE), beside fdupes -r finding the same files alike.
# BENCH_DUPLICATES_PHOTOS makes it smaller. Needs DISPLAY.
set -euo pipefail
cd "$(dirname "$0")/.."
photos=${BENCH_DUPLICATES_PHOTOS:-100000}
folders=${BENCH_DUPLICATES_FOLDERS:-500}
copies=$((photos / 10))
resized=$((photos / 100))
work=$(mktemp -d /tmp/flick-bench-duplicates-XXXXXX)
trap 'pkill -f "$work" 2>/dev/null || true; rm -rf "$work"' EXIT
mkdir -p "$work/config/flick" "$work/tiles" "$work/Pictures/Backup" "$work/Pictures/WhatsApp"
: > "$work/config/flick/settings"

# Distinct photos: tiles of large plasma pictures, 10,000 tiles a picture, one convert each.
per=10000
for ((chunk = 0; chunk * per < photos; chunk++)); do
  n=$(( photos - chunk * per < per ? photos - chunk * per : per ))
  convert-im6.q16 -seed $((chunk + 1)) -size $((96 * 100))x$((64 * (n + 99) / 100)) plasma:fractal -crop 96x64 +repage \
    -quality 85 "$work/tiles/c${chunk}_%05d.jpg" 2>/dev/null
done
python3 - "$work/tiles" "$work/Pictures" "$photos" "$folders" "$copies" "$resized" <<'PY'
import os, sys, random, shutil
tiles, root, photos, folders, copies, resized = sys.argv[1], sys.argv[2], *map(int, sys.argv[3:])
names = sorted(os.listdir(tiles))[:photos]
random.seed(11)
placed = []
for number, name in enumerate(names):
    folder = os.path.join(root, str(2016 + number * 10 // len(names)), f'Event {number * folders // len(names):04d}')
    os.makedirs(folder, exist_ok=True)
    target = os.path.join(folder, f'IMG_{number:06d}.jpg')
    os.rename(os.path.join(tiles, name), target)
    placed.append(target)
for source in random.sample(placed, copies):
    shutil.copyfile(source, os.path.join(root, 'Backup', os.path.basename(source)))
with open(os.path.join(root, '..', 'resize.txt'), 'w') as f:
    for source in random.sample(placed, resized):
        f.write(source + '\n')
PY
# The messenger's copies: half the size, no metadata, in one mogrify.
mapfile -t sources < "$work/resize.txt"
for source in "${sources[@]}"; do cp "$source" "$work/Pictures/WhatsApp/$(basename "$source" .jpg)-WA.jpg"; done
mogrify -strip -resize 50% "$work/Pictures/WhatsApp/"*.jpg
sync
total=$((photos + copies + resized))

# One launch: Ctrl+Shift+F once every mark is known; seconds from the key to the groups.
launch() {
  local log=$work/probe-$1.log pid window start
  XDG_CONFIG_HOME=$work/config XDG_CACHE_HOME=$work/cache FLICK_BENCH_PROBE=1 .build/release/flick "$work/Pictures" 2>"$log" &
  pid=$!
  window=$(xdotool search --sync --onlyvisible --pid "$pid" | head -1)
  for _ in $(seq 6000); do grep -q "flick-probe marks-known" "$log" && break; sleep 0.05; done
  start=$(date +%s.%N)
  xdotool key --window "$window" ctrl+shift+f
  for _ in $(seq 36000); do grep -q "flick-probe duplicates" "$log" && break; sleep 0.05; done
  kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  python3 - "$start" "$log" "$1" <<'PY'
import sys
start, log, label = float(sys.argv[1]), sys.argv[2], sys.argv[3]
for line in open(log):
    parts = line.split()
    if len(parts) >= 5 and parts[:2] == ['flick-probe', 'duplicates']:
        print(f'  Flick, {label}: {float(parts[2]) - start:.2f} s from Ctrl+Shift+F to the groups on screen ({parts[3]} groups, {parts[4]} copies)')
        break
else:
    print(f'  Flick, {label}: no groups shown (see {log})')
PY
}

echo "  a library of $total photos: $photos distinct, $copies copied byte for byte, $resized resized"
launch "cold (every look read)"
launch "warm (looks from the index)"
if command -v fdupes >/dev/null; then
  start=$(date +%s.%N)
  groups=$(fdupes -r -q "$work/Pictures" | awk 'BEGIN {g = 0} /^$/ {g++} END {print g}')
  end=$(date +%s.%N)
  python3 -c "import sys; print(f'  fdupes -r (the same file alone): {float(sys.argv[2]) - float(sys.argv[1]):.2f} s ({sys.argv[3]} groups)')" "$start" "$end" "$groups"
else
  echo "  (fdupes not installed: its line skipped)"
fi
