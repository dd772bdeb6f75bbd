#!/usr/bin/env bash
# Runs every line of the perft suite (Tests/ChessCoreTests/Fixtures/perft.txt) at full depth with the release forge.
set -euo pipefail
forge=${FORGE:-.build/release/forge}
max=${PERFT_MAX_NODES:-200000000}
fails=0; n=0
while read -r key a b; do
  case "$key" in
    epd) fen="$a $b" ;;
    id) id="$a" ;;
    perft)
      [ "$b" -le "$max" ] || continue
      got=$("$forge" perft --fen "$fen" "$a" | tail -1); n=$((n+1))
      if [ "$got" != "$b" ]; then echo "FAIL $id depth $a: expected $b, got $got" >&2; fails=$((fails+1)); fi ;;
  esac
done < Tests/ChessCoreTests/Fixtures/perft.txt
echo "perft suite: $n checks, $fails failures"
[ "$fails" = 0 ]
