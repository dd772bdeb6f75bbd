// Setup: what a FEN says about a position, not yet checked for legality.

/// A position as written, unchecked: placement, side to move, castling rights, en-passant square and counters.
///
/// Turn it into a playable `Position` with `Position(setup)`, which lists every reason it is illegal.
public struct Setup: Hashable, Sendable {
    public var board: Board
    public var turn: PieceColor
    /// The rooks that may still castle, by their squares (`a1`, `h1`, `a8`, `h8` in standard chess).
    public var castlingRights: Bitboard
    public var epSquare: Square?
    public var halfmoveClock: Int
    public var fullmoveNumber: Int

    public init(board: Board, turn: PieceColor = .white, castlingRights: Bitboard = .empty, epSquare: Square? = nil,
                halfmoveClock: Int = 0, fullmoveNumber: Int = 1) {
        self.board = board
        self.turn = turn
        self.castlingRights = castlingRights
        self.epSquare = epSquare
        self.halfmoveClock = halfmoveClock
        self.fullmoveNumber = fullmoveNumber
    }

    /// The initial position of a game.
    public static let standard = Setup(board: .standard, castlingRights: Bitboard([.a1, .h1, .a8, .h8]))

    /// The castling field of a FEN, in canonical order: `KQkq`, or `-`.
    public var castlingFEN: String {
        var s = ""
        if castlingRights.contains(.h1) { s += "K" }
        if castlingRights.contains(.a1) { s += "Q" }
        if castlingRights.contains(.h8) { s += "k" }
        if castlingRights.contains(.a8) { s += "q" }
        return s.isEmpty ? "-" : s
    }

    /// The FEN's first four fields (EPD without operations): placement, side, castling, en passant.
    public var epd: String {
        "\(board.placementFEN) \(turn.fenChar) \(castlingFEN) \(epSquare?.name ?? "-")"
    }

    /// The canonical FEN of exactly this setup (its en-passant square as stored).
    public var fen: String { "\(epd) \(halfmoveClock) \(fullmoveNumber)" }
}
