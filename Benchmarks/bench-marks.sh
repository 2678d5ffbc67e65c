#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Marks on a 10,000-photo folder: how fast Flick reads them in the background (a tenth of
# the photos with darktable-style sidecars, the rest with nothing, so each is looked inside)
# beside exiftool reading the same ratings, and what one mark costs to write. The first
# photo is on screen before any of this starts (bench-startup.sh times it).
set -euo pipefail
cd "$(dirname "$0")/.."
count=${BENCH_MARKS_PHOTOS:-10000}
work=$(mktemp -d /tmp/flick-bench-marks-XXXXXX)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/card"
convert-im6.q16 -size 640x480 plasma:fractal -quality 85 "$work/one.jpg"
cat > "$work/one.xmp" <<'XMP'
<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:darktable="http://darktable.sf.net/"
 xmp:Rating="3" darktable:xmp_version="5" darktable:history_end="1"/></rdf:RDF></x:xmpmeta>
XMP
for i in $(seq -w 1 "$count"); do
  cp "$work/one.jpg" "$work/card/IMG_$i.jpg"
  if [ $((10#$i % 10)) -eq 0 ]; then cp "$work/one.xmp" "$work/card/IMG_$i.jpg.xmp"; fi
done
sync
.build/release/flick-bench marks "$work/card" .build/release/flick | sed 's/^/  /'
if command -v exiftool >/dev/null; then
  start=$(date +%s.%N)
  exiftool -q -q -fast2 -T -XMP-xmp:Rating -ext jpg -ext xmp "$work/card" > /dev/null || true
  end=$(date +%s.%N)
  python3 -c "import sys; s=float(sys.argv[2])-float(sys.argv[1]); print(f'  exiftool -fast2 reading the same ratings (photos and sidecars): {s:.2f} s: {int(sys.argv[3])/s:.0f} photos/s')" "$start" "$end" "$count"
else
  echo "  (exiftool not installed: its line skipped)"
fi
