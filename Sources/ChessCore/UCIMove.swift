// UCIMove: the long algebraic notation engines speak (`e2e4`, `e7e8q`, `e1g1`).

/// A UCI move text that is malformed (`MOV001`) or not legal in the position (`MOV002`).
public enum UCIMoveError: Error, Hashable, Sendable, CustomStringConvertible {
    case syntax(text: String)
    case illegal(text: String, fen: String)

    public var code: String {
        switch self {
        case .syntax: "MOV001"
        case .illegal: "MOV002"
        }
    }
    public var description: String {
        switch self {
        case .syntax(let t): "\"\(t)\" is not a UCI move (expected from-square, to-square and an optional promotion letter, like e7e8q)"
        case .illegal(let t, let fen): "illegal move \"\(t)\" in \(fen)"
        }
    }
}

extension Move {
    /// `e2e4`, `e7e8q`; castling as the king's move, `e1g1`.
    public var uci: String {
        var s = from.name + to.name
        if let p = promotion { s.append(p.lowerChar) }
        return s
    }
}

extension Position {
    /// The legal move a UCI text names. Castling may also be written king-takes-rook (`e1h1`), as some engines do.
    public func move(uci text: some StringProtocol) throws(UCIMoveError) -> Move {
        let t = String(text)
        let u = Array(t.utf8)
        guard u.count == 4 || u.count == 5,
              let from = Square(t.prefix(2)), let to = Square(t.dropFirst(2).prefix(2)) else { throw .syntax(text: t) }
        var promotion: Role?
        if u.count == 5 {
            guard let r = Role(char: Character(Unicode.Scalar(u[4]))), [.knight, .bishop, .rook, .queen].contains(r) else {
                throw .syntax(text: t)
            }
            promotion = r
        }
        let moves = legalMoves
        if let m = moves.first(where: { $0.from == from && $0.to == to && $0.promotion == promotion }) { return m }
        // King takes own rook: the castling move written as Chess960 engines write it.
        if promotion == nil, board.pieces(turn, .king).contains(from), board.pieces(turn, .rook).contains(to),
           let m = moves.first(where: { $0.isCastle && $0.from == from && ($0.to.file == 6) == (to.file > from.file) }) {
            return m
        }
        throw .illegal(text: t, fen: fen())
    }
}
