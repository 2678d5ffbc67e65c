# SPDX-License-Identifier: GPL-3.0-or-later
# Flick's entry points. `make test` is what CI runs (through .ci/run).
SWIFT ?= swift
# The folder `make run` opens; the bundled samples unless given (make run PHOTOS=~/Pictures).
PHOTOS ?= Resources/Samples

.PHONY: deps build test run bench samples man screenshots install uninstall deb

# Debian packages Flick builds, runs and tests with. Installed with apt-get when run as
# root; otherwise the exact command is printed. dbus-x11 lets libdbus start a session bus
# where none runs, as on many bare desktops; the end-to-end tests launch Flick that way.
# fonts-droid-fallback has the Chinese and Japanese glyphs DejaVu lacks (7 MB) and
# fonts-noto-color-emoji the emoji (10 MB); text falls back to them through fontconfig.
# webp's img2webp assembles the animated WebP fixtures; heif-enc (libheif-examples) and
# avifenc (libavif-bin) make the HEIC and AVIF ones, cjxl (libjxl-tools) the JPEG XL ones;
# heif-convert, djxl, rsvg-convert (librsvg2-bin) and LibRaw's dcraw_emu and simple_dcraw
# (libraw-bin) decode them independently, for the tests to compare pixels with;
# colord-data's and libgs-common's ICC profiles are the colour spaces they are put in. trash-cli
# and exiftool are the independent implementations (of the Trash spec, of EXIF)
# the tests check Flick against; desktop-file-utils, appstream and lintian validate
# packaging/ and the .deb.
SYSTEM_PACKAGES := libsdl2-dev libsdl2-image-dev libsdl2-ttf-dev libturbojpeg0-dev libexif-dev libpng-dev libgif-dev libwebp-dev libglib2.0-dev libheif-dev libjxl-dev librsvg2-dev libraw-dev libtiff-dev liblcms2-dev libexempi-dev libx11-dev libfontconfig-dev libxtst-dev webp libheif-examples libavif-bin libjxl-tools librsvg2-bin libraw-bin colord-data libgs-common \
	fonts-dejavu-core fonts-droid-fallback fonts-noto-color-emoji xvfb x11-xkb-utils xdotool imagemagick x11-utils dbus-x11 trash-cli libimage-exiftool-perl \
	desktop-file-utils appstream lintian

deps:
	@bash scripts/install-packages.sh $(SYSTEM_PACKAGES)

# The Swift runtime is linked in (--static-swift-stdlib), so the binary runs where no Swift
# toolchain is installed; it needs only the Debian libraries of SYSTEM_PACKAGES' -dev names.
build: deps
	$(SWIFT) build -c release --product flick --static-swift-stdlib

# Every test: unit, headless pixel tests (software renderer, no X server), and end-to-end
# tests of the real binary, each in its own Xvfb, all in parallel. The release build is for
# the tests of `make install` and `make deb`; the man page is generated fresh for the test
# that compares it with the committed one. The end-to-end tests
# flick photos by real pointer speed; the X server spaces and stamps those events and Flick
# reads the server's times, so a loaded machine that reads them late still sees a flick.
# The folders tests make go under one scratch directory (TMPDIR), emptied before each run,
# so a run leaves nothing in /tmp (runs had left thousands there).
TEST_TMP := $(CURDIR)/.build/test-tmp
test: build
	$(SWIFT) build --build-tests
	$(SWIFT) package generate-manual --configuration debug --date $(RELEASE_DATE) >/dev/null
	rm -rf $(TEST_TMP) 2>/dev/null || true
	mkdir -p $(TEST_TMP)
	SDL_VIDEODRIVER=offscreen TMPDIR=$(TEST_TMP) $(SWIFT) test --disable-xctest

run: build
	.build/release/flick "$(PHOTOS)"

# Benchmarks print figures; they are never part of `make test`. The peers they measure Flick
# beside: vipsthumbnail (thumbnails), feh and nsxiv (first photo, paging, memory), eog with
# heif-gdk-pixbuf (a HEIC); xset sets and reads the key repeat the held-key run relies on.
BENCH_PACKAGES := libvips-tools feh nsxiv x11-xserver-utils eog heif-gdk-pixbuf

bench: deps
	@bash scripts/install-packages.sh --optional "The benchmarks compare Flick with these; without them their lines are skipped:" $(BENCH_PACKAGES)
	$(SWIFT) build -c release --product flick --static-swift-stdlib
	$(SWIFT) build -c release --product flick-bench --static-swift-stdlib
	bash scripts/bench.sh

samples:
	bash scripts/make-samples.sh

