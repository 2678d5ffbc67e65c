#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Sharing copies: 100 photos of 12 MP (ten distinct, each copied ten times) chosen with
# Ctrl+A and saved as 2048-px JPEGs (Ctrl+Shift+S, Enter), timed from the key to the last
# copy written (Flick's probe), beside vipsthumbnail -s 2048 making the same copies into a
# folder. BENCH_EXPORT_PHOTOS makes it smaller. Needs DISPLAY.
set -euo pipefail
cd "$(dirname "$0")/.."
photos=${BENCH_EXPORT_PHOTOS:-100}
work=$(mktemp -d /tmp/flick-bench-export-XXXXXX)
trap 'pkill -f "$work" 2>/dev/null || true; rm -rf "$work"' EXIT
mkdir -p "$work/config/flick" "$work/photos" "$work/vips" "$work/Shared"
printf 'export-folder = %s\nshare = 2048, without-place\n' "$work/Shared" > "$work/config/flick/settings"
for i in $(seq 0 9); do
  convert-im6.q16 -seed "$i" -size 1000x750 plasma:fractal -resize 4000x3000! -quality 90 "$work/distinct-$i.jpg"
  exiftool -q -overwrite_original -Make=Canon -Model="Canon EOS R6" -DateTimeOriginal="2024:06:14 10:0$i:00" "$work/distinct-$i.jpg"
done
for n in $(seq 1 "$photos"); do cp "$work/distinct-$((n % 10)).jpg" "$work/photos/IMG_$(printf %04d "$n").jpg"; done
sync

XDG_CONFIG_HOME=$work/config XDG_CACHE_HOME=$work/cache FLICK_BENCH_PROBE=1 .build/release/flick --view grid "$work/photos" 2>"$work/probe.log" &
pid=$!
window=$(xdotool search --sync --onlyvisible --pid "$pid" | head -1)
for _ in $(seq 2400); do grep -q "flick-probe marks-known" "$work/probe.log" && break; sleep 0.05; done
sleep 1
xdotool key --window "$window" ctrl+a
sleep 0.3
xdotool key --window "$window" ctrl+shift+s
sleep 0.3
start=$(date +%s.%N)
xdotool key --window "$window" Return
for _ in $(seq 6000); do grep -q "flick-probe shared" "$work/probe.log" && break; sleep 0.05; done
kill "$pid" 2>/dev/null || true
wait "$pid" 2>/dev/null || true
python3 - "$start" "$work/probe.log" "$photos" <<'PY'
import sys
start, log, photos = float(sys.argv[1]), sys.argv[2], sys.argv[3]
for line in open(log):
    parts = line.split()
    if len(parts) >= 4 and parts[:2] == ['flick-probe', 'shared']:
        print(f'  Flick: {float(parts[2]) - start:.2f} s for {parts[3]} of {photos} copies of 12 MP at 2048 px (Share…, Enter)')
        break
else:
    print(f'  Flick: no copies reported (see {log})')
PY
echo "  written: $(ls "$work/Shared" | wc -l) files, $(du -sk "$work/Shared" | awk '{printf "%.1f MB", $1 / 1024}')"
if command -v vipsthumbnail >/dev/null; then
  start=$(date +%s.%N)
  vipsthumbnail -s 2048 -o "$work/vips/%s.jpg[Q=90]" "$work/photos/"*.jpg
  end=$(date +%s.%N)
  python3 -c "import sys; print(f'  vipsthumbnail -s 2048: {float(sys.argv[2]) - float(sys.argv[1]):.2f} s for the same copies')" "$start" "$end"
else
  echo "  (vipsthumbnail not installed: its line skipped)"
fi
