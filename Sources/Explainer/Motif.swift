// Motif: one thing a move does (develops, pins, threatens, …), with exactly the pieces, squares and engine evidence its kind needs.
import ChessCore

/// A piece on a square: what a motif names ("the knight on c6").
public struct PlacedPiece: Hashable, Sendable {
    public var role: Role
    public var square: Square
    public init(_ role: Role, _ square: Square) {
        self.role = role
        self.square = square
    }
}

/// The engine score a material or evaluative claim stands on, from the mover's point of view, with the search
/// that produced it. A claim without this is never written.
public struct EngineEvidence: Hashable, Sendable {
    /// The mover's score in the position the claim is about (after the move, or the null-move position of a threat).
    public var score: Score
    public var depth: Int
    public var nodes: Int
    public init(score: Score, depth: Int, nodes: Int) {
        self.score = score
        self.depth = depth
        self.nodes = nodes
    }
}

/// What a threat would do if the mover could move again.
public enum ThreatGain: Hashable, Sendable {
    /// Capturing wins this piece (by exchange on the board, and the engine's null-move search agrees).
    case wins(PlacedPiece)
    /// The move mates at once.
    case mate
}

/// What the line's next move does to a capture.
public enum CaptureOutcome: Hashable, Sendable {
    /// The captured piece is taken back at once: a trade (of equal or unequal pieces).
    case tradedFor(Role)
    /// The capture wins material and the engine agrees (`EngineEvidence` on the motif).
    case winsMaterial
    /// Neither taken back by the line's next move nor a recapture nor material the engine says is won: the capture is
    /// named, so a text never describes a capture as if it took nothing.
    case takes
}

/// The true general principle a move follows, said when nothing more concrete can be said about it.
public enum Principle: Hashable, Sendable {
    /// The piece reaches more squares than before: `from` squares on the old square, `to` on the new one.
    case activates(piece: PlacedPiece, from: Int, to: Int)
    /// Nothing of the mover's can be won by capturing after the move.
    case leavesNothingLoose
    /// A trade: the material count on the board after the line's recapture, mover minus opponent, in centipawns.
    case materialAfterTrade(balance: Int)
    /// The moved piece covers these squares (`new`: squares it did not reach before).
    case covers(piece: PlacedPiece, squares: [Square], new: Bool)
    /// A rook moves to a file with no pawn of its own side on it.
    case rookOnOpenFile(rook: Square)
    /// The moved piece attacks and guards nothing it did not before (said where no other principle is true).
    case quiet(piece: PlacedPiece)
    /// A king step, told by the pieces it now stands next to (never by the empty squares it covers).
    case kingNextTo(king: Square, pieces: [PlacedPiece])
}

