#!/usr/bin/env bash
# check-example-client: builds Examples/CoachClient against ContentForge BY VERSION (a local clone tagged as a
# release), runs it on a built bundle and checks its answers; then checks the bundle's own promises in SQL.
# Usage: scripts/check-example-client.sh [BUNDLE_DIR]   (default data/bundle, as `make build-data` writes it)
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
bundle=$(cd "${1:-$repo/data/bundle}" && pwd)
version=0.0.0-ci
work=$(mktemp -d "${TMPDIR:-/tmp}/contentforge-client.XXXXXX")
trap 'rm -rf "$work"' EXIT

# 1. What an app resolves: the committed tree, tagged. (Uncommitted changes are not part of a release.)
git clone -q "$repo" "$work/ContentForge"
git -C "$work/ContentForge" tag "$version"
cp -R "$repo/Examples/CoachClient" "$work/CoachClient"
rm -rf "$work/CoachClient/.build"

# 2. Resolve by version and build: SwiftPM refuses a product with unsafe flags here.
export CONTENTFORGE_URL="file://$work/ContentForge" CONTENTFORGE_VERSION="$version"
swift build --package-path "$work/CoachClient" 2>&1 | tail -3
grep -q "\"version\" : \"$version\"" "$work/CoachClient/Package.resolved" \
    || { echo "check-example-client: ContentForge was not resolved by version $version" >&2; exit 1; }

# 3. Run it on the bundle and check what it printed.
"$work/CoachClient/.build/debug/CoachClient" "$bundle" | tee "$work/out.txt"
# The schema version the sources write (BundleSchema.version and .minorVersion): one place says it.
schema=$(awk '/static let version = /{v=$NF} /static let minorVersion = /{m=$NF} END{print v "." m}' "$repo/Sources/BundleStore/BundleSchema.swift")
failures=0
expect() {
    if ! grep -qE -- "$1" "$work/out.txt"; then
        echo "check-example-client: expected a line matching: $1" >&2
        failures=$((failures + 1))
    fi
}
expect "^schema_version: ${schema//./\\.}\$"
expect '^content_version: [0-9a-f]{16}$'
expect '^found by every FEN: true$'
# The scripted game through the one call (CoachBundle.moment): one line per category, in the library's words, and
# every live note (the app's Stockfish through UCIStreamEngine) checked with Note.problems().
# A note begins with a word: a capital, or the move itself when it is a pawn's ("d4 was better, …"); `-` is none.
expect '^good: [0-9]+\.[^ ]+ \((bundle|live)\): [A-Za-z]'
# An okay move's better move is in the note only where the build writes it for good moves (`Better: -` otherwise).
expect '^okay: [0-9]+\.[^ ]+ \((bundle|live)\): [A-Za-z].* Better: '
# A mistake names its better move (a move, `O-O` among them, never the `-` of none) and its line.
expect '^mistake: [0-9]+\.[^ ]+ \((bundle|live)\): [A-Za-z].* Better: [^-;][^;]*; line: [^-]'
expect '^opponent: [0-9]+\.\.\.[^ ]+ \((bundle|live)\): [A-Za-z]'
expect '^deviation: [0-9]+\.\.\.[^ ]+ \(bundle\): reaches [^-]'
expect '^[a-z]+: [0-9]+\.+[^ ]+ \(live\): '
expect '^live [0-9]+\.+[^ ]+: problems 0$'
if grep -E '^live .*: problems [1-9]' "$work/out.txt" >&2; then
    echo "check-example-client: a live note fails Note.problems()" >&2
    failures=$((failures + 1))
