#!/usr/bin/env bash
# Bundle benchmark: forge's openings.sqlite writer, read API and SHA-256 against python's sqlite3 and sha256sum, one run, ratios printed.
set -euo pipefail
cd "$(dirname "$0")/../.."
# The timing mode is forge-bench's (Sources/forge-bench: benchmark code stays out of forge and Pipeline).
BENCH=${BENCH:-.build/release/forge-bench}
POSITIONS=${POSITIONS:-20000}
QUERIES=${QUERIES:-3000}
[ -x "$BENCH" ] || swift build -c release --product forge-bench >/dev/null
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
mkdir -p "$OUT/forge" "$OUT/python"

# 1. forge: write a synthetic bundle (BundleWriter: one transaction, checks, VACUUM INTO, verify, rename),
#    QUERIES rounds of children / position by FEN / analysis through OpeningsBundle, SHA-256 of the file.
"$BENCH" bundle --positions "$POSITIONS" --queries "$QUERIES" --out "$OUT/forge" > "$OUT/forge.txt"
get() { sed -n "s/^$1=//p" "$OUT/forge.txt"; }

# 2. Reference: python3's sqlite3 (the same C SQLite) writes the same rows the same way, with the schema
#    copied from forge's file, and runs the same three SQL statements on forge's file, returning plain tuples.
python3 - "$OUT" "$POSITIONS" "$QUERIES" > "$OUT/python.txt" <<'PY'
import hashlib, os, sqlite3, sys, time
out, n, queries = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
src = os.path.join(out, "forge", "openings.sqlite")
schema = [r[0] for r in sqlite3.connect(src).execute(
    "SELECT sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY rowid")]
M = 1 << 64
def signed(k): return k - M if k >= 1 << 63 else k

t0 = time.perf_counter()
scratch, tmp, final = (os.path.join(out, "python", f) for f in (".scratch", ".tmp", "openings.sqlite"))
db = sqlite3.connect(scratch, isolation_level=None)
db.execute("PRAGMA page_size = 4096"); db.execute("PRAGMA journal_mode = DELETE"); db.execute("PRAGMA synchronous = OFF")
for s in schema: db.execute(s)
db.execute("BEGIN")
db.execute("INSERT INTO opening VALUES (1, 'synthetic', 'Synthetic', NULL, 'C50', 'white', 1, 'Rows made by formula.', 'synthetic.pgn')")
db.executemany("INSERT INTO position VALUES (?,?,?,?,?,?,?,?,?,?)",
    ((i, signed(i * 0x9E3779B97F4A7C15 % M), f"synthetic/{i} w - - 0 1", f"Name {i // 100}", "C50",
      int(i % 100 != 0), None, 1, "white" if i % 2 else "black", 0) for i in range(1, n + 1)))
moves, line_moves = [], []
for i in range(1, n + 1):
    if i + 1 <= n:
        moves.append((len(moves) + 1, i, i + 1, "a2a3", "a3", "%016x:a2a3" % (i * 0x9E3779B97F4A7C15 % M), 1))
        line_moves.append((1, i, len(moves), f"Explanation of ply {i}.", "authored", '["development"]', "Ga2a3")
                          + (None,) * 7)
    if i + 2 <= n:
        moves.append((len(moves) + 1, i, i + 2, "b2b3", "b3", "%016x:b2b3" % (i * 0x9E3779B97F4A7C15 % M), 1))
db.executemany("INSERT INTO move VALUES (?,?,?,?,?,?,?)", moves)
db.execute("INSERT INTO line VALUES (1, 1, 'main', NULL, NULL, NULL, NULL, NULL, 'synthetic/main', NULL, NULL)")
db.executemany("INSERT INTO line_move VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)", line_moves)
db.executemany("INSERT INTO analysis VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
    ((i, "Stockfish 15.1", "15.1", "synthetic", 1000 + i, 10, i % 200 - 100, None, i % 500, 500, 500 - i % 500, "a2a3")
     for i in range(1, n + 1)))
db.executemany("INSERT INTO analysis_line VALUES (?,?,?,?,?,?,?,?)",
    ((i, r + 1, u, u[-2:], i % 200 - 100 - 10 * r, None, f"{u} a7a6 h2h3", 10)
     for i in range(1, n + 1) for r, u in enumerate(["a2a3", "b2b3", "c2c3"])))
