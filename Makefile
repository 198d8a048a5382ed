# kauth — build, test, demo, install, release, bench. Needs only Swift 6 and the system
# libraries checked by `deps` (installed with apt-get when missing and possible).

SWIFT        ?= swift
PREFIX       ?= /usr/local
BUILD_DIR    ?= .build
RELEASE_DIR  ?= .build-release
SWIFT_FLAGS  ?=

.PHONY: all build test demo interop install uninstall release bench deps clean

all: build

## deps: check for OpenSSL headers, libcurl and curl; install them with apt-get when missing
deps:
	@Tests/Scripts/deps.sh

build: deps
	$(SWIFT) build $(SWIFT_FLAGS)

## test: every unit, CLI and end-to-end test (the end-to-end tests run the built kauth)
test: deps
	$(SWIFT) build --build-tests $(SWIFT_FLAGS)
	KAUTH_BIN=$(CURDIR)/$(BUILD_DIR)/debug/kauth $(SWIFT) test --skip-build --parallel --num-workers 2 $(SWIFT_FLAGS)

## demo: start `kauth sandbox` and walk through login, status, token, me and logout against it
demo: build
	@Tests/Scripts/demo.sh $(CURDIR)/$(BUILD_DIR)/debug/kauth

## interop: run kauth against Glewlwyd, a real OpenID Connect server (Debian's glewlwyd package,
## installed with apt-get when missing), on 127.0.0.1; not part of `test`, which stays offline
interop: build
	@Tests/Scripts/interop.sh $(CURDIR)/$(BUILD_DIR)/debug/kauth

## release: optimised, with the Swift runtime, FoundationEssentials and libcrypto linked statically
release: deps
	KAUTH_STATIC_CRYPTO=1 $(SWIFT) build -c release --static-swift-stdlib --product kauth --scratch-path $(RELEASE_DIR) $(SWIFT_FLAGS)
	@echo "built $(RELEASE_DIR)/release/kauth"

install: release
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 0755 $(RELEASE_DIR)/release/kauth $(DESTDIR)$(PREFIX)/bin/kauth

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/kauth

## bench: median start-up of `kauth token` with a valid stored token, against a minimal program
bench: release
	@Tests/Scripts/bench.sh $(CURDIR)/$(RELEASE_DIR)/release/kauth

clean:
	rm -rf $(BUILD_DIR) $(RELEASE_DIR)
