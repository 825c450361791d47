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

# The end-to-end tests drive the kiln binary, so it is built before the tests run. They run
# on their own after the rest: a real window under Xvfb wants the machine's attention.
test: build
	$(SWIFT) test --skip EndToEndTests
	$(SWIFT) test --filter EndToEndTests

clean:
	rm -rf .build
