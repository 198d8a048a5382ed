# kauth — build, test, demo, install, release, bench. Needs only Swift 6 and the system
# libraries checked by `deps` (installed with apt-get when missing and possible).

SWIFT        ?= swift
PREFIX       ?= /usr/local
BUILD_DIR    ?= .build
RELEASE_DIR  ?= .build-release
DIST_DIR     ?= dist
SWIFT_FLAGS  ?=
# Where `make install` puts things, under $(DESTDIR)$(PREFIX) (DESTDIR: a staging root for packages).
BINDIR       ?= $(PREFIX)/bin
MANDIR       ?= $(PREFIX)/share/man/man1
# The Korean man page, where man-db looks for it under a ko_* locale.
MANDIR_KO    ?= $(PREFIX)/share/man/ko/man1
BASHCOMPDIR  ?= $(PREFIX)/share/bash-completion/completions
ZSHCOMPDIR   ?= $(PREFIX)/share/zsh/site-functions
FISHCOMPDIR  ?= $(PREFIX)/share/fish/vendor_completions.d
# The kauth that install-files installs, and asks for its man page and completion scripts.
KAUTH        ?= $(RELEASE_DIR)/release/kauth
# The commit `kauth --version` names: HEAD, with `-dirty` when tracked files have uncommitted
# changes; empty outside a git checkout of kauth (a source archive), where a packager may set it.
# Package.swift reads it from the environment of every swift build.
ifeq ($(origin KAUTH_COMMIT),undefined)
KAUTH_COMMIT := $(shell [ "$$(git -C '$(CURDIR)' rev-parse --show-toplevel 2>/dev/null)" = '$(CURDIR)' ] && \
	head="$$(git -C '$(CURDIR)' rev-parse --short=12 --verify -q HEAD)" && \
	printf '%s%s' "$$head" "$$(git -C '$(CURDIR)' diff --quiet HEAD -- || echo -dirty)")
endif
export KAUTH_COMMIT

.PHONY: all build test fuzz demo interop screenshots install install-files uninstall release dist dist-check bench deps clean

all: build

## deps: check for OpenSSL headers, libcurl and curl; install them with apt-get when missing
deps:
	@Tests/Scripts/deps.sh

build: deps
	$(SWIFT) build $(SWIFT_FLAGS)

## test: lint and the layers check first, then every unit, CLI and end-to-end test (the end-to-end tests run
## the built kauth); also installs gnome-keyring and its tools for the keyring tests, and the AWS CLI and moto's
## server from PyPI into $(BUILD_DIR)/test-tools/aws for the AWS tests; those tests skip, saying why, where that fails
test: deps lint layers-check
	@Tests/Scripts/deps.sh --test
	@Tests/Scripts/aws-tools.sh $(CURDIR)/$(BUILD_DIR)/test-tools/aws || echo "test: the AWS end-to-end tests will be skipped" >&2
	$(SWIFT) build --build-tests $(SWIFT_FLAGS)
	KAUTH_BIN=$(CURDIR)/$(BUILD_DIR)/debug/kauth $(SWIFT) test --skip-build --parallel --num-workers 2 $(SWIFT_FLAGS)

## fuzz: FUZZ_REQUESTS (default 100,000) malformed requests at the loopback listener, in process
## (LoopbackFuzzTests) and at a real `kauth login` whose login must then still succeed
FUZZ_REQUESTS ?= 100000
fuzz: deps
	$(SWIFT) build --build-tests $(SWIFT_FLAGS)
	KAUTH_FUZZ_REQUESTS=$(FUZZ_REQUESTS) $(SWIFT) test --skip-build --filter LoopbackFuzzTests $(SWIFT_FLAGS)
	python3 Tests/Scripts/fuzz-listener.py --kauth $(CURDIR)/$(BUILD_DIR)/debug/kauth --requests $(FUZZ_REQUESTS)

## demo: start `kauth sandbox` and walk through login, status, token, me and logout against it
demo: build
	@Tests/Scripts/demo.sh $(CURDIR)/$(BUILD_DIR)/debug/kauth

