#!/usr/bin/env bash
# Generates Flick's bundled sample photos (Resources/Samples) with ImageMagick, so the
# project owns them: 30 images, landscape and portrait, varied sizes, a few carrying EXIF
# orientation tags (their pixels stored turned, as cameras do), one PNG with transparency;
# and two albums in subfolders.
# Deterministic: fixed seeds. Run again after changing it and commit the result.
set -euo pipefail
cd "$(dirname "$0")/.."
IM=${IM:-convert-im6.q16}
command -v "$IM" >/dev/null || { echo "needs ImageMagick ($IM): apt-get install imagemagick" >&2; exit 1; }
out=Resources/Samples
rm -rf "$out"
mkdir -p "$out"

palettes=(
  "#f6d365-#fda085" "#84fab0-#8fd3f4" "#a1c4fd-#c2e9fb" "#fbc2eb-#a6c1ee" "#ffecd2-#fcb69f"
  "#ff9a9e-#fecfef" "#a18cd1-#fbc2eb" "#fad0c4-#ffd1ff" "#89f7fe-#66a6ff" "#fddb92-#d1fdff"
  "#9890e3-#b1f4cf" "#ebc0fd-#d9ded8" "#96fbc4-#f9f586" "#2af598-#009efd" "#cd9cf2-#f6f3ff"
)
sizes=(960x640 640x960 800x800 1024x576 720x1080 1200x800)

set_orientation() { python3 scripts/write-exif.py "$1" --orientation "$2"; }

# A scene: a sky gradient, soft plasma "land", a sun, and the photo's number.
scene() { # index size palette file
  local i=$1 size=$2 palette=$3 file=$4
  local w=${size%x*} h=${size#*x}
  "$IM" -size "$size" "gradient:${palette%-*}-${palette#*-}" \
    \( -size "${w}x$((h / 2))" -seed "$i" plasma:"#2e5a3a-#9bbf6a" -blur 0x6 \) -gravity south -composite \
    -fill "rgba(255,250,220,0.85)" -draw "circle $((w * (i % 5 + 1) / 7)),$((h / 4)) $((w * (i % 5 + 1) / 7 + h / 14)),$((h / 4))" \
    -gravity northwest -fill white -stroke "rgba(0,0,0,0.35)" -strokewidth 2 -pointsize $((h / 9)) \
    -font DejaVu-Sans-Bold -annotate +24+12 "$(printf '%02d' "$i")" \
    -quality 82 "$file"
}

for i in $(seq 1 29); do
  size=${sizes[$(( (i - 1) % ${#sizes[@]} ))]}
  palette=${palettes[$(( (i - 1) % ${#palettes[@]} ))]}
  file="$out/IMG_$i.jpg"
  case $i in
    7)  # Stored turned a quarter to the left; EXIF orientation 6 (RightTop) turns it back.
        scene "$i" "$size" "$palette" "$file"; "$IM" "$file" -rotate 270 -quality 82 "$file"; set_orientation "$file" 6 ;;
    14) # Stored upside down; EXIF orientation 3 (BottomRight).
        scene "$i" "$size" "$palette" "$file"; "$IM" "$file" -rotate 180 -quality 82 "$file"; set_orientation "$file" 3 ;;
    21) # Stored turned a quarter to the right; EXIF orientation 8 (LeftBottom).
        scene "$i" "$size" "$palette" "$file"; "$IM" "$file" -rotate 90 -quality 82 "$file"; set_orientation "$file" 8 ;;
    *)  scene "$i" "$size" "$palette" "$file" ;;
  esac
done

# A PNG with transparency: a badge on a clear background.
"$IM" -size 640x640 xc:none -fill "#ff7f50" -draw "circle 320,320 320,40" \
  -fill "rgba(255,255,255,0.6)" -draw "circle 320,320 320,180" \
  -gravity center -fill "#3a2a1a" -pointsize 96 -font DejaVu-Sans-Bold -annotate +0+0 "30" "$out/IMG_30.png"

# Two albums inside the folder, so the album strip has something to show. Their photos
# carry an EXIF thumbnail, as a camera's do.
album() { # name first last palette
  local name=$1 first=$2 last=$3 palette=$4
  mkdir -p "$out/$name"
  for i in $(seq "$first" "$last"); do
    local file="$out/$name/IMG_$i.jpg"
    scene "$i" "${sizes[$(( i % ${#sizes[@]} ))]}" "$palette" "$file"
    "$IM" "$file" -thumbnail 160x160 -quality 75 "$out/thumb.jpg"
    python3 scripts/write-exif.py "$file" --thumbnail "$out/thumb.jpg"
  done
  rm -f "$out/thumb.jpg"
}
album Harbour 31 36 "#2b5876-#4e4376"
album Snow 37 40 "#e6e9f0-#eef1f5"

du -sh "$out"
