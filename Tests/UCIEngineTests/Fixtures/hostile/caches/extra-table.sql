-- A cache's table beside a table a cache never has.
CREATE TABLE analysis (position TEXT NOT NULL, engine TEXT NOT NULL, profile TEXT NOT NULL, zobrist INTEGER NOT NULL, result TEXT NOT NULL, PRIMARY KEY (position, engine, profile)) WITHOUT ROWID;
CREATE TABLE notes (text TEXT);
