#!/usr/bin/env bash
# check-notes.sh BUNDLE: audits a built bundle's notes (move_note) with the same checks the tests run on a fixture
# bundle (Tests/PipelineTests/NoteAudit.swift): every curriculum position has a note for every legal move, every
# other position its top three and its list moves; every note passes Note.problems(); no filler, no spoiler, no
# claim word without a claim; no position lists a move twice among its ranked lines; the most common sentence's
# share is printed and bounded; openings.sqlite under 40 MB. Exit 0 when all hold, 1 when one does not, 2 on bad use.
set -euo pipefail
bundle="${1:-data/bundle}"
if [ ! -f "$bundle/openings.sqlite" ]; then
    echo "check-notes: no $bundle/openings.sqlite (build it first: make build-data)" >&2
    exit 2
fi
abs="$(cd "$bundle" && pwd)"
cd "$(dirname "$0")/.."
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
status=0
FORGE_NOTES_BUNDLE="$abs" swift test --filter 'MoveNoteTests/theBuiltBundlesNotesHoldUp' >"$log" 2>&1 || status=$?
grep -E '^notes |✘|passed after|failed after' "$log" || tail -20 "$log"
if [ "$status" -ne 0 ]; then echo "check-notes: $abs fails the notes audit (above)" >&2; exit 1; fi
if ! grep -q '^notes ' "$log"; then echo "check-notes: the audit did not run" >&2; exit 1; fi
echo "check-notes: $abs passes"
