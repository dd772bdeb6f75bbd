#!/usr/bin/env bash
# live.sh: the live path's cost per move (a move beyond the bundle, explained with the engine, as the coach app does)
# at the coach's live budget and at the build's, against Stockfish alone searching the same positions.
# Run from the repo root after `swift build -j 1 -c release --product forge` (make bench does it).
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$PWD
FORGE=${FORGE:-$ROOT/.build/release/forge}
SF=${FORGE_ENGINE:-/usr/games/stockfish}
[ -x "$FORGE" ] || { echo "live.sh: no $FORGE: run swift build -j 1 -c release --product forge first" >&2; exit 1; }
[ -x "$SF" ] || { echo "live.sh: no stockfish at $SF" >&2; exit 1; }
case "$FORGE" in /*) ;; *) FORGE=$ROOT/$FORGE ;; esac
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
GAMES=scripts/bench/live-moves.txt
# The budgets, read where they are defined: the coach's live default (EngineSearch.coach) and the build's.
LIVE_NODES=$(sed -n 's/.*static let coach = EngineSearch(nodes: \([0-9_]*\),.*/\1/p' Sources/CoachBundle/ChessEngine.swift | tr -d _)
BUILD_NODES=$(sed -n 's/.*defaultNodes = \([0-9_]*\).*/\1/p' Sources/UCIEngine/AnalysisProfile.swift | tr -d _)
# forge explain's MultiPV (EngineOptions.configuration's default, the build's) and the coach's (EngineSearch.coach).
MULTIPV=$(sed -n 's/.*func configuration(multiPV: Int = \([0-9]*\),.*/\1/p' Sources/forge/Options.swift)
HASH=$(sed -n 's/.*defaultHashMegabytes = \([0-9]*\).*/\1/p' Sources/UCIEngine/AnalysisProfile.swift)
[ -n "$LIVE_NODES" ] && [ -n "$BUILD_NODES" ] && [ -n "$MULTIPV" ] && [ -n "$HASH" ] || { echo "live.sh: could not read the budgets from the sources" >&2; exit 1; }
ROUNDS=${ROUNDS:-2}   # 2 keeps the script near 2 minutes on this machine