/// One motif of a move. Each kind carries exactly the fields it needs; every reader switches over every kind.
public enum Motif: Hashable, Sendable {
    case develops(piece: Role, from: Square, to: Square, towardCentre: Bool)
    case occupiesCentre(piece: Role, square: Square)
    case controlsCentre(piece: Role, squares: [Square])
    case castles(kingside: Bool, king: Square, rook: Square)
    /// A king move (not castling) or a rook move from its corner that takes away castling rights the mover had: kingside,
    /// queenside or both.
    case givesUpCastling(kingside: Bool, queenside: Bool)
    case preparesCastling(rook: Square, kingside: Bool)
    case opensLine(pieces: [PlacedPiece], through: Square)
    /// The moved piece newly attacks an undefended piece or pawn, or a piece worth more than itself.
    case attacks(attacker: PlacedPiece, target: PlacedPiece, defended: Bool)
    /// With the move again, the mover would play `san`: the engine's best move in the null-move position.
    case threatens(san: String, uci: String, gain: ThreatGain, evidence: EngineEvidence)
    /// Were the mover to move again, `san` would mate at once, and no move mated before the move: a fact of the board
    /// (no engine), said where the engine's null-move search was not asked (`threatens` says it where it was).
    case threatensMate(san: String, uci: String)
    /// The opponent's best move before this one (`san`, what it would have won) is no longer possible or no longer wins.
    case prevents(san: String, gain: ThreatGain, evidence: EngineEvidence)
    case check(checker: PlacedPiece, king: Square, mate: Bool)
    case answersCheck(piece: Role, to: Square, blocks: Bool)
    /// The moved piece now guards an own piece that an enemy piece attacks.
    case defends(defender: PlacedPiece, target: PlacedPiece, attacker: PlacedPiece)
    /// The moved piece adds a defender to an own piece or pawn that an enemy piece attacks (it was not winnable: a support).
    case supports(defender: PlacedPiece, target: PlacedPiece, attacker: PlacedPiece)
    /// The moved piece and an enemy piece of equal value attack each other: it offers a trade.
    case offersTrade(piece: PlacedPiece, target: PlacedPiece)
    /// The moved piece left a square where it could be won, to one where it cannot.
    case escapes(piece: Role, from: Square, to: Square, attacker: PlacedPiece)
    /// The moved piece left a square an enemy pawn could attack with one push, for one no pawn push reaches.
    case avoidsPawnPush(piece: Role, from: Square, to: Square, push: String)
    /// The pinned piece cannot leave the line without losing the one behind (or cannot legally leave it at all).
    case pins(pinner: PlacedPiece, pinned: PlacedPiece, behind: PlacedPiece)
    /// The targets cannot all be saved: after every reply the mover still wins material on one of them.
    case forks(piece: PlacedPiece, targets: [PlacedPiece])
    case captures(piece: Role, target: PlacedPiece, outcome: CaptureOutcome, evidence: EngineEvidence?)
    /// Takes back on the square the opponent just captured on; `evens` when material is level again.
    case recaptures(piece: Role, target: PlacedPiece, evens: Bool)
    /// The captured piece attacked an own piece that was loose or worth at least as much.
    case removesAttacker(captured: PlacedPiece, target: PlacedPiece, wasTheMover: Bool)
    /// A pawn capture leaves its file without pawns of the mover's colour: a half-open file for the rooks.
    case opensFile(file: Int)
    /// The captured piece was the only guard of an enemy piece the mover attacks.
    case removesDefender(captured: PlacedPiece, guarded: PlacedPiece)
    /// Material left to be won, with the engine's judgement: a gambit (compensation) or a loss.
    case offersMaterial(piece: PlacedPiece, compensated: Bool, evidence: EngineEvidence)
    /// The engine's best move was clearly better than the move played.
    /// `loses`: what the engine's line after the move wins from the mover; `misses`: else, what the better move's line
    /// would have won.
    case losesGround(better: String, betterUCI: String, best: Score, verdict: MoveVerdict, loses: MaterialSwing?, misses: MissedMaterial?,
                     evidence: EngineEvidence)
    case doubledPawns(side: PieceColor, file: Int)
    case isolatedPawn(side: PieceColor, square: Square)
    case passedPawn(side: PieceColor, square: Square)
    case pawnChain(base: Square, head: Square)
    case pawnBreak(pawn: Square, target: Square)
    /// A pawn move (or a pawn's support) that makes a central pawn push possible with pawn support.
    case preparesPush(push: String, supporter: Square)
    case gainsSpace(square: Square)
    case takesSquare(square: Square, from: [PlacedPiece])
    case kingShieldWeakened(king: Square, pawn: Square)
    /// The king gets a flight square on its second rank (the move vacates it).
    case makesLuft(king: Square, square: Square)
    case kingInCentre(side: PieceColor, king: Square)
    case principle(Principle)

    /// The machine name written to jsonl and used by fixtures.
    public var kind: MotifKind {
        switch self {
        case .develops: .develops
        case .occupiesCentre: .occupiesCentre
        case .controlsCentre: .controlsCentre
        case .castles: .castles
        case .givesUpCastling: .givesUpCastling
        case .preparesCastling: .preparesCastling
        case .opensLine: .opensLine
        case .attacks: .attacks
        case .threatens: .threatens
        case .threatensMate: .threatensMate
        case .prevents: .prevents
        case .check: .check
        case .answersCheck: .answersCheck
        case .defends: .defends
        case .supports: .supports
        case .offersTrade: .offersTrade
        case .escapes: .escapes
        case .avoidsPawnPush: .avoidsPawnPush
        case .pins: .pins
        case .forks: .forks
        case .captures(_, _, .tradedFor, _): .trades
        case .captures(_, _, .winsMaterial, _): .winsMaterial
        case .captures(_, _, .takes, _): .takes
        case .recaptures: .recaptures
        case .removesDefender: .removesDefender
        case .removesAttacker: .removesAttacker
        case .opensFile: .opensFile
        case .offersMaterial(_, true, _): .gambit
        case .offersMaterial(_, false, _): .losesMaterial
        case .losesGround: .losesGround
        case .doubledPawns: .doubledPawns
        case .isolatedPawn: .isolatedPawn
        case .passedPawn: .passedPawn
        case .pawnChain: .pawnChain
        case .pawnBreak: .pawnBreak
        case .preparesPush: .preparesPush
        case .gainsSpace: .gainsSpace
        case .takesSquare: .takesSquare
        case .kingShieldWeakened: .kingShieldWeakened
        case .makesLuft: .makesLuft
        case .kingInCentre: .kingInCentre
        case .principle: .principle
        }
    }

