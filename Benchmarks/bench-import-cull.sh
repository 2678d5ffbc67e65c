#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Culling while a card imports, in Flick, watched from outside: a phone comes over MTP (as
# gvfs shows one: a folder in $XDG_RUNTIME_DIR/gvfs, made here) while Flick shows another
# folder in the culling pager; its import form is answered with Enter; the time from the
# first copy taking its final name to that photo on the screen; then page turns (Right: the
# key press until the screen changed) while the import goes on, beside the same once it ended.
# The card: BENCH_IMPORT_CULL_PAIRS RAW+JPEG pairs (default 100), a RAW of
# BENCH_IMPORT_CULL_RAW_MB (default 25, a 24 MP DNG's) of its own bytes and a 24 MP JPEG,
# magenta and cyan in turn: 2.6 GB, so the import goes on through the turns. Needs DISPLAY
# (1920x1080).
set -euo pipefail
cd "$(dirname "$0")/.."
pairs=${BENCH_IMPORT_CULL_PAIRS:-100}
raw_mb=${BENCH_IMPORT_CULL_RAW_MB:-25}
work=$(mktemp -d "${BENCH_IMPORT_DIR:-/var/tmp}/flick-bench-import-cull-XXXXXX")
pid=
trap '[ -n "$pid" ] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null; rm -rf "$work"' EXIT
if ! cc -O2 -o "$work/landing-watch" Benchmarks/landing-watch.c -lX11 -lXext -lXtst 2>/dev/null; then
  echo "  (no C compiler or X11 headers: skipped)"; exit 0
fi
mkdir -p "$work/phone" "$work/shown" "$work/config/flick" "$work/run/gvfs" "$work/dest"
chmod 700 "$work/run"
convert-im6.q16 -size 6000x4000 xc:'rgb(220,40,200)' -attenuate 0.2 +noise Gaussian -quality 90 "$work/magenta.jpg"
convert-im6.q16 -size 6000x4000 xc:'rgb(40,200,220)' -attenuate 0.2 +noise Gaussian -quality 90 "$work/cyan.jpg"
convert-im6.q16 -size 640x480 xc:'rgb(90,90,90)' "$work/shown/grey.jpg"
storage="$work/phone/Internal shared storage/DCIM/Camera"
mkdir -p "$storage"
for i in $(seq -w 1 "$pairs"); do
  colour=$([ $((10#$i % 2)) -eq 1 ] && echo magenta || echo cyan)
  # Each file its own bytes (bytes after a JPEG's end are not read), a second apart.
  { cat "$work/$colour.jpg"; printf 'IMG_%s' "$i"; } > "$storage/IMG_$i.JPG"
  { printf 'IMG_%s raw ' "$i"; head -c $((raw_mb << 20)) /dev/urandom; } > "$storage/IMG_$i.CR3"
  touch -d "@$((1780000000 + 10#$i))" "$storage/IMG_$i.JPG" "$storage/IMG_$i.CR3"
done
sync
printf 'view = cull\nimport-to = %s\n' "$work/dest" > "$work/config/flick/settings"
width=1920 height=1080
centre="$((width / 2)),$((height / 2))"

XDG_CONFIG_HOME=$work/config XDG_CACHE_HOME=$work/cache XDG_RUNTIME_DIR=$work/run \
  .build/release/flick --fullscreen "$work/shown" 2>"$work/flick.log" &
pid=$!
sleep 3
# The phone comes: gvfs would show it so; Flick looks every two seconds and offers its import.
mv "$work/phone" "$work/run/gvfs/mtp:host=Bench_Phone_0001"
sleep 4
"$work/landing-watch" first "$work/dest" .JPG "$centre" 220,40,200 60 > "$work/first" &
watch=$!
xdotool key Return
if wait "$watch"; then
  python3 - "$work/first" <<'PY'
import sys
times = dict(line.split() for line in open(sys.argv[1]))
print(f"  the first copy on the screen in the culling pager: {float(times['shown']) - float(times['landed']):.0f} ms after it took its name")
PY
else
  echo "  the first copy was not on the screen within 60 s"; cat "$work/first"; tail -5 "$work/flick.log"; exit 1
fi

turns() {
  local label=$1 times=()
  for _ in $(seq 10); do
    sleep 0.3
    t=$("$work/landing-watch" turn Right "$centre" 10) && times+=("$t")
  done
  python3 - "$label" "${times[@]}" <<'PY'
import statistics, sys
label, times = sys.argv[1], [float(t) for t in sys.argv[2:]]
if times:
    print(f"  page turns {label}: median {statistics.median(times):.0f} ms, slowest {max(times):.0f} ms ({len(times)} of 10 seen)")
else:
    print(f"  page turns {label}: none seen")
PY
}
turns "while the import runs"
copying=$(find "$work/dest" -name '*.JPG' | wc -l)
echo "  ($copying of $pairs JPEGs copied when those turns ended)"
for _ in $(seq 600); do
  [ "$(find "$work/dest" -maxdepth 1 -name 'IMG_*' | wc -l)" -ge $((pairs * 2)) ] && break
  sleep 0.2
done
turns "once it ended        "
