# ContentForge: the commands users and CI run. `make help` lists them.
SWIFT ?= swift
FORGE_DEBUG   = .build/debug/forge
FORGE_RELEASE = .build/release/forge
STAMP = .build/.setup-done

.PHONY: help setup build release test bench validate regenerate-check build-data fuzz clean

help:
	@echo "make setup        install stockfish, pgn-extract, scowl, wamerican-huge, libsqlite3-dev (idempotent)"
	@echo "make build        debug build of forge"
	@echo "make test         the whole test suite"
	@echo "make validate     forge validate openings/"
	@echo "make build-data   validate, analyse (cached), annotate, write data/bundle/"
	@echo "make bench        benchmarks against stockfish, pgn-extract, python-chess (release build)"
	@echo "make fuzz         fuzz the FEN, SAN and PGN parsers for a fixed budget"

setup: $(STAMP)
$(STAMP): scripts/setup.sh
	@./scripts/setup.sh
	@mkdir -p .build && touch $(STAMP)

build: setup
	$(SWIFT) build --product forge

release: setup
	$(SWIFT) build -c release --product forge

test: setup
	$(SWIFT) test

validate: release
	$(FORGE_RELEASE) validate openings

regenerate-check: release
	$(FORGE_RELEASE) regenerate --check openings

build-data: release
	$(FORGE_RELEASE) build

bench: release
	@for b in scripts/bench/*.sh; do echo "== $$b"; bash "$$b" || exit 1; done

fuzz: setup
	./scripts/fuzz.sh $${FUZZ_SECONDS:-60}

clean:
	rm -rf .build data/bundle