    /// The squares involved, in the order the kind documents (for jsonl and fixtures).
    public var squares: [Square] {
        switch self {
        case .develops(_, let f, let t, _): [f, t]
        case .occupiesCentre(_, let s): [s]
        case .controlsCentre(_, let s): s
        case .castles(_, let k, let r): [k, r]
        case .givesUpCastling: []
        case .preparesCastling(let r, _): [r]
        case .opensLine(let p, let t): p.map(\.square) + [t]
        case .attacks(let a, let t, _): [a.square, t.square]
        case .threatens(_, let uci, _, _), .threatensMate(_, let uci): Self.uciSquares(uci)
        case .prevents(_, .wins(let p), _): [p.square]
        case .prevents(_, .mate, _): []
        case .check(let c, let k, _): [c.square, k]
        case .answersCheck(_, let to, _): [to]
        case .defends(let d, let t, let a), .supports(let d, let t, let a): [d.square, t.square, a.square]
        case .offersTrade(let p, let t): [p.square, t.square]
        case .escapes(_, let f, let t, let a): [f, t, a.square]
        case .avoidsPawnPush(_, let f, let t, _): [f, t]
        case .pins(let a, let b, let c): [a.square, b.square, c.square]
        case .forks(let p, let t): [p.square] + t.map(\.square)
        case .captures(_, let t, _, _): [t.square]
        case .recaptures(_, let t, _): [t.square]
        case .removesDefender(let c, let g), .removesAttacker(let c, let g, _): [c.square, g.square]
        case .opensFile: []
        case .offersMaterial(let p, _, _): [p.square]
        case .losesGround(_, let uci, _, _, _, _, _): Self.uciSquares(uci)
        case .doubledPawns: []
        case .isolatedPawn(_, let s), .passedPawn(_, let s): [s]
        case .pawnChain(let b, let h): [b, h]
        case .pawnBreak(let p, let t): [p, t]
        case .preparesPush(_, let s): [s]
        case .gainsSpace(let s): [s]
        case .takesSquare(let s, let f): [s] + f.map(\.square)
        case .kingShieldWeakened(let k, let p): [k, p]
        case .makesLuft(let k, let s): [k, s]
        case .kingInCentre(_, let k): [k]
        case .principle(.activates(let p, _, _)): [p.square]
        case .principle(.leavesNothingLoose): []
        case .principle(.covers(let p, let s, _)): [p.square] + s
        case .principle(.rookOnOpenFile(let r)): [r]
        case .principle(.materialAfterTrade): []
        case .principle(.quiet(let p)): [p.square]
        case .principle(.kingNextTo(let k, let p)): [k] + p.map(\.square)
        }
    }

    /// The engine evidence of a material or evaluative motif; nil for motifs the rules alone establish.
    public var evidence: EngineEvidence? {
        switch self {
        case .threatens(_, _, _, let e), .prevents(_, _, let e), .offersMaterial(_, _, let e), .losesGround(_, _, _, _, _, _, let e): e
        case .captures(_, _, _, let e): e
        case .develops, .occupiesCentre, .controlsCentre, .castles, .givesUpCastling, .preparesCastling, .opensLine, .attacks, .threatensMate, .check, .answersCheck,
             .defends, .supports, .offersTrade, .escapes, .avoidsPawnPush, .pins, .forks, .recaptures, .removesDefender, .removesAttacker, .opensFile, .doubledPawns, .isolatedPawn,
             .passedPawn, .pawnChain, .pawnBreak, .preparesPush, .gainsSpace, .takesSquare, .kingShieldWeakened, .makesLuft,
             .kingInCentre, .principle:
            nil
        }
    }

