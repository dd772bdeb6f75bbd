-- note-metrics.sql: the whole-bundle counts of what the notes (move_note) teach, read by scripts/check-notes.sh
-- (sqlite3 openings.sqlite < scripts/note-metrics.sql). One row per metric: name, count, total, limit, direction
-- ('max': count/total must not exceed limit; 'min': must reach it; 'zero': count must be 0; 'target-…': the same,
-- printed but not enforced yet). Rules are word lists over
-- the stored text, not a copy of the Swift rules: what a learner reads, counted.
.mode list
.separator '|'
.headers off

-- The words that make a sentence more than geometry (develops, controls, covers a square, frees a line, more active,
-- gains space): a threat, a capture, a defence, a tactic, the king, a verdict, a plan.
CREATE TEMP TABLE reason_word(w TEXT);
INSERT INTO reason_word VALUES ('threat'),('stops '),('takes away'),('mate'),('check'),('wins'),('won'),('lose'),
  ('defends'),('protects'),('defender'),('supports'),('attacks'),('hits '),('pins'),('fork'),('trade'),
  ('takes the pawn'),('takes the knight'),('takes the bishop'),('takes the rook'),('takes the queen'),('captures'),
  ('takes back'),('recaptures'),('castl'),('prepares'),('gets ready'),('strikes at'),('challenges'),('out of reach'),
  ('away from the attack'),('blunder'),('mistake'),('inaccuracy'),('removes'),('gambit'),('sacrifice'),('to be won'),
  ('doubled'),('isolated'),('passed'),('flight square'),('room for the king'),('the king'),('hangs'),('better'),
  ('before'),('so that'),('next'),('plan'),('trap');
-- The words that say what goes wrong concretely in a mistake or a blunder (its text or its refutation's).
CREATE TEMP TABLE concrete_word(w TEXT);
INSERT INTO concrete_word VALUES ('loses '),('be won'),('costs '),('which wins'),('mate'),('has won'),('fork'),('pins'),
  ('pinned'),('hangs'),('trapped'),('no defender'),('undefended'),('gives up the'),('for only the'),('falls'),
  ('is lost'),('threatens'),('drops'),('would have won');
-- What the refutation's own words say the answer wins ("exd4 wins the knight on d4"): concrete where the refutation
-- says it, not in the move's own text (a capture that is a mistake "wins the pawn" too).
CREATE TEMP TABLE refutation_word(w TEXT);
INSERT INTO refutation_word VALUES ('wins the '),('wins a '),('wins two ');
-- Sentences about the course or the engine as such.
CREATE TEMP TABLE meta_word(w TEXT);
INSERT INTO meta_word VALUES ('the course'),('the engine');

CREATE TEMP TABLE n AS SELECT position_id || ':' || uci AS id, position_id, uci, verdict, loss, lower(text) AS t,
  lower(coalesce(refutation_text, '')) AS rt, lower(coalesce(plan_text, '')) AS pt, lower(coalesce(better_text, '')) AS bt,
  better_uci, text, loss >= 50 OR (best_cp IS NOT NULL AND score_cp IS NOT NULL AND best_cp - score_cp >= 100) AS lesson
  FROM move_note;

-- Every sentence of every note's text (split after '. ', '! ', '? ').
CREATE TEMP TABLE sentence AS
WITH RECURSIVE s(id, rest, one) AS (
  SELECT id, text || ' ', NULL FROM n
  UNION ALL
  SELECT id,
    substr(rest, (SELECT min(p) FROM (SELECT nullif(instr(rest, '. '), 0) p UNION SELECT nullif(instr(rest, '! '), 0)
      UNION SELECT nullif(instr(rest, '? '), 0))) + 2),
    substr(rest, 1, (SELECT min(p) FROM (SELECT nullif(instr(rest, '. '), 0) p UNION SELECT nullif(instr(rest, '! '), 0)
      UNION SELECT nullif(instr(rest, '? '), 0))))
  FROM s WHERE length(trim(rest)) > 0
    AND (SELECT min(p) FROM (SELECT nullif(instr(rest, '. '), 0) p UNION SELECT nullif(instr(rest, '! '), 0)
      UNION SELECT nullif(instr(rest, '? '), 0))) IS NOT NULL
)
SELECT id, one FROM s WHERE one IS NOT NULL;

-- A sentence's template: squares, piece names, sides and numbers masked.
CREATE TEMP TABLE template AS SELECT id,
  replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(
  replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(
    one, '1','#'),'2','#'),'3','#'),'4','#'),'5','#'),'6','#'),'7','#'),'8','#'),'9','#'),'0','#'),
    'a#','@'),'b#','@'),'c#','@'),'d#','@'),'e#','@'),'f#','@'),'g#','@'),'h#','@'),
    'knight','P'),'bishop','P'),'rook','P'),'queen','P'),'king','P'),'pawn','P'),
    'White','S'),'Black','S'),'white','S'),'black','S'),'#.#','#') AS one FROM sentence;

