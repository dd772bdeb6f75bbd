// Position: a validated, playable position; making a move gives a new one.

/// A legal position of standard chess. Build one from a `Setup` (which is checked) or a FEN.
///
/// ```swift
/// var p = Position.standard
/// try p.play(p.move(san: "e4"))   // checked; playUnchecked skips the check
/// p.fen()   // "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
/// ```
public struct Position: Hashable, Sendable {
    public private(set) var board: Board
    public private(set) var turn: PieceColor
    /// Rooks that may still castle, by square.
    public private(set) var castlingRights: Bitboard
    /// The square a pawn skipped on the last move, after every double push (the FEN standard's policy).
    public private(set) var epSquare: Square?
    public private(set) var halfmoveClock: Int
    public private(set) var fullmoveNumber: Int

    /// The initial position.
    public static let standard = Position(unchecked: .standard)

    init(unchecked s: Setup) {
        board = s.board
        turn = s.turn
        castlingRights = s.castlingRights
        epSquare = s.epSquare
        halfmoveClock = s.halfmoveClock
        fullmoveNumber = s.fullmoveNumber
    }

    /// Checks `setup` and throws one `PositionError` listing every reason it is illegal, minus those in `ignoring`.
    ///
    /// Ignoring `.invalidCastlingRights` drops the rights that cannot hold; ignoring `.invalidEnPassant` drops the
    /// square. Other ignored reasons are accepted as they are (the position may then be odd to play).
    public init(_ setup: Setup, ignoring: PositionError.Reasons = []) throws(PositionError) {
        var s = setup
        var reasons: PositionError.Reasons = []
        let b = s.board

        for c in PieceColor.allCases {
            let kings = b.pieces(c, .king).count
            if kings == 0 { reasons.insert(.missingKing) }
            if kings > 1 { reasons.insert(.tooManyKings) }
            let ours = b.pieces(c)
            let pawns = b.pieces(c, .pawn).count
            if pawns > 8 { reasons.insert(.tooManyPawns) }
            // Promoted pieces must come from missing pawns.
            let extra = max(0, b.pieces(c, .queen).count - 1) + max(0, b.pieces(c, .rook).count - 2)
                + max(0, b.pieces(c, .bishop).count - 2) + max(0, b.pieces(c, .knight).count - 2)
            if ours.count > 16 || extra > max(0, 8 - pawns) { reasons.insert(.tooManyPieces) }
        }
        if (b.pawns & (Bitboard.rank(0) | Bitboard.rank(7))).isNotEmpty { reasons.insert(.pawnsOnBackrank) }

        // Castling rights: the king on its home square and the rook in its corner.
        var validRights = Bitboard.empty
        for (king, rooks) in [(Square.e1, [Square.a1, .h1]), (Square.e8, [Square.a8, .h8])] {
            let color: PieceColor = king == .e1 ? .white : .black
            guard b.pieces(color, .king).contains(king) else { continue }
            for r in rooks where b.pieces(color, .rook).contains(r) { validRights.insert(r) }
        }
        if (s.castlingRights & ~validRights).isNotEmpty {
            reasons.insert(.invalidCastlingRights)
            if ignoring.contains(.invalidCastlingRights) { s.castlingRights &= validRights }
        }

        // En passant: the square empty, the pawn that pushed in front of it, its origin empty.
        if let ep = s.epSquare {
            let them = s.turn.opposite
            let pushedTo = Square(file: ep.file, rank: s.turn == .white ? 4 : 3)
            let origin = Square(file: ep.file, rank: s.turn == .white ? 6 : 1)
            let ok = ep.rank == (s.turn == .white ? 5 : 2)
                && !b.occupied.contains(ep) && !b.occupied.contains(origin)
                && b.pieces(them, .pawn).contains(pushedTo)
            if !ok {
                reasons.insert(.invalidEnPassant)
                if ignoring.contains(.invalidEnPassant) { s.epSquare = nil }
            } else if s.halfmoveClock != 0 {
                reasons.insert(.inconsistentCounters)
            }
        }
        let played = 2 * (s.fullmoveNumber - 1) + (s.turn == .black ? 1 : 0)
        if s.halfmoveClock > played { reasons.insert(.inconsistentCounters) }

        // Checks, only meaningful with exactly one king each.
        if let ourKing = b.king(of: s.turn), let theirKing = b.king(of: s.turn.opposite),
           b.pieces(.king).count == 2 {
            let occ = b.occupied
            if b.attackers(of: theirKing, by: s.turn, occupied: occ).isNotEmpty { reasons.insert(.oppositeCheck) }
            let checkers = b.attackers(of: ourKing, by: s.turn.opposite, occupied: occ)
            if Self.isImpossibleCheck(board: b, king: ourKing, checkers: checkers, ep: reasons.contains(.invalidEnPassant) ? nil : s.epSquare, turn: s.turn) {
                reasons.insert(.impossibleCheck)
            }
        }

        let remaining = reasons.subtracting(ignoring)
        if !remaining.isEmpty { throw PositionError(reasons: reasons, setup: setup) }
        self.init(unchecked: s)
    }

