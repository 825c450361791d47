# The two commands of the README: `make run` and `make test`. Both install what is missing first.
SWIFT ?= swift
SCENE ?=

.PHONY: run test build release bootstrap clean

bootstrap:
	@scripts/bootstrap

build: bootstrap
	$(SWIFT) build

release: bootstrap
	$(SWIFT) build -c release

run: release
	.build/release/kiln $(SCENE)

# The end-to-end tests drive the kiln binary, so it is built before the tests run.
test: build
	$(SWIFT) test

clean:
	rm -rf .build
