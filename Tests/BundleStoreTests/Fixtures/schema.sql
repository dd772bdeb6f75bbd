-- index line_move_on_move_id
CREATE INDEX "line_move_on_move_id" ON "line_move"("move_id");

-- index line_on_parent_line_id
CREATE INDEX "line_on_parent_line_id" ON "line"("parent_line_id");

-- index line_one_main_per_opening
CREATE UNIQUE INDEX "line_one_main_per_opening" ON "line"("opening_id") WHERE "kind" = 'main';

-- index line_opening_kind
CREATE INDEX "line_opening_kind" ON "line"("opening_id", "kind");

-- index move_on_to_position_id
CREATE INDEX "move_on_to_position_id" ON "move"("to_position_id");

-- index position_on_zobrist_key
CREATE INDEX "position_on_zobrist_key" ON "position"("zobrist_key");

-- table analysis
CREATE TABLE "analysis" ("position_id" INTEGER PRIMARY KEY REFERENCES "position"("id"), "engine" TEXT NOT NULL, "engine_version" TEXT NOT NULL, "profile" TEXT NOT NULL, "nodes" INTEGER NOT NULL, "depth" INTEGER NOT NULL, "score_cp" INTEGER, "score_mate" INTEGER, "wdl_win" INTEGER, "wdl_draw" INTEGER, "wdl_loss" INTEGER, "best_uci" TEXT, CHECK (score_cp IS NULL OR score_mate IS NULL));

-- table analysis_line
CREATE TABLE "analysis_line" ("position_id" INTEGER NOT NULL REFERENCES "analysis"("position_id"), "rank" INTEGER NOT NULL CHECK ("rank" >= 1), "uci" TEXT NOT NULL, "san" TEXT NOT NULL, "score_cp" INTEGER, "score_mate" INTEGER, "pv_uci" TEXT NOT NULL, "depth" INTEGER NOT NULL CHECK ("depth" >= 0) DEFAULT 0, PRIMARY KEY ("position_id", "rank"), CHECK (score_cp IS NULL OR score_mate IS NULL)) WITHOUT ROWID;

-- table library_claim
CREATE TABLE "library_claim" ("entry_id" INTEGER PRIMARY KEY REFERENCES "library_entry"("id"), "kind" TEXT NOT NULL CHECK ("kind" IN ('mate', 'material')), "amount" INTEGER NOT NULL CHECK ("amount" >= 1), "ply" INTEGER NOT NULL CHECK ("ply" >= 0), "text" TEXT NOT NULL) WITHOUT ROWID;

-- table library_entry
CREATE TABLE "library_entry" ("id" INTEGER PRIMARY KEY, "key" TEXT NOT NULL UNIQUE, "kind" TEXT NOT NULL CHECK ("kind" IN ('classical', 'tactic')), "slug" TEXT NOT NULL, "title" TEXT NOT NULL CHECK (length(title) > 0), "opening" TEXT NOT NULL, "variation" TEXT, "eco" TEXT NOT NULL, "description" TEXT NOT NULL, "fen_file" TEXT NOT NULL, "plies" INTEGER NOT NULL CHECK ("plies" >= 0), "source_file" TEXT NOT NULL);

-- table line
CREATE TABLE "line" ("id" INTEGER PRIMARY KEY, "opening_id" INTEGER NOT NULL REFERENCES "opening"("id"), "kind" TEXT NOT NULL CHECK ("kind" IN ('main', 'deviation', 'alternative')), "name" TEXT, "description" TEXT, "phase" INTEGER CHECK (("phase" IS NULL) OR ("phase" IN (2, 3))), "parent_line_id" INTEGER REFERENCES "line"("id"), "branch_ply" INTEGER CHECK (("branch_ply" IS NULL) OR ("branch_ply" >= 0)), "key" TEXT NOT NULL UNIQUE, "deviation_kind" TEXT CHECK (("deviation_kind" IS NULL) OR ("deviation_kind" IN ('deviation', 'trap', 'sidestep'))), "reason" TEXT, CHECK ((kind = 'deviation') = (deviation_kind IS NOT NULL)), CHECK ((kind = 'main') = (parent_line_id IS NULL)), CHECK ((kind = 'deviation') = (phase IS NOT NULL)), CHECK ((parent_line_id IS NULL) = (branch_ply IS NULL)));

-- table line_move
CREATE TABLE "line_move" ("line_id" INTEGER NOT NULL REFERENCES "line"("id"), "ply" INTEGER NOT NULL CHECK ("ply" >= 1), "move_id" INTEGER NOT NULL REFERENCES "move"("id"), "explanation" TEXT, "explanation_source" TEXT CHECK (("explanation_source" IS NULL) OR ("explanation_source" IN ('authored', 'generated'))), "concepts" TEXT NOT NULL CHECK (json_valid(concepts)) DEFAULT '[]', "arrows" TEXT, "highlights" TEXT, "answer_uci" TEXT, "answer_san" TEXT, "answer_arrows" TEXT, "claim_kind" TEXT, "claim_cp" INTEGER, "claim_mate" INTEGER, PRIMARY KEY ("line_id", "ply"), CHECK ((explanation IS NULL) = (explanation_source IS NULL)), CHECK ((answer_uci IS NULL) = (answer_san IS NULL) AND (answer_uci IS NULL) = (answer_arrows IS NULL)), CHECK ((claim_kind IS NULL) = (claim_cp IS NULL AND claim_mate IS NULL) AND (claim_cp IS NULL OR claim_mate IS NULL))) WITHOUT ROWID;

