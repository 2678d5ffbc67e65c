#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Paging through 12 MP photos, as a person sees it and feels it. Needs DISPLAY (bench.sh
# provides a private 1920x1080 Xvfb).
#  1. Page turn: Space pressed, until the screen is still again (the next photo in place and
#     sharp), watched from outside by the shared yardstick's xpaintwatch (MIT-SHM grabs every
#     few ms): Flick full screen and windowed beside feh and nsxiv at 1920x1080, on eight
#     different photos. Target: at most 300 ms.
#     The culling pager too, turned by Space and by a rating key with auto advance on (a
#     photographer rating and moving on): marking must not slow the turn. And full screen
#     with the histogram, clipping and peaking on, and while a card is imported beside it:
#     each at most 1.2x the turn without.
#     Z on a 24 MP photo: fit -> 100 % about the pointer, until the part in view is sharp.
#  2. A held Right key (the X server's own auto-repeat, 25 a second after 660 ms), on 12 MP
#     and on 3 MP photos: how fast Flick pages, whether every photo it pages away from was
#     shown sharp, and how many turns come after the key is let go (target: none). From
#     Flick's probe (FLICK_BENCH_PROBE).
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d /tmp/flick-bench-paging-XXXXXX)
trap 'pkill -f "$work" 2>/dev/null || true; rm -rf "$work"' EXIT
source Benchmarks/bench-album.sh
mkdir -p "$work/turns" "$work/held" "$work/config/flick" "$work/advancing/flick" "$work/looks/flick"
: > "$work/config/flick/settings"
echo "advance-after-mark = true" > "$work/advancing/flick/settings"
echo "looks = histogram, clipping, peaking" > "$work/looks/flick/settings"
for seed in 1 2 3 4 5 6 7 8; do make_photo "$work/turns/photo_$seed.jpg" "$seed"; done
for i in $(seq 1 120); do ln "$work/turns/photo_1.jpg" "$work/held/DSC_$i.jpg"; done
mkdir -p "$work/held3"
convert-im6.q16 "$work/turns/photo_2.jpg" -resize 2000x1500 -quality 90 "$work/held3/DSC_1.jpg"
for i in $(seq 2 120); do ln "$work/held3/DSC_1.jpg" "$work/held3/DSC_$i.jpg"; done

