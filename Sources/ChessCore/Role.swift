// Role: the kind of a piece, independent of its colour.

/// Pawn, knight, bishop, rook, queen or king.
public enum Role: UInt8, Sendable, CaseIterable, Hashable {
    case pawn = 0, knight, bishop, rook, queen, king

    /// `p n b r q k`.
    public var lowerChar: Character {
        switch self {
        case .pawn: "p"
        case .knight: "n"
        case .bishop: "b"
        case .rook: "r"
        case .queen: "q"
        case .king: "k"
        }
    }
    /// `P N B R Q K`, the letter SAN uses (SAN omits it for pawns).
    public var upperChar: Character {
        switch self {
        case .pawn: "P"
        case .knight: "N"
        case .bishop: "B"
        case .rook: "R"
        case .queen: "Q"
        case .king: "K"
        }
    }
    /// `pawn`, `knight`, … for messages and explanations.
    public var name: String {
        switch self {
        case .pawn: "pawn"
        case .knight: "knight"
        case .bishop: "bishop"
        case .rook: "rook"
        case .queen: "queen"
        case .king: "king"
        }
    }
    /// The usual material value in pawns: 1, 3, 3, 5, 9; the king counts 0.
    public var value: Int {
        switch self {
        case .pawn: 1
        case .knight, .bishop: 3
        case .rook: 5
        case .queen: 9
        case .king: 0
        }
    }

    /// Accepts the letter in either case: `n` and `N` are both a knight.
    public init?(char: Character) {
        switch char {
        case "p", "P": self = .pawn
        case "n", "N": self = .knight
        case "b", "B": self = .bishop
        case "r", "R": self = .rook
        case "q", "Q": self = .queen
        case "k", "K": self = .king
        default: return nil
        }
    }
    @inline(__always) var index: Int { Int(rawValue) }
}
