# invoic: `make` builds the tool and compiles every example book into PDFs and an index report
# (examples/<book>/build/); `make test` runs the whole suite.
SWIFT    ?= swift
BIN      := .build/release/invoic
# The Swift runtime and Foundation linked into the binary: every command starts ~7 ms sooner
# (no dynamic loading and relocation of libFoundation and ICU; bench/startup), and the binary
# runs on a machine without a Swift toolchain.
RELEASE  := -c release --static-swift-stdlib
EXAMPLES := $(wildcard examples/*/invoic.yaml)
BOOKS    := $(patsubst %/invoic.yaml,%,$(EXAMPLES))
# Statuses depend on "today"; the example books are compiled as of a fixed day so output is stable.
TODAY    ?= 2026-11-21

.PHONY: all deps release examples test fuzz clean install man einvoice-check axe

all: release examples

deps:
	@scripts/install-deps.sh

# invoic-serve too: `invoic serve` runs it from beside invoic, so it works right after `make`.
release: deps
	$(SWIFT) build $(RELEASE) --product invoic
	$(SWIFT) build $(RELEASE) --product invoic-serve

examples: release
	@for book in $(BOOKS); do \
		echo "invoic build -C $$book"; \
		$(BIN) build -C $$book --today $(TODAY) || exit 1; \
	done

# The tests validate every e-invoice invoic writes with ../shared/tools/einvoice-check (XML Schema
# and the official CEN schematron), whose two PyPI packages live in a venv under .build.
einvoice-check:
	@scripts/einvoice-venv.sh

# They also audit the HTML report's accessibility with axe-core in headless Chromium; axe.min.js
# comes from PyPI (scripts/axe-core.sh), so npm is not needed.
axe: einvoice-check
	@scripts/axe-core.sh

test: deps einvoice-check axe
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

# `make install PREFIX=~/.local`: the binary, the man page and bash/zsh/fish completions.
PREFIX ?= /usr/local
install: release
	scripts/install.sh $(BIN) $(PREFIX)

# The man page, generated from the command definitions by swift-argument-parser's plugin; dated
# by the last commit so that regenerating it unchanged gives the same bytes. A test fails when a
# command or option is missing from it.
man: deps
	$(SWIFT) package --allow-writing-to-package-directory generate-manual --date "$$(git log -1 --format=%cs 2>/dev/null || echo 2026-11-25)"
	cp .build/plugins/GenerateManual/outputs/invoic/invoic.1 docs/man/invoic.1

# libFuzzer targets (Fuzz/): each runs FUZZ_SECONDS, seeded from examples/ and Tests/Fixtures.
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?= yaml document template render statement
fuzz: deps
	FUZZ_SECONDS=$(FUZZ_SECONDS) Fuzz/run.sh $(FUZZ_TARGETS)

clean:
	rm -rf .build examples/*/build .build-fuzz