    /// The concepts the app shows for this motif.
    public var concepts: [Concept] {
        switch self {
        case .develops: [.development]
        case .occupiesCentre, .controlsCentre: [.centreControl]
        case .castles, .preparesCastling: [.kingSafety, .development]
        case .givesUpCastling: [.kingSafety]
        case .opensLine, .attacks: [.pieceActivity]
        case .threatens(_, _, .mate, _), .prevents(_, .mate, _), .threatensMate: [.tactics, .kingSafety]
        case .threatens, .prevents: [.tactics, .material]
        case .check: [.tactics, .kingSafety]
        case .answersCheck, .kingShieldWeakened, .makesLuft, .kingInCentre: [.kingSafety]
        case .defends, .supports, .escapes, .avoidsPawnPush: [.material]
        case .offersTrade: [.material, .pieceActivity]
        case .pins, .forks, .removesDefender, .removesAttacker: [.tactics]
        case .opensFile: [.pieceActivity, .pawnStructure]
        case .captures, .recaptures: [.material]
        case .offersMaterial(_, true, _): [.material, .gambit]
        case .offersMaterial(_, false, _), .losesGround: [.material, .mistake]
        case .doubledPawns, .isolatedPawn, .passedPawn, .pawnChain: [.pawnStructure]
        case .pawnBreak: [.pawnBreak, .centreControl]
        case .preparesPush: [.plan, .pawnBreak]
        case .gainsSpace: [.space, .pawnStructure]
        case .takesSquare: [.pieceActivity]
        case .principle(.activates): [.pieceActivity]
        case .principle(.leavesNothingLoose), .principle(.materialAfterTrade): [.material]
        case .principle(.covers), .principle(.rookOnOpenFile), .principle(.quiet): [.pieceActivity]
        case .principle(.kingNextTo): [.kingSafety]
        }
    }

    static func uciSquares(_ uci: String) -> [Square] {
        let c = Array(uci)
        guard c.count >= 4, let a = Square(String(c[0...1])), let b = Square(String(c[2...3])) else { return [] }
        return [a, b]
    }
}

/// The machine name of a motif's kind. The raw value is what jsonl and the fixtures write.
public enum MotifKind: String, Hashable, Sendable, Codable, CaseIterable {
    case develops
    case occupiesCentre = "occupies-centre"
    case controlsCentre = "controls-centre"
    case castles
    case givesUpCastling = "gives-up-castling"
    case preparesCastling = "prepares-castling"
    case opensLine = "opens-line"
    case attacks
    case threatens
    case threatensMate = "threatens-mate"
    case prevents
    case check
    case answersCheck = "answers-check"
    case defends
    case supports
    case offersTrade = "offers-trade"
    case escapes
    case avoidsPawnPush = "avoids-pawn-push"
    case pins
    case forks
    case trades
    case winsMaterial = "wins-material"
    case takes
    case recaptures
    case removesDefender = "removes-defender"
    case removesAttacker = "removes-attacker"
    case opensFile = "opens-file"
    case gambit
    case losesMaterial = "loses-material"
    case losesGround = "loses-ground"
    case doubledPawns = "doubled-pawns"
    case isolatedPawn = "isolated-pawn"
    case passedPawn = "passed-pawn"
    case pawnChain = "pawn-chain"
    case pawnBreak = "pawn-break"
    case preparesPush = "prepares-push"
    case gainsSpace = "gains-space"
    case takesSquare = "takes-square"
    case kingShieldWeakened = "king-shield-weakened"
    case makesLuft = "makes-luft"
    case kingInCentre = "king-in-centre"
    case principle

    /// Kinds only the engine establishes (rules-only runs never produce them).
    public var needsEngine: Bool {
        switch self {
        case .threatens, .prevents, .winsMaterial, .gambit, .losesMaterial, .losesGround: true
        case .develops, .occupiesCentre, .controlsCentre, .castles, .givesUpCastling, .preparesCastling, .opensLine, .attacks, .threatensMate, .check, .answersCheck,
             .defends, .supports, .offersTrade, .escapes, .avoidsPawnPush, .pins, .forks, .trades, .takes, .recaptures, .removesDefender, .removesAttacker, .opensFile, .doubledPawns,
             .isolatedPawn, .passedPawn, .pawnChain, .pawnBreak, .preparesPush, .gainsSpace, .takesSquare, .kingShieldWeakened,
             .makesLuft, .kingInCentre, .principle:
            false
        }
    }
}
