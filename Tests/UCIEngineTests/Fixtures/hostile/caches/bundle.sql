-- The bundle's openings.sqlite as far as a cache cares: another application id, other tables.
PRAGMA application_id = 1128681287;
CREATE TABLE opening (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
INSERT INTO opening VALUES (1, 'Italian Game');
