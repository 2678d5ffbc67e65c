#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# A card imported to two destinations: `flick import` (each copy flushed, read back from the
# disk and compared with the card) beside `cp` to both then `sha256sum` of the card and both
# copies, and beside `rsync --checksum` to each. Timed from outside, the page cache dropped
# before each (where root may), so every one reads the card from the disk.
# The card: BENCH_IMPORT_PAIRS RAW+JPEG pairs (default 250: 500 files), a RAW of
# BENCH_IMPORT_RAW_MB (default 8; a 24 MP DNG is about 25) and a JPEG of a quarter of that:
# scaled to what a test machine's disk holds three times over.
set -euo pipefail
cd "$(dirname "$0")/.."
pairs=${BENCH_IMPORT_PAIRS:-250}
raw_mb=${BENCH_IMPORT_RAW_MB:-8}
work=$(mktemp -d "${BENCH_IMPORT_DIR:-/var/tmp}/flick-bench-import-XXXXXX")
trap 'rm -rf "$work"' EXIT
card="$work/card/DCIM/100CANON"
mkdir -p "$card"
head -c $((raw_mb << 20)) /dev/urandom > "$work/raw"
head -c $((raw_mb << 18)) /dev/urandom > "$work/jpeg"
for i in $(seq -w 1 "$pairs"); do
  # Each file its own bytes (a different first block), as a card's are.
  { printf 'IMG_%s raw ' "$i"; cat "$work/raw"; } > "$card/IMG_$i.CR3"
  { printf '\xff\xd8\xff\xe1IMG_%s' "$i"; cat "$work/jpeg"; } > "$card/IMG_$i.JPG"
done
rm "$work/raw" "$work/jpeg"
sync
total_mb=$(du -sm "$work/card" | cut -f1)
echo "  card: $((pairs * 2)) files, $total_mb MB; to two destinations on the same disk"

cold() {
  sync
  if [ "$(id -u)" = 0 ] && echo 3 > /proc/sys/vm/drop_caches 2>/dev/null; then :; fi
}
seconds() { python3 -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.2f}')" "$1" "$2"; }
if [ "$(id -u)" != 0 ]; then echo "  (not root: the page cache is not dropped between runs; the later ones may read the card from memory)"; fi

run_flick() {
  rm -rf "$work/a" "$work/b"; cold
  local start end
  start=$(date +%s.%N)
  .build/release/flick import "$work/card" --to "$work/a" --backup "$work/b" > "$work/report"
  end=$(date +%s.%N)
  tail -1 "$work/report" | grep -q ", 0 failed." || { echo "  flick import failed:"; tail -3 "$work/report"; exit 1; }
  seconds "$start" "$end"
}
run_cp() {
  rm -rf "$work/a" "$work/b"; cold
  local start end
  start=$(date +%s.%N)
  cp -r "$work/card" "$work/a" && cp -r "$work/card" "$work/b" && sync
  (cd "$work/card" && find . -type f -print0 | sort -z | xargs -0 sha256sum) > "$work/sums"
  (cd "$work/a" && sha256sum --quiet -c "$work/sums") && (cd "$work/b" && sha256sum --quiet -c "$work/sums")
  end=$(date +%s.%N)
  seconds "$start" "$end"
}
run_rsync() {
  rm -rf "$work/a" "$work/b"; cold
  local start end
  start=$(date +%s.%N)
  rsync -a --checksum "$work/card/" "$work/a/" && rsync -a --checksum "$work/card/" "$work/b/" && sync
  end=$(date +%s.%N)
  seconds "$start" "$end"
}

# Twice each, alternating, the better kept: a shared machine's other work lands on one or another.
flick_best=999999 cp_best=999999 rsync_best=999999
for _ in 1 2; do
  t=$(run_flick); flick_best=$(python3 -c "print(min($flick_best, $t))")
  t=$(run_cp); cp_best=$(python3 -c "print(min($cp_best, $t))")
  if command -v rsync >/dev/null; then t=$(run_rsync); rsync_best=$(python3 -c "print(min($rsync_best, $t))"); fi
done
rate() { python3 -c "import sys; print(f'{float(sys.argv[1]) / float(sys.argv[2]):.0f}')" "$total_mb" "$1"; }
echo "  flick import --to A --backup B (verified from disk):  ${flick_best} s  ($(rate "$flick_best") MB/s of card)"
echo "  cp to A, cp to B, sync, sha256sum card and both:       ${cp_best} s  ($(rate "$cp_best") MB/s of card)"
if command -v rsync >/dev/null; then
  echo "  rsync --checksum to A, then to B, sync:                ${rsync_best} s  ($(rate "$rsync_best") MB/s of card)"
else
  echo "  (rsync not installed: its line skipped)"
fi
python3 -c "import sys; r=float(sys.argv[1])/float(sys.argv[2]); print(f'  ratio flick / (cp + sha256sum): {r:.2f} (goal: at most 1.00)')" "$flick_best" "$cp_best"
