# engine-positions.py: deterministic benchmark positions for scripts/bench/engine.sh (python-chess, seeded random games).
import random
import sys

import chess

count = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
rng = random.Random(20261122)
seen = set()
out = []
while len(out) < count:
    board = chess.Board()
    plies = rng.randint(6, 40)
    for _ in range(plies):
        moves = list(board.legal_moves)
        if not moves:
            break
        # Prefer captures and central moves a little, so positions look like games, not noise.
        board.push(rng.choice(moves))
    if board.is_game_over():
        continue
    key = board.epd()
    if key in seen:
        continue
    seen.add(key)
    out.append(board.fen())
print("\n".join(out))
