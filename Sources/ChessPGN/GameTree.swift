// GameTree: one PGN game as values — tags, the tree of moves with comments, NAGs and commands, the result.
import ChessCore
import Diagnostics

/// A tag pair, with where it stands in its file when it was read from one.
public struct PGNTag: Hashable, Sendable {
    public var name: String
    public var value: String
    /// The `[` of the tag in its file (`nil` for a tag made in code). Not part of the tag's identity:
    /// two tags with the same name and value are equal wherever they stand.
    public var location: PGNLocation?
    public init(name: String, value: String, location: PGNLocation? = nil) {
        self.name = name
        self.value = value
        self.location = location
    }

    public static func == (a: PGNTag, b: PGNTag) -> Bool { a.name == b.name && a.value == b.value }
    public func hash(into h: inout Hasher) {
        h.combine(name)
        h.combine(value)
    }
}

/// One move of a game tree. Nodes live in `GameTree.nodes` and point at each other by index, so a
/// deeply nested tree is walked with loops and freed without recursion.
public struct MoveNode: Hashable, Sendable {
    /// The move as the file wrote it (without its `!`/`?` suffix, which is in `nags`).
    public var writtenSAN: String
    /// Canonical SAN when the tree was replayed, otherwise the written text.
    public var san: String
    /// The move, when the tree was replayed (`nil` for a null move or when not replayed).
    public var move: Move?
    /// Half-moves from the game's start to this move: the first move has ply 1.
    public var ply: Int
    /// The parent node's index (the root's parent is itself).
    public var parent: Int
    /// Continuations: `children[0]` is the main one; the others are variations, in file order.
    public var children: [Int] = []
    public var nags: [UInt8] = []
    /// Comments written before this move at the start of a variation (`( {…} 3. Nc3 …)`).
    public var startingComments: [PGNComment] = []
    /// Comments after the move.
    public var comments: [PGNComment] = []
    public var location: PGNLocation
}

/// A game: tags in file order, the move tree, the termination marker, and what went wrong reading it.
public struct GameTree: Sendable {
    public var tags: [PGNTag] = []
    /// `nodes[0]` is the root: the start position, with the game comment in `comments`.
    public var nodes: [MoveNode]
    public var outcome: PGNOutcome?
    /// The start position when the tree was replayed (standard, or the `FEN` tag).
    public var start: Position?
    /// Syntax and legality problems, warnings included.
    public var diagnostics: [Diagnostic] = []
    /// Where the game starts in its file.
    public var location: PGNLocation

    public init(location: PGNLocation = PGNLocation(line: 1, column: 1)) {
        self.location = location
        nodes = [MoveNode(writtenSAN: "", san: "", ply: 0, parent: 0, location: location)]
    }

    /// The first value of a tag.
    public func tag(_ name: String) -> String? { tags.first(where: { $0.name == name })?.value }

    /// The main line's node indices, first move first.
    public var mainline: [Int] {
        var out: [Int] = []
        var i = 0
        while let c = nodes[i].children.first {
            out.append(c)
            i = c
        }
        return out
    }

    /// The main line in SAN.
    public var mainlineSAN: [String] { mainline.map { nodes[$0].san } }

    /// Whether any problem is an error.
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    /// Variations cut short by a move that could not be played (PGN101–PGN103 inside a `( … )`): such an error
    /// spoils that variation alone, so a reader may drop it, with its error reported, and keep the game's other lines.
    public var cutVariations: [CutVariation] = []

    /// Whether an error spoils more than the variations in `cutVariations` (the main line, the tags, the syntax).
    public var hasErrorsOutsideCutVariations: Bool {
        let confined = cutVariations.map(\.error)
        return diagnostics.contains { $0.severity == .error && !confined.contains($0) }
    }

    /// The nodes of the cut variations and of everything branching from them (the whole subtree of each).
    public var nodesInCutVariations: Set<Int> {
        var out = Set<Int>()
        var pending = cutVariations.compactMap(\.firstNode)
        while let i = pending.popLast() {
            guard out.insert(i).inserted else { continue }
            pending += nodes[i].children
        }
        return out
    }
}

/// A variation whose moves stop at an error: the index of its first move's node (nil when that move itself
/// failed, so the variation holds no node) and the error.
public struct CutVariation: Hashable, Sendable {
    public var firstNode: Int?
    public var error: Diagnostic
    public init(firstNode: Int?, error: Diagnostic) {
        self.firstNode = firstNode
        self.error = error
    }
}
