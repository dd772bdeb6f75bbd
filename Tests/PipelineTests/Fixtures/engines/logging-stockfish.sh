#!/bin/bash
# The real Stockfish, its output also copied to $FORGE_TEST_ENGINE_LOGS/engine-<pid>.out (the pid is the engine's:
# exec keeps it), so a test waits for what the engine did (its first `info` line: it is searching) instead of a time.
# With $FORGE_TEST_ENGINE_GATE set, the engine starts only once that file exists (a test holds a build there); it
# tells that it is held by the file $FORGE_TEST_ENGINE_LOGS/held-<pid>.
if [ -n "${FORGE_TEST_ENGINE_GATE:-}" ]; then
  : > "$FORGE_TEST_ENGINE_LOGS/held-$$"
  while [ ! -e "$FORGE_TEST_ENGINE_GATE" ]; do sleep 0.01; done
fi
exec /usr/games/stockfish "$@" > >(tee "$FORGE_TEST_ENGINE_LOGS/engine-$$.out")
