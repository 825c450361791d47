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
# The API reference that `make install` and `make deb` ship, built by scripts/build-docs.
REFERENCE := .build/reference

.PHONY: run test build release bootstrap bench-particles demos clean man install uninstall deb test-install test-deb test-sanitize
.PHONY: docs check-doc-comments package-demo check-instructions
.PHONY: fuzz fuzz-smoke fuzz-build

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
	scripts/check-doc-comments
	$(SWIFT) test --skip KilnEndToEndTests
	$(SWIFT) test --no-parallel --filter KilnEndToEndTests
	$(MAKE) test-install
	$(MAKE) check-instructions
	$(MAKE) test-deb

# The instructions a short fixed render takes, under callgrind, against bench/instructions-baseline
# (fails more than 2 % over it; `scripts/check-instructions record` writes a new one).
check-instructions: release
	scripts/check-instructions

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
# at every hicolor size, man pages, bash, zsh and fish completions, and the API reference in
# PREFIX/share/doc/kiln/reference (from the release build's modules, about 12 seconds);
# scripts/install lists them all in PREFIX/share/kiln/install-manifest for `make uninstall`.
install: release man
	KILN_BIN_PATH="$$($(SWIFT) build -c release --show-bin-path)" scripts/build-docs $(REFERENCE) > /dev/null
	PREFIX="$(PREFIX)" DESTDIR="$(DESTDIR)" scripts/install .build/release/kiln $(MAN_PAGES) $(REFERENCE)

uninstall:
	PREFIX="$(PREFIX)" DESTDIR="$(DESTDIR)" scripts/uninstall

# The Debian package: the same layout under /usr, from a release build with the Swift
# runtime linked in statically (its own scratch folder, so the usual release build stays).
# The API reference is read from the debug build's modules, which the man pages build
# already made but for KilnTesting's.
deb: bootstrap
	$(SWIFT) build -c release --static-swift-stdlib --product kiln --scratch-path $(STATIC_BUILD)
	$(MAKE) man MAN_CONFIGURATION=debug
	$(SWIFT) build --target KilnTesting
	scripts/build-docs $(REFERENCE) > /dev/null
	scripts/package-deb $(STATIC_BUILD)/release/kiln $(MAN_PAGES) $(REFERENCE) $(VERSION) $(DEB)

# The particle benchmark side by side: kiln, a plain C SDL program and LÖVE on the same workload.
bench-particles: release
	@scripts/bootstrap --bench
	bench/run-particles.sh

# The README's demos, each shipped script as an MP4 with its sound (2×, 60 fps, AAC) and a
# GIF (silent), in docs/media/, with touch indicators. Each script names its scene. Kiln gives
# each GIF a palette of its own and codes only the changed part of each frame; a GIF must
# also stay under 2.5 MB, so it is made at the first of these sizes and rates that fits:
# 0.75× (the README shows them 260 px wide) at 30 fps, then 0.67× at 20, then 0.67× at 15.
# A prototype folder's script (Examples/NAME/Scripts/*.json) renders its folder, named after its scene.
DEMO_SCRIPTS ?= $(patsubst %,Resources/Scripts/%.json,laser-delete mailbox-tour pressure-confirm gallery-drag gallery-assets) \
  Examples/BottomSheet/Scripts/demo.json Examples/CardStack/Scripts/demo.json \
  Examples/Photos/Scripts/demo.json
DEMO_GIF_LIMIT := 2621440
DEMO_GIF_STEPS := 0.75:30 0.67:20 0.67:15
demos: release
	@mkdir -p docs/media
	@for script in $(DEMO_SCRIPTS); do \
	  name=$$(basename $$script .json); \
	  scene=$$(sed -n 's/^ *"scene": *"\([a-z0-9-]*\)".*/\1/p' $$script | head -n 1); \
	  if [ -z "$$scene" ]; then echo "demos: $$script names no scene" >&2; exit 1; fi; \
	  case $$script in Resources/*) ;; *) name=$$scene; scene=$$(dirname $$(dirname $$script));; esac; \
	  .build/release/kiln render $$scene --script $$script --touches --out docs/media/$$name.mp4 || exit 1; \
	  for step in $(DEMO_GIF_STEPS); do \
	    .build/release/kiln render $$scene --script $$script --touches --scale $${step%:*} --fps $${step#*:} \
	      --out docs/media/$$name.gif || exit 1; \
	    size=$$(stat -c %s docs/media/$$name.gif); \
	    [ $$size -lt $(DEMO_GIF_LIMIT) ] && break; \
	    echo "demos: $$name.gif is $$size bytes at $$step, over 2.5 MB" >&2; \
	  done; \
	  if [ $$size -ge $(DEMO_GIF_LIMIT) ]; then exit 1; fi; \
	done
	@du -sh docs/media

# Coverage-guided fuzzing: a libFuzzer target per reader of outside input and one for offline
# compositing of any layer tree (Fuzz/README.md),
# each run FUZZ_SECONDS on a copy of its seed corpus; any crash, hang or violated property
# fails. The targets are a package of their own, built in their own scratch folder with the
# fuzzer and AddressSanitizer, so the usual build never sees them.
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?= input-script tuning evemu evdev compiler-output layer-tree image svg lottie
FUZZ_BUILD := .build-fuzz

# swiftc keeps only the last -sanitize= it is given, and SwiftPM gives one per sanitizer (with
# --sanitize=fuzzer --sanitize=address the code gets no coverage counters), so both go in one
# flag after SwiftPM's; --sanitize=fuzzer links libFuzzer's main.
fuzz-build: bootstrap
	$(SWIFT) build --package-path Fuzz --scratch-path $(FUZZ_BUILD) -c release \
	  --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address

fuzz: fuzz-build
	Fuzz/run $(FUZZ_BUILD)/release $(FUZZ_SECONDS) $(FUZZ_TARGETS)

# Ten seconds each, for CI.
fuzz-smoke:
	$(MAKE) fuzz FUZZ_SECONDS=10

clean:
	rm -rf .build $(STATIC_BUILD) $(FUZZ_BUILD) .build-tsan .build-asan Examples/PackageDemo/.build kiln_*.deb

# The DocC reference of the Kiln library and of KilnTesting (Sources/Kiln/Kiln.docc,
# Sources/KilnTesting/KilnTesting.docc and every `///` comment of what `import Kiln` and
# `import KilnTesting` bring) as one static site in .build/docs; `kiln docs` serves it.
docs: build
	scripts/build-docs .build/docs

# Every public declaration of KilnCore and Kiln has a `///` comment.
check-doc-comments: build
	scripts/check-doc-comments

# Examples/PackageDemo as a user away from the checkout has it: its sources in a package that
# names a clone of this checkout by file:// URL, built in its own .build; its help must list
# the scene, and a frame of it is rendered. `make test` runs it with the other end-to-end tests.
package-demo: build
	$(SWIFT) test --no-parallel --filter "OutsidePackageEndToEndTests/packageByGitURL"
