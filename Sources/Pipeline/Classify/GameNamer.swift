// GameNamer: the classify visitor — replays each game and keeps the deepest named position of each line.
import ChessCore
import ChessPGN
import Diagnostics
import Openings

/// The name of one line of a game: the deepest named position it reaches.
struct LineName: Sendable, Hashable {
    /// 0 for the main line; variations are numbered 1… in the order their `(` appears.
    var line: Int
    /// The ply of the named position (0: the start position, or nothing named).
    var ply: Int
    var opening: OpeningName?
    /// The named position (the start when nothing is named).
    var position: Position
    /// Its identity EPD, made only where a record prints it (the PGN output never does).
    var epd: String { position.identity.epd }
}

/// What one game's classification found, and where the game starts in its input.
struct GameNames: Sendable {
    var game: Int
    var start: PGNLocation
    /// The input offset of its first byte (`PGNGameStart.offset`).
    var offset: Int
    var lines: [LineName]
    var hasError: Bool
    var mainLine: LineName? { lines.first { $0.line == 0 } }
}

/// A `PGNVisitor` that names every game by the rule of docs/names.md: the deepest (latest) position of the line
/// that the list names, found by Polyglot key at every ply, the start position included.
struct GameNamer: PGNVisitor {
    let names: NameKeyTable
    let variations: Bool
    private(set) var results: [GameNames] = []
    private(set) var diagnostics: [Diagnostic] = []
    private(set) var gamesSeen = 0
    private(set) var plies = 0

    private var replayer = Replayer(fileName: "", wantsCanonicalSAN: false)
    /// Per open line: its number, its ply, the deepest named position so far and the one it replaced. Both change only
    /// when a named position is found (a few times a game), never at every ply.
    private struct Open {
        var line: Int
        var ply: Int
        var best: (ply: Int, opening: OpeningName, position: Position)?
        var previous: (ply: Int, opening: OpeningName, position: Position)?
        /// The deepest named position before the last move: what a variation replacing that move starts from.
        var bestBeforeLastMove: (ply: Int, opening: OpeningName, position: Position)? {
            if let best, best.ply == ply { return previous }
            return best
        }
    }
    private var open: [Open] = []
    private var current: GameNames?
    private var nextLine = 1
    /// Open lines hold positions: their number and depth are bounded like a game tree's (`GameLimits`, PGN909).
    private var budget = GameBudget(.standard)

    /// Names come from positions only: comments are passed over at byte speed.
    var readsComments: Bool { false }

    init(names: NameKeyTable, variations: Bool) {
        self.names = names
        self.variations = variations
    }

    mutating func take() -> (results: [GameNames], diagnostics: [Diagnostic]) {
        defer {
            results.removeAll(keepingCapacity: true)
            diagnostics.removeAll(keepingCapacity: true)
        }
        return (results, diagnostics)
    }

    mutating func beginGame(_ start: PGNGameStart) -> PGNSkip {
        gamesSeen += 1
        if replayer.fileName != start.file { replayer = Replayer(fileName: start.file, wantsCanonicalSAN: false) }
        replayer.reset()
        current = GameNames(game: gamesSeen, start: start.location, offset: start.offset, lines: [], hasError: false)
        open.removeAll(keepingCapacity: true)
        nextLine = 1
        budget.reset()
        return .visit
    }

    /// Only the tags that change the replay: the others are read past without a String.
    func readsTag(named name: [UInt8]) -> Bool { Replayer.readsTag(named: name) }

    mutating func tag(name: String, value: String, at location: PGNLocation) {
        if let d = replayer.tag(name: name, value: value, at: location) { fail(d) }
    }

    mutating func beginMovetext() {
        if let d = replayer.beginMovetext() { fail(d) }
        var first = Open(line: 0, ply: 0)
        if !replayer.isDead, let own = names.name(of: replayer.position) { first.best = (0, own, replayer.position) }
        open.append(first)
    }

    mutating func san(bytes: UnsafeBufferPointer<UInt8>, at location: PGNLocation) {
        switch replayer.advance(bytes: bytes, at: location) {
        case .ignored: return
        case .failed(let d): fail(d)
        case .played(_, let warning):
            if let warning { diagnostics.append(warning) }
            plies += 1
            let i = open.count - 1
            open[i].ply += 1
            if let own = names.name(of: replayer.position) {
                open[i].previous = open[i].best
                open[i].best = (open[i].ply, own, replayer.position)
            }
        }
    }

    mutating func beginVariation(at location: PGNLocation) -> PGNSkip {
        guard variations else {
            if let d = replayer.variationProblem(at: location) { fail(d) }  // skipped, but not silently wrong
            return .skip
        }
        guard let parent = open.last, budget.admitVariation(depth: open.count) else { return .skip }
        if let d = replayer.beginVariation(at: location) { fail(d) }
        open.append(Open(line: nextLine, ply: parent.ply - 1, best: parent.bestBeforeLastMove, previous: nil))
        nextLine += 1
        return .visit
    }

    mutating func endVariation() {
        replayer.endVariation()
        if open.count > 1 { record(open.removeLast()) }
    }

    mutating func problem(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
        if diagnostic.severity == .error { current?.hasError = true }
    }

    private mutating func fail(_ d: Diagnostic) {
        diagnostics.append(d)
        current?.hasError = true
    }

    private mutating func record(_ line: Open) {
        let named: LineName
        if let best = line.best {
            named = LineName(line: line.line, ply: best.ply, opening: best.opening, position: best.position)
        } else {
            named = LineName(line: line.line, ply: 0, opening: nil, position: replayer.start)
        }
        current?.lines.append(named)
    }

    mutating func endGame() {
        if budget.exceeded, let game = current {
            for d in budget.diagnostics(file: replayer.fileName, at: game.start) { fail(d) }
        }
        if open.isEmpty { beginMovetext() }
        while let last = open.popLast() { record(last) }
        if var game = current {
            game.lines.sort { $0.line < $1.line }
            results.append(game)
        }
        current = nil
    }
}
