#!/bin/sh
# A fake UCI engine that exits with status 1 (a crash) when asked to search with Black to move.
pos=""
while read -r line; do
  case "$line" in
    uci) printf 'id name Fake Crashing 1.0\noption name Threads type spin default 1 min 1 max 1\noption name Hash type spin default 16 min 1 max 64\noption name MultiPV type spin default 1 min 1 max 10\nuciok\n' ;;
    isready) echo readyok ;;
    position*) pos="$line" ;;
    go*) case "$pos" in
           *" b "*) exit 1 ;;
           *) printf 'garbage from the engine\ninfo depth 1 seldepth 1 multipv 1 score cp 13 nodes 100000000 pv e2e4\nbestmove e2e4\n' ;;
         esac ;;
    quit) exit 0 ;;
  esac
done
