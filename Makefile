# invoic: `make` builds the tool and compiles every example book into PDFs and an index report
# (examples/<book>/build/); `make test` runs the whole suite.
SWIFT    ?= swift
BIN      := .build/release/invoic
EXAMPLES := $(wildcard examples/*/invoic.yaml)
BOOKS    := $(patsubst %/invoic.yaml,%,$(EXAMPLES))
# Statuses depend on "today"; the example books are compiled as of a fixed day so output is stable.
TODAY    ?= 2026-11-21

.PHONY: all deps release examples test fuzz clean

all: release examples

deps:
	@scripts/install-deps.sh

release: deps
	$(SWIFT) build -c release --product invoic

examples: release
	@for book in $(BOOKS); do \
		echo "invoic build -C $$book"; \
		$(BIN) build -C $$book --today $(TODAY) || exit 1; \
	done

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

# libFuzzer targets (Fuzz/): each runs FUZZ_SECONDS, seeded from examples/ and Tests/Fixtures.
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?= yaml document template
fuzz: deps
	FUZZ_SECONDS=$(FUZZ_SECONDS) Fuzz/run.sh $(FUZZ_TARGETS)

clean:
	rm -rf .build examples/*/build .build-fuzz
