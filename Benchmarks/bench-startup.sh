#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The first photo on screen, as a person sees it: the shared yardstick
# (../shared/bench/first-photo.sh, which watches the screen from outside) times Flick beside
# feh and nsxiv on a 12 MP camera-size JPEG; then Flick's own trace of its start-up phases
# (FLICK_BENCH_PROBE), windowed and --fullscreen, as medians from launch. Needs DISPLAY for
# the trace (bench.sh provides a private Xvfb); the yardstick starts its own.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${BENCH_RUNS:-5}
work=$(mktemp -d /tmp/flick-bench-startup-XXXXXX)
trap 'rm -rf "$work"' EXIT
source Benchmarks/bench-album.sh
make_photo "$work/photo.jpg"

# The same photo in Adobe RGB with its profile embedded, as cameras set to it write: its
# colours are converted on the way to the screen.
convert-im6.q16 "$work/photo.jpg" -profile /usr/share/color/icc/colord/sRGB.icc \
  -profile /usr/share/color/icc/colord/AdobeRGB1998.icc -quality 90 "$work/profiled.jpg"

yardstick=../shared/bench/first-photo.sh
if [ -f "$yardstick" ]; then
  bash "$yardstick" "$work/photo.jpg" .build/release/flick 2>&1 | sed 's/^/  /'
  echo "  the same photo in Adobe RGB, its profile embedded (colour managed):"
  bash "$yardstick" "$work/profiled.jpg" .build/release/flick 2>&1 | sed 's/^/  /'
  .build/release/flick-bench colour "$work/profiled.jpg" | sed 's/^/  /'
else
  echo "  (no $yardstick beside the repository: outside timing skipped)"
fi

# What starting the process costs before Flick opens anything (the dynamic loader mapping
# its libraries, most of it; then the Swift runtime and argument parsing), all of which lies
# on the first photo's path: `flick --version`.
python3 - .build/release/flick <<'PY'
import statistics, subprocess, sys, time
def launch(command):
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, check=True)
    return (time.perf_counter() - start) * 1000
flick = [launch([sys.argv[1], "--version"]) for _ in range(31)]
bare = [launch(["true"]) for _ in range(31)]
print(f"  process start (flick --version) median {statistics.median(flick):5.1f} ms, a bare process {statistics.median(bare):4.1f} ms")
PY

# One launch: each phase's milliseconds from launch, one "phase ms" line each.
trace() {
  local log="$work/trace.log" cache; cache=$(mktemp -d "$work/cache-XXXXXX")
  local start; start=$(date +%s.%N)
  XDG_CONFIG_HOME=$work/config XDG_CACHE_HOME=$cache FLICK_BENCH_PROBE=1 .build/release/flick "$@" 2>"$log" &
  local pid=$!
  for _ in $(seq 200); do grep -q first-photo "$log" 2>/dev/null && break; sleep 0.05; done
  kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null || true
  awk -v t0="$start" '/flick-probe phase/ {printf "%s %.1f\n", $3, ($4 - t0) * 1000}
                      /first-photo-realtime/ {printf "photo-on-screen %.1f\n", ($3 - t0) * 1000}' "$log"
}

for mode in windowed --fullscreen; do
  : > "$work/phases"
  for _ in $(seq "$runs"); do
    if [ "$mode" = windowed ]; then trace "$work/photo.jpg"; else trace --fullscreen "$work/photo.jpg"; fi >> "$work/phases"
  done
  echo "  start-up phases, $mode (median ms from launch over $runs runs; Flick's own trace):"
  python3 - "$work/phases" <<'PY'
import statistics, sys
times = {}
for line in open(sys.argv[1]):
    phase, ms = line.split()
    times.setdefault(phase, []).append(float(ms))
for phase, samples in sorted(times.items(), key=lambda item: statistics.median(item[1])):
    print(f"    {phase:<22} {statistics.median(samples):6.1f}")
PY
done
