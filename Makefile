# The two commands of the README: `make run` and `make test`. Both install what is missing first.
SWIFT ?= swift
SCENE ?=

.PHONY: run test build release bootstrap bench-particles clean

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
	$(SWIFT) test --skip EndToEndTests
	$(SWIFT) test --filter EndToEndTests

# Issue 4's side-by-side: kiln, a plain C SDL program and LÖVE on the same particle workload.
bench-particles: release
	@scripts/bootstrap --bench
	bench/run-particles.sh

clean:
	rm -rf .build
