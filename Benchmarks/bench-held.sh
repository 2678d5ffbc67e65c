#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Sourced by the benchmarks: held LABEL PHOTO WORK opens Flick full screen on PHOTO, holds
# Right for 4 s (the X server's own auto-repeat) and prints how fast it paged, whether
# every photo it paged away from was shown sharp, and how many turns came after the key was
# let go (target: none). From Flick's probe (FLICK_BENCH_PROBE). Needs DISPLAY and xdotool.
held() {  # label, first photo, scratch folder (with config/flick/settings)
  local label=$1 work=$3 log="$3/held.log"
  XDG_CONFIG_HOME=$work/config XDG_CACHE_HOME=$work/cache FLICK_BENCH_PROBE=1 .build/release/flick --fullscreen "$2" 2>"$log" &
  local pid=$!
  # By process: a Flick left on the display by something else must not take the keys.
  local window; window=$(xdotool search --sync --onlyvisible --pid "$pid" | head -1)
  sleep 2
  xset r on
  xdotool keydown --window "$window" Right
  sleep 4
  xdotool keyup --window "$window" Right
  sleep 2
  kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null || true
  local repeat_rate; repeat_rate=$(xset q | sed -n 's/.*repeat rate: *\([0-9]*\).*/\1/p')
  python3 - "$log" "${repeat_rate:-?}" "$label" <<'PY'
import sys
turns, released, after, keys = [], None, 0, []
for line in open(sys.argv[1]):
    words = line.split()
    if line.startswith("flick-probe key-down") and released is None:
        keys.append(float(words[2]))
    elif line.startswith("flick-probe turn"):
        turns.append((float(words[3]), words[5] == "1"))
        if released is not None:
            after += 1
    elif line.startswith("flick-probe key-up") and released is None:
        released = float(words[2])
during = len(turns) - after
if during < 3 or released is None:
    print(f"  held Right, {sys.argv[3]}: too few turns seen")
else:
    # The rate once the key repeats: from the first repeat's turn to the last turn while held
    # (the press's own turn is followed by the repeat delay, 660 ms).
    repeating = turns[1:during]
    rate = (len(repeating) - 1) / (repeating[-1][0] - repeating[0][0])
    sharp = sum(1 for _, s in turns if s)
    # The keys as the X server sent them (their own times): its repeat runs slower than set
    # while it is busy drawing, and a viewer can turn at most once a key.
    sent = (len(keys) - 2) / (keys[-1] - keys[1]) if len(keys) > 2 and keys[-1] > keys[1] else 0
    print(f"  held Right for 4 s, {sys.argv[3]}, full screen (keys repeat {sys.argv[2]} a second): {during} turns, "
          f"{rate:.1f} a second once repeating; {len(keys)} keys came ({sent:.1f} a second once repeating), "
          f"{during} turned the page; {sharp} of {len(turns)} photos left sharp; "
          f"{after} turns after the key was let go (target: 0)")
PY
}
