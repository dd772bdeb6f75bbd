# ContentForge: the commands users and CI run. `make help` lists them.
SWIFT ?= swift
FORGE_RELEASE = .build/release/forge
STAMP = .build/.setup-done

.PHONY: help setup build release test validate regenerate-check build-data bench perft-deep fuzz ci clean

help:
	@echo "make setup        install stockfish, pgn-extract, scowl, wamerican-huge, libsqlite3-dev, hyperfine (idempotent)"
	@echo "make build        debug build of forge"
	@echo "make test         the whole test suite (talks to the real Stockfish), and the deploy/ checks"
	@echo "make validate     forge validate openings/ (every check, engine included)"
	@echo "make build-data   validate, analyse (cached: see docs/engine.md), write data/bundle/ (no-op when nothing changed)"
	@echo "make bench        benchmarks against stockfish, pgn-extract, python-chess (release build)"
	@echo "make perft-deep   the whole perft suite at full depth (release build)"
	@echo "make fuzz         fuzz the FEN, SAN and PGN parsers (FUZZ_SECONDS, default 60)"

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
	python3 scripts/check-deploy.py --self-test

validate: release
	$(FORGE_RELEASE) validate openings

regenerate-check: release
	$(FORGE_RELEASE) regenerate --check openings

build-data: release
	$(FORGE_RELEASE) build

bench: release
	@for b in scripts/bench/*.sh; do echo "== $$b"; bash "$$b" || exit 1; done

perft-deep: release
	./scripts/perft-suite.sh

fuzz: setup
	./scripts/fuzz.sh $${FUZZ_SECONDS:-60}

ci: test validate regenerate-check build-data

clean:
	rm -rf .build data/bundle data/.bundle.*
