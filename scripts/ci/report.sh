#!/usr/bin/env bash
# report.sh [BUNDLE]: forge report of a bundle (default data/bundle), rendered in headless chromium. Writes the site to
# .build/ci-report with .build/release/forge; screenshots index.html and two opening pages (italian-game, learner
# White; sicilian-defence, learner Black) at a fixed window and compares them with the committed ones in
# scripts/ci/report-screenshots/ (tolerance: at most 1% of the pixels may differ by more than 48 in a channel, each band
# of 100 rows compared at its best vertical offset within 60 rows, so a reworded note or description that moves
# the rest of the page passes and a board drawn wrong does not); then checks each page's DOM as chromium built
# it (--dump-dom) against openings.sqlite read with Python's sqlite3: one section per line, one board per ply of the
# line with its two kings, every stored note's text and verdict on its ply, no script. REPORT_UPDATE=1 rewrites the screenshots.
# FORGE overrides the binary. Exit 0 when all hold, 1 when one does not, 2 on bad use (no bundle, no chromium, no Pillow).
set -euo pipefail
bundle="${1:-data/bundle}"
cd "$(dirname "$0")/../.."
forge="${FORGE:-.build/release/forge}"
site=.build/ci-report
shots=scripts/ci/report-screenshots
window=1200,1500
[ -f "$bundle/openings.sqlite" ] || { echo "report: no $bundle/openings.sqlite (build it first: make build-data)" >&2; exit 2; }
[ -x "$forge" ] || { echo "report: no $forge (make release)" >&2; exit 2; }
command -v chromium >/dev/null || { echo "report: no chromium (make setup installs it)" >&2; exit 2; }
# Pillow from Debian (python3-pil, make setup); a python3 of its own on PATH may not see it.
py=python3
$py -c 'import PIL' 2>/dev/null || py=/usr/bin/python3
$py -c 'import PIL' 2>/dev/null || { echo "report: no Pillow for python3 (make setup installs python3-pil)" >&2; exit 2; }

start=$(date +%s.%N)
"$forge" report "$bundle" --out "$site"
echo "report: forge report took $(echo "$(date +%s.%N) - $start" | bc) s"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
abs="$(cd "$site" && pwd)"
chrome() { chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --force-device-scale-factor=1 "$@" 2>/dev/null; }
pages=(index italian-game sicilian-defence)
for p in "${pages[@]}"; do
    chrome --window-size="$window" --screenshot="$work/$p.png" "file://$abs/$p.html" >/dev/null
    chrome --dump-dom "file://$abs/$p.html" >"$work/$p.dom.html"
done
if [ "${REPORT_UPDATE:-0}" = 1 ]; then
    mkdir -p "$shots"
    for p in "${pages[@]}"; do cp "$work/$p.png" "$shots/$p.png"; done
    echo "report: wrote ${pages[*]/%/.png} to $shots"
fi

"$py" - "$bundle/openings.sqlite" "$work" "$shots" "${pages[@]}" <<'PY'
import html, html.parser, re, sqlite3, sys
from PIL import Image, ImageChops

db, work, shots, pages = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
MAX_DIFFERING = 0.01   # fraction of pixels allowed to differ
CHANNEL_DELTA = 48     # a pixel differs when a channel moves by more than this
failures = []

BAND, SHIFT = 100, 60  # compared in bands of 100 rows, each at its best vertical offset within ±60 rows

def differing(got, want, top, offset):
    """Pixels of got's band at `top` that differ from want's rows moved by `offset` (rows off want count as differing)."""
    w, h = got.size
    bottom = min(top + BAND, h)
    band = got.crop((0, top, w, bottom))
    lo, hi = top + offset, bottom + offset
    if lo < 0 or hi > h: return w * (bottom - top)
    mask = ImageChops.difference(band, want.crop((0, lo, w, hi))).convert("L").point(lambda v: 255 if v > CHANNEL_DELTA else 0)
    return mask.histogram()[255]

