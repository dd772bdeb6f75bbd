#!/usr/bin/env bash
# json-schemas.sh [FORGE] [BUNDLE]: every JSON output of forge validated against its schema in schemas/ with
# check-jsonschema: the `--format json` report of each command (with and without errors), pgn2fen's, classify's,
# annotate's and analyze's jsonl, explain's json (live, and from BUNDLE when given), words lookup and the three solvers
# (on a words.dawg built here). Each jsonl line is checked as its own instance. The schemas are checked against the
# JSON Schema metaschema first, and one planted wrong instance per schema must be refused, so a schema that accepts
# anything fails the step. Exit 0 when every instance validates, 1 otherwise.
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH=/usr/games:$PATH
forge="${1:-.build/release/forge}"
bundle="${2:-}"
[ -x "$forge" ] || { echo "json-schemas: no forge at $forge (make release)" >&2; exit 2; }
command -v check-jsonschema >/dev/null || { echo "json-schemas: check-jsonschema is missing (scripts/setup.sh installs it)" >&2; exit 2; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export FORGE_CACHE="$work/cache.sqlite"
fixtures=Tests/PipelineTests/Fixtures
nodes=(--nodes 20000)
status=0

# check SCHEMA FILE…: each file is one instance.
check() {
    local schema="schemas/$1"; shift
    if check-jsonschema --schemafile "$schema" "$@" >"$work/out.txt" 2>&1; then
        echo "json-schemas: $# instance(s) valid against $schema"
    else
        status=1; echo "json-schemas: FAILS $schema"; head -40 "$work/out.txt"
    fi
}
# lines NAME: split $work/NAME.jsonl into one .json file per line (at most 400), echo their paths.
lines() {
    local n=0
    mkdir -p "$work/$1"
    while IFS= read -r l && [ $n -lt 400 ]; do
        n=$((n + 1)); printf '%s\n' "$l" > "$work/$1/$n.json"
    done < "$work/$1.jsonl"
    [ $n -gt 0 ] || { echo "json-schemas: $1 wrote no line" >&2; status=1; }
    ls "$work/$1"/*.json 2>/dev/null || true
}
# report NAME ARGS…: the --format json report of `forge ARGS…` (standard output or, with data there, standard error).
report() {
    local name="$1"; shift
    "$forge" "$@" --format json >"$work/$name.stdout" 2>"$work/$name.stderr" || true
    if python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$work/$name.stdout" 2>/dev/null; then
        cp "$work/$name.stdout" "$work/reports/$name.json"
    else
        cp "$work/$name.stderr" "$work/reports/$name.json"
    fi
}

check-jsonschema --check-metaschema schemas/*.schema.json >"$work/out.txt" 2>&1 \
    || { echo "json-schemas: a schema is not valid JSON Schema"; cat "$work/out.txt"; exit 1; }

# The data outputs.
"$forge" pgn2fen "$fixtures/convert/variations.pgn" --output-format jsonl --variations --quiet > "$work/pgn2fen.jsonl"
check pgn2fen.jsonl.schema.json $(lines pgn2fen)
"$forge" classify "$fixtures/classify/corpus.pgn" --output-format jsonl --quiet > "$work/classify.jsonl" || true
check classify.jsonl.schema.json $(lines classify)
"$forge" annotate "$fixtures/annotate/italian.pgn" --output-format jsonl "${nodes[@]}" --quiet > "$work/annotate.jsonl"
check annotate.jsonl.schema.json $(lines annotate)
"$forge" analyze "$fixtures/analyze/positions.fen" --output-format jsonl "${nodes[@]}" --quiet > "$work/analyze.jsonl"
check analyze.jsonl.schema.json $(lines analyze)
# A mistake (3...Nd4), an opponent's move with an answer, a mate threat: every optional part of a note.
"$forge" explain e4 e5 Nf3 Nc6 Bc4 Nd4 Nxe5 Qg5 --output-format json "${nodes[@]}" --quiet > "$work/explain-live.json"
explains=("$work/explain-live.json")
if [ -n "$bundle" ]; then
    "$forge" explain --bundle "$bundle" e4 e5 Nf3 Nc6 Bc4 Bc5 c3 --output-format json --quiet > "$work/explain-bundle.json"
    explains+=("$work/explain-bundle.json")
fi
check explain.schema.json "${explains[@]}"
"$forge" words build --curation data/words --out "$work/words" --quiet >/dev/null
dawg="$work/words/words.dawg"
"$forge" words lookup --dawg "$dawg" --output-format json cat > "$work/lookup-word.json"
"$forge" words lookup --dawg "$dawg" --output-format json qzxv > "$work/lookup-none.json" || true
check words-lookup.schema.json "$work/lookup-word.json" "$work/lookup-none.json"
"$forge" words solve wordhunt --dawg "$dawg" --output-format json abcdefghijklmnop > "$work/wordhunt.json"
"$forge" words solve anagrams --dawg "$dawg" --output-format json tracks > "$work/anagrams.json"
"$forge" words solve wordbites --dawg "$dawg" --output-format json c a t s h:re v:in > "$work/wordbites.json"
check words-solve.schema.json "$work/wordhunt.json" "$work/anagrams.json" "$work/wordbites.json"

# The reports, clean and with errors.
mkdir -p "$work/reports"
report pgn2fen-errors pgn2fen "$fixtures/convert/errors_moves.pgn"
report pgn2fen-missing pgn2fen "$work/no-such.pgn"
report classify-illegal classify "$fixtures/classify/illegal.pgn" --output-format jsonl
report analyze-bad analyze "$fixtures/analyze/bad.fen" "${nodes[@]}"
report annotate-bad annotate "$fixtures/annotate/bad.pgn" "${nodes[@]}"
report validate-good validate "$fixtures/validate/good"
report words-lookup words lookup --dawg "$dawg" cat
check report.schema.json "$work"/reports/*.json

# Each schema refuses a planted wrong instance (a schema that accepts anything is a failure too).
planted() {
    local schema="schemas/$1" bad="$work/planted-$1"
    printf '%s\n' "$2" > "$bad"
    # Refused for what it holds: check-jsonschema's validation failure, not an error reading the schema.
    if check-jsonschema --schemafile "$schema" "$bad" >"$work/out.txt" 2>&1 \
        || ! grep -q "Schema validation errors were encountered" "$work/out.txt"; then
        status=1; echo "json-schemas: FAILS $schema accepts a wrong instance (or cannot be read): $2"; head -5 "$work/out.txt"
    fi
}
planted pgn2fen.jsonl.schema.json '{"game":1,"ply":1,"san":"e4","uci":"e2e4","fen":"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0"}'
planted classify.jsonl.schema.json '{"game":1,"line":0,"ply":5,"eco":"Z50","name":"Italian Game","epd":"x"}'
planted annotate.jsonl.schema.json "$(head -n 1 "$work/annotate.jsonl" | sed 's/"fenBefore"/"fen"/')"
planted analyze.jsonl.schema.json "$(head -n 1 "$work/analyze.jsonl" | sed 's/"cp":\(-\{0,1\}[0-9]*\)/"cp":"\1"/')"
planted explain.schema.json "$(sed 's/"fenBefore"/"fen"/' "$work/explain-live.json")"
planted words-lookup.schema.json '{"word":"cat","dictionary":"d","isWord":true,"games":[],"reasons":[]}'
planted words-solve.schema.json '[{"word":"cat","score":100,"tier":"common","beyondDefaultTier":false,"path":[0,1,16]}]'
planted report.schema.json '{"command":"pgn2fen","diagnostics":[{"severity":"fatal","code":"PGN101","message":"m","notes":[]}],"summary":{},"outcome":"ok","exitStatus":0}'
echo "json-schemas: planted wrong instances refused by every schema"

if [ "$status" -ne 0 ]; then echo "json-schemas: an output does not match its schema (above)" >&2; fi
exit "$status"