db.executemany("INSERT INTO meta VALUES (?,?)", [
    ("content_version", hashlib.sha256(("2.0\n" + "0" * 64 + "\nStockfish 15.1\nsynthetic\n").encode()).hexdigest()[:16]),
    ("engine", "Stockfish 15.1"), ("engine_version", "15.1"),
    ("profile", "synthetic"), ("schema_version", "2.0"), ("source_hash", "0" * 64)])
db.execute("COMMIT")
db.execute("PRAGMA application_id = 1128681287"); db.execute("PRAGMA user_version = 2")
assert db.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
assert db.execute("PRAGMA foreign_key_check").fetchall() == []
db.execute("VACUUM INTO ?", (tmp,)); db.close()
check = sqlite3.connect(f"file:{tmp}?mode=ro", uri=True)
assert check.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
assert check.execute("PRAGMA foreign_key_check").fetchall() == []
check.close()
fd = os.open(tmp, os.O_RDONLY); os.fsync(fd); os.close(fd)
os.rename(tmp, final); os.remove(scratch)
fd = os.open(os.path.dirname(final), os.O_RDONLY); os.fsync(fd); os.close(fd)
write_ms = (time.perf_counter() - t0) * 1000

t0 = time.perf_counter()
db = sqlite3.connect(f"file:{src}?mode=ro", uri=True)
found = 0
for k in range(queries):
    pid = k * 7919 % n + 1
    found += len(db.execute("SELECT move.*, position.* FROM move JOIN position ON position.id = move.to_position_id "
                            "WHERE move.from_position_id = ? ORDER BY move.id", (pid,)).fetchall())
    found += len(db.execute("SELECT * FROM position WHERE fen = ?", (f"synthetic/{pid} w - - 0 1",)).fetchall())
    if db.execute("SELECT * FROM analysis WHERE position_id = ?", (pid,)).fetchone():
        found += len(db.execute("SELECT * FROM analysis_line WHERE position_id = ? ORDER BY rank", (pid,)).fetchall())
query_ms = (time.perf_counter() - t0) * 1000
print(f"write_ms={write_ms:.1f}\nquery_ms={query_ms:.1f}\nquery_results={found}")
PY
pget() { sed -n "s/^$1=//p" "$OUT/python.txt"; }

now() { date +%s.%N; }
t0=$(now); sum=$(sha256sum "$OUT/forge/openings.sqlite" | cut -d' ' -f1); t1=$(now)
sha_ref=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", (b - a) * 1000 }')
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }

echo "synthetic bundle: $(get positions) positions, $(get rows) rows, $(get bytes) bytes"
echo "write (forge BundleWriter): $(get write_ms) ms; reference (python3 sqlite3, same rows and steps): $(pget write_ms) ms; ratio $(ratio "$(get write_ms)" "$(pget write_ms)")×"
# cmp -l offsets are 1-based; 41-44 is the schema cookie, which counts the DDL statements run
# (forge's scratch file also created and dropped GRDB's migrations table).
other=$( (cmp -l "$OUT/forge/openings.sqlite" "$OUT/python/openings.sqlite" || true) | awk '$1 < 41 || $1 > 44' | wc -l)
if cmp -s "$OUT/forge/openings.sqlite" "$OUT/python/openings.sqlite"; then
  echo "the two files are byte-identical"
elif [ "$other" -eq 0 ]; then
  echo "the two files are byte-identical but for the schema cookie (header offset 40)"
else
  echo "the two files differ in $other bytes outside the schema cookie"
fi
echo "queries ($QUERIES × children, position by FEN, analysis; forge OpeningsBundle records): $(get query_ms) ms; reference (python3 sqlite3 tuples): $(pget query_ms) ms; ratio $(ratio "$(get query_ms)" "$(pget query_ms)")×"
[ "$(get query_results)" = "$(pget query_results)" ] || { echo "query results differ: $(get query_results) vs $(pget query_results)" >&2; exit 1; }
echo "sha256 (forge, pure Swift): $(get sha256_ms) ms; reference (sha256sum, incl. process start): ${sha_ref} ms; ratio $(ratio "$(get sha256_ms)" "$sha_ref")×"
[ "$(get sha256)" = "$sum" ] || { echo "digests differ: $(get sha256) vs $sum" >&2; exit 1; }