    /// Checks that no single move could have delivered.
    static func isImpossibleCheck(board b: Board, king: Square, checkers: Bitboard, ep: Square?, turn: PieceColor) -> Bool {
        if checkers.count > 2 { return true }
        if let ep {
            // The last move was the double push: its pawn gives the check, or it uncovered exactly one slider.
            guard checkers.isNotEmpty else { return false }
            if checkers.hasMoreThanOne { return true }
            let pushedTo = Square(file: ep.file, rank: turn == .white ? 4 : 3)
            let origin = Square(file: ep.file, rank: turn == .white ? 6 : 1)
            let checker = checkers.lsb
            if checker == pushedTo { return false }
            return !Attacks.between(king, checker).contains(origin) && !Attacks.between(king, checker).contains(ep)
        }
        guard checkers.hasMoreThanOne, let first = checkers.first, let last = checkers.last else { return false }
        // Two checkers on one line through the king, or two that are not sliders, cannot both be new.
        if Attacks.aligned(first, last, king) { return true }
        let sliders = b.diagonalSliders | b.straightSliders
        return (checkers & sliders).isEmpty
    }

    /// Reads a FEN and checks the position.
    ///
    /// ```swift
    /// let p = try Position(fen: "8/8/8/8/8/8/8/K6k w - - 0 1")
    /// ```
    public init(fen: some StringProtocol, ignoring: PositionError.Reasons = []) throws(PositionParseError) {
        let setup: Setup
        do { setup = try Setup(fen: fen) } catch { throw .syntax(error) }
        do { try self.init(setup, ignoring: ignoring) } catch { throw .illegal(error) }
    }

    /// The position as a setup; with `.legal`, the en-passant square only when a capture is legal.
    public func setup(_ ep: EnPassantPolicy = .always) -> Setup {
        Setup(board: board, turn: turn, castlingRights: castlingRights,
              epSquare: ep == .always ? epSquare : legalEPSquare,
              halfmoveClock: halfmoveClock, fullmoveNumber: fullmoveNumber)
    }

    /// The canonical FEN.
    public func fen(_ ep: EnPassantPolicy = .always) -> String { setup(ep).fen }

    /// The FEN without the two counters (EPD's first four fields).
    public func epd(_ ep: EnPassantPolicy = .always) -> String { setup(ep).epd }

    // MARK: State

    @inline(__always) var us: Bitboard { board.pieces(turn) }
    @inline(__always) var them: Bitboard { board.pieces(turn.opposite) }
    @inline(__always) var ourKing: Square { (board.kings & us).lsb }

    /// The pieces giving check to the side to move.
    public var checkers: Bitboard { board.attackers(of: ourKing, by: turn.opposite, occupied: board.occupied) }
    public var isCheck: Bool { checkers.isNotEmpty }
    public var isCheckmate: Bool { isCheck && !hasLegalMoves }
    public var isStalemate: Bool { !isCheck && !hasLegalMoves }
    public var hasLegalMoves: Bool {
        // Most positions (in check or not) have a safe king step: found without generating every move.
        if kingCanStep { return true }
        var sink = CountSink()
        generate(into: &sink)
        return sink.count > 0
    }

    /// Whether the side to move's king has a square to step to that no enemy piece attacks (the king
    /// taken off the board, so a slider's ray through it counts).
    @usableFromInline var kingCanStep: Bool {
        let king = ourKing
        let them = turn.opposite
        let occupied = board.occupied & ~Bitboard(king)
        for s in Attacks.king(king) & ~board.pieces(turn) where board.attackers(of: s, by: them, occupied: occupied).isEmpty {
            return true
        }
        return false
    }

    /// Neither side can ever mate: bare kings, a single minor piece, or only bishops all on one colour.
    public var hasInsufficientMaterial: Bool {
        if (board.pawns | board.rooks | board.queens).isNotEmpty { return false }
        let minors = board.knights | board.bishops
        if minors.count <= 1 { return true }
        if board.knights.isNotEmpty { return false }
        return (board.bishops & .lightSquares).isEmpty || (board.bishops & .darkSquares).isEmpty
    }

    /// The fifty-move rule: a hundred halfmoves without a capture or pawn move (a draw that may be claimed).
    public var isFiftyMoveDraw: Bool { halfmoveClock >= 100 }

    /// Checkmate, stalemate or insufficient material: no move can change the result.
    public var isGameOver: Bool { isCheckmate || isStalemate || hasInsufficientMaterial }

    /// How many times this position's identity occurs in `history` (earlier positions of the same game).
    public func repetitions(in history: [Position]) -> Int {
        let me = identity
        return history.reduce(0) { $0 + ($1.identity == me ? 1 : 0) }
    }

