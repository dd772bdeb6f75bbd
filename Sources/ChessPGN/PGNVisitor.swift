// PGNVisitor: the hooks a streaming PGN reader calls, in the order it calls them.
import Diagnostics

/// Where a token starts in a PGN file: lines and columns count from 1, columns in characters.
public struct PGNLocation: Hashable, Sendable {
    public var line: Int
    public var column: Int
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
}

/// Whether the reader should deliver the events of a game or variation, or pass over it.
public enum PGNSkip: Sendable {
    case visit, skip
}

/// How a game ended, as its movetext says.
public enum PGNOutcome: String, Hashable, Sendable {
    case whiteWins = "1-0"
    case blackWins = "0-1"
    case draw = "1/2-1/2"
    case unknown = "*"

    /// Reads a game termination marker; `½-½` is read as a draw.
    public init?(text: String) {
        switch text {
        case "1-0": self = .whiteWins
        case "0-1": self = .blackWins
        case "1/2-1/2", "½-½": self = .draw
        case "*": self = .unknown
        default: return nil
        }
    }
}

/// What happens at the start of a game.
public struct PGNGameStart: Hashable, Sendable {
    /// The name the reader was given for its input (`game.pgn`, `<stdin>`).
    public var file: String
    /// 1-based index of the game in its input.
    public var index: Int
    /// The first token of the game (its first tag, or its first movetext token).
    public var location: PGNLocation
    /// The byte offset of that token in the input (a byte order mark counts its 3 bytes): where the game's text starts.
    public var offset: Int
}

/// The hooks `PGNReader` calls while it reads one game. Every hook has an empty default.
///
/// For each game, in this order:
/// 1. `beginGame` — once; return `.skip` to pass over the whole game (no further hook for it, not even `endGame`).
/// 2. `tag` — once per tag pair, in file order (escapes already undone).
/// 3. `beginMovetext` — once, also for a game without moves.
/// 4. In movetext order, any number of:
///    `moveNumber` (a move number as written before a move: `12.` is White's, `12...` and `12…` Black's),
///    `san` (a move token as written, with its `!`/`?` suffix removed; `--` and `Z0` are null moves),
///    `nag` (from `$n` or from a suffix, right after its move),
///    `comment` (`{…}` or `;…`, with command annotations parsed),
///    `beginVariation` (return `.skip` to pass over it: then no hook for it, not even `endVariation`)
///    and the matching `endVariation`. Variations nest to any depth; the reader keeps only a counter,
///    so depth costs no stack. Every `beginVariation` that was visited gets its `endVariation`, even
///    when the file forgets a `)` (the reader reports PGN106 and closes it).
/// 5. `outcome` — at most once, for the game termination marker, if there is one.
/// 6. `endGame` — once.
///
/// `problem` can come at any point between `beginGame` and `endGame`: a syntax error or warning the
/// reader found in this game. The reader itself never checks legality; a replaying visitor does.
///
/// A visitor that has no use for comments says so with `readsComments` (false): the reader then passes
/// over each comment at byte speed and never calls `comment`; it still finds the comment's end, reports
/// an unclosed one, a `{` inside one and bytes that are not UTF-8, but it does not parse its command
/// annotations (`[%eval …]`, `[%clk …]`), so a malformed one (PGN120) is not reported to that visitor.
public protocol PGNVisitor {
    /// Whether `comment` is wanted (read once per game, at `beginGame`). Default: true.
    var readsComments: Bool { get }
    /// Whether `tag` is wanted for a tag of this name (its bytes as written). Default: true. For a tag it does not
    /// want, the reader still reads the pair and reports what is wrong with it (duplicate, unclosed, too long, NUL,
    /// bytes that are not UTF-8) but makes no String of its value and does not call `tag`.
    func readsTag(named name: [UInt8]) -> Bool
    mutating func beginGame(_ start: PGNGameStart) -> PGNSkip
    mutating func tag(name: String, value: String, at location: PGNLocation)
    mutating func beginMovetext()
    mutating func moveNumber(_ number: Int, black: Bool, at location: PGNLocation)
    mutating func san(_ text: String, at location: PGNLocation)
    /// The reader calls this one with the token's bytes (valid only during the call); by default it
    /// makes a String and calls `san(_:at:)`. A visitor that works on bytes saves that String.
    mutating func san(bytes: UnsafeBufferPointer<UInt8>, at location: PGNLocation)
    mutating func nag(_ code: UInt8, at location: PGNLocation)
    mutating func comment(_ comment: PGNComment, at location: PGNLocation)
    mutating func beginVariation(at location: PGNLocation) -> PGNSkip
    mutating func endVariation()
    mutating func outcome(_ outcome: PGNOutcome, at location: PGNLocation)
    mutating func endGame()
    mutating func problem(_ diagnostic: Diagnostic)
}

extension PGNVisitor {
    public var readsComments: Bool { true }
    public func readsTag(named name: [UInt8]) -> Bool { true }
    public mutating func beginGame(_ start: PGNGameStart) -> PGNSkip { .visit }
    public mutating func tag(name: String, value: String, at location: PGNLocation) {}
    public mutating func beginMovetext() {}
    public mutating func moveNumber(_ number: Int, black: Bool, at location: PGNLocation) {}
    public mutating func san(_ text: String, at location: PGNLocation) {}
    public mutating func san(bytes: UnsafeBufferPointer<UInt8>, at location: PGNLocation) {
        san(String(decoding: bytes, as: UTF8.self), at: location)
    }
    public mutating func nag(_ code: UInt8, at location: PGNLocation) {}
    public mutating func comment(_ comment: PGNComment, at location: PGNLocation) {}
    public mutating func beginVariation(at location: PGNLocation) -> PGNSkip { .visit }
    public mutating func endVariation() {}
    public mutating func outcome(_ outcome: PGNOutcome, at location: PGNLocation) {}
    public mutating func endGame() {}
    public mutating func problem(_ diagnostic: Diagnostic) {}
}
