#!/usr/bin/env bash
# Fuzzes the FEN, SAN and PGN parsers for SECONDS (default 60) with libFuzzer; falls back to the
# seeded mutation test in `swift test` when the toolchain cannot build a fuzzer.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
work=.build/fuzz
mkdir -p "$work/src" "$work/corpus"
# One module: ChessCore, Diagnostics and ChessPGN sources with their cross-module imports removed.
for f in Sources/ChessCore/*.swift Sources/Diagnostics/*.swift Sources/ChessPGN/*.swift; do
  sed -E '/^import (ChessCore|Diagnostics)$/d' "$f" > "$work/src/$(basename "$(dirname "$f")")_$(basename "$f")"
done
# Seeds: every PGN and FEN fixture, prefixed with the selector byte of each target.
i=0
for f in Tests/ChessPGNTests/Fixtures/cases/*.pgn Tests/ChessPGNTests/Fixtures/fen/*.fen; do
  [ -f "$f" ] || continue
  for sel in 0 1 2 3; do
    { printf "\\x0$sel"; head -c 4000 "$f"; } > "$work/corpus/seed-$i-$sel"
  done
  i=$((i + 1))
done
if swiftc -sanitize=fuzzer -parse-as-library -O -module-name FuzzPGN \
     "$work"/src/*.swift scripts/fuzz/FuzzTarget.swift -o "$work/fuzz-pgn" 2> "$work/build.log"; then
  echo "fuzz: libFuzzer, ${seconds}s over FEN, SAN and PGN parsers" >&2
  SWIFT_BACKTRACE=enable=no "$work/fuzz-pgn" "$work/corpus" -max_total_time="$seconds" -max_len=8192 \
    -timeout=10 -rss_limit_mb=1024 -print_final_stats=1 -artifact_prefix="$work/" 2>&1 | tail -n 25
else
  echo "fuzz: swiftc -sanitize=fuzzer failed (see $work/build.log); running the seeded mutation test instead" >&2
  FUZZ_ITERATIONS=$((seconds * 200)) swift test --filter MutationTests
fi
