#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Makes the odd and hostile files PhotoLibrary's tests read, in folder $1 (created).
# Needs ImageMagick, python3 and exiftool. The tests run it; nothing it makes is committed.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out=${1:?usage: make-fixtures.sh FOLDER}
IM=${IM:-convert-im6.q16}
mkdir -p "$out/photos" "$out/odd"
cd "$out"

# The upright picture every orientation fixture must decode to: 60×40, red top-left,
# green top-right, blue bottom-left, white bottom-right.
"$IM" -size 30x20 xc:red -size 30x20 xc:lime +append \( -size 30x20 xc:blue -size 30x20 xc:white +append \) -append upright.png
# Stored so that applying EXIF orientation N shows the upright picture.
stored=("" "" "-flop" "-rotate 180" "-flip" "-transpose" "-rotate 270" "-transverse" "-rotate 90")
for n in 1 2 3 4 5 6 7 8; do
  # shellcheck disable=SC2086
  "$IM" upright.png ${stored[$n]} -quality 98 -sampling-factor 1x1 "photos/orient-$n.jpg"
  python3 "$here/write-exif.py" "photos/orient-$n.jpg" --orientation "$n"
  # The same in a PNG (eXIf chunk) and a lossless WebP (EXIF chunk), written by exiftool.
  # shellcheck disable=SC2086
  "$IM" upright.png ${stored[$n]} "photos/orient-$n.png"
  # shellcheck disable=SC2086
  "$IM" upright.png ${stored[$n]} -define webp:lossless=true "photos/orient-$n.webp"
  exiftool -q -q -overwrite_original -Orientation#="$n" "photos/orient-$n.png" "photos/orient-$n.webp"
done

# The upright picture in formats SDL_image decodes (BMP, TIFF), and a TIFF with
# transparency: in a folder of their own, so the listing tests' folder stays as it is.
mkdir -p formats
"$IM" upright.png -type TrueColor BMP3:formats/upright.bmp
"$IM" upright.png -type TrueColor formats/upright.tif
"$IM" -size 32x32 xc:none -fill red -draw "circle 16,16 16,4" -type TrueColorAlpha formats/alpha.tif
# TIFF as scanners and editors write it: 16 bits a sample, CMYK, in tiles, and stored
# turned for each orientation tag (set by exiftool); a copy cut before its directory;
# and those no ordinary writer makes (Tests/Fixtures/make-tiffs.py): cut inside its data, a
# pixel bomb, a page of 65,536 absent tiles.
"$IM" upright.png -type TrueColor -depth 16 formats/deep.tif
"$IM" upright.png -colorspace CMYK formats/cmyk.tif
"$IM" upright.png -type TrueColor -define tiff:tile-geometry=16x16 formats/tiled.tif
for n in 1 2 3 4 5 6 7 8; do
  # shellcheck disable=SC2086
  "$IM" upright.png ${stored[$n]} -type TrueColor "formats/orient-$n.tif"
  exiftool -q -q -overwrite_original -Orientation#="$n" "formats/orient-$n.tif"
done
head -c 200 formats/upright.tif > formats/cut-directory.tif
# BigTIFF (64-bit offsets), as libtiff writes it for files past 4 GB.
"$IM" upright.png -type TrueColor TIFF64:formats/big.tif
python3 "$here/make-tiffs.py" formats
# HEIC and AVIF of the upright picture (libheif's and libavif's own encoders, near
# lossless); an AVIF stored turned a quarter clockwise whose irot box (a quarter
# anticlockwise) stands it upright; a HEIC cut short inside its data.
# (From 24-bit RGB: heif-enc 1.15 misreads a palette PNG, as ImageMagick writes these.)
"$IM" upright.png -type TrueColor PNG24:upright-rgb.png
heif-enc -q 100 -o formats/upright.heic upright-rgb.png >/dev/null
avifenc --min 0 --max 8 -s 8 upright.png formats/upright.avif >/dev/null
"$IM" upright.png -rotate 90 turned.png
avifenc --min 0 --max 8 -s 8 --irot 1 turned.png formats/irot-1.avif >/dev/null
head -c 400 formats/upright.heic > formats/truncated.heic
# A phone's HEIC with EXIF facts, carried over by heif-enc from a JPEG that has them.
"$IM" upright-rgb.png -quality 95 camera.jpg
exiftool -q -q -overwrite_original -Make=Apple "-Model=iPhone 15" "-DateTimeOriginal=2025:07:12 18:30:05" \
  -ExposureTime=1/120 -FNumber=1.8 -ISO=64 -FocalLength=6.9 camera.jpg
