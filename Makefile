# The two commands of the README: `make run` and `make test`. Both install what is missing first.
SWIFT ?= swift
SCENE ?=

.PHONY: run test build release bootstrap bench-particles demos clean

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
	rm -rf .build
