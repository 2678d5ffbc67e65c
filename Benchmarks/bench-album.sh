#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Sourced by the benchmarks: make_album DIR makes DIR/single/photo.jpg, a 12 MP photo-like
# JPEG, and DIR/album, 1,000 hard links to it (same bytes, distinct files, so each gets its
# own thumbnail and its own decode).
make_photo() {  # FILE [SEED]: another seed, another picture
  convert-im6.q16 -seed "${2:-7}" -size 1000x750 plasma:green-blue -resize 4000x3000! \
    \( -size 4000x3000 xc:gray +noise Gaussian -blur 0x0.6 \) -compose overlay -composite \
    -quality 90 "$1"
}

make_album() {
  local dir=$1
  mkdir -p "$dir/single" "$dir/album"
  make_photo "$dir/single/photo.jpg"
  for i in $(seq 1 1000); do ln "$dir/single/photo.jpg" "$dir/album/DSC_$i.jpg"; done
}