for p in pages:
    got, want = Image.open(f"{work}/{p}.png").convert("RGB"), Image.open(f"{shots}/{p}.png").convert("RGB")
    if got.size != want.size:
        failures.append(f"{p}.png: {got.size} pixels, the committed one {want.size}")
        continue
    # A reworded note or description moves what is below it: each band is compared where it matches best.
    total = sum(min(differing(got, want, top, o) for o in range(-SHIFT, SHIFT + 1)) for top in range(0, got.size[1], BAND))
    share = total / (got.size[0] * got.size[1])
    print(f"report: {p}.png differs from {shots}/{p}.png in {share:.4%} of its pixels (at most {MAX_DIFFERING:.0%})")
    if share > MAX_DIFFERING:
        failures.append(f"{p}.png: {share:.2%} of the pixels differ")

class Page(html.parser.HTMLParser):
    """The sections of an opening page: per line its key, data-plies, boards, and per ply its text."""
    def __init__(self):
        super().__init__()
        self.sections, self.ply, self.scripts, self.kings = [], None, 0, []
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "script": self.scripts += 1
        if tag == "section" and "line" in (a.get("class") or "").split():
            self.sections.append({"key": a.get("data-key"), "plies": int(a.get("data-plies", -1)), "boards": 0, "ply": {}})
        if tag == "svg" and a.get("class") == "board" and self.sections:
            self.sections[-1]["boards"] += 1; self.kings.append(0)
        if tag == "use" and a.get("href") in ("#cf-w-k", "#cf-b-k") and self.kings: self.kings[-1] += 1
        if tag == "li" and a.get("class") == "ply" and self.sections:
            self.ply = int(a["data-ply"]); self.sections[-1]["ply"][self.ply] = []
        if tag == "span" and self.ply is not None and (a.get("class") or "").startswith("verdict "):
            self.sections[-1]["ply"][self.ply].append("verdict:" + a["class"].split()[1][2:])
    def handle_endtag(self, tag):
        if tag == "li": self.ply = None
    def handle_data(self, data):
        if self.ply is not None and self.sections: self.sections[-1]["ply"][self.ply].append(data)

def norm(t): return re.sub(r"\s+", " ", t).strip()

con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
slugs = [s for (s,) in con.execute("SELECT slug FROM opening ORDER BY id")]
index = open(f"{work}/index.dom.html", encoding="utf-8").read()
for s in slugs:
    if f'href="{s}.html"' not in index: failures.append(f"index.html: no link to {s}.html")
for p in pages:
    if p == "index": continue
    page = Page(); page.feed(open(f"{work}/{p}.dom.html", encoding="utf-8").read())
    lines = con.execute("SELECT l.id, l.key FROM line l JOIN opening o ON o.id = l.opening_id WHERE o.slug = ?", (p,)).fetchall()
    by_key = {s["key"]: s for s in page.sections}
    if page.scripts: failures.append(f"{p}: {page.scripts} script elements")
    if any(k != 2 for k in page.kings): failures.append(f"{p}: {sum(k != 2 for k in page.kings)} boards without exactly two kings")
    if len(page.sections) != len(lines): failures.append(f"{p}: {len(page.sections)} line sections, the bundle has {len(lines)} lines")
    boards = notes = 0
    for line_id, key in lines:
        sec = by_key.get(key)
        if sec is None: failures.append(f"{p}: no section for {key}"); continue
        plies = con.execute("""
            SELECT lm.ply, n.text, n.verdict FROM line_move lm JOIN move m ON m.id = lm.move_id
            LEFT JOIN move_note n ON n.position_id = m.from_position_id AND n.uci = m.uci
            WHERE lm.line_id = ? ORDER BY lm.ply""", (line_id,)).fetchall()
        if sec["boards"] != len(plies) or sec["plies"] != len(plies):
            failures.append(f"{p} {key}: {sec['boards']} boards, data-plies {sec['plies']}, the bundle has {len(plies)} plies")
        boards += sec["boards"]
        for ply, text, verdict in plies:
            shown = sec["ply"].get(ply, [])
            if text is None: continue
            notes += 1
            if norm(text) not in norm(" ".join(shown)): failures.append(f"{p} {key} ply {ply}: the note is not on the page")
            if f"verdict:{verdict}" not in shown: failures.append(f"{p} {key} ply {ply}: no {verdict} verdict")
    print(f"report: {p}.html: {len(page.sections)} lines, {boards} boards, {notes} notes, as the bundle has them")

for f in failures[:30]: print("report: FAIL " + f, file=sys.stderr)
sys.exit(1 if failures else 0)
PY