heif-enc -q 90 -o formats/camera.heic camera.jpg >/dev/null
# A HEIC carrying its own 32-pixel thumbnail, as phones store one.
heif-enc -q 90 -t 32 -o formats/thumbnailed.heic upright-rgb.png >/dev/null
# JPEG XL: the upright picture losslessly (a bare codestream), one with transparency, and
# one cut short.
cjxl -d 0 upright-rgb.png formats/upright.jxl >/dev/null 2>&1
"$IM" -size 32x32 xc:none -fill red -draw "circle 16,16 16,4" PNG32:alpha-circle.png
cjxl -d 0 alpha-circle.png formats/alpha.jxl >/dev/null 2>&1
head -c 20 formats/upright.jxl > formats/truncated.jxl
# SVG: the upright picture drawn (60×40, behind an XML declaration and a comment); the
# same with only a viewBox; one that refers to a file beside it (red) over a white ground,
# which must not be read; and one whose entities expand a billion-fold.
cat > formats/upright.svg <<'SVG'
<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<!-- The fixtures' upright picture: red, green / blue, white. -->
<svg xmlns="http://www.w3.org/2000/svg" width="60" height="40">
  <rect x="0" y="0" width="30" height="20" fill="#ff0000"/><rect x="30" y="0" width="30" height="20" fill="#00ff00"/>
  <rect x="0" y="20" width="30" height="20" fill="#0000ff"/><rect x="30" y="20" width="30" height="20" fill="#ffffff"/>
</svg>
SVG
sed 's/width="60" height="40"/viewBox="0 0 60 40"/' formats/upright.svg > formats/viewbox.svg
gzip -9 -c formats/upright.svg > formats/upright.svgz
"$IM" -size 60x40 xc:red "$out/formats-red.png"
cat > formats/external.svg <<SVG
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="60" height="40">
  <rect width="60" height="40" fill="#ffffff"/>
  <image x="0" y="0" width="60" height="40" xlink:href="file://$out/formats-red.png"/>
  <image x="0" y="0" width="60" height="40" href="$out/formats-red.png"/>
</svg>
SVG
python3 - formats/laughs.svg <<'PY'
import sys
entities = '<!ENTITY lol "lol">' + "".join(f'<!ENTITY lol{i} "{("&lol%s;" % ("" if i == 1 else i - 1)) * 10}">' for i in range(1, 10))
open(sys.argv[1], "w").write(f'<?xml version="1.0"?><!DOCTYPE svg [{entities}]>'
                             '<svg xmlns="http://www.w3.org/2000/svg" width="60" height="40"><text y="20">&lol9;</text></svg>')
PY

# A photo-like picture (96×64 of plasma) in each new format, lossy where the format is, for
# comparing Flick's decode pixel by pixel with the format's own tools'.
"$IM" -seed 7 -size 96x64 plasma: -type TrueColor PNG24:rich.png
heif-enc -q 80 -o formats/rich.heic rich.png >/dev/null
avifenc -s 8 rich.png formats/rich.avif >/dev/null
cjxl -d 1 rich.png formats/rich.jxl >/dev/null 2>&1
"$IM" rich.png -depth 16 formats/rich-16.tif
"$IM" rich.png -colorspace CMYK formats/rich-cmyk.tif

