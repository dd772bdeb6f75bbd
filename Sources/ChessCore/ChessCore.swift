// ChessCore: the rules of chess and their notations; pure values, no Foundation, no I/O.
