#!/usr/bin/env bash
# Regenerates the python-chess golden fixtures of ChessPGNTests (random games with variations,
# comments, NAGs, FEN starts and null moves; their FENs and main lines as python-chess sees them).
set -euo pipefail
cd "$(dirname "$0")/../.."
out=Tests/ChessPGNTests/Fixtures/random
mkdir -p "$out"
python3 scripts/gen/pgn_corpus.py games --count 120 --seed 7 --rich > "$out/rich.pgn"
python3 scripts/gen/pgn_corpus.py fens "$out/rich.pgn" --start --variations > "$out/rich.fen"
python3 scripts/gen/pgn_corpus.py san "$out/rich.pgn" > "$out/rich.san"
python3 scripts/gen/pgn_corpus.py games --count 100 --seed 11 > "$out/plain.pgn"
python3 scripts/gen/pgn_corpus.py epd "$out/plain.pgn" > "$out/plain.epd"
du -ch "$out"/* | tail -1