## screenshots: every browser page in English and Korean, light and dark, as PNGs from headless
## Chromium (installed with apt-get when missing), plus an in-browser contrast and accessibility
## audit. SCREENSHOTS_DIR picks the folder; by default a new temporary one.
screenshots: deps
	$(SWIFT) build --build-tests $(SWIFT_FLAGS)
	@SWIFT="$(SWIFT)" SWIFT_FLAGS="$(SWIFT_FLAGS)" Tests/Scripts/screenshots.sh $(SCREENSHOTS_DIR)

## interop: run kauth against Glewlwyd, a real OpenID Connect server (Debian's glewlwyd package,
## installed with apt-get when missing), on 127.0.0.1; not part of `test`, which stays offline
interop: build
	@Tests/Scripts/interop.sh $(CURDIR)/$(BUILD_DIR)/debug/kauth

## lint: style is the formatter's (`swift format`, shipped with the toolchain, configured by
## .swift-format); `make format` rewrites the tree the way lint wants it
SWIFT_FORMAT_PATHS ?= Package.swift Sources Tests
.PHONY: lint format
lint:
	$(SWIFT) format lint --strict --recursive --parallel $(SWIFT_FORMAT_PATHS)

format:
	$(SWIFT) format format --in-place --recursive --parallel $(SWIFT_FORMAT_PATHS)

## layers: which folders and targets of Sources/ use which (by the types they name, their imports and
## Package.swift), the folder cycles, and per target the `package` declarations no other target names
## (layers.py --internal lists them; --why names the files and types behind each folder cycle)
## layers-check: part of `test`: fails on a folder cycle in a target listed in LAYERED, a folder edge
## against the target's folder order (ORDER), a target edge against ALLOWED, or a test target that
## imports what TESTS forbids or whose folders mirror no source folder (all at the top of layers.py),
## then proves on planted faults that it can fail
.PHONY: layers layers-check
layers-check:
	@python3 Tests/Scripts/layers.py --check
	@python3 Tests/Scripts/layers-test.py

layers:
	@python3 Tests/Scripts/layers.py

## walks: which source files a login, `kauth token` (valid, then expired) and `kauth me` really run,
## counted from a build with coverage counters (.build-coverage) against `kauth sandbox`; prints
## Markdown for Docs/architecture.md. Not part of `test`: the coverage build costs minutes.
.PHONY: walks
walks: deps
	@SWIFT="$(SWIFT)" python3 Tests/Scripts/walks.py

## release: optimised, with the Swift runtime, FoundationEssentials and libcrypto linked statically,
## linked so that the same commit gives the same bytes and the binary runs on glibc 2.34 (RELEASE_LINK)
release: deps
	$(if $(RELEASE_LLD),@mkdir -p $(RELEASE_DIR) && printf '%s\n' $(RELEASE_DISCARD) > $(RELEASE_DIR)/discard.ld)
	KAUTH_STATIC_CRYPTO=1 $(SWIFT) build -c release --static-swift-stdlib --product kauth --scratch-path $(RELEASE_DIR) $(RELEASE_LINK) $(SWIFT_FLAGS)
	@echo "built $(RELEASE_DIR)/release/kauth"