-- table meta
CREATE TABLE "meta" ("key" TEXT PRIMARY KEY NOT NULL, "value" TEXT NOT NULL) WITHOUT ROWID;

-- table move
CREATE TABLE "move" ("id" INTEGER PRIMARY KEY, "from_position_id" INTEGER NOT NULL REFERENCES "position"("id"), "to_position_id" INTEGER NOT NULL REFERENCES "position"("id"), "uci" TEXT NOT NULL, "san" TEXT NOT NULL, "key" TEXT NOT NULL UNIQUE, "in_curriculum" BOOLEAN NOT NULL DEFAULT 1, UNIQUE ("from_position_id", "uci"));

-- table move_note_row
CREATE TABLE "move_note_row" ("position_id" INTEGER NOT NULL REFERENCES "position"("id"), "uci" TEXT NOT NULL, "san" TEXT NOT NULL, "verdict" TEXT NOT NULL CHECK ("verdict" IN ('best', 'good', 'inaccuracy', 'mistake', 'blunder')), "loss" INTEGER NOT NULL CHECK ("loss" >= 0), "score_cp" INTEGER, "score_mate" INTEGER, "best_cp" INTEGER, "best_mate" INTEGER, "text_id" INTEGER NOT NULL REFERENCES "note_text"("id"), "claim_kind" TEXT, "claim_cp" INTEGER, "claim_mate" INTEGER, "arrows" TEXT, "threat_uci" TEXT, "refutation_uci" TEXT, "refutation_san" TEXT, "refutation_text_id" INTEGER REFERENCES "note_text"("id"), "better_uci" TEXT, "better_san" TEXT, "better_text_id" INTEGER REFERENCES "note_text"("id"), "answer_uci" TEXT, "answer_san" TEXT, "depth" INTEGER NOT NULL, leaves_course BOOLEAN NOT NULL DEFAULT 0, leaves_name_id INTEGER REFERENCES note_text(id), plan_text_id INTEGER REFERENCES note_text(id), PRIMARY KEY ("position_id", "uci"), CHECK ((score_cp IS NULL) != (score_mate IS NULL)), CHECK ((best_cp IS NULL) != (best_mate IS NULL)), CHECK ((claim_kind IS NULL) = (claim_cp IS NULL AND claim_mate IS NULL) AND (claim_cp IS NULL OR claim_mate IS NULL)), CHECK ((answer_uci IS NULL) = (answer_san IS NULL)), CHECK ((better_uci IS NULL) = (better_san IS NULL)), CHECK ((refutation_uci IS NULL) = (refutation_san IS NULL))) WITHOUT ROWID;

-- table note_text
CREATE TABLE "note_text" ("id" INTEGER PRIMARY KEY, "text" TEXT NOT NULL CHECK (length(text) > 0));

-- table opening
CREATE TABLE "opening" ("id" INTEGER PRIMARY KEY, "slug" TEXT NOT NULL UNIQUE, "name" TEXT NOT NULL, "variation" TEXT, "eco" TEXT NOT NULL, "learner_side" TEXT NOT NULL CHECK ("learner_side" IN ('white', 'black')), "difficulty" INTEGER NOT NULL CHECK (("difficulty" >= 1) AND ("difficulty" <= 5)), "description" TEXT NOT NULL, "source_file" TEXT NOT NULL);

-- table position
CREATE TABLE "position" ("id" INTEGER PRIMARY KEY, "zobrist_key" INTEGER NOT NULL, "fen" TEXT NOT NULL UNIQUE, "name" TEXT, "eco" TEXT, "name_is_inherited" BOOLEAN NOT NULL DEFAULT 0, "family" TEXT, "in_curriculum" BOOLEAN NOT NULL DEFAULT 1, "side_to_move" TEXT NOT NULL CHECK ("side_to_move" IN ('white', 'black')), "is_check" BOOLEAN NOT NULL DEFAULT 0);

-- view move_note
CREATE VIEW move_note AS
SELECT printf('%016x', p.zobrist_key) || ':' || r.uci AS key, r.position_id, r.uci, r.san, r.verdict, r.loss, r.score_cp, r.score_mate, r.best_cp, r.best_mate,
       t.text AS text, r.claim_kind, r.claim_cp, r.claim_mate, r.arrows, r.threat_uci,
       r.refutation_uci, r.refutation_san, rt.text AS refutation_text,
       r.better_uci, r.better_san, bt.text AS better_text, r.answer_uci, r.answer_san, r.depth,
       r.leaves_course, ln.text AS leaves_name, pt.text AS plan_text
FROM move_note_row r
JOIN position p ON p.id = r.position_id
JOIN note_text t ON t.id = r.text_id
LEFT JOIN note_text rt ON rt.id = r.refutation_text_id
LEFT JOIN note_text bt ON bt.id = r.better_text_id
LEFT JOIN note_text ln ON ln.id = r.leaves_name_id
LEFT JOIN note_text pt ON pt.id = r.plan_text_id;
