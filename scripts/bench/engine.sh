#!/usr/bin/env bash
# engine.sh: forge analyze against Stockfish driven directly (a pre-written command script on its stdin):
# per-position overhead at `go nodes 1` and at the default profile, and the pool (2 engines) against 1 engine.
# Run from the repo root after `swift build -c release --product forge` (make bench does both).
set -euo pipefail
cd "$(dirname "$0")/../.."
FORGE=${FORGE:-.build/release/forge}
SF=${FORGE_ENGINE:-/usr/games/stockfish}
[ -x "$FORGE" ] || swift build -c release --product forge >/dev/null
[ -x "$SF" ] || { echo "engine.sh: no stockfish at $SF" >&2; exit 1; }
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
DEFAULT_NODES=$(sed -n 's/.*defaultNodes = \([0-9_]*\).*/\1/p' Sources/UCIEngine/AnalysisProfile.swift | tr -d _)
MULTIPV=3
N_FAST=${N_FAST:-2000}      # positions at go nodes 1
N_DEFAULT=${N_DEFAULT:-40}  # positions at the default profile
N_POOL=${N_POOL:-160}       # positions for the pool comparison
POOL_NODES=${POOL_NODES:-20000}

python3 scripts/bench/engine-positions.py "$N_FAST" > "$TMP/all.fen"
head -n "$N_DEFAULT" "$TMP/all.fen" > "$TMP/default.fen"
head -n "$N_POOL" "$TMP/all.fen" > "$TMP/pool.fen"

# The commands forge sends, written out in advance: the engine's own cost with no client at all.
reference_script() { # fenfile nodes
    echo uci
    printf 'setoption name Threads value 1\nsetoption name Hash value 16\nsetoption name MultiPV value %s\nsetoption name UCI_ShowWDL value true\nisready\n' "$MULTIPV"
    while read -r f; do printf 'ucinewgame\nisready\nposition fen %s\ngo nodes %s\n' "$f" "$2"; done < "$1"
    printf 'ucinewgame\nisready\nquit\n'
}

# Prints "wall cpu" (seconds; cpu = user+sys of the command and the engines it reaped).
measure() {
    /usr/bin/time -f "%e %U %S" -o "$TMP/t" "$@" > "$TMP/out" 2>/dev/null
    awk '{ printf "%.3f %.3f\n", $1, $2 + $3 }' "$TMP/t"
}
ref() { reference_script "$1" "$2" > "$TMP/script"; measure sh -c "\"$SF\" < \"$TMP/script\""; }
forge() { measure "$FORGE" analyze "$1" --nodes "$2" --multipv "$MULTIPV" --jobs "$3" --no-cache --format jsonl; }

# Best of two alternating rounds: the machine is shared, the minimum is the least disturbed.
best() { sort -n | head -1; }
pair() { # fenfile nodes -> "refwall refcpu forgewall forgecpu"
    local r1 f1 r2 f2
    r1=$(ref "$1" "$2"); f1=$(forge "$1" "$2" 1); r2=$(ref "$1" "$2"); f2=$(forge "$1" "$2" 1)
    echo "$(printf '%s\n%s\n' "$r1" "$r2" | best) $(printf '%s\n%s\n' "$f1" "$f2" | best)"
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", a / b }'; }

echo "engine: $("$SF" <<< quit | head -1)"
echo "profile: default nodes $DEFAULT_NODES, MultiPV $MULTIPV, Threads 1, Hash 16, ucinewgame per position"

read -r rw rc fw fc <<< "$(pair "$TMP/all.fen" 1)"
echo
echo "go nodes 1, $N_FAST positions, 1 engine"
echo "  stockfish alone   wall ${rw}s  cpu ${rc}s"
echo "  forge analyze     wall ${fw}s  cpu ${fc}s"
echo "  overhead per position: $(awk -v f="$fw" -v r="$rw" -v n="$N_FAST" 'BEGIN { printf "%.0f", (f - r) / n * 1e6 }') µs wall"
echo "  ratio forge/stockfish: wall $(ratio "$fw" "$rw")  cpu $(ratio "$fc" "$rc")"

read -r rw rc fw fc <<< "$(pair "$TMP/default.fen" "$DEFAULT_NODES")"
echo
echo "default profile (nodes $DEFAULT_NODES), $N_DEFAULT positions, 1 engine"
echo "  stockfish alone   wall ${rw}s  cpu ${rc}s"
echo "  forge analyze     wall ${fw}s  cpu ${fc}s"
echo "  overhead per position: $(awk -v f="$fw" -v r="$rw" -v n="$N_DEFAULT" 'BEGIN { printf "%.1f", (f - r) / n * 1e3 }') ms wall"
echo "  ratio forge/stockfish: wall $(ratio "$fw" "$rw")  cpu $(ratio "$fc" "$rc")   (target: overhead < 5%, ratio < 1.05)"
cpu_per_position=$(awk -v c="$fc" -v n="$N_DEFAULT" 'BEGIN { print c / n }')

read -r w1 c1 <<< "$(forge "$TMP/pool.fen" "$POOL_NODES" 1)"
read -r w2 c2 <<< "$(forge "$TMP/pool.fen" "$POOL_NODES" 2)"
echo
echo "pool, $N_POOL positions at nodes $POOL_NODES"
# busy cores = cpu / wall: about 2 when both engines really run at once.
echo "  1 engine   wall ${w1}s  $(awk -v w="$w1" -v n="$N_POOL" 'BEGIN { printf "%.1f", n / w }') pos/s  busy cores $(ratio "$c1" "$w1")"
echo "  2 engines  wall ${w2}s  $(awk -v w="$w2" -v n="$N_POOL" 'BEGIN { printf "%.1f", n / w }') pos/s  busy cores $(ratio "$c2" "$w2")"
echo "  ratio 2 engines / 1 engine: $(ratio "$w1" "$w2")   (target: >= 1.8 on 2 free cores; load now: $(cut -d' ' -f1 /proc/loadavg))"
echo
echo "estimate: 2000 positions at the default profile on 2 free cores: $(awk -v c="$cpu_per_position" 'BEGIN { s = 2000 * c / 2; printf "%.0f s (%.1f min)", s, s / 60 }') (cpu per position ${cpu_per_position}s)"
