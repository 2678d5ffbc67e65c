#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Culling a card beside geeqie, on the same screen (bench.sh's private 1920x1080 Xvfb),
# full screen, as a photographer steps through it:
#  1. The next photo on a card of 24 MP RAWs whose previews are 1616 px wide (Sony's size,
#     a few percent short of the screen), and on a card of 24 MP RAW+JPEG pairs: a key
#     (each viewer's own next-photo key: Space for both) until the screen is still, watched
#     from outside by the shared yardstick's xpaintwatch (both swap the photo at once: a key
#     turns Flick's page without a slide); Flick also with the histogram, clipping and
#     peaking on, three runs of each in turn, and the ratio of their medians (#55: 1.2 at
#     most).
#  2. The key held for 4 s (the X server's auto-repeat, 25 a second after 660 ms), on that
#     card and on a mixed card (RAW+JPEG pairs, 24 MP JPEGs, RAWs with full-size previews):
#     geeqie's pictures a second seen from outside (Benchmarks/held-watch.c: a change after
#     20 ms of a still screen is a new picture; held Space, its next-photo key), Flick's
#     from its probe (held Right), with whether every photo it left was sharp
#     (bench-held.sh).
# Goals (#58): the next photo no later than geeqie's; held, the key-repeat rate, every photo
# sharp when the key is let go.
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d /tmp/flick-bench-culling-XXXXXX)
trap 'pkill -f "$work" 2>/dev/null || true; rm -rf "$work"' EXIT
mkdir -p "$work/raw" "$work/mixed" "$work/config/flick" "$work/looks/flick" "$work/geeqie"
: > "$work/config/flick/settings"
echo "looks = histogram, clipping, peaking" > "$work/looks/flick/settings"

# 12 different 24 MP DNGs with 1616x1077 previews, linked to 96 names; the mixed card: 8 of
# them beside JPEGs of their own name, 24 MP JPEGs, and DNGs with full-size previews.
for i in $(seq -w 1 12); do
  convert-im6.q16 -size 1616x1077 plasma:fractal -quality 85 "$work/p$i.jpg"
  python3 Tests/Fixtures/make-dng.py "$work/raw/DSC0$i.DNG" 6000 4000 --preview "$work/p$i.jpg" --preview-size 1616x1077
done
for n in $(seq 13 96); do ln "$work/raw/DSC0$(printf %02d $(( (n - 1) % 12 + 1 ))).DNG" "$work/raw/DSC0$(printf %02d "$n").DNG"; done
# A camera's 24 MP JPEG: a scene with sensor grain (bench-album.sh's photo, enlarged).
source Benchmarks/bench-album.sh
make_photo "$work/scene.jpg" 3
convert-im6.q16 "$work/scene.jpg" -resize 6000x4000! -quality 90 "$work/big.jpg"
# Its mirror image: photos next to each other differ, so a swap shows on the screen.
convert-im6.q16 "$work/big.jpg" -flop -quality 90 "$work/big2.jpg"
python3 Tests/Fixtures/make-dng.py "$work/full.dng" 6000 4000 --preview "$work/big.jpg" --preview-size 6000x4000
for n in $(seq 1 96); do
  name=$(printf 'IMG_%04d' "$n")
  case $((n % 4)) in
    0) ln "$work/raw/DSC0$(printf %02d $(( n % 12 + 1 ))).DNG" "$work/mixed/$name.DNG"; ln "$work/big.jpg" "$work/mixed/$name.JPG" ;;
    1) ln "$work/big.jpg" "$work/mixed/$name.JPG" ;;
    2) ln "$work/full.dng" "$work/mixed/$name.DNG" ;;
    3) ln "$work/raw/DSC0$(printf %02d $(( n % 12 + 1 ))).DNG" "$work/mixed/$name.DNG" ;;
  esac
done
# RAW+JPEG pairs, as most cameras write them: each DNG beside a 24 MP JPEG of its name.
mkdir -p "$work/pairs"
for n in $(seq 1 96); do
  name=$(printf 'DSC%04d' "$n")
  ln "$work/raw/DSC0$(printf %02d $(( (n - 1) % 12 + 1 ))).DNG" "$work/pairs/$name.DNG"
  ln "$work/big$([ $((n % 2)) = 0 ] && echo 2).jpg" "$work/pairs/$name.JPG"
done
sync

watcher=../shared/bench/xpaintwatch.c
if ! command -v geeqie >/dev/null; then
  echo "  (geeqie not installed: apt-get install geeqie; the comparisons are skipped)"
fi
region=320,180,1280,720