# Colour: the photo-like picture converted by ImageMagick (through lcms2) into other colour
# spaces, each profile embedded (colord-data's, Ghostscript's CMYK one), to come back to
# rich.png's colours; the same in Adobe RGB without a profile, saying so in EXIF (the DCF
# way); one with an sRGB profile and its twin without, which must decode alike.
mkdir -p colour
icc=/usr/share/color/icc/colord
"$IM" rich.png -profile "$icc/sRGB.icc" -profile "$icc/AdobeRGB1998.icc" -quality 98 -sampling-factor 1x1 colour/adobe.jpg
"$IM" rich.png -profile "$icc/sRGB.icc" -profile "$icc/ProPhotoRGB.icc" PNG24:colour/prophoto.png
"$IM" rich.png -profile "$icc/sRGB.icc" -profile "$icc/WideGamutRGB.icc" -define webp:lossless=true colour/widegamut.webp
"$IM" rich.png -profile "$icc/sRGB.icc" -profile "$icc/SwappedRedAndGreen.icc" -type TrueColor colour/swapped.tif
"$IM" rich.png -profile "$icc/sRGB.icc" -profile "$icc/AdobeRGB1998.icc" PNG24:adobe.png
heif-enc -L -o colour/adobe.heic adobe.png >/dev/null
avifenc -l adobe.png colour/adobe.avif >/dev/null
"$IM" rich.png -profile "$icc/sRGB.icc" -profile "$icc/AdobeRGB1998.icc" -strip -quality 98 -sampling-factor 1x1 colour/camera-adobe.jpg
exiftool -q -q -overwrite_original -ColorSpace=Uncalibrated -InteropIndex=R03 colour/camera-adobe.jpg
"$IM" rich.png -profile "$icc/sRGB.icc" -profile /usr/share/color/icc/ghostscript/default_cmyk.icc -quality 98 colour/cmyk.jpg
# A dark, smooth gradient (sRGB, 8 bits) and the same in ProPhoto, at 16 bits a channel
# and cut to 8: converted before the cut, the deep one keeps every step of the original.
"$IM" -size 256x8 gradient:'rgb(10,5,0)-rgb(90,70,40)' -rotate 90 -depth 8 -type TrueColor PNG24:colour/gradient.png
"$IM" colour/gradient.png -depth 16 -profile "$icc/sRGB.icc" -profile "$icc/ProPhotoRGB.icc" PNG48:colour/gradient-prophoto-16.png
"$IM" colour/gradient.png -depth 16 -profile "$icc/sRGB.icc" -profile "$icc/ProPhotoRGB.icc" -depth 8 PNG24:colour/gradient-prophoto-8.png
"$IM" colour/gradient.png -depth 16 -profile "$icc/sRGB.icc" -profile "$icc/ProPhotoRGB.icc" -type TrueColor colour/gradient-prophoto-16.tif
"$IM" colour/gradient.png -depth 16 -profile "$icc/sRGB.icc" -profile "$icc/ProPhotoRGB.icc" -type TrueColor -define tiff:tile-geometry=16x16 colour/gradient-prophoto-16-tiled.tif
"$IM" rich.png -profile "$icc/sRGB.icc" -profile /usr/share/color/icc/ghostscript/default_cmyk.icc colour/cmyk.tif
"$IM" rich.png -strip -quality 98 -sampling-factor 1x1 colour/plain.jpg
cp colour/plain.jpg colour/srgb-profiled.jpg
exiftool -q -q -overwrite_original "-ICC_Profile<=$icc/sRGB.icc" colour/srgb-profiled.jpg
# Display P3 declared by numbers, not a profile: patches whose values are P3's (a strong
# red, green, blue, a skin tone, grey) in an AVIF's nclx box (lossless, RGB; heif-enc 1.15
# writes no nclx box) and a PNG's cICP chunk. The tests know what they are in sRGB.
"$IM" -size 8x8 xc:'rgb(230,40,40)' xc:'rgb(40,200,60)' xc:'rgb(30,60,220)' xc:'rgb(225,170,140)' xc:'rgb(128,128,128)' \
  +append -type TrueColor PNG24:p3-values.png
