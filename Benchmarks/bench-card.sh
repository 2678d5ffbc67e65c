#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# A photographer's card of RAWs: from launch until every photo's marks are known (Flick's
# probe, FLICK_BENCH_PROBE: the filters and "Trash the rejects" wait for that), beside
# exiftool reading the same ratings. 500 DNGs with a 1616 px preview each (Sony's size),
# a tenth of them rejected in darktable-style sidecars. Needs DISPLAY.
set -euo pipefail
cd "$(dirname "$0")/.."
count=${BENCH_CARD_PHOTOS:-500}
work=$(mktemp -d /tmp/flick-bench-card-XXXXXX)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/card/DCIM/100FLICK" "$work/config/flick"
: > "$work/config/flick/settings"
card=$work/card/DCIM/100FLICK
convert-im6.q16 -size 1616x1077 plasma:fractal -quality 85 "$work/preview.jpg"
python3 Tests/Fixtures/make-dng.py "$work/one.dng" 1700 1134 --preview "$work/preview.jpg" --preview-size 1616x1077
cat > "$work/reject.xmp" <<'XMP'
<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:darktable="http://darktable.sf.net/"
 xmp:Rating="-1" darktable:xmp_version="5" darktable:history_end="1"/></rdf:RDF></x:xmpmeta>
XMP
for i in $(seq -w 1 "$count"); do
  cp "$work/one.dng" "$card/DSC0$i.DNG"
  if [ $((10#$i % 10)) -eq 0 ]; then cp "$work/reject.xmp" "$card/DSC0$i.DNG.xmp"; fi
done
sync
for run in 1 2 3; do
  rm -rf "$work/cache"
  log=$work/probe.log
  start=$(date +%s.%N)
  XDG_CONFIG_HOME=$work/config XDG_CACHE_HOME=$work/cache FLICK_BENCH_PROBE=1 .build/release/flick --fullscreen "$card" 2>"$log" &
  pid=$!
  for _ in $(seq 300); do grep -q "flick-probe marks-known" "$log" && break; sleep 0.05; done
  kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  known=$(awk '/flick-probe marks-known/ {print $3; exit}' "$log")
  if [ -n "$known" ]; then
    python3 -c "import sys; print(f'  run {sys.argv[3]}: every mark of {sys.argv[4]} RAWs known {float(sys.argv[2]) - float(sys.argv[1]):.2f} s after launch')" "$start" "$known" "$run" "$count"
  else
    echo "  run $run: marks not known within 15 s"
  fi
done
if command -v exiftool >/dev/null; then
  start=$(date +%s.%N)
  exiftool -q -q -fast2 -T -XMP-xmp:Rating -ext dng -ext xmp "$card" > /dev/null || true
  end=$(date +%s.%N)
  python3 -c "import sys; print(f'  exiftool -fast2 reading the same ratings (RAWs and sidecars): {float(sys.argv[2]) - float(sys.argv[1]):.2f} s')" "$start" "$end"
else
  echo "  (exiftool not installed: its line skipped)"
fi
