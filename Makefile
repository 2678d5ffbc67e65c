# Flick's entry points. `make test` is what CI runs (through .ci/run).
SWIFT ?= swift
# The folder `make run` opens; the bundled samples unless given (make run PHOTOS=~/Pictures).
PHOTOS ?= Resources/Samples

.PHONY: deps build test run bench samples man

# Debian packages Flick builds, runs and tests with. Installed with apt-get when run as
# root; otherwise the exact command is printed. dbus-x11 lets libdbus start a session bus
# where none runs, as on many bare desktops; the end-to-end tests launch Flick that way.
# trash-cli and exiftool are the independent implementations (of the Trash spec, of EXIF)
# the tests check Flick against; desktop-file-utils and appstream validate packaging/.
SYSTEM_PACKAGES := libsdl2-dev libsdl2-image-dev libsdl2-ttf-dev libturbojpeg0-dev libexif-dev libpng-dev libglib2.0-dev libx11-dev libfontconfig-dev libxtst-dev \
	fonts-dejavu-core xvfb xdotool imagemagick x11-utils dbus-x11 trash-cli libimage-exiftool-perl \
	desktop-file-utils appstream

deps:
	@missing=""; \
	for p in $(SYSTEM_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "Installing:$$missing"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing; \
	  else \
	    echo "Flick needs these Debian packages. Run:"; \
	    echo "  sudo apt-get install -y$$missing"; \
	    exit 1; \
	  fi; \
	fi

build: deps
	$(SWIFT) build -c release --product flick

# Every test: unit, headless pixel tests (software renderer, no X server), and end-to-end
# tests of the real binary, each in its own Xvfb, all in parallel. The end-to-end tests
# flick photos by real pointer speed; the X server spaces and stamps those events and Flick
# reads the server's times, so a loaded machine that reads them late still sees a flick.
test: deps
	$(SWIFT) build --build-tests
	SDL_VIDEODRIVER=offscreen $(SWIFT) test --disable-xctest

run: build
	.build/release/flick "$(PHOTOS)"

# Benchmarks print figures; they are never part of `make test`. vipsthumbnail is the
# yardstick for thumbnail speed.
bench: deps
	@command -v vipsthumbnail >/dev/null || { [ "$$(id -u)" = 0 ] && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libvips-tools; } || true
	$(SWIFT) build -c release --product flick
	$(SWIFT) build -c release --product flick-bench
	bash scripts/bench.sh

samples:
	bash scripts/make-samples.sh

# The man page, generated from the command line's own definitions by swift-argument-parser's
# manual generator (a release build), dated with this release; the tests check that the
# committed page still says what `flick` accepts.
RELEASE_DATE := 2026-11-22
man: deps
	$(SWIFT) package generate-manual --date $(RELEASE_DATE)
	cp .build/plugins/GenerateManual/outputs/flick/flick.1 packaging/flick.1
