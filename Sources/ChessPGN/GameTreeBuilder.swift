// GameTreeBuilder: the visitor that builds a GameTree, optionally replaying every move for legality.
import ChessCore
import Diagnostics

/// Builds one `GameTree` per game. With `replaying: true` every move (variations included) is
/// played through ChessCore: nodes get their `Move` and canonical SAN, and illegal moves become
/// PGN101–PGN103 diagnostics (the rest of that line is then left out of the tree).
///
/// ```swift
/// let reader = PGNReader(fileName: "g.pgn", text: "1. e4 (1. d4) e5 *")
/// var b = GameTreeBuilder(replaying: true)
/// _ = try reader.readGame(&b)   // b.game.mainlineSAN == ["e4", "e5"]
/// ```
public struct GameTreeBuilder: PGNVisitor {
    /// The game read last.
    public private(set) var game = GameTree()
    public let replaying: Bool
    private var replayer: Replayer
    private var cursor = 0
    private var stack: [Int] = []
    /// The first node of each open variation (parallel to `stack`; nil until its first move is read).
    private var variationFirstNodes: [Int?] = []
    private var atLineStart = true
    private var deadDepth: Int? = nil  // without replay: a variation that has no move to replace
    private var openings = VariationOpenings()
    /// What one game may hold (`GameLimits`): the tree of a hostile file stays small, the excess counted (PGN909).
    private var budget: GameBudget
    /// The move number written before the next move (`3...`), checked against the position when the move comes.
    private var writtenNumber: (number: Int, black: Bool, at: PGNLocation)?

    public init(replaying: Bool = true, fileName: String = "", limits: GameLimits = .standard) {
        self.replaying = replaying
        replayer = Replayer(fileName: fileName)
        budget = GameBudget(limits)
    }

    public mutating func beginGame(_ start: PGNGameStart) -> PGNSkip {
        game = GameTree(location: start.location)
        if replayer.fileName != start.file { replayer = Replayer(fileName: start.file) }
        replayer.reset()
        if replaying { game.start = .standard }
        cursor = 0
        stack.removeAll()
        variationFirstNodes.removeAll()
        openings.removeAll()
        atLineStart = true
        deadDepth = nil
        sawFEN = false
        budget.reset()
        writtenNumber = nil
        return .visit
    }

    public mutating func tag(name: String, value: String, at location: PGNLocation) {
        game.tags.append(PGNTag(name: name, value: value, location: location))
        if replaying, let d = replayer.tag(name: name, value: value, at: location) { game.diagnostics.append(d) }
        if name == "FEN", replaying { sawFEN = true }
    }

    /// A `FEN` tag was read: its start is judged when the movetext begins (`Replayer.beginMovetext`).
    private var sawFEN = false

    public mutating func beginMovetext() {
        guard replaying, sawFEN else { return }
        sawFEN = false
        if let d = replayer.beginMovetext() {
            game.diagnostics.append(d)
            game.start = nil
        } else {
            game.start = replayer.start
        }
    }

    private var dead: Bool { deadDepth != nil || (replaying && replayer.isDead) }

    public mutating func moveNumber(_ number: Int, black: Bool, at location: PGNLocation) {
        writtenNumber = (number, black, location)
    }

    /// PGN118: a move number that another move than the next one would carry (`3... Nc3` for White's third move).
    /// Read leniently: the move is played where it stands, and the warning says how to write its number.
    /// `12.` before Black's twelfth move is not reported: it is how `12. ... e5` is read.
    private mutating func checkWrittenNumber(_ text: String) {
        guard let w = writtenNumber else { return }
        writtenNumber = nil
        guard replaying, !replayer.isDead else { return }
        let p = replayer.position
        let number = p.fullmoveNumber
        let white = p.turn == .white
        guard w.number != number || (w.black && white) else { return }
        let written = "\(w.number)\(w.black ? "..." : ".")"
        let expected = "\(number)\(white ? "." : "...")"
        game.diagnostics.append(Diagnostic(
            PGNCode.moveNumberMismatch,
            "move number \"\(written)\" before \(white ? "White" : "Black")'s move \(text), which is move \(expected); write \"\(expected) \(text)\"",
            at: SourceLocation(file: replayer.fileName, line: w.at.line, column: w.at.column)))
    }

