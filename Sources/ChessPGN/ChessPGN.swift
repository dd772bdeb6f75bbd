// ChessPGN: see README's architecture section.
