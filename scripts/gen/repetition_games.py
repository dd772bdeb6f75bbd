#!/usr/bin/env python3
"""Random games (seeded, python-chess) in which a position repeats, for fen2pgn's round trip.

Writes Tests/PipelineTests/Fixtures/iosafety/repetitions.pgn: 200 games of random legal moves
with knight, bishop or queen shuffles (there and back) inserted, so every game repeats a position at least
once and many three times. Run from the repository root: python3 scripts/gen/repetition_games.py
"""
import random, chess, chess.pgn

rng = random.Random(20261124)
out = []
for g in range(200):
    b = chess.Board()
    game = chess.pgn.Game()
    game.headers["Event"] = f"Repetition {g + 1}"
    node = game
    repeated = False
    for _ in range(rng.randint(10, 120)):
        moves = list(b.legal_moves)
        if not moves:
            break
        # Now and then a shuffle: a move and its reverse by both sides, once or twice.
        if rng.random() < 0.15 and len(moves) > 1:
            for _ in range(rng.randint(1, 2)):
                seq = []
                trial = b.copy()
                for _side in range(2):
                    cand = [m for m in trial.legal_moves if trial.piece_type_at(m.from_square) in (chess.KNIGHT, chess.BISHOP, chess.QUEEN)
                            and not trial.is_capture(m) and not trial.is_castling(m)]
                    if not cand:
                        break
                    m = rng.choice(cand)
                    seq.append(m)
                    trial.push(m)
                if len(seq) < 2:
                    break
                back = [chess.Move(seq[0].to_square, seq[0].from_square), chess.Move(seq[1].to_square, seq[1].from_square)]
                if not (trial.is_legal(back[0])):
                    break
                trial.push(back[0])
                if not trial.is_legal(back[1]):
                    break
                for m in seq + back:
                    node = node.add_variation(m)
                    b.push(m)
                repeated = True
            continue
        m = rng.choice(moves)
        node = node.add_variation(m)
        b.push(m)
    if not repeated:
        continue
    keys = []
    t = chess.Board()
    keys.append(t._transposition_key())
    for m in game.mainline_moves():
        t.push(m)
        keys.append(t._transposition_key())
    assert len(set(keys)) < len(keys), "no repetition"
    game.headers["Result"] = b.result(claim_draw=False) if b.is_game_over() else "*"
    out.append(str(game))
with open("Tests/PipelineTests/Fixtures/iosafety/repetitions.pgn", "w") as f:
    f.write("\n\n".join(out) + "\n")
print(len(out), "games")