avifenc -l --cicp 12/13/0 p3-values.png colour/p3.avif >/dev/null
python3 - p3-values.png colour/p3-cicp.png <<'PY'
import struct, sys, zlib
data = open(sys.argv[1], "rb").read()
chunk = b"cICP" + bytes([12, 13, 0, 1])
cicp = struct.pack(">I", 4) + chunk + struct.pack(">I", zlib.crc32(chunk))
# After IHDR (8 bytes of signature, 25 of IHDR), before everything else.
open(sys.argv[2], "wb").write(data[:33] + cicp + data[33:])
PY

# DNGs as cameras lay them out (Tests/Fixtures/make-dng.py): 64×48 of Bayer data (left half red,
# right half blue), with a preview (the upright picture stored turned, orientation 6) or
# without one; a DNG cut inside its data; and one named .dng that holds a plain TIFF's
# signature but no camera data at all.
"$IM" upright-rgb.png -rotate 270 -quality 95 preview-6.jpg
python3 "$here/make-dng.py" formats/preview.dng 64 48 --preview preview-6.jpg --preview-size 40x60 --orientation 6
# The same with a second, smaller preview (yellow, so a test can tell them apart), as
# cameras keep a screen-sized one beside the full-size one.
"$IM" -size 20x30 xc:yellow -quality 95 small-preview.jpg
python3 "$here/make-dng.py" formats/two-previews.dng 64 48 --preview preview-6.jpg --preview-size 40x60 \
  --small-preview small-preview.jpg --small-preview-size 20x30 --orientation 6
python3 "$here/make-dng.py" formats/bare.dng 64 48
head -c 3000 formats/bare.dng > formats/truncated.dng
printf 'II*\0\10\0\0\0\0\0\0\0' > formats/empty.dng
# A DNG declaring 60000×60000 over 64×48 of data.
python3 "$here/make-dng.py" formats/bomb.dng 64 48 --declare 60000x60000

# An AVIF whose 'ispe' box declares 60000×60000 over its 60×40 of data: a pixel bomb.
python3 - formats/upright.avif formats/bomb.avif <<'PY'
import sys
data = bytearray(open(sys.argv[1], "rb").read())
at = data.index(b"ispe") + 8
data[at:at + 8] = (60000).to_bytes(4, "big") * 2
open(sys.argv[2], "wb").write(bytes(data))
PY

# heif-enc stores the picture as a grid (of one tile): one declaring a 65535×65535 canvas,
# in its grid data and in its own 'ispe' (the second; the first is the tile's).
python3 - formats/upright.heic formats/grid-bomb.heic <<'PY'
import sys
data = bytearray(open(sys.argv[1], "rb").read())
grid = data.index(b"idat") + 4
assert data[grid + 1] & 1 == 0, "16-bit grid fields"
data[grid + 4:grid + 8] = (65535).to_bytes(2, "big") * 2
ispe = data.index(b"ispe", data.index(b"ispe") + 4) + 8
data[ispe:ispe + 8] = (65535).to_bytes(4, "big") * 2
open(sys.argv[2], "wb").write(bytes(data))
PY

# Photos carrying a camera's EXIF thumbnail, coloured unlike the photo (grey) so a test
# can tell which it decoded. A 3:2 photo with a letterboxed 4:3 thumbnail (green between
# black bands), and a turned one (stored red left, blue right; orientation 6 shows red
# on top).
"$IM" -size 300x200 xc:gray -quality 90 photos/preview-letterbox.jpg
"$IM" -size 160x106 xc:lime -background black -gravity center -extent 160x120 -quality 90 letterbox-thumb.jpg
python3 "$here/write-exif.py" photos/preview-letterbox.jpg --pixel-size 300x200 --thumbnail letterbox-thumb.jpg
"$IM" -size 300x200 xc:gray -quality 90 photos/preview-turned.jpg
"$IM" -size 80x107 xc:red -size 80x107 xc:blue +append -quality 90 turned-thumb.jpg
python3 "$here/write-exif.py" photos/preview-turned.jpg --orientation 6 --pixel-size 300x200 --thumbnail turned-thumb.jpg