# How the release binary is linked:
# - Relocations stay RELA, not packed as DT_RELR: glibc reads DT_RELR only from 2.36 on (an older
#   one refuses the binary), and the archive must run where the tools kauth plugs into run today:
#   Ubuntu 22.04 (glibc 2.35), RHEL 9 and Amazon Linux 2023 (2.34). Packing saved 1.4 MiB of a
#   start's memory (61,000 relative relocations, Swift metadata and libcrypto's tables, read at
#   every start); the program gives those pages back before main instead, once the loader has
#   applied them (Sources/CBuildInfo/relocations.c), and `make dist-check` fails on a binary
#   that asks for DT_RELR or a symbol newer than GLIBC_2.34. The one such symbol a link against
#   a newer glibc picks, hypotf@GLIBC_2.35 (wrapped by Swift's Glibc module, never called), is
#   bound to the old hypotf inside the binary (Sources/CBuildInfo/glibc_floor.c).
# - The Swift toolchain's static-stdlib link exports all 5,800 symbols of kauth's own modules, a
#   dynamic symbol table the loader consults first for every symbol a library binds; nothing looks
#   them up (the libraries kauth loads with dlopen bind to their own), so none are exported.
# - So that two builds of the same commit, in any folder, ship the same bytes (`make dist`), lld
#   (in the Swift toolchain; used where it is found) drops .swift_modhash (a module hash the Swift
#   compiler writes into every object, different from build to build; the runtime looks up only
#   the swift5_* sections, and a name that starts with a dot gets no __start_ symbol for code to
#   find it by) with a linker script, and the linker writes no build ID: it would be a hash over
#   the debug sections too, which vary. RELEASE_LLD= links with the toolchain's default instead.
# - No RUNPATH: SwiftPM gives an executable `$ORIGIN`, for Swift libraries next to it, and a static
#   build has none there; with it, the loader first looked for libc, libm, libstdc++ and
#   libgcc_s in some 40 places in kauth's own folder (glibc-hwcaps/x86-64-v3/, tls/haswell/, …)
#   at every start, and would load any of them found there.
RELEASE_LLD ?= $(shell { [ -x "$$(dirname "$$(readlink -f "$$(command -v $(SWIFT))")")/ld.lld" ] || command -v ld.lld >/dev/null; } && \
	echo -Xswiftc -use-ld=lld)
RELEASE_DISCARD := "SECTIONS { /DISCARD/ : { *(.swift_modhash) } } INSERT AFTER .text;"
RELEASE_LINK := --disable-local-rpath $(RELEASE_LLD) $(if $(RELEASE_LLD),-Xlinker --script=$(CURDIR)/$(RELEASE_DIR)/discard.ld) \
	-Xlinker --build-id=none -Xlinker --no-export-dynamic

## install: the release binary, stripped (`install -s`): about 20 MB instead of 34 MB. Only a
## crash's backtrace reads the symbol tables; `make release` keeps them, for debugging. Then the
## man page and the bash, zsh and fish completions, which the binary writes from its command tree;
## and the links git-credential-kauth and docker-credential-kauth, the names git and Docker run
## their credential helpers by (kauth answers to them), each with its man page: a link to kauth.1.
install: release
	@$(MAKE) --no-print-directory install-files KAUTH=$(KAUTH)

