// PositionError: every reason a setup is not a legal position, reported at once.

/// Why a `Setup` is not a legal position. `reasons` holds all of them, not only the first found.
public struct PositionError: Error, Sendable, CustomStringConvertible {
    public let reasons: Reasons
    public let setup: Setup

    /// The reasons, as a set. Pass some of them as `ignoring:` to `Position.init` to accept such a setup anyway.
    public struct Reasons: OptionSet, Hashable, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }

        /// A side has no king. POS001
        public static let missingKing = Reasons(rawValue: 1 << 0)
        /// A side has more than one king. POS002
        public static let tooManyKings = Reasons(rawValue: 1 << 1)
        /// A pawn on the first or last rank. POS003
        public static let pawnsOnBackrank = Reasons(rawValue: 1 << 2)
        /// More than 16 pieces for a side, or more promoted pieces than missing pawns allow. POS004
        public static let tooManyPieces = Reasons(rawValue: 1 << 3)
        /// More than 8 pawns for a side. POS005
        public static let tooManyPawns = Reasons(rawValue: 1 << 4)
        /// A castling right without the king and that rook on their home squares. POS006
        public static let invalidCastlingRights = Reasons(rawValue: 1 << 5)
        /// An en-passant square without the pawn that just moved two squares, or with a piece behind it. POS007
        public static let invalidEnPassant = Reasons(rawValue: 1 << 6)
        /// The side not to move is in check. POS008
        public static let oppositeCheck = Reasons(rawValue: 1 << 7)
        /// Checks no move could have given: three checkers, or two that no single move uncovers. POS009
        public static let impossibleCheck = Reasons(rawValue: 1 << 8)
        /// Counters that contradict the rest: a halfmove clock other than 0 right after a double push,
        /// or more reversible halfmoves than moves played. POS010
        public static let inconsistentCounters = Reasons(rawValue: 1 << 9)

        static let all: [(Reasons, String, String)] = [
            (.missingKing, "POS001", "a side has no king"),
            (.tooManyKings, "POS002", "a side has more than one king"),
            (.pawnsOnBackrank, "POS003", "a pawn stands on the first or last rank"),
            (.tooManyPieces, "POS004", "a side has more pieces than a game can give it"),
            (.tooManyPawns, "POS005", "a side has more than 8 pawns"),
            (.invalidCastlingRights, "POS006", "a castling right without the king and rook on their home squares"),
            (.invalidEnPassant, "POS007", "the en-passant square does not follow a double pawn push"),
            (.oppositeCheck, "POS008", "the side not to move is in check"),
            (.impossibleCheck, "POS009", "the checks on the king could not come from one move"),
            (.inconsistentCounters, "POS010", "the move counters contradict the position"),
        ]
    }

    /// One line per reason, in a fixed order.
    public var messages: [String] { Reasons.all.filter { reasons.contains($0.0) }.map(\.2) }
    /// The codes of all reasons, in a fixed order.
    public var codes: [String] { Reasons.all.filter { reasons.contains($0.0) }.map(\.1) }
    /// The code of the first reason, for a diagnostic that needs one.
    public var code: String { codes.first ?? "POS000" }
    public var description: String { "illegal position (\(messages.joined(separator: "; "))): \(setup.fen)" }
}

/// A FEN that is either unreadable or describes an illegal position.
public enum PositionParseError: Error, Sendable, CustomStringConvertible {
    case syntax(FENError)
    case illegal(PositionError)

    public var code: String {
        switch self {
        case .syntax(let e): e.code
        case .illegal(let e): e.code
        }
    }
    public var description: String {
        switch self {
        case .syntax(let e): e.description
        case .illegal(let e): e.description
        }
    }
}