"$IM" -size 64x48 xc:red -colorspace CMYK -quality 95 photos/cmyk.jpg
"$IM" -size 320x240 gradient:yellow-purple -interlace Plane -quality 90 photos/progressive.jpg
"$IM" -size 400x300 plasma: -seed 3 -quality 90 big.jpg
head -c 6000 big.jpg > photos/truncated.jpg
# A JPEG cut inside its header (a copy still arriving), and one whose second half is
# zeros (still being written).
head -c 100 big.jpg > formats/cut-header.jpg
python3 - big.jpg formats/zero-tail.jpg <<'PY'
import sys
data = bytearray(open(sys.argv[1], "rb").read())
data[len(data) // 2:] = bytes(len(data) - len(data) // 2)
open(sys.argv[2], "wb").write(bytes(data))
PY
"$IM" -size 4000x3000 gradient:navy-orange -quality 85 photos/camera-size.jpg
"$IM" -size 32x32 gradient:black-white -depth 16 PNG48:photos/deep.png
"$IM" -size 32x32 xc:none -fill red -draw "circle 16,16 16,4" PNG32:photos/alpha.png
"$IM" -delay 20 -size 24x24 xc:blue xc:yellow -loop 0 photos/animated.gif
"$IM" -size 40x30 xc:teal "photos/with space.jpg"
"$IM" -size 40x30 xc:olive "photos/$(printf 'caf\xe9')-latin1.jpg"
"$IM" -size 40x30 xc:gray photos/IMG_10.jpg
"$IM" -size 40x30 xc:gray photos/IMG_2.jpg

# A tiny JPEG whose header declares 64250×64250: SOF0 height and width patched.
"$IM" -size 16x16 xc:gray photos/huge.jpg
python3 - photos/huge.jpg <<'PY'
import sys
path = sys.argv[1]
data = bytearray(open(path, "rb").read())
at = data.index(b"\xff\xc0")
data[at + 5:at + 9] = (64250).to_bytes(2, "big") * 2
open(path, "wb").write(bytes(data))
PY

# A valid JPEG on which libjpeg only warns: two stray bytes before its quantisation table
# ("Corrupt JPEG data: 2 extraneous bytes before marker 0xdb").
"$IM" -size 64x48 xc:orange -quality 90 photos/stray-marker.jpg
python3 - photos/stray-marker.jpg <<'PY'
import sys
path = sys.argv[1]
data = open(path, "rb").read()
at = data.index(b"\xff\xdb")
open(path, "wb").write(data[:at] + b"\x00\x00" + data[at:])
PY

# Things that are not photos and must be skipped or refused without harm.
: > odd/empty.jpg
echo "not a picture" > odd/text.jpg
echo "notes" > odd/notes.txt
cp photos/IMG_2.jpg odd/.hidden.jpg
mkfifo odd/pipe.jpg
ln -s loop.jpg odd/loop.jpg
mkdir -p odd/folder.jpg
cp photos/IMG_2.jpg odd/unreadable.jpg && chmod 000 odd/unreadable.jpg

# A folder of albums: photos loose at the top, albums nested, an empty folder, a hidden
# one, a link back up (a loop if followed), and one deeper than albums are looked for.
mkdir -p "albums/2024/Trip" "albums/2024/Home" "albums/Set 10" "albums/Set 2" albums/Empty albums/.hidden "albums/a/b/c/d"
cp photos/IMG_2.jpg albums/loose.jpg
cp photos/IMG_2.jpg albums/2024/Trip/one.jpg
cp photos/IMG_10.jpg albums/2024/Trip/two.jpg
cp photos/orient-1.jpg albums/2024/Home/home.jpg
cp photos/IMG_2.jpg "albums/Set 10/x.jpg"
cp photos/IMG_2.jpg "albums/Set 2/x.jpg"
cp photos/IMG_2.jpg albums/.hidden/secret.jpg
cp photos/IMG_2.jpg albums/a/b/c/three-deep.jpg
cp photos/IMG_2.jpg albums/a/b/c/d/four-deep.jpg
echo "notes" > albums/Empty/readme.txt
ln -s .. albums/2024/up

# PNGs crafted to make decoders spin, stall or swell (isolation and limits).
python3 "$here/make-hostile-pngs.py" hostile
# Animated GIFs, APNGs and WebPs with known frames, delays and loop counts (needs img2webp).
python3 "$here/make-animations.py" "$out/animations"

# Videos of the upright picture in each container, and hostile ones.
bash "$here/make-videos.sh" "$out/videos" "$out/upright.png"

# Facts a card's back shows, written with exiftool (an independent EXIF writer): every
# field, a few, none, and odd values (zero rationals, a model past any card's width).
mkdir -p facts
"$IM" -size 300x200 xc:teal -strip -quality 90 facts/none.jpg
cp facts/none.jpg facts/full.jpg
exiftool -q -overwrite_original -Orientation#=6 -Make=Canon "-Model=Canon EOS R6" "-LensModel=RF24-105mm F4 L IS USM" \
  "-DateTimeOriginal=2024:05:01 14:03:22" -ExposureTime=1/250 -FNumber=4 -ISO=200 -FocalLength=35 facts/full.jpg
cp facts/none.jpg facts/some.jpg
exiftool -q -overwrite_original "-Model=PowerShot G7 X" -FNumber=2.8 facts/some.jpg
cp facts/none.jpg facts/odd.jpg
exiftool -q -overwrite_original "-Make=NIKON CORPORATION" "-Model=NIKON D750" "-LensModel=$(printf 'L%.0s' {1..300})" \
  -ExposureTime=0 -FNumber=0 -ISO=0 -FocalLength=0 "-DateTimeOriginal=0000:00:00 00:00:00" facts/odd.jpg
# Lenses a Canon and a Nikon body name only in their maker notes (exiftool reads both).
cp facts/none.jpg facts/canon-makernote.jpg
python3 "$here/make-maker-notes.py" facts/canon-makernote.jpg canon "EF24-70mm f/2.8L II USM"
cp facts/none.jpg facts/nikon-makernote.jpg
python3 "$here/make-maker-notes.py" facts/nikon-makernote.jpg nikon 18 55 3.5 5.6
cp facts/none.jpg facts/nikon-prime.jpg
python3 "$here/make-maker-notes.py" facts/nikon-prime.jpg nikon 50 50 1.8 1.8
# An iPhone's Live Photo still exported as JPEG: its maker note's content identifier (the
# one make-videos.sh gives phone.mov), and one whose identifier is no UUID.
cp facts/none.jpg facts/iphone-live.jpg
python3 "$here/make-maker-notes.py" facts/iphone-live.jpg apple 5C1B0E2A-7A1E-4C3B-9E55-0D2F8E7B6A41
cp facts/none.jpg facts/iphone-odd-identifier.jpg
python3 "$here/make-maker-notes.py" facts/iphone-odd-identifier.jpg apple "$(printf 'X%.0s' {1..80})"
"$IM" -size 50x70 xc:orange facts/plain.png
# A WebP of a photo's weight: its EXIF chunk comes after 400 KB of image data, as the
# WebP container puts it.
"$IM" -size 900x600 xc:gray +noise Random -quality 95 facts/large.webp
exiftool -q -overwrite_original -Orientation#=6 -Make=Canon "-Model=Canon EOS R6" "-DateTimeOriginal=2024:05:01 14:03:22" facts/large.webp
