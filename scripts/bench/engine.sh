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
    /usr/bin/time -f "%e %U %S" -o "$TMP/t" "$@" > "$TMP/out" 2> "$TMP/err"
    awk '{ printf "%.3f %.3f\n", $1, $2 + $3 }' "$TMP/t"
}
ref() { reference_script "$1" "$2" > "$TMP/script"; measure sh -c "\"$SF\" < \"$TMP/script\""; }
# forge's --stats line gives its wall time and the engine's own search time (Stockfish's `info time`)
# of the same run: their ratio does not depend on how fast the machine happens to be at the moment.
forge() {
    measure "$FORGE" analyze "$1" --nodes "$2" --multipv "$MULTIPV" --jobs "$3" --no-cache --output-format jsonl --stats
    sed -n 's/.*wall \([0-9.]*\) s; engine search time \([0-9.]*\) s.*/\1 \2/p' "$TMP/err" >> "$TMP/own-$2-$3"
}
# The median over this configuration's runs of forge's wall time over the engine's own time.
own_ratio() { awk '{ print $1 / $2 }' "$TMP/own-$1-1" | sort -n | awk '{ v[NR] = $1 } END { printf "%.3f", v[int((NR + 1) / 2)] }'; }

# Best of ROUNDS alternating rounds: the same Stockfish run on the same commands varies by up to
# 15% from one run to the next on this machine; the minimum is the least disturbed.
ROUNDS=${ROUNDS:-3}
POOL_ROUNDS=${POOL_ROUNDS:-5}
best() { sort -n | head -1; }
pair() { # fenfile nodes -> "refwall refcpu forgewall forgecpu"
    local r="" f="" i
    for ((i = 0; i < ROUNDS; i++)); do
        r+="$(ref "$1" "$2")"$'\n'
        f+="$(forge "$1" "$2" 1)"$'\n'
    done
    echo "$(printf '%s' "$r" | best) $(printf '%s' "$f" | best)"
}
# Two Stockfish processes, each on every other position, with no client: what 2 cores give at best.
ref2() { # fenfile nodes
    awk 'NR % 2 == 1' "$1" > "$TMP/half1.fen"
    awk 'NR % 2 == 0' "$1" > "$TMP/half2.fen"
    reference_script "$TMP/half1.fen" "$2" > "$TMP/script1"
    reference_script "$TMP/half2.fen" "$2" > "$TMP/script2"
    measure sh -c "\"$SF\" < \"$TMP/script1\" > /dev/null & \"$SF\" < \"$TMP/script2\" > /dev/null; wait"
}
pool_round() { # fenfile nodes -> "forge1wall forge1cpu forge2wall forge2cpu sf1wall sf1cpu sf2wall sf2cpu"
    local a="" b="" c="" d="" i
    for ((i = 0; i < POOL_ROUNDS; i++)); do
        a+="$(forge "$1" "$2" 1)"$'\n'
        b+="$(forge "$1" "$2" 2)"$'\n'
        c+="$(ref "$1" "$2")"$'\n'
        d+="$(ref2 "$1" "$2")"$'\n'
    done
    echo "$(printf '%s' "$a" | best) $(printf '%s' "$b" | best) $(printf '%s' "$c" | best) $(printf '%s' "$d" | best)"
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", a / b }'; }

echo "engine: $("$SF" <<< quit | head -1)"
echo "profile: default nodes $DEFAULT_NODES, MultiPV $MULTIPV, Threads 1, Hash 16, ucinewgame per position"
echo "each figure: the best of $ROUNDS alternating runs ($POOL_ROUNDS for the pool)"

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
echo "  ratio forge/stockfish: wall $(ratio "$fw" "$rw")  cpu $(ratio "$fc" "$rc")   (two separate runs: the machine's speed drifts by up to 15%)"
own=$(own_ratio "$DEFAULT_NODES")
echo "  forge wall / the engine's own search time, same run: $own = overhead $(awk -v r="$own" 'BEGIN { printf "%.1f%%", (r - 1) * 100 }') (median of $ROUNDS runs; start-up and ucinewgame included)   (target: < 5%)"
cpu_per_position=$(awk -v c="$fc" -v n="$N_DEFAULT" 'BEGIN { print c / n }')

read -r w1 c1 w2 c2 s1 sc1 s2 sc2 <<< "$(pool_round "$TMP/pool.fen" "$POOL_NODES")"
echo
echo "pool, $N_POOL positions at nodes $POOL_NODES"
# busy cores = cpu / wall: about 2 when both engines really run at once.
rate() { awk -v w="$1" -v n="$N_POOL" 'BEGIN { printf "%.1f", n / w }'; }
echo "  forge, 1 engine        wall ${w1}s  $(rate "$w1") pos/s  busy cores $(ratio "$c1" "$w1")"
echo "  forge, 2 engines       wall ${w2}s  $(rate "$w2") pos/s  busy cores $(ratio "$c2" "$w2")"
echo "  stockfish alone, 1     wall ${s1}s  $(rate "$s1") pos/s  busy cores $(ratio "$sc1" "$s1")"
echo "  stockfish alone, 2     wall ${s2}s  $(rate "$s2") pos/s  busy cores $(ratio "$sc2" "$s2")   (half the positions each)"
echo "  ratio 2 engines / 1 engine: forge $(ratio "$w1" "$w2"), stockfish alone $(ratio "$s1" "$s2") (what these 2 cores allow)"
busy=$(awk '{ print $2 / $1 }' "$TMP/own-$POOL_NODES-2" | sort -n | awk '{ v[NR] = $1 } END { printf "%.2f", v[int((NR + 1) / 2)] }')
echo "  forge, 2 engines: the engines' own search time / wall = $busy of 2 (median of $POOL_ROUNDS runs): the share of the time both search"
echo "  forge's pool reaches $(awk -v a="$w1" -v b="$w2" -v c="$s1" -v d="$s2" 'BEGIN { printf "%.0f%%", 100 * (a / b) / (c / d) }') of the machine's ceiling   (target: >= 1.8 on 2 free cores; load now: $(cut -d' ' -f1 /proc/loadavg))"
echo
echo "estimate: 2000 positions at the default profile on 2 free cores: $(awk -v c="$cpu_per_position" 'BEGIN { s = 2000 * c / 2; printf "%.0f s (%.1f min)", s, s / 60 }') (cpu per position ${cpu_per_position}s)"