# Each game's position before its last move, and that move: forge pgn2fen replays the game (no engine).
n=0
while read -r line; do
    case "$line" in ''|'#'*) continue ;; esac
    n=$((n + 1))
    read -ra moves <<< "$line"
    plies=${#moves[@]}
    pgn=""
    for ((i = 0; i < plies - 1; i++)); do
        ((i % 2 == 0)) && pgn+="$((i / 2 + 1)). "
        pgn+="${moves[i]} "
    done
    printf '[Event "live %s"]\n\n%s*\n' "$n" "$pgn" > "$TMP/game.pgn"
    fen=$("$FORGE" pgn2fen "$TMP/game.pgn" | grep -v '^$' | tail -1)
    printf '%s\t%s\n' "$fen" "${moves[plies - 1]}" >> "$TMP/moves.tsv"
done < "$GAMES"
N=$(wc -l < "$TMP/moves.tsv")

now() { date +%s.%N; }
# forge explain of one move, live: no bundle (run from an empty folder, so data/bundle is not there), no cache, no
# engine store, one engine (the app has one): every search is made now.
explain() { # fen move nodes [engine]
    (cd "$TMP/empty" && "$FORGE" explain --fen "$1" --nodes "$3" --jobs 1 --no-cache --no-engine-store \
        ${4:+--engine "$4"} --output-format json "$2" > "$TMP/note.json" 2> "$TMP/err") \
        || { echo "live.sh: forge explain $2 at $1 failed:" >&2; cat "$TMP/err" >&2; exit 1; }
}
# Stockfish alone on the position the move is played from: what a user runs instead (same MultiPV, Threads, Hash).
# `ucinewgame` after `go` waits for the search to end before `quit`.
bare() { # fen nodes
    printf 'uci\nsetoption name Threads value 1\nsetoption name Hash value %s\nsetoption name MultiPV value %s\nisready\nucinewgame\nposition fen %s\ngo nodes %s\nucinewgame\nisready\nquit\n' \
        "$HASH" "$MULTIPV" "$1" "$2" | "$SF" > "$TMP/sf.out"
    grep -q '^bestmove' "$TMP/sf.out" || { echo "live.sh: stockfish gave no bestmove for $1" >&2; exit 1; }
}
mkdir -p "$TMP/empty"

# The explainer's searches per move, counted once per budget through a wrapper that logs what Stockfish prints.
cat > "$TMP/engine-log.sh" <<EOF
#!/bin/sh
"$SF" | tee -a "$TMP/engine.log"
EOF
chmod +x "$TMP/engine-log.sh"
count_searches() { # nodes -> "searches nodes" per move (means)
    : > "$TMP/engine.log"
    while IFS=$'\t' read -r fen move; do explain "$fen" "$move" "$1" "$TMP/engine-log.sh"; done < "$TMP/moves.tsv"
    awk -v n="$N" '/^info .* nodes / { for (i = 1; i < NF; i++) if ($i == "nodes") last = $(i + 1) }
        /^bestmove/ { searches++; nodes += last; last = 0 }
        END { printf "%.1f %.0f", searches / n, nodes / n }' "$TMP/engine.log"
}

# Per move, the fastest of ROUNDS alternating runs (this shared machine's speed drifts from one second to the next).
measure() { # nodes -> file of "forge_s bare_s" per move
    local out="$TMP/times-$1" r fen move t0 t1 t2
    : > "$out"
    while IFS=$'\t' read -r fen move; do
        local best_f="" best_b=""
        for ((r = 0; r < ROUNDS; r++)); do
            t0=$(now); explain "$fen" "$move" "$1"; t1=$(now); bare "$fen" "$1"; t2=$(now)
            best_f=$(awk -v a="$t0" -v b="$t1" -v m="$best_f" 'BEGIN { d = b - a; print (m == "" || d < m) ? d : m }')
            best_b=$(awk -v a="$t1" -v b="$t2" -v m="$best_b" 'BEGIN { d = b - a; print (m == "" || d < m) ? d : m }')
        done
        echo "$best_f $best_b" >> "$out"
    done < "$TMP/moves.tsv"
    echo "$out"
}
report() { # nodes
    local file searches nodes
    read -r searches nodes <<< "$(count_searches "$1")"
    file=$(measure "$1")
    echo
    echo "nodes $1: $N moves, each the fastest of $ROUNDS runs"
    awk -v searches="$searches" -v nodes="$nodes" '
        { f[NR] = $1; b[NR] = $2; ft += $1; bt += $2; r[NR] = $1 / $2 }
        function median(v, n,   i, j, t) {
            for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (v[j] < v[i]) { t = v[i]; v[i] = v[j]; v[j] = t }
            return n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2
        }
        END {
            n = NR
            for (i = 1; i <= n; i++) { fs[i] = f[i]; bs[i] = b[i] }
            fm = median(fs, n); fx = fs[n]; bm = median(bs, n); bx = bs[n]; rm = median(r, n)
            printf "  forge explain (live)  total %.2f s   per move median %.3f s  max %.3f s   %s searches, %d engine nodes per move\n", ft, fm, fx, searches, nodes
            printf "  stockfish alone       total %.2f s   per move median %.3f s  max %.3f s   1 search per move\n", bt, bm, bx
            printf "  ratio forge explain / stockfish: %.2f (totals), %.2f (median of the moves)\n", ft / bt, rm
        }' "$file"
}

echo "engine: $("$SF" <<< quit | head -1)"
echo "live path: forge explain --fen FEN MOVE, no bundle, no cache, no engine store, 1 engine; each move its own process"
echo "reference: stockfish on the position before the move, go nodes N, MultiPV $MULTIPV, Threads 1, Hash $HASH, its own process"
startup=""
for ((r = 0; r < 3; r++)); do
    t0=$(now); printf 'uci\nisready\nquit\n' | "$SF" > /dev/null; t1=$(now)
    startup=$(awk -v a="$t0" -v b="$t1" -v m="$startup" 'BEGIN { d = b - a; print (m == "" || d < m) ? d : m }')
done
echo "stockfish start-up alone (uci, isready, quit; fastest of 3): $(printf '%.3f' "$startup") s, in both sides' figures"
echo "moves: the last move of each game in $GAMES; load average now $(cut -d' ' -f1-3 /proc/loadavg)"
report "$LIVE_NODES"
report "$BUILD_NODES"
echo
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