    public mutating func san(_ text: String, at location: PGNLocation) {
        if dead || !budget.admitMove() { return }
        checkWrittenNumber(text)
        var node = MoveNode(writtenSAN: text, san: text, ply: game.nodes[cursor].ply + 1, parent: cursor, location: location)
        if replaying {
            switch replayer.play(text, at: location) {
            case .ignored: return
            case .failed(let d):
                game.diagnostics.append(d)
                if let first = variationFirstNodes.last {
                    game.cutVariations.append(CutVariation(firstNode: first, error: d))
                }
                return
            case .played(let r):
                node.san = r.canonicalSAN
                node.move = r.move
            }
        }
        if atLineStart, !pendingStart.isEmpty {
            node.startingComments = pendingStart
            pendingStart.removeAll()
        }
        atLineStart = false
        let index = game.nodes.count
        if let last = variationFirstNodes.indices.last, variationFirstNodes[last] == nil { variationFirstNodes[last] = index }
        game.nodes.append(node)
        game.nodes[cursor].children.append(index)
        cursor = index
    }

    private var pendingStart: [PGNComment] = []

    public mutating func nag(_ code: UInt8, at location: PGNLocation) {
        if dead { return }
        game.nodes[cursor].nags.append(code)
    }

    public mutating func comment(_ comment: PGNComment, at location: PGNLocation) {
        if dead || !budget.admitComment(bytes: comment.text.utf8.count) { return }
        var comment = comment
        comment.location = location
        if atLineStart && cursor != 0 || (atLineStart && !stack.isEmpty) {
            pendingStart.append(comment)
        } else {
            game.nodes[cursor].comments.append(comment)
        }
    }

    public mutating func beginVariation(at location: PGNLocation) -> PGNSkip {
        writtenNumber = nil
        // Skipped whole by the reader (no endVariation): nothing of it is kept.
        guard budget.admitVariation(depth: stack.count + 1) else { return .skip }
        stack.append(cursor)
        variationFirstNodes.append(nil)
        openings.begin(at: location, diagnostics: game.diagnostics.count)
        if replaying {
            if let d = replayer.beginVariation(at: location) { game.diagnostics.append(d) }
        }
        if !dead && cursor == 0 {
            deadDepth = stack.count
            if !replaying {
                game.diagnostics.append(
                    Diagnostic(PGNCode.variationWithoutMove, "variation at the start has no move to replace",
                        at: SourceLocation(file: replayer.fileName, line: location.line, column: location.column)))
            }
        }
        if !dead { cursor = game.nodes[cursor].parent }
        pendingStart.removeAll()
        atLineStart = true
        return .visit
    }

    public mutating func endVariation() {
        writtenNumber = nil
        if replaying { replayer.endVariation() }
        if let d = deadDepth, d == stack.count { deadDepth = nil }
        cursor = stack.popLast() ?? 0
        _ = variationFirstNodes.popLast()
        openings.end()
        // Comments left at the start of an empty variation are dropped with it.
        pendingStart.removeAll()
        atLineStart = false
    }

    public mutating func outcome(_ outcome: PGNOutcome, at location: PGNLocation) {
        game.outcome = outcome
    }

    public mutating func endGame() {
        if budget.exceeded { game.diagnostics += budget.diagnostics(file: replayer.fileName, at: game.location) }
    }

    public mutating func problem(_ diagnostic: Diagnostic) {
        openings.dropFollowOns(of: diagnostic, in: &game.diagnostics)
        game.diagnostics.append(diagnostic)
    }
}
