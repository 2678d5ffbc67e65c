#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Makes Flick's bundled sample photos (Resources/Samples) from real photographs that Debian
# ships under free licences: the nature set of mate-backgrounds (GPL-2+) and one photo of
# lomiri-wallpapers-20.04 (CC BY-SA 3.0). Each is scaled down (at most 1600 px), some are
# cropped to portrait, three are stored turned with the EXIF orientation tag that turns them
# back (as cameras do), and every one gets a fresh EXIF thumbnail; the cameras' own EXIF
# (model, lens, exposure, date) is kept. Two albums sit in subfolders. CREDITS beside them
# says where each came from, under which licence, and what was changed. A video is made from
# one of them (scripts/make-sample-videos.sh).
#
# Needs apt-get (to download the two packages), ImageMagick, exiftool and ffmpeg. Deterministic for
# given package versions: run again after changing it and commit the result.
set -euo pipefail
cd "$(dirname "$0")/.."
IM=${IM:-convert-im6.q16}
for tool in "$IM" exiftool apt-get dpkg-deb; do
  command -v "$tool" >/dev/null || { echo "make-samples: needs $tool (apt-get install imagemagick libimage-exiftool-perl)" >&2; exit 1; }
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
packages=(mate-backgrounds=1.26.0-1 lomiri-wallpapers-20.04=20.04.0-2)
(cd "$work" && apt-get download -q "${packages[@]}" >/dev/null)
for deb in "$work"/*.deb; do dpkg-deb -x "$deb" "$work/root"; done
mate="$work/root/usr/share/backgrounds/mate/nature"
lomiri="$work/root/usr/share/backgrounds"

out=Resources/Samples
rm -rf "$out"
mkdir -p "$out/LICENSES"
cp /usr/share/common-licenses/GPL-2 "$out/LICENSES/GPL-2"

credits="$out/CREDITS"
cat > "$credits" <<'EOF'
Flick's sample photos

Every photo here is a reworked copy of a photograph that Debian distributes under a free
licence; scripts/make-samples.sh makes them from Debian's packages and writes this file.
The changes to each: scaled down to at most 1600 pixels on the long side and saved again
as JPEG (quality 85), some cropped (as said), some stored turned with the EXIF orientation
tag that turns them back, and a new EXIF thumbnail; the camera's own EXIF data is kept.
The originals are in the named Debian packages (source: their Debian source packages).

GPL-2+: GNU General Public License, version 2 or (at your option) any later version; the
text is in LICENSES/GPL-2.
CC-BY-SA-3.0: Creative Commons Attribution-ShareAlike 3.0 Unported,
https://creativecommons.org/licenses/by-sa/3.0/ — these copies are shared under the same
licence.

EOF

# sample SOURCE OUTPUT CREDIT [--crop WxH+X+Y] [--stored-turned ORIENTATION]
# CREDIT is "package|original file|copyright|licence".
sample() {
  local source=$1 output=$2 credit=$3; shift 3
  local crop="" orientation=""
  while [ $# -gt 0 ]; do
    case $1 in
      --crop) crop=$2; shift 2 ;;
      --stored-turned) orientation=$2; shift 2 ;;
      *) echo "sample: unknown option $1" >&2; exit 1 ;;
    esac
  done
  local file="$out/$output" notes=""
  mkdir -p "$(dirname "$file")"
  local geometry=()
  [ -n "$crop" ] && { geometry=(-crop "$crop" +repage); notes="cropped to $crop of the original; "; }
  "$IM" "$source" -auto-orient "${geometry[@]}" -resize '1600x1600>' -strip -sampling-factor 2x2 -quality 85 "$file"
  # Stored turned: the pixels go the other way round, the tag says how to turn them back.
  case $orientation in
    "") ;;
    3) "$IM" "$file" -rotate 180 -quality 85 "$file"; notes+="stored upside down with EXIF orientation 3; " ;;
    6) "$IM" "$file" -rotate 270 -quality 85 "$file"; notes+="stored turned a quarter left with EXIF orientation 6; " ;;
    8) "$IM" "$file" -rotate 90 -quality 85 "$file"; notes+="stored turned a quarter right with EXIF orientation 8; " ;;
    *) echo "sample: orientation $orientation is not one of 3, 6, 8" >&2; exit 1 ;;
  esac
  local size; size=$("$IM" "$file" -format '%wx%h' info:)
  "$IM" "$file" -thumbnail 160x160 -strip -quality 75 "$work/thumb.jpg"
  exiftool -q -q -overwrite_original -TagsFromFile "$source" -EXIF:all "-ThumbnailImage<=$work/thumb.jpg" \
    -ExifImageWidth="${size%x*}" -ExifImageHeight="${size#*x}" -Orientation#="${orientation:-1}" "$file"
  IFS='|' read -r package original copyright licence <<<"$credit"
  printf '%s\n  from %s, %s\n  %s; %s\n  %s%s pixels\n\n' "${file#"$out"/}" "$package" "$original" "$copyright" "$licence" "$notes" "$size" >> "$credits"
}

mate_credit() { # FILE COPYRIGHT
  echo "mate-backgrounds 1.26.0-1|/usr/share/backgrounds/mate/nature/$1|Copyright $2|GPL-2+"
}

# The folder itself: landscapes and a bird.
sample "$mate/Dune.jpg" "Dune.jpg" "$(mate_credit Dune.jpg '2007 Marco Cogoni, 2008 Hylke Bons')"
sample "$mate/Dune.jpg" "Dune grass.jpg" "$(mate_credit Dune.jpg '2007 Marco Cogoni, 2008 Hylke Bons')" \
  --crop 700x1050+560+0 --stored-turned 8
sample "$mate/Storm.jpg" "Storm.jpg" "$(mate_credit Storm.jpg '2008 Sergey Nazarov')" --stored-turned 3
sample "$mate/Aqua.jpg" "Water drop.jpg" "$(mate_credit Aqua.jpg '2008 Charles Barbin')"
sample "$mate/Wood.jpg" "Wood.jpg" "$(mate_credit Wood.jpg '2008 Jean-François Fortin Tam')"
sample "$lomiri/Kleiber_by_Lukas_Baubkus.jpg" "Nuthatch.jpg" \
  "lomiri-wallpapers-20.04 20.04.0-2|/usr/share/backgrounds/Kleiber_by_Lukas_Baubkus.jpg|Copyright 2021 Lukas Baubkus|CC-BY-SA-3.0"
sample "$lomiri/Kleiber_by_Lukas_Baubkus.jpg" "Nuthatch on the trunk.jpg" \
  "lomiri-wallpapers-20.04 20.04.0-2|/usr/share/backgrounds/Kleiber_by_Lukas_Baubkus.jpg|Copyright 2021 Lukas Baubkus|CC-BY-SA-3.0" \
  --crop 2000x3000+2100+391 --stored-turned 6
sample "$lomiri/Kleiber_by_Lukas_Baubkus.jpg" "Nuthatch, close.jpg" \
  "lomiri-wallpapers-20.04 20.04.0-2|/usr/share/backgrounds/Kleiber_by_Lukas_Baubkus.jpg|Copyright 2021 Lukas Baubkus|CC-BY-SA-3.0" \
  --crop 1400x1400+2300+800
sample "$mate/Aqua.jpg" "Water drop, close.jpg" "$(mate_credit Aqua.jpg '2008 Charles Barbin')" --crop 1100x1100+1200+450
sample "$mate/Storm.jpg" "Road in the storm.jpg" "$(mate_credit Storm.jpg '2008 Sergey Nazarov')" --crop 1920x700+0+580
sample "$mate/Wood.jpg" "Wood grain.jpg" "$(mate_credit Wood.jpg '2008 Jean-François Fortin Tam')" --crop 1200x1800+700+60
sample "$mate/Dune.jpg" "Dune, panorama.jpg" "$(mate_credit Dune.jpg '2007 Marco Cogoni, 2008 Hylke Bons')" --crop 1680x560+0+300

# Two albums.
sample "$mate/FreshFlower.jpg" "Flowers/Fresh flower.jpg" "$(mate_credit FreshFlower.jpg '2005 Jens Ansorg')"
sample "$mate/YellowFlower.jpg" "Flowers/Yellow flower.jpg" "$(mate_credit YellowFlower.jpg '2008 Charles Barbin')"
sample "$mate/Garden.jpg" "Flowers/Garden.jpg" "$(mate_credit Garden.jpg '2008 Charles Barbin')"
sample "$mate/TwoWings.jpg" "Flowers/Two wings.jpg" "$(mate_credit TwoWings.jpg '2008 Charles Barbin, 2008 Hylke Bons')"
sample "$mate/LadyBird.jpg" "Flowers/Ladybird.jpg" "$(mate_credit LadyBird.jpg '2008 Charles Barbin')"
sample "$mate/LadyBird.jpg" "Flowers/Forget-me-nots.jpg" "$(mate_credit LadyBird.jpg '2008 Charles Barbin')" --crop 1000x1500+0+0
sample "$mate/Blinds.jpg" "Leaves/Blinds.jpg" "$(mate_credit Blinds.jpg '2008 Lennart Poettering, 2008 Andrea Cimitan')"
sample "$mate/GreenMeadow.jpg" "Leaves/Green meadow.jpg" "$(mate_credit GreenMeadow.jpg '2005 Timothy Schellhase, 2008 Lapo Calamandrei')"
sample "$mate/RainDrops.jpg" "Leaves/Rain drops.jpg" "$(mate_credit RainDrops.jpg '2008 blackcombwhistler07')"

bash scripts/make-sample-videos.sh
du -sh "$out"
