#!/usr/bin/env bash
# Perft speed: forge (release, one thread) against Stockfish's own `go perft`, same positions, one run.
# CPU time (user+sys) is compared, so other load on the machine does not skew the ratio.
set -euo pipefail
forge=${FORGE:-.build/release/forge}
sf=${STOCKFISH:-/usr/games/stockfish}
positions=(
  "startpos|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1|6"
  "kiwipete|r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1|5"
  "position3|8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1|7"
  "position4|r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1|5"
  "position5|rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8|5"
)
cpu() { /usr/bin/time -f "%U %S" "$@" 2>&1 >/dev/null | tail -1 | awk '{print $1+$2}'; }
printf "%-10s %5s %12s %10s %10s %8s\n" position depth nodes "forge Mn/s" "sf Mn/s" ratio
tf=0; ts=0
for entry in "${positions[@]}"; do
  IFS='|' read -r name fen depth <<<"$entry"
  nodes=$("$forge" perft --fen "$fen" "$depth" | tail -1)
  sfnodes=$(printf "position fen %s\ngo perft %s\nquit\n" "$fen" "$depth" | "$sf" | awk '/Nodes searched/ {print $3}')
  [ "$nodes" = "$sfnodes" ] || { echo "perft mismatch on $name: forge $nodes, stockfish $sfnodes" >&2; exit 1; }
  a=$(cpu "$forge" perft --fen "$fen" "$depth")
  b=$(cpu sh -c "printf 'position fen %s\ngo perft %s\nquit\n' '$fen' '$depth' | '$sf'")
  tf=$(awk -v x="$tf" -v y="$a" "BEGIN{print x+y}"); ts=$(awk -v x="$ts" -v y="$b" "BEGIN{print x+y}")
  awk -v n="$name" -v d="$depth" -v c="$nodes" -v a="$a" -v b="$b" 'BEGIN { if (a < 0.01) a = 0.01; if (b < 0.01) b = 0.01;
    printf "%-10s %5d %12d %10.1f %10.1f %7.2fx\n", n, d, c, c/a/1e6, c/b/1e6, b/a }'
done
awk -v a="$tf" -v b="$ts" 'BEGIN { printf "total CPU: forge %.2f s, stockfish %.2f s: forge runs at %.2fx Stockfish perft speed\n", a, b, b/a }'
