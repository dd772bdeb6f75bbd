#!/usr/bin/env python3
"""Reference data from python-chess: random games (seeded) with SAN and FEN per ply, and random perft positions."""
import random, subprocess, sys, chess
rng = random.Random(20261122)
games, perft_positions = [], []
for g in range(150):
    b = chess.Board()
    plies = []
    for _ in range(rng.randint(20, 160)):
        moves = list(b.legal_moves)
        if not moves: break
        # Prefer captures, checks and promotions now and then so special moves appear often.
        special = [m for m in moves if b.is_capture(m) or m.promotion or b.is_castling(m) or b.gives_check(m)]
        m = rng.choice(special if special and rng.random() < 0.4 else moves)
        san = b.san(m)
        b.push(m)
        plies.append((m.uci(), san, b.fen(en_passant="fen")))
        if rng.random() < 0.02 and len(perft_positions) < 40 and not b.is_game_over():
            perft_positions.append(b.fen(en_passant="fen"))
    games.append(plies)
with open("Tests/ChessCoreTests/Fixtures/random-games.txt", "w") as f:
    f.write("# Random games from python-chess (scripts/gen/random_games.py): per ply uci <TAB> san <TAB> fen; blank line between games\n")
    for plies in games:
        for u, s, fen in plies:
            f.write(f"{u}\t{s}\t{fen}\n")
        f.write("\n")
def sf_perft(fen, depth):
    p = subprocess.Popen(["/usr/games/stockfish"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    out, _ = p.communicate(f"position fen {fen}\ngo perft {depth}\nquit\n")
    return next(int(l.split(":")[1]) for l in out.splitlines() if l.startswith("Nodes searched:"))
with open("Tests/ChessCoreTests/Fixtures/perft.txt", "a") as f:
    for i, fen in enumerate(perft_positions):
        f.write(f"\nid random-{i + 1}\nepd {fen}\n")
        for d in (1, 2, 3, 4):
            f.write(f"perft {d} {sf_perft(fen, d)}\n")
print(len(games), "games,", len(perft_positions), "random perft positions", file=sys.stderr)
