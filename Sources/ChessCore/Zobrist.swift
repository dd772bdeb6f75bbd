// Zobrist: the Polyglot hash key of a position, so keys agree with every tool that reads Polyglot books.

extension Position {
    /// The Polyglot Zobrist key. The en-passant file counts only when a pawn of the side to move stands next to the
    /// pawn that just moved two squares, exactly as the Polyglot format defines it (legality of that capture is not
    /// considered, by the format's own rule).
    ///
    /// ```swift
    /// Position.standard.zobristKey  // 0x463b96181691fc9c
    /// ```
    public var zobristKey: UInt64 {
        var key: UInt64 = 0
        for color in PieceColor.allCases {
            for role in Role.allCases {
                let kind = 2 * role.index + (color == .white ? 1 : 0)
                for s in board.pieces(color, role) { key ^= polyglotRandom[64 * kind + s.index] }
            }
        }
        if castlingRights.contains(.h1) { key ^= polyglotRandom[768] }
        if castlingRights.contains(.a1) { key ^= polyglotRandom[769] }
        if castlingRights.contains(.h8) { key ^= polyglotRandom[770] }
        if castlingRights.contains(.a8) { key ^= polyglotRandom[771] }
        if let ep = epSquare {
            let pushed = Square(file: ep.file, rank: turn == .white ? 4 : 3)
            var neighbours = Bitboard.empty
            if pushed.file > 0 { neighbours.insert(Square(pushed.index - 1)) }
            if pushed.file < 7 { neighbours.insert(Square(pushed.index + 1)) }
            if (neighbours & board.pieces(turn, .pawn)).isNotEmpty { key ^= polyglotRandom[772 + ep.file] }
        }
        if turn == .white { key ^= polyglotRandom[780] }
        return key
    }
}
