-- Another tool's database that happens to have a table named analysis, with other columns.
CREATE TABLE analysis (id INTEGER PRIMARY KEY, fen TEXT, eval REAL);
INSERT INTO analysis VALUES (1, 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -', 0.3);