# The man page, generated from the command line's own definitions by swift-argument-parser's
# manual generator (a release build), dated with this release; the tests check that the
# committed page still says what `flick` accepts.
RELEASE_DATE := 2026-11-22
man: deps
	$(SWIFT) package generate-manual --configuration debug --date $(RELEASE_DATE)
	cp .build/plugins/GenerateManual/outputs/flick/flick.1 packaging/flick.1

# The AppStream screenshots: Flick's windows on the bundled samples, taken by the end-to-end
# test that, in `make test`, checks the committed ones still show the same.
screenshots: deps
	FLICK_SCREENSHOTS="$(CURDIR)/packaging/screenshots" SDL_VIDEODRIVER=offscreen $(SWIFT) test --disable-xctest --filter AppStreamScreenshotTests

# Installing: the binary, the desktop entry, the AppStream metadata, the icons and the man
# page in their XDG places under PREFIX (DESTDIR staged). `make uninstall` removes exactly
# the files `make install` writes (INSTALLED_FILES); the folders are the system's, shared.
PREFIX ?= /usr/local
BINDIR := $(PREFIX)/bin
DATADIR := $(PREFIX)/share
APP_ID := io.github.flick.Flick
ICON_SIZES := 16 24 32 48 64 128 256 512
INSTALLED_FILES := $(BINDIR)/flick \
	$(DATADIR)/applications/$(APP_ID).desktop \
	$(DATADIR)/metainfo/$(APP_ID).metainfo.xml \
	$(DATADIR)/icons/hicolor/scalable/apps/$(APP_ID).svg \
	$(foreach size,$(ICON_SIZES),$(DATADIR)/icons/hicolor/$(size)x$(size)/apps/$(APP_ID).png) \
	$(DATADIR)/man/man1/flick.1.gz \
	$(DATADIR)/licenses/flick/COPYING

install: build
	install -D -m 0755 -s .build/release/flick "$(DESTDIR)$(BINDIR)/flick"
	install -D -m 0644 packaging/$(APP_ID).desktop "$(DESTDIR)$(DATADIR)/applications/$(APP_ID).desktop"
	install -D -m 0644 packaging/$(APP_ID).metainfo.xml "$(DESTDIR)$(DATADIR)/metainfo/$(APP_ID).metainfo.xml"
	install -D -m 0644 packaging/icons/$(APP_ID).svg "$(DESTDIR)$(DATADIR)/icons/hicolor/scalable/apps/$(APP_ID).svg"
	for size in $(ICON_SIZES); do \
	  install -D -m 0644 packaging/icons/$(APP_ID)-$$size.png "$(DESTDIR)$(DATADIR)/icons/hicolor/$${size}x$$size/apps/$(APP_ID).png" || exit 1; \
	done
	install -d -m 0755 "$(DESTDIR)$(DATADIR)/man/man1"
	gzip -9n -c packaging/flick.1 > "$(DESTDIR)$(DATADIR)/man/man1/flick.1.gz"
	chmod 0644 "$(DESTDIR)$(DATADIR)/man/man1/flick.1.gz"
	install -D -m 0644 COPYING "$(DESTDIR)$(DATADIR)/licenses/flick/COPYING"
	@$(MAKE) --no-print-directory refresh-desktop-caches

uninstall:
	rm -f $(foreach file,$(INSTALLED_FILES),"$(DESTDIR)$(file)")
	@$(MAKE) --no-print-directory refresh-desktop-caches

# Into a live system (no DESTDIR), the desktop's caches learn of the entry and the icons;
# a staged install leaves that to the package's triggers.
.PHONY: refresh-desktop-caches
refresh-desktop-caches:
	@if [ -z "$(DESTDIR)" ]; then \
	  command -v update-desktop-database >/dev/null && update-desktop-database -q "$(DATADIR)/applications" 2>/dev/null; \
	  command -v gtk-update-icon-cache >/dev/null && gtk-update-icon-cache -q -t -f "$(DATADIR)/icons/hicolor" 2>/dev/null; \
	fi; true

# flick_<version>_<arch>.deb in DEB_DIR, from `make install DESTDIR=… PREFIX=/usr`, with
# Depends computed by dpkg-shlibdeps (scripts/make-deb.sh). The tests run `make -o build
# install` and `make -o build deb` on the binary `make test` built: SwiftPM is busy then.
DEB_DIR ?= .build/deb
deb: build
	rm -rf "$(DEB_DIR)/root"
	$(MAKE) --no-print-directory -o build install DESTDIR="$(abspath $(DEB_DIR))/root" PREFIX=/usr
	bash scripts/make-deb.sh "$(DEB_DIR)/root" "$(DEB_DIR)" "$$(.build/release/flick --version)"
