#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs Flick's benchmarks in a private Xvfb (or on $BENCH_DISPLAY) and prints figures.
set -euo pipefail
cd "$(dirname "$0")/.."
display=${BENCH_DISPLAY:-}
if [ -z "$display" ]; then
  display=":$((90 + RANDOM % 9))"
  # -noreset, like a desktop's X server (and the shared yardstick's): without it the server
  # resets whenever the last client leaves, and every viewer's launch pays for its reset.
  Xvfb "$display" -screen 0 1920x1080x24 -nolisten tcp -noreset >/dev/null 2>&1 &
  xvfb=$!
  trap 'kill $xvfb 2>/dev/null' EXIT
  for _ in $(seq 50); do xdpyinfo -display "$display" >/dev/null 2>&1 && break; sleep 0.1; done
fi
for renderer in "" opengl; do
  echo "== frame costs (grid scroll, zoom transition, paging), renderer: ${renderer:-default (accelerated with a GPU, else software)}"
  DISPLAY=$display FLICK_RENDERER=$renderer .build/release/flick-bench
  echo
done

echo "== first photo on screen, from outside and by phase"
DISPLAY=$display bash Benchmarks/bench-startup.sh
echo

echo "== start-up and paging latency"
DISPLAY=$display bash Benchmarks/bench-pager.sh
echo

echo "== paging: page turns as seen from outside, a held key"
DISPLAY=$display bash Benchmarks/bench-paging.sh
echo

echo "== the newer formats: RAW, HEIC"
DISPLAY=$display bash Benchmarks/bench-formats.sh
echo

echo "== marks: read in the background, written behind the badge"
bash Benchmarks/bench-marks.sh
echo

echo "== a card of RAWs: every mark known after launch"
DISPLAY=$display bash Benchmarks/bench-card.sh
echo

echo "== culling a card beside geeqie: the next photo, a held key"
DISPLAY=$display bash Benchmarks/bench-culling.sh
echo

echo "== every folder at once: a library of 100,000 photos"
DISPLAY=$display bash Benchmarks/bench-library.sh
echo

echo "== duplicates in a library, beside fdupes"
DISPLAY=$display bash Benchmarks/bench-duplicates.sh
echo

echo "== sharing copies: 2048-px JPEGs, beside vipsthumbnail"
DISPLAY=$display bash Benchmarks/bench-export.sh
echo

echo "== importing a card: verified copies to two destinations"
bash Benchmarks/bench-import.sh
echo

echo "== culling while a phone's photos import: the first copy on screen, page turns"
DISPLAY=$display bash Benchmarks/bench-import-cull.sh
echo

echo "== memory"
DISPLAY=$display bash Benchmarks/bench-memory.sh
echo

echo "== thumbnails"
bash Benchmarks/bench-thumbnails.sh
echo

echo "== videos' posters"
DISPLAY=$display bash Benchmarks/bench-video.sh
echo

echo "== videos played: frames shown, a page turn onto one, a held key past them (beside mpv)"
DISPLAY=$display bash Benchmarks/bench-playback.sh
