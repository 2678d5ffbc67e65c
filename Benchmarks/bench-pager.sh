#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Time to the first photo on screen and page-key latency, measured by Flick's own probe
# (FLICK_BENCH_PROBE) in a real window. Needs DISPLAY (bench.sh provides a private Xvfb).
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${BENCH_RUNS:-5}
work=$(mktemp -d /tmp/flick-bench-pager-XXXXXX)
trap 'pkill -f "$work" 2>/dev/null || true; rm -rf "$work"' EXIT
source Benchmarks/bench-album.sh
make_album "$work"

now() { date +%s.%N; }

# Runs Flick on $1 with a fresh thumbnail cache (or $2 as the cache) until the probe
# reports the first photo; prints milliseconds from launch.
first_photo_ms() {
  local target=$1 cache=${2:-$(mktemp -d "$work/cache-XXXXXX")} log="$work/probe.log"
  local start; start=$(now)
  XDG_CONFIG_HOME=$work/config XDG_CACHE_HOME=$cache FLICK_BENCH_PROBE=1 .build/release/flick "$target" 2>"$log" &
  local pid=$!
  for _ in $(seq 200); do grep -q first-photo "$log" 2>/dev/null && break; sleep 0.05; done
  kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null || true
  local shown; shown=$(awk '/first-photo-realtime/ {print $3}' "$log")
  [ -n "$shown" ] && python3 -c "print(f'{($shown - $start) * 1000:.0f}')" || echo "none"
}

median() { python3 -c "import sys, statistics; v=[float(x) for x in sys.argv[1:] if x != 'none']; print(f'{statistics.median(v):.0f}' if v else 'none')" "$@"; }

report() { # label, then the samples
  local label=$1; shift
  printf '%-44s median %5s ms   (runs: %s; feh/nsxiv ~185-200 ms here, target <= 150 ms)\n' "$label" "$(median "$@")" "$*"
}

samples=(); for _ in $(seq "$runs"); do samples+=("$(first_photo_ms "$work/single/photo.jpg")"); done
report "first photo, flick photo.jpg (12 MP)" "${samples[@]}"

samples=(); for _ in $(seq "$runs"); do samples+=("$(first_photo_ms "$work/album")"); done
report "first photo, 1,000-photo folder, cold cache" "${samples[@]}"

# 100,000 files: hard links to a few photos (a file system allows ~65,000 links to one).
python3 - "$work" <<'PY'
import os, shutil, sys
work = sys.argv[1]
os.makedirs(f"{work}/huge")
sources = []
for s in range(4):
    sources.append(f"{work}/huge-source-{s}.jpg")
    shutil.copyfile(f"{work}/single/photo.jpg", sources[-1])
for i in range(100_000):
    os.link(sources[i % 4], f"{work}/huge/IMG_{i:06d}.jpg")
PY
samples=(); for _ in $(seq "$runs"); do samples+=("$(first_photo_ms "$work/huge")"); done
printf '%-44s median %5s ms   (runs: %s; target < 1000 ms)\n' "first photo, 100,000-file folder, cold cache" "$(median "${samples[@]}")" "${samples[*]}"

warm="$work/warm-cache"; mkdir -p "$warm"
XDG_CACHE_HOME=$warm .build/release/flick thumbnail "$work/album" >/dev/null 2>&1
samples=(); for _ in $(seq "$runs"); do samples+=("$(first_photo_ms "$work/album" "$warm")"); done
report "first photo, 1,000-photo folder, warm cache" "${samples[@]}"

# Page latency: open the album at its first photo, let the neighbours load, press Right.
log="$work/pages.log"
XDG_CONFIG_HOME=$work/config XDG_CACHE_HOME=$warm FLICK_BENCH_PROBE=1 .build/release/flick "$work/album/DSC_1.jpg" 2>"$log" &
pid=$!
for _ in $(seq 100); do grep -q first-photo "$log" 2>/dev/null && break; sleep 0.05; done
window=$(xdotool search --sync --class flick | head -1)
sleep 1.5
for _ in $(seq 10); do xdotool key --window "$window" Right; sleep 0.7; done
kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null || true
python3 - "$log" <<'PY'
import statistics, sys
samples = [line.split() for line in open(sys.argv[1]) if line.startswith("flick-probe page-ms")]
if not samples:
    print("page key -> next photo on screen: no samples")
else:
    ms = [float(s[2]) for s in samples]; frames = [int(s[4]) for s in samples]
    print(f"page key -> next photo on screen          median {statistics.median(ms):5.1f} ms   max {max(ms):5.1f} ms   "
          f"frames: median {statistics.median(frames):.0f} max {max(frames)}   (nsxiv ~160 ms, target: next frame)")
PY
