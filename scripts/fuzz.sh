#!/usr/bin/env bash
# Fuzzes every reader of outside input with libFuzzer, SECONDS (default 60) per target, and prints
# the executions of each: fen, san, pgn, fen2pgn (ChessCore + ChessPGN), dict (Words' dictionary
# reader), uci (UCIEngine's reply parser), score (the UCI score and WDL parser and the arithmetic on what it
# accepts), cache (a result cache row's stored analysis, decoded and range-checked as a lookup does), answer (an
# engine's answer for a position checked against the position and the profile before it is stored: EngineAnswer), lines
# (the bounded reader of lines and rows, ByteInput.forEachLine, against the input split by hand). Falls back to the seeded mutation test in `swift test`
# when the toolchain cannot build a fuzzer. Exits 1 when any target finds a crash (saved under .build/fuzz/).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
work=.build/fuzz
rm -rf "$work/src-chess" "$work/src-words" "$work/src-uci" "$work/src-lines"
mkdir -p "$work/src-chess" "$work/src-words" "$work/src-uci" "$work/src-lines"
# One module per binary: the sources with their cross-module imports removed.
for f in Sources/ChessCore/*.swift Sources/Diagnostics/*.swift Sources/ChessPGN/*.swift; do
  sed -E '/^import (ChessCore|Diagnostics)$/d' "$f" > "$work/src-chess/$(basename "$(dirname "$f")")_$(basename "$f")"
done
for f in Sources/Diagnostics/*.swift Sources/Words/*.swift; do
  sed -E '/^import (Diagnostics)$/d' "$f" > "$work/src-words/$(basename "$(dirname "$f")")_$(basename "$f")"
done
# UCIEngine's readers and its answer check, over ChessCore (the answer check replays moves).
for f in Sources/ChessCore/*.swift Sources/UCIProtocol/*.swift Sources/UCIEngine/{Analysis,AnalysisProfile,CachedResultCheck,EngineAnswer}.swift; do
  sed -E '/^import (ChessCore|Diagnostics|UCIProtocol)$/d' "$f" > "$work/src-uci/$(basename "$(dirname "$f")")_$(basename "$f")"
done

# The bounded reader of lines and rows, with what it reports through.
for f in Sources/Diagnostics/*.swift Sources/Pipeline/Convert/ByteInput.swift Sources/Pipeline/Output/StandardStream.swift Sources/Pipeline/PipelineCodes.swift; do
  sed -E '/^import (Diagnostics)$/d' "$f" > "$work/src-lines/$(basename "$(dirname "$f")")_$(basename "$f")"
done

build() {  # name sources…
  local name=$1; shift
  swiftc -sanitize=fuzzer -parse-as-library -O -module-name "Fuzz_$name" -package-name ContentForgeFuzz "$@" -o "$work/fuzz-$name" 2> "$work/build-$name.log"
}
# Whether this toolchain can build a fuzzer at all: a target that does nothing. Only when it cannot is the seeded
# mutation test run instead; when it can, a target of ours that does not build is an error (it hid one before).
printf '@_cdecl("LLVMFuzzerTestOneInput") public func probe(_ d: UnsafePointer<UInt8>, _ n: Int) -> CInt { 0 }\n' > "$work/probe.swift"
if ! build probe "$work/probe.swift"; then
  echo "fuzz: this toolchain cannot build a fuzzer (swiftc -sanitize=fuzzer, see $work/build-probe.log); running the seeded mutation test instead" >&2
  FUZZ_ITERATIONS=$((seconds * 200)) swift test --filter 'MutationTests|EngineAnswerMutationTests'
  exit
fi
# The four targets compile at once (each is one swiftc, one core), then each one's status is read.
targets=("chess src-chess ChessTarget" "words src-words WordsTarget" "uci src-uci UCITarget" "lines src-lines LinesTarget")
pids=()
for target in "${targets[@]}"; do
  set -- $target
  build "$1" "$work/$2"/*.swift "scripts/fuzz/$3.swift" &
  pids+=($!)
done
for i in "${!targets[@]}"; do
  set -- ${targets[$i]}
  if ! wait "${pids[$i]}"; then
    echo "fuzz: the $1 fuzz target does not build (the toolchain can build fuzzers); $work/build-$1.log:" >&2
    grep -m 5 'error:' "$work/build-$1.log" >&2 || head -n 20 "$work/build-$1.log" >&2
    exit 1
  fi
done

# Seeds: the fixtures each reader is tested with.
seed() {  # target files…
  local dir="$work/corpus-$1"; shift
  mkdir -p "$dir"
  for f in "$@"; do [ -f "$f" ] && head -c 8000 "$f" > "$dir/seed-$(basename "$f")"; done
  return 0
}
seed fen Tests/ChessPGNTests/Fixtures/fen/*.fen Tests/ChessCoreTests/Fixtures/fen-errors.txt Tests/ChessCoreTests/Fixtures/illegal-positions.txt
seed san Tests/ChessCoreTests/Fixtures/san.txt Tests/ChessPGNTests/Fixtures/cases/castling_promotion.pgn
seed pgn Tests/ChessPGNTests/Fixtures/cases/*.pgn
seed fen2pgn Tests/ChessPGNTests/Fixtures/fen/*.fen
seed dict scripts/fuzz/seeds/words.dawg
seed uci scripts/fuzz/seeds/uci.txt
seed score scripts/fuzz/seeds/score.txt
seed cache scripts/fuzz/seeds/cache.json
seed answer scripts/fuzz/seeds/answer.txt
seed lines scripts/fuzz/seeds/lines.txt Tests/ChessPGNTests/Fixtures/fen/*.fen

# Two targets run at a time (one per core), each for SECONDS; the table is printed in order when all have run.
fuzz_one() {  # target
  local t=$1 bin rc=0
  case $t in dict) bin=words ;; uci|score|cache|answer) bin=uci ;; lines) bin=lines ;; *) bin=chess ;; esac
  FUZZ_TARGET=$t SWIFT_BACKTRACE=enable=no "$work/fuzz-$bin" "$work/corpus-$t" -max_total_time="$seconds" -max_len=8192 \
    -timeout=10 -rss_limit_mb=1024 -print_final_stats=1 -artifact_prefix="$work/crash-$t-" > "$work/run-$t.log" 2>&1 || rc=$?
  echo "$rc" > "$work/status-$t"
}
all=(fen san pgn fen2pgn dict uci score cache answer lines)
rm -f "$work"/status-*
for i in "${!all[@]}"; do
  fuzz_one "${all[$i]}" &
  if (( i % 2 == 1 )); then wait; fi
done
wait
status=0
printf '%-8s %12s %10s  %s\n' target executions "exec/s" result
for t in "${all[@]}"; do
  log="$work/run-$t.log"
  if [ "$(cat "$work/status-$t" 2>/dev/null)" = 0 ]; then
    result=ok
  else
    result="FOUND A PROBLEM (see $log and $work/crash-$t-*)"
    status=1
  fi
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo 0)
  rate=$(grep -o 'stat::average_exec_per_sec: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo 0)
  printf '%-8s %12s %10s  %s\n' "$t" "$runs" "$rate" "$result"
done
exit $status