fi
expect '^accuracy: [0-9]+ of [1-9][0-9]* moves in the engine.s top three \([0-9]+ from the bundle, [1-9][0-9]* live\)$'
# A position beyond the bundle: 2...Ra6 is named, not praised; White's punishment (Bxa6) is the answer and the
# refutation, never in the text.
expect '^explain Ra6: live 2\.\.\.Ra6, verdict (mistake|blunder), answer Bxa6, refutation Bxa6 [^-]+, better [^-]+, problems 0$'
expect '^explain Ra6 text: (.* )?[Aa] (mistake|blunder)([:.;, ]|$)'   # the verdict sentence, whichever of its forms the move's variety chose
expect '^explain Ra6 names its answer: false$'
expect '^found by polyglot key: true$'
expect '^name: [^-]'
expect '^line: italian-game/main ply 5: main line$'
expect '^line: italian-game/italian-game-two-knights-defense ply 5: deviation "Italian Game: Two Knights Defense" phase 2 deviation$'
expect '^line: italian-game/italian-game-blackburne-kostic-gambit ply 5: deviation "Italian Game: Blackburne-Kostić Gambit" phase 2 trap$'
# The line screen through the facade: the main line's steps, 1.e4 explained by its author.
expect '^steps of italian-game/main: [1-9][0-9]*, [1-9][0-9]* explained, first 1 e4 \(authored\)$'
expect '^step 1 concepts: [a-z]'
expect '^deviation leaving: Nf6 italian-game/italian-game-two-knights-defense deviation "Italian Game: Two Knights Defense" phase 2 deviation: Black attacks e4'
expect '^top 1: [^ ]+ mover (cp|mate) -?[0-9]+ white (cp|mate) -?[0-9]+ depth [0-9]+ pv ([3-9]|[1-9][0-9]) plies'
expect '^top 3: '
expect '^judge best [^:]+: top three true, rank 1, loses none$'
expect '^judge second [^:]+: top three true, rank 2, loses '
expect '^judge a6: top three (true|false), loses '
expect '^grade best [^:]+: (best|good), rank 1, drop [0-9]+$'   # the note's grade comes from the every-move search, which may prefer another move by a little
expect '^notes here: ([0-9]+) of \1 legal moves, 0 empty$'
expect '^note Nf6: (best|good), '
expect '^note Qh4: (mistake|blunder), better [^-]'
expect '^bad fen: BND501$'
expect '^library: 24 entries, 12 tactics, 12 claims, 0 untitled, 0 missing FEN files$'
expect "^tactic: Barnes Opening: Fool's Mate \(A00\): mate 1 at ply 3: Black mates at once with Qh4$"
expect '^word hunt: [1-9][0-9]* words'
expect '^word hunt has: cat tea eat$'
expect '^anagrams tarsin: [1-9][0-9]* words, best [a-z]+$'
expect '^word bites c a t h:er v:in s: [1-9][0-9]* words, best [a-z]+ \((across|down)\)$'

# 4. The bundle's promises, in SQL (python3's sqlite3: the reference reader, not ours).
SCHEMA="$schema" python3 - "$bundle/openings.sqlite" <<'PY' || failures=$((failures + 1))
import os, sqlite3, sys
db = sqlite3.connect(f"file:{sys.argv[1]}?mode=ro", uri=True)
def one(sql): return db.execute(sql).fetchone()[0]
def order(cp, mate):  # side to move's view: winning mates first, shorter first; being mated last
    if mate is not None: return (2, -mate) if mate > 0 else (0, -mate)
    return (1, cp)
problems = []
lines = db.execute("SELECT position_id, rank, score_cp, score_mate, depth, pv_uci FROM analysis_line ORDER BY position_id, rank").fetchall()
by_pos = {}
for p, r, cp, mate, depth, pv in lines: by_pos.setdefault(p, []).append((r, order(cp, mate), depth, pv))
unordered = [p for p, ls in by_pos.items() if any(a[1] < b[1] for a, b in zip(ls, ls[1:]))]
if unordered: problems.append(f"{len(unordered)} positions have a lower rank with a better score, e.g. position {unordered[0]}")
if any(d <= 0 for _, _, _, _, d, _ in lines): problems.append("an analysis line has no depth")
short = sum(1 for l in lines if len(l[5].split()) <= 2)
print(f"analysis lines: {len(lines)} in {len(by_pos)} positions, {len(unordered)} out of order, {short} with a PV of 1-2 plies")
undescribed = one("SELECT count(*) FROM line WHERE kind = 'deviation' AND (description IS NULL OR description = '')")
deviations = one("SELECT count(*) FROM line WHERE kind = 'deviation'")
print(f"deviations: {deviations}, {undescribed} without a description")
if undescribed: problems.append(f"{undescribed} deviations without a description")
untitled = one("SELECT count(*) FROM library_entry WHERE title = ''")
if untitled or one("SELECT count(*) FROM library_entry") == 0: problems.append("library entries missing or untitled")
for table, key in [("line", "key"), ("move", "key"), ("library_entry", "key")]:
    if one(f"SELECT count(*) FROM {table} WHERE {key} IS NULL OR {key} = ''"): problems.append(f"{table} rows without a key")
schema = os.environ["SCHEMA"]
if one("SELECT value FROM meta WHERE key = 'schema_version'") != schema: problems.append(f"meta.schema_version is not {schema}")
for p in problems: print("check-example-client:", p, file=sys.stderr)
sys.exit(1 if problems else 0)
PY

if [ "$failures" -gt 0 ]; then
    echo "check-example-client: $failures check(s) failed" >&2
    exit 1
fi
echo "example client: resolved ContentForge $version by version, built, answered as expected"
