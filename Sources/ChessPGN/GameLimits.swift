// GameLimits: how much of one game a visitor that keeps it (a game tree, a namer's open lines) holds, so memory stays bounded on any input.
import Diagnostics

/// The most of one game kept: variation depth, variations, comments (count and bytes), moves (plies, main line and
/// variations together) and tags. Authored
/// sources and real games are far below them (the deepest RAV nesting in the corpus is 4, the most variations 60);
/// a hostile file (a million unclosed `(`, ten million `(1. d4)`, 25 million comments) is not, and would otherwise
/// cost gigabytes. What is beyond a limit is left out and counted, never silently: PGN909 says how much.
public struct GameLimits: Sendable, Hashable {
    public var maxVariationDepth: Int
    public var maxVariations: Int
    public var maxComments: Int
    public var maxCommentBytes: Int
    public var maxMoves: Int
    /// Tag pairs of one game; the reader itself keeps no more (`PGNReader`), so every visitor gets at most these.
    public var maxTags: Int

    public init(maxVariationDepth: Int = 64, maxVariations: Int = 2_000, maxComments: Int = 10_000,
                maxCommentBytes: Int = 4 << 20, maxMoves: Int = 100_000, maxTags: Int = 1_000) {
        self.maxVariationDepth = maxVariationDepth
        self.maxVariations = maxVariations
        self.maxComments = maxComments
        self.maxCommentBytes = maxCommentBytes
        self.maxMoves = maxMoves
        self.maxTags = maxTags
    }

    public static let standard = GameLimits()
}

/// One game's count against `GameLimits`: each `admit…` says whether the next item is kept; `diagnostics` at the
/// game's end has one PGN909 per limit reached, with the count of what was left out ("… and N more").
///
/// ```swift
/// var budget = GameBudget(.standard)
/// if !budget.admitVariation(depth: stack.count + 1) { return .skip }
/// ```
public struct GameBudget: Sendable {
    public let limits: GameLimits
    private var variations = 0, comments = 0, commentBytes = 0, moves = 0
    private var tooDeep = 0, extraVariations = 0, extraComments = 0, extraMoves = 0

    public init(_ limits: GameLimits = .standard) { self.limits = limits }

    public mutating func reset() { self = GameBudget(limits) }

    /// A variation opening at nesting `depth` (1: a variation of the main line).
    public mutating func admitVariation(depth: Int) -> Bool {
        if depth > limits.maxVariationDepth {
            tooDeep += 1
            return false
        }
        if variations >= limits.maxVariations {
            extraVariations += 1
            return false
        }
        variations += 1
        return true
    }

    /// A comment of `bytes` bytes.
    public mutating func admitComment(bytes: Int) -> Bool {
        if comments >= limits.maxComments || commentBytes + bytes > limits.maxCommentBytes {
            extraComments += 1
            return false
        }
        comments += 1
        commentBytes += bytes
        return true
    }

    /// A move (main line or variation).
    public mutating func admitMove() -> Bool {
        if moves >= limits.maxMoves {
            extraMoves += 1
            return false
        }
        moves += 1
        return true
    }

    /// Anything was left out.
    public var exceeded: Bool { tooDeep + extraVariations + extraComments + extraMoves > 0 }

    /// One PGN909 per limit reached, at the game's start.
    public func diagnostics(file: String, at location: PGNLocation) -> [Diagnostic] {
        let at = SourceLocation(file: file, line: location.line, column: location.column)
        var out: [Diagnostic] = []
        func add(_ n: Int, _ what: String) {
            if n > 0 { out.append(Diagnostic(PGNCode.gameBeyondLimits, "\(what) … and \(n) more left out", at: at)) }
        }
        add(tooDeep, "variations nested deeper than \(limits.maxVariationDepth) are not kept:")
        add(extraVariations, "a game keeps at most \(limits.maxVariations) variations:")
        add(extraComments, "a game keeps at most \(limits.maxComments) comments (\(limits.maxCommentBytes >> 20) MiB):")
        add(extraMoves, "a game keeps at most \(limits.maxMoves) moves:")
        return out
    }
}
