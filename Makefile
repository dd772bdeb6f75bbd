# ContentForge: the commands users and CI run. `make help` lists them.
SWIFT ?= swift
FORGE_RELEASE = .build/release/forge
STAMP = .build/.setup-done

PREFIX ?= /usr/local

.PHONY: help setup build release install install-data test lint-workflows validate validate-deep regenerate-check build-data engine-store bench perft-deep fuzz ci clean

help:
	@echo "make setup        install stockfish, pgn-extract, scowl, wamerican-huge, libsqlite3-dev, hyperfine, slurm-wlm, munge, chromium, python3-pil, kubernetes-validate (idempotent)"
	@echo "make build        debug build of forge"
	@echo "make install      release build, then forge into \$$(PREFIX)/bin and its data into \$$(PREFIX)/share/contentforge (PREFIX=$(PREFIX))"
	@echo "make test         the whole test suite (talks to the real Stockfish), the workflow lint and the deploy/ checks"
	@echo "make validate     forge validate --strict openings/ (every check, engine included; warnings fail)"
	@echo "make validate-deep  the learner's moves of the coach openings again at 5x the build's node budget (read from openings/engine; slow without it)"
	@echo "make build-data   validate, analyse (cached: see docs/engine.md), write data/bundle/ (no-op when nothing changed)"
	@echo "make engine-store  write openings/engine/ (the committed engine results a build reads first) from what a build asks; commit it"
	@echo "make bench        benchmarks against stockfish, pgn-extract, python-chess (release builds of forge and forge-bench)"
	@echo "make perft-deep   the whole perft suite at full depth (release build)"
	@echo "make fuzz         fuzz the FEN, SAN, PGN, FEN-sequence, dictionary, UCI, score, cache-row, engine-answer and bounded line readers (FUZZ_SECONDS per target, default 60)"

setup: $(STAMP)
$(STAMP): scripts/setup.sh
	@./scripts/setup.sh
	@mkdir -p .build && touch $(STAMP)

build: setup
	$(SWIFT) build --product forge

release: setup
	$(SWIFT) build -c release --product forge

# The data forge reads at run time goes to $(PREFIX)/share/contentforge, laid out as in the checkout: the name list,
# the word curation lists, the word dictionary (built here from SCOWL) and the first-opening example. forge finds it
# beside itself (Sources/Pipeline/ForgeData.swift); FORGE_SHARE points elsewhere.
SHARE = $(DESTDIR)$(PREFIX)/share/contentforge
# The man page is generated from forge's own help by swift-argument-parser's GenerateManual plugin; the completions by
# forge itself (`--generate-completion-script`), so neither can drift from the commands.
install: release install-data
	install -d "$(DESTDIR)$(PREFIX)/bin" "$(DESTDIR)$(PREFIX)/share/man/man1" \
		"$(DESTDIR)$(PREFIX)/share/bash-completion/completions" "$(DESTDIR)$(PREFIX)/share/zsh/site-functions" \
		"$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d"
	install -m 0755 $(FORGE_RELEASE) "$(DESTDIR)$(PREFIX)/bin/forge"
	$(SWIFT) package plugin generate-manual >/dev/null   # a release build of the package, then one page per tool
	install -m 0644 "$$(find .build/plugins -path '*forge*' -name forge.1 | head -n 1)" "$(DESTDIR)$(PREFIX)/share/man/man1/forge.1"
	$(FORGE_RELEASE) --generate-completion-script bash > "$(DESTDIR)$(PREFIX)/share/bash-completion/completions/forge"
	$(FORGE_RELEASE) --generate-completion-script zsh > "$(DESTDIR)$(PREFIX)/share/zsh/site-functions/_forge"
	$(FORGE_RELEASE) --generate-completion-script fish > "$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/forge.fish"

FORGE ?= $(FORGE_RELEASE)
# The word dictionary is built here from SCOWL and data/words; WORDS_DAWG=FILE installs one already built from the same
# sources instead (forge build's words part uses the same SCOWL folder, region, level and curation as `forge words
# build` does by default): CI passes data/bundle/words/words.dawg, which `make build-data` wrote just before.
WORDS_DAWG ?=
install-data:
	install -d "$(SHARE)/data/chess-openings" "$(SHARE)/data/words" "$(SHARE)/data/bundle/words" "$(SHARE)/openings/engine"
	rm -rf "$(SHARE)/openings/engine/stockfish-"* && cp -R openings/engine/. "$(SHARE)/openings/engine/"   # the shipped engine store, no stale file kept
	install -m 0644 data/chess-openings/*.tsv data/chess-openings/COPYING.txt data/chess-openings/README.md data/chess-openings/UPSTREAM_COMMIT "$(SHARE)/data/chess-openings/"
	install -m 0644 data/words/deny.txt data/words/allow.txt "$(SHARE)/data/words/"
	rm -rf "$(SHARE)/Examples/first-opening" && install -d "$(SHARE)/Examples" && cp -R Examples/first-opening "$(SHARE)/Examples/"   # its sources and engine store
	if [ -n "$(WORDS_DAWG)" ]; then \
		install -m 0644 "$(WORDS_DAWG)" "$(SHARE)/data/bundle/words/words.dawg"; \
	else \
		$(FORGE) words build --curation data/words --out .build/install-words >/dev/null && \
		install -m 0644 .build/install-words/words.dawg "$(SHARE)/data/bundle/words/"; \
	fi

test: setup lint-workflows
	$(SWIFT) test
	python3 scripts/check-deploy.py --self-test
	./scripts/check-kubernetes.sh

lint-workflows: setup
	./scripts/ci/lint-workflows.sh

validate: release
	$(FORGE_RELEASE) validate --strict openings

# The factor is AnalysisProfile.deepCheckFactor: `make engine-store` writes these searches into openings/engine.
validate-deep: release
	$(FORGE_RELEASE) validate --learner-moves-only --nodes $$(( 5 * $${FORGE_NODES:-120000} )) openings

regenerate-check: release
	$(FORGE_RELEASE) regenerate --check openings

build-data: release
	$(FORGE_RELEASE) build

# The committed engine store (docs/engine.md): the results a build needs, from the store, the cache or the engine.
# The first-opening example keeps its own store beside its sources, as a content repository does: what the shipped one lacks.
engine-store: release
	$(FORGE_RELEASE) cache export-store
	$(FORGE_RELEASE) cache export-store --openings Examples/first-opening

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