watcher=../shared/bench/xpaintwatch.c
if [ -f "$watcher" ] && cc -O2 -o "$work/xpaintwatch" "$watcher" -lX11 -lXext -lXtst 2>/dev/null; then
  # One viewer: started on the first photo, given two seconds, then seven presses.
  turns() {  # label, keysym, command...
    local label=$1 key=$2; shift 2
    XDG_CONFIG_HOME=${TURNS_CONFIG:-$work/config} XDG_DATA_HOME=$work/data XDG_CACHE_HOME=$work/cache "$@" >/dev/null 2>&1 &
    local pid=$!
    xdotool search --sync --onlyvisible --pid "$pid" >/dev/null 2>&1 || true
    sleep 2
    # The middle of the screen: a caption or status bar changing later is not the photo.
    local out; out=$("$work/xpaintwatch" keys -n 7 -s 300 -r 320,180,1280,720 "$key" 2>/dev/null || echo "failed")
    kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null || true
    sleep 0.3
    local settled first; settled=$(sed -n 's/.*median_settled_ms=\([0-9.]*\).*/\1/p' <<<"$out")
    first=$(sed -n 's/.*median_first_change_ms=\([0-9.]*\).*/\1/p' <<<"$out")
    local worst; worst=$(sed -n 's/.*max_settled_ms=\([0-9.]*\).*/\1/p' <<<"$out")
    printf '  %-20s page turn: first change %6s ms, complete %6s ms (median of 7), slowest %6s ms\n' \
      "$label" "${first:-?}" "${settled:-?}" "${worst:-?}"
  }
  echo "  page turn, 12 MP photos, 1920x1080 (target: complete <= 300 ms):"
  turns "flick --fullscreen" space .build/release/flick --fullscreen "$work/turns/photo_1.jpg"
  turns "flick (window)" space .build/release/flick "$work/turns/photo_1.jpg"
  # A photographer's looks drawn over each photo (target: no slower than 1.2x without).
  TURNS_CONFIG=$work/looks turns "fullscreen, H O K on" space .build/release/flick --fullscreen "$work/turns/photo_1.jpg"
  # While a card is imported beside it (flick import reading, writing and reading back
  # 3.2 GB): page turns should stay as they are (target: at most 1.2x the turn without).
  mkdir -p "$work/card/DCIM/100CANON"
  for i in $(seq 1 100); do head -c 32M /dev/urandom > "$work/card/DCIM/100CANON/IMG_$i.CR3"; done
  sync
  .build/release/flick import "$work/card" --to "$work/imported" >/dev/null 2>&1 &
  importer=$!
  turns "fullscreen, importing" space .build/release/flick --fullscreen "$work/turns/photo_1.jpg"
  if kill "$importer" 2>/dev/null; then wait "$importer" 2>/dev/null || true; else echo "  (the import ended before the turns did: a faster disk than this bench's card)"; fi
  rm -rf "$work/card" "$work/imported"
  command -v feh >/dev/null && turns feh space feh -g 1920x1080+0+0 --scale-down "$work/turns"
  command -v nsxiv >/dev/null && turns nsxiv space nsxiv -g 1920x1080+0+0 "$work/turns"/*.jpg
  echo "  the culling pager, windowed: turned by Space, and by rating (3, auto advance on):"
  turns "cull, Space" space .build/release/flick --view cull "$work/turns"
  TURNS_CONFIG=$work/advancing turns "cull, rate and go on" 3 .build/release/flick --view cull "$work/turns"

  # Z on a 24 MP photo full screen, the pointer on it, in a fresh Flick each time (a photo
  # once zoomed keeps its whole picture, and the next Z is instant): until the screen is
  # still for 1.5 s, so the sharp picture that follows the enlarged one is counted (with
  # 0.3 s, the sharp one came after the watcher had stopped looking, and the enlarged
  # one was timed as if it were sharp).
  mkdir -p "$work/zoom"
  convert-im6.q16 "$work/turns/photo_3.jpg" -resize 6000x4000! -quality 90 "$work/zoom/photo.jpg"
  zoom_first=() zoom_sharp=()
  for run in 1 2 3 4 5; do
    XDG_CONFIG_HOME=$work/config XDG_DATA_HOME=$work/data XDG_CACHE_HOME=$work/cache .build/release/flick --fullscreen "$work/zoom/photo.jpg" >/dev/null 2>&1 &
    zoom_pid=$!
    xdotool search --sync --onlyvisible --pid "$zoom_pid" >/dev/null 2>&1 || true
    sleep 2
    xdotool mousemove 700 400 >/dev/null 2>&1 || true
    out=$("$work/xpaintwatch" keys -n 1 -s 1500 -r 320,180,1280,720 z 2>/dev/null || echo "failed")
    kill "$zoom_pid" 2>/dev/null; wait "$zoom_pid" 2>/dev/null || true
    zoom_first+=("$(sed -n 's/.*median_first_change_ms=\([0-9.]*\).*/\1/p' <<<"$out")")
    zoom_sharp+=("$(sed -n 's/.*median_settled_ms=\([0-9.]*\).*/\1/p' <<<"$out")")
  done
  median() { printf '%s\n' "$@" | grep -v '^$' | sort -n | awk '{ v[NR] = $1 } END { print NR ? v[int((NR + 1) / 2)] : "?" }'; }
  printf '  Z on a 24 MP photo, fit -> 100 %%: enlarged %6s ms, the part in view sharp %6s ms (median of 5 launches; target: sharp <= 150 ms)\n' \
    "$(median "${zoom_first[@]}")" "$(median "${zoom_sharp[@]}")"
  .build/release/flick-bench region "$work/zoom/photo.jpg" .build/release/flick | sed 's/^/  /'
else
  echo "  (no $watcher beside the repository: page turns from outside skipped)"
fi

# The held key, on 12 MP photos (decoding bound: each takes about 75 ms of a core) and on
# 3 MP ones (decoded faster than keys repeat).
source Benchmarks/bench-held.sh
if ! command -v xset >/dev/null; then
  echo "  held key skipped: xset sets the key repeat it relies on (apt-get install x11-xserver-utils)"
  exit 0
fi
held "12 MP photos" "$work/held/DSC_1.jpg" "$work"
held "3 MP photos" "$work/held3/DSC_1.jpg" "$work"