## install-files: what `install` does after building, for a kauth built already (KAUTH=path)
## The files speak English whatever the installer's locale (KAUTH_LANG=en), and the Korean man
## page Korean (KAUTH_LANG=ko); man-db picks one by the reader's locale.
install-files:
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR) $(DESTDIR)$(MANDIR_KO) $(DESTDIR)$(BASHCOMPDIR) $(DESTDIR)$(ZSHCOMPDIR) $(DESTDIR)$(FISHCOMPDIR)
	install -s -m 0755 $(KAUTH) $(DESTDIR)$(BINDIR)/kauth
	ln -sf kauth $(DESTDIR)$(BINDIR)/git-credential-kauth
	ln -sf kauth $(DESTDIR)$(BINDIR)/docker-credential-kauth
	KAUTH_LANG=en $(KAUTH) __man > $(DESTDIR)$(MANDIR)/kauth.1.tmp && mv $(DESTDIR)$(MANDIR)/kauth.1.tmp $(DESTDIR)$(MANDIR)/kauth.1
	KAUTH_LANG=ko $(KAUTH) __man > $(DESTDIR)$(MANDIR_KO)/kauth.1.tmp && mv $(DESTDIR)$(MANDIR_KO)/kauth.1.tmp $(DESTDIR)$(MANDIR_KO)/kauth.1
	for dir in $(DESTDIR)$(MANDIR) $(DESTDIR)$(MANDIR_KO); do \
		ln -sf kauth.1 $$dir/git-credential-kauth.1 && ln -sf kauth.1 $$dir/docker-credential-kauth.1 || exit 1; done
	KAUTH_LANG=en $(KAUTH) completion bash > $(DESTDIR)$(BASHCOMPDIR)/kauth.tmp && mv $(DESTDIR)$(BASHCOMPDIR)/kauth.tmp $(DESTDIR)$(BASHCOMPDIR)/kauth
	KAUTH_LANG=en $(KAUTH) completion zsh > $(DESTDIR)$(ZSHCOMPDIR)/_kauth.tmp && mv $(DESTDIR)$(ZSHCOMPDIR)/_kauth.tmp $(DESTDIR)$(ZSHCOMPDIR)/_kauth
	KAUTH_LANG=en $(KAUTH) completion fish > $(DESTDIR)$(FISHCOMPDIR)/kauth.fish.tmp && mv $(DESTDIR)$(FISHCOMPDIR)/kauth.fish.tmp $(DESTDIR)$(FISHCOMPDIR)/kauth.fish
	chmod 0644 $(DESTDIR)$(MANDIR)/kauth.1 $(DESTDIR)$(MANDIR_KO)/kauth.1 $(DESTDIR)$(BASHCOMPDIR)/kauth $(DESTDIR)$(ZSHCOMPDIR)/_kauth $(DESTDIR)$(FISHCOMPDIR)/kauth.fish

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/kauth $(DESTDIR)$(BINDIR)/git-credential-kauth $(DESTDIR)$(BINDIR)/docker-credential-kauth \
		$(DESTDIR)$(MANDIR)/kauth.1 $(DESTDIR)$(MANDIR_KO)/kauth.1 $(DESTDIR)$(BASHCOMPDIR)/kauth \
		$(DESTDIR)$(MANDIR)/git-credential-kauth.1 $(DESTDIR)$(MANDIR)/docker-credential-kauth.1 \
		$(DESTDIR)$(MANDIR_KO)/git-credential-kauth.1 $(DESTDIR)$(MANDIR_KO)/docker-credential-kauth.1 \
		$(DESTDIR)$(ZSHCOMPDIR)/_kauth $(DESTDIR)$(FISHCOMPDIR)/kauth.fish

## dist: for installing without Swift, under DIST_DIR: the archive kauth-VERSION-linux-ARCH.tar.gz
## (unpacks into a prefix such as ~/.local), the Debian package kauth_VERSION_DEBARCH.deb (Depends:
## computed from what the binary links and loads) and SHA256SUMS. VERSION: what `kauth version` says
dist: release
	@SWIFT="$(SWIFT)" Tests/Scripts/dist.sh $(KAUTH) $(DIST_DIR)

## dist-check: installs them as a user would, as root (not part of `test`): the archive unpacked,
## `kauth --version`, `status` and a whole sandbox login with the Swift toolchain hidden (a mount
## namespace); the package through lintian, `dpkg -i`, `man kauth`, bash completion and `dpkg -r`
dist-check: dist
	@Tests/Scripts/dist-check.sh $(DIST_DIR)

## bench: median start-up and peak memory of `kauth token` (stripped, as installed) with a valid
## token stored by a real login to `kauth sandbox`, on a plain keystore, one whose key is in a real
## Secret Service (gnome-keyring on a private bus, when installed) and one encrypted with a
## passphrase, against a minimal program that reads the plain file; then the helpers git, Docker and
## the AWS CLI run before their commands (git-credential-kauth get, docker-credential-kauth get, kauth
## aws credential-process with kept credentials, kept by a first call of the real AWS CLI against
## moto's STS, both installed as for `test`); states each target and fails when a peak is over its
## target or a time ratio far over its own (Tests/Scripts/bench.sh says why)
bench: release
	@BENCH_AWS_VENV=$(CURDIR)/$(BUILD_DIR)/test-tools/aws Tests/Scripts/bench.sh $(CURDIR)/$(RELEASE_DIR)/release/kauth

clean:
	rm -rf $(BUILD_DIR) $(RELEASE_DIR) $(DIST_DIR) .build-coverage