SELECT 'notes', count(*), count(*), 0, 'info' FROM n;

SELECT 'geometry-only notes (no reason word in the text)',
  (SELECT count(*) FROM n WHERE NOT EXISTS (SELECT 1 FROM reason_word WHERE instr(n.t, w) > 0)),
  count(*), 0.10, 'max' FROM n;

SELECT 'mistakes and blunders naming nothing concrete (text, refutation, better move)',
  (SELECT count(*) FROM n WHERE verdict IN ('mistake','blunder')
     AND NOT EXISTS (SELECT 1 FROM concrete_word WHERE instr(n.t || ' ' || n.rt || ' ' || n.bt, w) > 0)
     AND NOT EXISTS (SELECT 1 FROM refutation_word WHERE instr(n.rt, w) > 0)),
  (SELECT count(*) FROM n WHERE verdict IN ('mistake','blunder')), 0.02, 'target-max';

-- The lesson threshold: a good move's drop in winning chances (permille) from which the note names the better move,
-- or a pawn let go (ExplainerRules.swift, `lesson` and `lessonCentipawns`: keep them in step).
SELECT 'good notes with a drop >= 50 (or a pawn let go) carrying the better move',
  (SELECT count(*) FROM n WHERE verdict = 'good' AND lesson AND better_uci IS NOT NULL),
  (SELECT count(*) FROM n WHERE verdict = 'good' AND lesson), 0.95, 'min';

SELECT 'notes with a sentence about the course or the engine (text, plan, better, refutation)',
  (SELECT count(*) FROM n WHERE EXISTS (SELECT 1 FROM meta_word WHERE instr(n.t || ' ' || n.pt || ' ' || n.bt || ' ' || n.rt, w) > 0)),
  count(*), 0, 'zero' FROM n;

SELECT 'plan texts about the course or the engine',
  (SELECT count(*) FROM n WHERE pt <> '' AND EXISTS (SELECT 1 FROM meta_word WHERE instr(n.pt, w) > 0)),
  (SELECT count(*) FROM n WHERE pt <> ''), 0, 'zero';

SELECT 'top-ranked moves (analysis_line rank 1) graded inaccuracy or worse',
  (SELECT count(*) FROM analysis_line a JOIN n ON n.position_id = a.position_id AND n.uci = a.uci
     WHERE a.rank = 1 AND n.verdict IN ('inaccuracy','mistake','blunder')),
  (SELECT count(*) FROM analysis_line a JOIN n ON n.position_id = a.position_id AND n.uci = a.uci WHERE a.rank = 1), 0, 'zero';

-- (The sentence an inaccuracy gets about its better move names it only, in any of its forms: Explainer.betterSentence.)
SELECT 'praise (more active, improves) on inaccuracy or worse',
  (SELECT count(*) FROM n WHERE verdict IN ('inaccuracy','mistake','blunder') AND (instr(t, 'more active') > 0 OR instr(t, 'improves the') > 0)),
  (SELECT count(*) FROM n WHERE verdict IN ('inaccuracy','mistake','blunder')), 0, 'zero';

SELECT 'most frequent sentence: ' || one, count(DISTINCT id), (SELECT count(*) FROM n), 0.01, 'max'
  FROM sentence GROUP BY one ORDER BY count(DISTINCT id) DESC, one LIMIT 1;

SELECT 'most frequent template: ' || one, count(DISTINCT id), (SELECT count(*) FROM n), 0.02, 'max'
  FROM template GROUP BY one ORDER BY count(DISTINCT id) DESC, one LIMIT 1;