    /// Threefold repetition, counting this position and `history`.
    public func isThreefoldRepetition(history: [Position]) -> Bool { repetitions(in: history) + 1 >= 3 }

    // MARK: Moves

    /// Plays a move after checking that it is legal; an illegal move throws and leaves the position as it was.
    ///
    ///     var p = Position.standard
    ///     try p.play(Move(from: .e2, to: .e4, role: .pawn))   // fine
    ///     try p.play(Move(from: .e2, to: .e5, role: .pawn))   // throws IllegalMoveError
    public mutating func play(_ m: Move) throws(IllegalMoveError) {
        guard isLegal(m) else { throw IllegalMoveError(move: m, fen: fen()) }
        playUnchecked(m)
    }

    /// The position after a move, checked as ``play(_:)`` checks it.
    public func playing(_ m: Move) throws(IllegalMoveError) -> Position {
        var p = self
        try p.play(m)
        return p
    }

    /// Plays a move WITHOUT checking it: for moves that came from `legalMoves`, `move(san:)` or `move(uci:)`
    /// of this very position (the hot paths: perft, replaying parsed games). Any other move gives a
    /// meaningless position; use ``play(_:)`` when the move's origin is not known.
    public mutating func playUnchecked(_ m: Move) {
        let mover = turn
        board.apply(m, by: mover)
        if m.role == .king {
            castlingRights &= ~Bitboard.rank(mover == .white ? 0 : 7)
        }
        castlingRights &= ~(Bitboard(m.from) | Bitboard(m.to))
        epSquare = nil
        // Wrapping arithmetic: squares are 0...63 and the counters cannot reach Int.max in any game.
        if m.role == .pawn && (m.to.rawValue ^ m.from.rawValue) == 16 {
            epSquare = Square(raw: (m.from.rawValue &+ m.to.rawValue) &>> 1)
        }
        halfmoveClock = (m.role == .pawn || m.capture != nil) ? 0 : halfmoveClock &+ 1
        if mover == .black { fullmoveNumber &+= 1 }
        turn = mover.opposite
    }

    /// The position after a move, WITHOUT checking it (see ``playUnchecked(_:)``).
    public func playingUnchecked(_ m: Move) -> Position {
        var p = self
        p.playUnchecked(m)
        return p
    }

    /// Passes the turn (a PGN null move `--`): no piece moves, the en-passant square clears.
    /// Unchecked: passing while in check gives a position whose side not to move is in check;
    /// callers check ``isCheck`` first.
    public func playingNullMoveUnchecked() -> Position {
        var p = self
        p.epSquare = nil
        p.halfmoveClock += 1
        if turn == .black { p.fullmoveNumber += 1 }
        p.turn = turn.opposite
        return p
    }

    /// Every legal move, in a fixed order (by piece kind, then origin and destination square).
    public var legalMoves: [Move] {
        var sink = ListSink()
        sink.moves.reserveCapacity(48)
        sink.board = board
        sink.turn = turn
        generate(into: &sink)
        return sink.moves
    }

    public func isLegal(_ m: Move) -> Bool { legalMoves.contains(m) }

    /// The en-passant square when an en-passant capture is legal, else `nil` (the policy for identity and keys).
    public var legalEPSquare: Square? {
        guard let ep = epSquare else { return nil }
        var sink = EnPassantSink()
        generateEnPassant(ep, into: &sink)
        return sink.found ? ep : nil
    }

    /// The position without its move counters, with en passant only when a capture is legal.
    public var identity: PositionIdentity {
        PositionIdentity(board: board, turn: turn, castlingRights: castlingRights, epSquare: legalEPSquare)
    }
}

/// What makes two positions the same for repetition and transpositions: placement, side to move, castling rights,
/// and the en-passant square only when a capture there is legal. Counters are not part of it.
public struct PositionIdentity: Hashable, Sendable {
    public let board: Board
    public let turn: PieceColor
    public let castlingRights: Bitboard
    public let epSquare: Square?

    /// The FEN's first four fields of this identity (`… w KQkq -`).
    public var epd: String { Setup(board: board, turn: turn, castlingRights: castlingRights, epSquare: epSquare).epd }
}

/// Which en-passant square a FEN or a key carries.
public enum EnPassantPolicy: Sendable, Hashable {
    /// After every double push, as the FEN standard writes it (the default for FEN files).
    case always
    /// Only when an en-passant capture is legal (identity, transpositions).
    case legal
}

/// A move that is not legal in the position it was played in (``Position/play(_:)``).
public struct IllegalMoveError: Error, Hashable, Sendable, CustomStringConvertible {
    public var move: Move
    /// The position's FEN.
    public var fen: String
    /// Stable code, as the other notation errors have.
    public var code: String { "MOV002" }
    public var description: String { "illegal move \(move.uci) in \(fen)" }
}
