// Motif: one thing a move does (develops, pins, forks, …), with the pieces and squares it involves.
import ChessCore

/// The kind of a motif. The raw value is the machine name written to jsonl and the bundle.
public enum MotifKind: String, Hashable, Sendable, Codable, CaseIterable {
    case develops                   // squares: from, to
    case occupiesCentre = "occupies-centre"   // squares: the central square
    case controlsCentre = "controls-centre"   // squares: central squares newly attacked
    case castles                    // squares: king from, king to, rook from, rook to
    case preparesCastling = "prepares-castling" // squares: king, rook, the squares now cleared
    case opensLine = "opens-line"   // squares: the piece whose line opened, the vacated square
    case attacks                    // squares: attacker, target
    case threatensCapture = "threatens-capture" // squares: attacker, target (a capture that wins material)
    case threatensMate = "threatens-mate"       // squares: from, to of the mating move
    case check                      // squares: checking piece, king
    case answersCheck = "answers-check"         // squares: from, to (flag: blocks the line; role king: the king steps away)
    case defends                    // squares: defender, defended piece
    case escapes                    // squares: from, to of a piece leaving an attack; then the attacker
    case pins                       // squares: pinner, pinned, piece behind
    case forks                      // squares: forking piece, targets…
    case captures                   // squares: capturing piece's from, the capture square
    case trades                     // squares: from, the capture square
    case recaptures                 // squares: from, the capture square
    case givesUpMaterial = "gives-up-material"  // squares: the square where material can be taken
    case doubledPawns = "doubled-pawns"         // squares: the doubled pawns
    case isolatedPawn = "isolated-pawn"         // squares: the isolated pawn
    case passedPawn = "passed-pawn"             // squares: the passed pawn
    case pawnChain = "pawn-chain"               // squares: the chain, back to front
    case pawnBreak = "pawn-break"               // squares: the pawn, the enemy pawn it strikes
    case kingShieldWeakened = "king-shield-weakened" // squares: king, pawn from, pawn to
    case kingInCentre = "king-in-centre"        // squares: king, the opened file's squares in front of it
    case gainsSpace = "gains-space"             // squares: the advanced pawn
    case takesSquare = "takes-square"           // squares: the pawn, the square it now denies to enemy pieces, those pieces
    case prophylaxis                // squares: the covered square (the engine's reply it prevents goes there)
    case losesGround = "loses-ground"           // squares: from, to of the engine's better move

    /// The concepts the app shows for this motif.
    public var concepts: [Concept] {
        switch self {
        case .develops: [.development]
        case .occupiesCentre, .controlsCentre: [.centreControl]
        case .castles: [.kingSafety, .development]
        case .preparesCastling: [.kingSafety, .development]
        case .opensLine: [.pieceActivity]
        case .attacks: [.pieceActivity]
        case .threatensCapture: [.tactics, .material]
        case .threatensMate: [.tactics, .kingSafety]
        case .check: [.tactics, .kingSafety]
        case .answersCheck: [.kingSafety]
        case .defends: [.material]
        case .escapes: [.material]
        case .pins, .forks: [.tactics]
        case .captures, .trades, .recaptures, .givesUpMaterial: [.material]
        case .doubledPawns, .isolatedPawn, .passedPawn, .pawnChain: [.pawnStructure]
        case .pawnBreak: [.pawnStructure, .centreControl]
        case .kingShieldWeakened, .kingInCentre: [.kingSafety]
        case .gainsSpace: [.centreControl, .pawnStructure]
        case .prophylaxis: [.tactics]
        case .takesSquare: [.pieceActivity]
        case .losesGround: [.tactics]
        }
    }
}

/// One motif found in a move: its kind and the squares involved (their meaning per kind is
/// documented on `MotifKind`), plus what the sentence writer needs to name things.
public struct Motif: Hashable, Sendable, Codable {
    public var kind: MotifKind
    public var squares: [Square]
    /// The side the motif is about (the mover, or for pawn-structure and king motifs the side affected).
    public var side: Color
    /// The main piece (the mover, the attacker, the pinner…).
    public var role: Role?
    /// The pieces on `squares` after the first, where they are pieces (targets, pinned piece…).
    public var targets: [Role]
    /// Kind-specific: `attacks`/`threatensCapture` target defended; `pins` absolute; `develops` toward the centre;
    /// `givesUpMaterial` the engine sees compensation; `castles` kingside.
    public var flag: Bool
    /// Kind-specific SAN: the mating move, the better move, the prevented reply, the engine's refutation.
    public var san: String?
    /// Kind-specific number: centipawns lost, material offered in points.
    public var amount: Int?
    /// `givesUpMaterial`: whether the engine sees compensation (nil: no engine asked).
    public var compensation: Bool?
    /// `losesGround`: the engine's best answer to the move played.
    public var reply: String?

    public init(_ kind: MotifKind, _ squares: [Square], side: Color, role: Role? = nil, targets: [Role] = [], flag: Bool = false,
                san: String? = nil, amount: Int? = nil) {
        self.kind = kind
        self.squares = squares
        self.side = side
        self.role = role
        self.targets = targets
        self.flag = flag
        self.san = san
        self.amount = amount
    }

    /// The square names, for jsonl: `["g1", "f3"]`.
    public var squareNames: [String] { squares.map(\.name) }

    enum CodingKeys: String, CodingKey { case name, squares }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(kind.rawValue, forKey: .name)
        try c.encode(squareNames, forKey: .squares)
    }

    /// Decodes the machine form (name and squares); the wording details are not kept.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let name = try c.decode(String.self, forKey: .name)
        guard let k = MotifKind(rawValue: name) else {
            throw DecodingError.dataCorruptedError(forKey: .name, in: c, debugDescription: "unknown motif \(name)")
        }
        kind = k
        squares = try c.decode([String].self, forKey: .squares).compactMap { Square($0) }
        side = .white
        role = nil
        targets = []
        flag = false
    }
}
