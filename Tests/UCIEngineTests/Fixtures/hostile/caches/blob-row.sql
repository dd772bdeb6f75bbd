-- A cache whose row holds a blob where text belongs (a file edited by hand): read as "not a cache", never a trap.
PRAGMA application_id = 1128682051;
CREATE TABLE analysis (position TEXT NOT NULL, engine TEXT NOT NULL, profile TEXT NOT NULL, zobrist INTEGER NOT NULL, result TEXT NOT NULL, PRIMARY KEY (position, engine, profile)) WITHOUT ROWID;
INSERT INTO analysis VALUES ('8/8/8/8/8/8/8/K1k5 w - -', 'Stockfish 15.1', 'p', 1, X'00FF');
