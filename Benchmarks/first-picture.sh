# SPDX-License-Identifier: GPL-3.0-or-later
# Sourced by the benchmarks that time a launch to its first picture on screen from outside,
# as the shared yardstick (../shared/bench/first-photo.sh) does, with its watcher.
# Needs $work (a scratch folder) and $runs; `first_picture_ready` builds the watcher (false
# where it is not beside the repository), `first_picture COMMAND...` prints the median in ms
# of $runs launches after one warm-up, each with an empty thumbnail cache.
first_picture_ready() {
  local watcher=../shared/bench/xpaintwatch.c
  [ -f "$watcher" ] && cc -O2 -o "$work/xpaintwatch" "$watcher" -lX11 -lXext -lXtst 2>/dev/null
}

first_picture() {  # command...
  first_and_settled "$@" | cut -d' ' -f1
}

# The medians of $runs launches (after one warm-up): the first picture on screen, and the screen
# still (the photo sharp, whatever stood in for it first). SETTLE_MS (default 1000): how long
# the screen must stay still; WATCH_REGION (X,Y,W,H): only that part of it is watched (a
# caption fading away is not the photo).
first_and_settled() {  # command...
  local firsts=() settled=() out pid
  for r in $(seq 0 "$runs"); do
    rm -rf "$work/cache"
    out=$(XDG_CONFIG_HOME=$work/config XDG_CACHE_HOME=$work/cache "$work/xpaintwatch" launch --keep -t 20000 -s "${SETTLE_MS:-1000}" \
      ${WATCH_REGION:+-r "$WATCH_REGION"} -- "$@" 2>/dev/null) || true
    pid=$(sed -n 's/.*pid=\([0-9]*\).*/\1/p' <<<"$out")
    [ -n "$pid" ] && { kill -TERM -- "-$pid" 2>/dev/null || kill "$pid" 2>/dev/null || true; sleep 0.3; kill -KILL -- "-$pid" 2>/dev/null || true; }
    sleep 0.2
    if [ "$r" -ge 1 ]; then
      firsts+=("$(sed -n 's/.*first_image_ms=\([0-9.]*\).*/\1/p' <<<"$out")")
      settled+=("$(sed -n 's/.*settled_ms=\([0-9.]*\).*/\1/p' <<<"$out")")
    fi
  done
  local median='{a[NR]=$1} END{ if (NR%2) print a[(NR+1)/2]; else printf "%.1f\n", (a[NR/2]+a[NR/2+1])/2 }'
  echo "$(printf '%s\n' "${firsts[@]}" | sort -g | awk "$median") $(printf '%s\n' "${settled[@]}" | sort -g | awk "$median")"
}