# A viewer started (COMMAND...), given two seconds, its window focused; stop_viewer ends it.
start_viewer() {
  local config=config
  [ -n "${LOOKS:-}" ] && config=looks
  XDG_CONFIG_HOME=$work/$config XDG_CACHE_HOME=$work/cache HOME=$work/geeqie "$@" >/dev/null 2>&1 &
  viewer=$!
  local window
  window=$(xdotool search --sync --onlyvisible --pid "$viewer" 2>/dev/null | head -1) || true
  sleep 2
  [ -n "$window" ] && xdotool windowfocus "$window" 2>/dev/null || true
}
stop_viewer() {
  kill "$viewer" 2>/dev/null || true
  wait "$viewer" 2>/dev/null || true
  rm -rf "$work/cache"
  sleep 0.3
}

if [ -f "$watcher" ] && cc -O2 -o "$work/xpaintwatch" "$watcher" -lX11 -lXext -lXtst 2>/dev/null; then
  next() {  # label, card's label, command...
    local label=$1 card=$2; shift 2
    start_viewer "$@"
    local out; out=$("$work/xpaintwatch" keys -n 15 -s 300 -r "$region" space 2>/dev/null || echo failed)
    stop_viewer
    settled=$(sed -n 's/.*median_settled_ms=\([0-9.]*\).*/\1/p' <<<"$out")
    printf '  %-22s next photo, %s: first change %6s ms, still %6s ms (median of 15), p90 %6s ms\n' "$label" "$card" \
      "$(sed -n 's/.*median_first_change_ms=\([0-9.]*\).*/\1/p' <<<"$out")" "$settled" \
      "$(sed -n 's/.*p90_settled_ms=\([0-9.]*\).*/\1/p' <<<"$out")"
  }
  median() { tr ' ' '\n' | grep . | sort -g | awk '{ v[NR] = $1 } END { print (NR ? v[int((NR + 1) / 2)] : "") }'; }
  for card in raw pairs; do
    label=$([ "$card" = raw ] && echo "24 MP RAWs, 1616 px previews" || echo "24 MP RAW+JPEG pairs")
    first="$work/$card/$(ls "$work/$card" | head -1)"
    # Without and with the looks, three times in turn: one run of 15 varies by a fifth
    # on a busy VM; the ratio is of the runs' medians.
    plain="" looks=""
    for round in 1 2 3; do
      next flick "$label" .build/release/flick --fullscreen "$first"; plain="$plain $settled"
      LOOKS=1 next "flick, H O K on" "$label" .build/release/flick --fullscreen "$first"; looks="$looks $settled"
    done
    p=$(median <<<"$plain") l=$(median <<<"$looks")
    [ -n "$p" ] && [ -n "$l" ] && printf '  %-22s next photo, %s: with the looks %s ms against %s ms, %s times as long (goal: 1.2 at most)\n' \
      flick "$label" "$l" "$p" "$(awk -v l="$l" -v p="$p" 'BEGIN { printf "%.2f", l / p }')"
    command -v geeqie >/dev/null && next geeqie "$label" geeqie --fullscreen "$first"
  done
else
  echo "  (no $watcher beside the repository: the next photo from outside skipped)"
fi

if command -v xset >/dev/null && cc -O2 -o "$work/held-watch" Benchmarks/held-watch.c -lX11 -lXext 2>/dev/null; then
  xset r on
  held_outside() {  # label, key, card, command...
    local label=$1 key=$2 card=$3; shift 3
    start_viewer "$@"
    "$work/held-watch" 5.5 "$region" > "$work/held.txt" &
    local watching=$!
    sleep 0.3
    xdotool keydown "$key"; sleep 4; xdotool keyup "$key"
    wait "$watching" || true
    stop_viewer
    printf '  %-8s held %s for 4 s, %s, pictures seen from outside: %s\n' "$label" "$key" "$card" "$(tr '\n' ' ' < "$work/held.txt")"
  }
  # geeqie from outside (it swaps each picture in at once; Flick's slide would run its
  # pictures together here, so its own probe counts them below).
  if command -v geeqie >/dev/null; then
    for card in raw pairs mixed; do
      label=$(case $card in raw) echo "24 MP RAWs, 1616 px previews" ;; pairs) echo "24 MP RAW+JPEG pairs" ;; *) echo "a mixed card" ;; esac)
      held_outside geeqie space "$label" geeqie --fullscreen "$work/$card/$(ls "$work/$card" | head -1)"
    done
  fi
  # Flick's own count, and whether each photo it left was sharp (its probe).
  source Benchmarks/bench-held.sh
  held "24 MP RAWs with 1616 px previews" "$work/raw/DSC001.DNG" "$work"
  held "24 MP RAW+JPEG pairs" "$work/pairs/DSC0001.DNG" "$work"
  held "a mixed card (pairs, JPEGs, RAWs)" "$work/mixed/IMG_0001.JPG" "$work"
  # With the photographer's looks on: the histogram, clipping and peaking drawn each turn.
  mkdir -p "$work/withlooks"
  cp -r "$work/looks" "$work/withlooks/config"
  held "24 MP RAW+JPEG pairs, H O K on" "$work/pairs/DSC0001.DNG" "$work/withlooks"
else
  echo "  (held keys skipped: xset or the X development headers are missing)"
fi
