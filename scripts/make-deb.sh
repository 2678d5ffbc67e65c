#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Turns a staged install (`make install DESTDIR=ROOT PREFIX=/usr`) into flick_VERSION_ARCH.deb
# in OUT: the control file with Depends from dpkg-shlibdeps, the copyright and changelog
# from packaging/debian. Called by `make deb`.
set -euo pipefail
root=$(realpath "$1") out=$(realpath -m "$2") version=$3
cd "$(dirname "$0")/.."
[ -x "$root/usr/bin/flick" ] || { echo "make-deb: no $root/usr/bin/flick; run make install DESTDIR=$root PREFIX=/usr" >&2; exit 1; }
arch=$(dpkg --print-architecture)

# Debian names the licence in the copyright file and keeps its text in common-licenses:
# the copy `make install` puts beside the program for other systems is left out.
rm -rf "$root/usr/share/licenses"
doc="$root/usr/share/doc/flick"
install -D -m 0644 packaging/debian/copyright "$doc/copyright"
gzip -9n -c packaging/debian/changelog > "$doc/changelog.gz"
chmod 0644 "$doc/changelog.gz"

# dpkg-shlibdeps reads debian/control from where it runs; it needs only the package's name.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/debian"
printf 'Source: flick\n\nPackage: flick\nArchitecture: any\n' > "$work/debian/control"
# The libraries Flick loads when it first needs them (Sources/CDeferredLibraries: codecs,
# SDL_image, exempi, GIO, SDL2, SDL_ttf, fontconfig) are not in its ELF header: a stub
# linked to the same ones tells dpkg-shlibdeps their packages.
printf 'int main(void) { return 0; }\n' > "$work/codecs.c"
compiler=$(command -v cc || command -v clang) || { echo "make-deb: no C compiler (cc or clang)" >&2; exit 1; }
"$compiler" -o "$work/codecs" "$work/codecs.c" -Wl,--no-as-needed -lheif -ljxl -lrsvg-2 -lcairo -lraw -lSDL2_image -lexempi -lgio-2.0 -lgobject-2.0 -lSDL2 -lSDL2_ttf -lfontconfig
if ! substvars=$(cd "$work" && dpkg-shlibdeps -O -e"$root/usr/bin/flick" -e"$work/codecs" 2>"$work/warnings"); then
  cat "$work/warnings" >&2; echo "make-deb: dpkg-shlibdeps failed" >&2; exit 1
fi
depends=$(sed -n 's/^shlibs:Depends=//p' <<<"$substvars")
[ -n "$depends" ] || { echo "make-deb: dpkg-shlibdeps found no dependencies" >&2; exit 1; }

installed_size=$(du -sk --exclude=DEBIAN "$root" | cut -f1)
mkdir -p "$root/DEBIAN"
cat > "$root/DEBIAN/control" <<CONTROL
Package: flick
Version: $version
Architecture: $arch
Maintainer: The Flick developers <developers@flick.example.org>
Installed-Size: $installed_size
Depends: $depends
Recommends: fonts-dejavu-core, fonts-droid-fallback, fonts-noto-color-emoji
Section: graphics
Priority: optional
Homepage: https://github.com/flick/flick
Description: photo browser for the mouse
 Flick opens a folder of photos and lets you handle them as on a phone: a grid
 that zooms into a full-screen pager, a pile to flick through, a deck of cards
 to throw and turn over for their facts, and a culling pager that throws the
 bad shots up into the desktop Trash, with undo.
 .
 Photos are decoded in isolated helper processes, thumbnails are shared with
 file managers through the freedesktop.org cache, and nothing is ever deleted
 for good.
CONTROL
(cd "$root" && find usr -type f -printf '%P\0' | sort -z | sed -z 's|^|usr/|' | xargs -0 md5sum) > "$root/DEBIAN/md5sums"
chmod 0644 "$root/DEBIAN/md5sums" "$root/DEBIAN/control"
# Files as root owns them, whoever builds.
find "$root" -type d -exec chmod 0755 {} +
mkdir -p "$out"
deb="$out/flick_${version}_${arch}.deb"
dpkg-deb --root-owner-group -Zxz --build "$root" "$deb" >/dev/null
echo "$deb"
