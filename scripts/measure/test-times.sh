#!/usr/bin/env bash
# Where the test suite's time goes: the debug build of the test targets, the run, each suite and each test, in CPU
# (user + sys, children included: the Stockfish and forge processes a test starts and waits for) and wall.
#
#   scripts/measure/test-times.sh                 build, then one run of the whole suite: its CPU and wall, each
#                                                 suite's and test's wall (Swift Testing's "passed after" lines)
#   scripts/measure/test-times.sh --per-suite     build, then every suite alone in its own process: each suite's CPU
#                                                 and wall (the sum is the run's CPU without the suites' overlap)
#   scripts/measure/test-times.sh --per-test RE   every test of the suites matching RE alone: each test's CPU and wall
#   --skip-build                                  no build step (the test binary is current)
#   --top N                                       how many of the slowest tests and suites are listed (default 25)
#   TEST_BUILD_DIR=DIR                            the test binary of another build folder (a copy of .build/debug, so
#                                                 a measurement runs while the checkout rebuilds): no build step, and
#                                                 the run is the binary itself, as `swift test` starts it
#
# A run's log is kept in .build/test-times/ (run.log, suites.tsv, tests.tsv). The whole suite costs many CPU minutes:
# run it niced on a shared machine (nice -n 5 scripts/measure/test-times.sh).
set -euo pipefail
cd "$(dirname "$0")/../.."
mode=run; build=1; top=25; pattern=""
while [ $# -gt 0 ]; do
  case "$1" in
    --per-suite) mode=per-suite ;;
    --per-test) mode=per-test; pattern="$2"; shift ;;
    --skip-build) build=0 ;;
    --top) top="$2"; shift ;;
    *) echo "test-times: unknown argument $1" >&2; exit 2 ;;
  esac
  shift
done
out=${TEST_TIMES_OUT:-.build/test-times}
mkdir -p "$out"
timed() {  # timed LABEL COMMAND...: runs COMMAND, prints LABEL, CPU (user+sys) and wall; output to $out/LABEL.log
  local label=$1; shift
  local log="$out/$(echo "$label" | tr -c 'A-Za-z0-9.\n' '_').log"
  local status=0
  /usr/bin/time -f "times %U %S %e" -o "$out/time.txt" "$@" >"$log" 2>&1 || status=$?
  read -r _ user sys wall < <(grep '^times ' "$out/time.txt")
  printf '%-60s cpu %8.1f s (user %7.1f sys %6.1f)  wall %7.1f s%s\n' "$label" \
    "$(echo "$user + $sys" | bc)" "$user" "$sys" "$wall" "$([ $status = 0 ] || echo "  FAILED ($status): $log")"
  printf '%s\t%s\t%s\t%s\n' "$label" "$(echo "$user + $sys" | bc)" "$wall" "$status" >>"$out/rows.tsv"
  return 0
}
: >"$out/rows.tsv"
[ -z "${TEST_BUILD_DIR:-}" ] || build=0

if [ $build = 1 ]; then
  timed "build: swift build --build-tests (debug)" swift build --build-tests
fi
dir=${TEST_BUILD_DIR:-.build/debug}
binary=$(find "$dir/" -maxdepth 1 -name '*PackageTests.xctest' | head -1)
[ -n "$binary" ] || { echo "test-times: no test binary in $dir (build first)" >&2; exit 1; }
# Every test as Swift Testing names it (Module.Suite/test() or, outside a suite, Module/test()), from the binary.
tests() { "$binary" --testing-library swift-testing --list-tests 2>/dev/null | grep -E '^[A-Za-z]+Tests[./]' ; }

case $mode in
  run)
    if [ -z "${TEST_BUILD_DIR:-}" ]; then
      timed "run" swift test --skip-build
    else
      timed "run" "$binary" --testing-library swift-testing
    fi
    cp "$out/run.log" "$out/run-$(date +%H%M).log"
    # Swift Testing: "✔ Test name() passed after 1.234 seconds." and "✔ Suite Name passed after 5.678 seconds."
    sed -i 's/\x1b\[[0-9;]*m//g' "$out/run.log"
    sed -nE 's/^[^A-Za-z]*Suite ([^ ]+) (passed|failed) after ([0-9.]+) seconds.*/\3\t\1\t\2/p' "$out/run.log" | sort -rn >"$out/suites.tsv"
    sed -nE 's/^[^A-Za-z]*Test (.+) (passed|failed) after ([0-9.]+) seconds.*/\3\t\1\t\2/p' "$out/run.log" | sort -rn >"$out/tests.tsv"
    echo; echo "slowest suites, wall (suites run in parallel; a suite's wall includes its wait for the cores):"
    head -"$top" "$out/suites.tsv" | awk -F'\t' '{ printf "  %8.1f s  %s %s\n", $1, $2, ($3 == "failed" ? "FAILED" : "") }'
    echo; echo "slowest tests, wall:"
    head -"$top" "$out/tests.tsv" | awk -F'\t' '{ printf "  %8.1f s  %s %s\n", $1, $2, ($3 == "failed" ? "FAILED" : "") }'
    grep -E "^[^A-Za-z]*Test run with" "$out/run.log" | tail -1
    ;;
  per-suite)
    # A test outside a suite (Module.name()) is counted with the others of its module, as "Module (no suite)".
    tests | sed -E 's#/.*##; s#^([A-Za-z]+)\..*\(.*#\1 (no suite)#' | sort -u >"$out/suite-names.txt"
    echo "$(wc -l <"$out/suite-names.txt") suites, each alone:"
    while read -r suite; do
      case $suite in
        *" (no suite)") filter="^${suite% (no suite)}\\.[A-Za-z0-9_]+\\(" ;;
        *) filter="^${suite//./\\.}/" ;;
      esac
      timed "$suite" "$binary" --testing-library swift-testing --filter "$filter"
    done <"$out/suite-names.txt"
    echo; echo "suites by CPU:"
    grep -v '^build:' "$out/rows.tsv" | sort -t$'\t' -k2 -rn | head -"$top" |
      awk -F'\t' '{ printf "  cpu %8.1f s  wall %7.1f s  %s\n", $2, $3, $1 }'
    grep -v '^build:' "$out/rows.tsv" |
      awk -F'\t' '{ c += $2; w += $3; if ($4 != 0) f++ } END { printf "sum of the suites: cpu %.1f s, wall %.1f s; %d failed\n", c, w, f }'
    ;;
  per-test)
    tests | grep -E "$pattern" >"$out/test-names.txt" || { echo "test-times: no test matches $pattern" >&2; exit 1; }
    echo "$(wc -l <"$out/test-names.txt") tests, each alone:"
    while read -r test; do
      name=${test%%(*}
      timed "$test" "$binary" --testing-library swift-testing --filter "^${name//./\\.}\\("
    done <"$out/test-names.txt"
    ;;
esac
if [ $build = 1 ]; then
  awk -F'\t' 'NR == 1 { b = $2 } NR > 1 { r += $2 } END { printf "build cpu %.1f s, run cpu %.1f s\n", b, r }' "$out/rows.tsv"
fi
