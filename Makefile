# The two commands of the README: `make run` and `make test`. Both install what is missing first.
SWIFT ?= swift
SCENE ?=
# Where `make install` puts kiln (DESTDIR stages it elsewhere, as packagers do).
PREFIX ?= /usr/local
DESTDIR ?=
# The version is written once, in the source.
VERSION := $(shell sed -n 's/.*static let number = "\([^"]*\)".*/\1/p' Sources/kiln/Version.swift)
ARCH := $(shell dpkg --print-architecture 2>/dev/null || echo amd64)
DEB := kiln_$(VERSION)_$(ARCH).deb
# The man pages carry the date of the last commit, so that the same source gives the same pages.
MAN_DATE := $(shell git log -1 --format=%cs 2>/dev/null || date +%F)
MAN_CONFIGURATION ?= release
MAN_PAGES := .build/plugins/GenerateManual/outputs/kiln
STATIC_BUILD := .build-static

.PHONY: run test build release bootstrap bench-particles demos clean man install uninstall deb test-install test-deb test-sanitize

bootstrap:
	@scripts/bootstrap

build: bootstrap
	$(SWIFT) build

release: bootstrap
	$(SWIFT) build -c release

run: release
	.build/release/kiln $(SCENE)

# The end-to-end tests drive the kiln binary, so it is built before the tests run. They run
# on their own after the rest: a real window under Xvfb wants the machine's attention.
test: build
	$(SWIFT) test --skip KilnEndToEndTests
	$(SWIFT) test --no-parallel --filter KilnEndToEndTests
	$(MAKE) test-install
	$(MAKE) test-deb

# Installs into a scratch DESTDIR and uses the installed copy from another folder.
test-install: release
	scripts/test-install

# The unit tests under ThreadSanitizer, then AddressSanitizer (leaks too), each build in its
# own scratch folder with a short end-to-end pass of its kiln binary; any report fails.
test-sanitize: bootstrap
	scripts/test-sanitize

# Builds the .deb with the Swift runtime linked in and checks it needs no toolchain (about
# 3½ minutes from clean, most of it the static build; seconds once built).
test-deb:
	scripts/test-deb

# One man page per command, from the command definitions (swift-argument-parser's plugin).
man:
	$(SWIFT) package plugin generate-manual --multi-page --date $(MAN_DATE) \
	  --authors "The Kiln authors" --configuration $(MAN_CONFIGURATION)

# PREFIX/bin/kiln, PREFIX/share/kiln (every Resources folder), the desktop entry, the icon
# at every hicolor size, man pages and bash, zsh and fish completions; scripts/install
# lists them all in PREFIX/share/kiln/install-manifest for `make uninstall`.
install: release man
	PREFIX="$(PREFIX)" DESTDIR="$(DESTDIR)" scripts/install .build/release/kiln $(MAN_PAGES)

uninstall:
	PREFIX="$(PREFIX)" DESTDIR="$(DESTDIR)" scripts/uninstall

# The Debian package: the same layout under /usr, from a release build with the Swift
# runtime linked in statically (its own scratch folder, so the usual release build stays).
deb: bootstrap
	$(SWIFT) build -c release --static-swift-stdlib --product kiln --scratch-path $(STATIC_BUILD)
	$(MAKE) man MAN_CONFIGURATION=debug
	scripts/package-deb $(STATIC_BUILD)/release/kiln $(MAN_PAGES) $(VERSION) $(DEB)

# Issue 4's side-by-side: kiln, a plain C SDL program and LÖVE on the same particle workload.
bench-particles: release
	@scripts/bootstrap --bench
	bench/run-particles.sh

# Every shipped script as a GIF (1×, 30 fps, small enough for the README) and an MP4 (2×,
# 60 fps) in docs/media/, with touch indicators. Each script names its scene.
DEMO_SCRIPTS ?= $(wildcard Resources/Scripts/*.json)
demos: release
	@mkdir -p docs/media
	@for script in $(DEMO_SCRIPTS); do \
	  name=$$(basename $$script .json); \
	  scene=$$(sed -n 's/^ *"scene": *"\([a-z0-9-]*\)".*/\1/p' $$script | head -n 1); \
	  if [ -z "$$scene" ]; then echo "demos: $$script names no scene" >&2; exit 1; fi; \
	  .build/release/kiln render $$scene --script $$script --touches --scale 1 --fps 30 --out docs/media/$$name.gif || exit 1; \
	  .build/release/kiln render $$scene --script $$script --touches --out docs/media/$$name.mp4 || exit 1; \
	done

clean:
	rm -rf .build $(STATIC_BUILD) kiln_*.deb
