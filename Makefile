# ContentForge: the commands users and CI run. `make help` lists them.
SWIFT ?= swift
FORGE_RELEASE = .build/release/forge
STAMP = .build/.setup-done

PREFIX ?= /usr/local

.PHONY: help setup build release install test lint-workflows validate validate-deep regenerate-check build-data bench perft-deep fuzz ci clean

help:
	@echo "make setup        install stockfish, pgn-extract, scowl, wamerican-huge, libsqlite3-dev, hyperfine (idempotent)"
	@echo "make build        debug build of forge"
	@echo "make install      release build, then forge into \$$(PREFIX)/bin (PREFIX=$(PREFIX))"
	@echo "make test         the whole test suite (talks to the real Stockfish), the workflow lint and the deploy/ checks"
	@echo "make validate     forge validate openings/ (every check, engine included)"
	@echo "make validate-deep  the engine checks of the coach openings again at 5x the build's node budget (slow; CI runs it once)"
	@echo "make build-data   validate, analyse (cached: see docs/engine.md), write data/bundle/ (no-op when nothing changed)"
	@echo "make bench        benchmarks against stockfish, pgn-extract, python-chess (release builds of forge and forge-bench)"
	@echo "make perft-deep   the whole perft suite at full depth (release build)"
	@echo "make fuzz         fuzz the FEN, SAN, PGN, FEN-sequence, dictionary, UCI, score and cache-row readers (FUZZ_SECONDS per target, default 60)"

setup: $(STAMP)
$(STAMP): scripts/setup.sh
	@./scripts/setup.sh
	@mkdir -p .build && touch $(STAMP)

build: setup
	$(SWIFT) build --product forge

release: setup
	$(SWIFT) build -c release --product forge

install: release
	install -d "$(DESTDIR)$(PREFIX)/bin"
	install -m 0755 $(FORGE_RELEASE) "$(DESTDIR)$(PREFIX)/bin/forge"

test: setup lint-workflows
	$(SWIFT) test
	python3 scripts/check-deploy.py --self-test

lint-workflows: setup
	./scripts/ci/lint-workflows.sh

validate: release
	$(FORGE_RELEASE) validate openings

validate-deep: release
	$(FORGE_RELEASE) validate --learner-moves-only --nodes $$(( 5 * $${FORGE_NODES:-120000} )) openings

regenerate-check: release
	$(FORGE_RELEASE) regenerate --check openings

build-data: release
	$(FORGE_RELEASE) build

# The benchmarks time forge and, through forge-bench (Sources/forge-bench, not a product), the library targets.
bench: release
	$(SWIFT) build -c release --product forge-bench
	@for b in scripts/bench/*.sh; do echo "== $$b"; bash "$$b" || exit 1; done

perft-deep: release
	./scripts/perft-suite.sh

fuzz: setup
	./scripts/fuzz.sh $${FUZZ_SECONDS:-60}

ci: test validate regenerate-check build-data

clean:
	rm -rf .build data/bundle data/.bundle.*
