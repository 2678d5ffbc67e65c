#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Renders Flick's icon (packaging/icons/io.github.flick.Flick.svg) to the hicolor PNG sizes.
# Needs rsvg-convert (Debian's librsvg2-bin). The PNGs are committed; run this after
# changing the SVG.
set -euo pipefail
cd "$(dirname "$0")/../packaging/icons"
for size in 16 24 32 48 64 128 256 512; do
  rsvg-convert -w "$size" -h "$size" io.github.flick.Flick.svg -o "io.github.flick.Flick-$size.png"
done
