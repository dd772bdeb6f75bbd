// FENSequenceConverter: fen2pgn — each blank-line-separated sequence of FEN lines becomes one PGN game.
import ChessCore
import Diagnostics

/// Turns FEN lines into PGN games with canonical SAN. Feed it lines with `line(_:number:)`; a blank
/// line ends a sequence, and `finish()` ends the last one. Each finished game is returned as
/// export-format text.
///
/// Between two consecutive lines exactly one legal move must lead from the first position to the
/// second (compared without counters, with en passant counted only when a capture is legal, so FENs
/// written with either en-passant policy are read); the counters must then be the ones the move gives.
/// Errors (PGN150–PGN155) name the line; the game is written up to the error and the rest of its
/// sequence is skipped.
///
/// When the first position is not the standard start but one move from it (the output of plain
/// `pgn2fen`, which starts after the first move), the game starts from the standard position with
/// that move, so `pgn2fen` then `fen2pgn` gives back the whole main line.
public struct FENSequenceConverter {
    public let fileName: String
    /// Tags given on the command line; they replace the defaults and the computed Result.
    public var tags: [PGNTag]
    /// Whether a first position one move after the standard start is read as that move from the start.
    public var inferStandardStart: Bool
    /// Problems found so far (drained by the caller with `takeDiagnostics()`).
    public private(set) var diagnostics: [Diagnostic] = []
    public private(set) var gamesWritten = 0
    public private(set) var sequencesWithErrors = 0

    private var game = GameTree()
    private var current: Position? = nil
    private var seen: [PositionIdentity: Int] = [:]
    private var previousLine = 0
    private var failed = false
    private var active = false

    public init(fileName: String, tags: [PGNTag] = [], inferStandardStart: Bool = true) {
        self.fileName = fileName
        self.tags = tags
        self.inferStandardStart = inferStandardStart
    }

    public mutating func takeDiagnostics() -> [Diagnostic] {
        defer { diagnostics.removeAll() }
        return diagnostics
    }

    private mutating func error(_ code: String, _ message: String, line: Int, column: Int = 1) {
        diagnostics.append(Diagnostic(.error, code, message, at: SourceLocation(file: fileName, line: line, column: column)))
        if !failed { sequencesWithErrors += 1 }
        failed = true
    }

    /// Reads one line (without its line ending). Returns a finished game when a blank line ends a sequence.
    public mutating func line(_ raw: String, number: Int) -> String? {
        let text = raw.trimmingSpaces
        if text.isEmpty { return finish() }
        if !active {
            active = true
            failed = false
            game = GameTree(location: PGNLocation(line: number, column: 1))
            current = nil
            seen.removeAll()
        }
        if failed { return nil }
        let p: Position
        do {
            p = try Position(fen: text)
        } catch {
            switch error {
            case .syntax(let e):
                self.error(PGNCode.badFENLine, "\(e.code): \(e.description)", line: number, column: max(1, e.column))
            case .illegal(let e):
                self.error(PGNCode.badFENLine, "\(e.code): illegal position: " + e.messages.joined(separator: "; "), line: number)
            }
            return nil
        }
        guard let prev = current else {
            start(p, line: number)
            return nil
        }
        if p.turn == prev.turn {
            error(
                PGNCode.sideDoesNotAlternate,
                "side to move does not alternate: line \(previousLine) and line \(number) both have \(p.turn.name) to move", line: number)
            return nil
        }
        let id = p.identity
        if let earlier = seen[id] {
            error(PGNCode.positionRepeats, "position repeats: it is the position of line \(earlier)", line: number)
            return nil
        }
        let joins = prev.legalMoves.filter { prev.playingUnchecked($0).identity == id }
        if joins.isEmpty, !prev.isCheck, prev.playingNullMoveUnchecked().identity == id {
            // pgn2fen prints the position after a PGN null move: give the `--` back.
            let after = prev.playingNullMoveUnchecked()
            if after.halfmoveClock != p.halfmoveClock || after.fullmoveNumber != p.fullmoveNumber {
                error(PGNCode.countersDoNotFollow, "counters do not follow from the null move: expected \(after.halfmoveClock) \(after.fullmoveNumber), found \(p.halfmoveClock) \(p.fullmoveNumber)", line: number)
                return nil
            }
            add(nil, san: "--", after: p, line: number)
            return nil
        }
        guard let m = joins.first else {
            error(PGNCode.noJoiningMove, "no legal move leads from line \(previousLine) to line \(number)", line: number)
            return nil
        }
        if joins.count > 1 {
            error(
                PGNCode.severalJoiningMoves,
                "more than one legal move leads from line \(previousLine) to line \(number): " + joins.map { prev.san($0) }.joined(separator: ", "),
                line: number)
            return nil
        }
        let after = prev.playingUnchecked(m)
        let san = prev.san(m)
        if after.halfmoveClock != p.halfmoveClock || after.fullmoveNumber != p.fullmoveNumber {
            error(
                PGNCode.countersDoNotFollow,
                "counters do not follow from \(Replayer.label(san, in: prev)): expected \(after.halfmoveClock) \(after.fullmoveNumber), found \(p.halfmoveClock) \(p.fullmoveNumber)",
                line: number)
            return nil
        }
        add(m, san: san, after: p, line: number)
        return nil
    }

    private mutating func start(_ p: Position, line: Int) {
        game.start = p
        current = p
        previousLine = line
        seen[p.identity] = line
        if inferStandardStart, p.identity != Position.standard.identity {
            let s = Position.standard
            let joins = s.legalMoves.filter { s.playingUnchecked($0).identity == p.identity }
            if joins.count == 1, let m = joins.first, s.playingUnchecked(m).halfmoveClock == p.halfmoveClock,
                s.playingUnchecked(m).fullmoveNumber == p.fullmoveNumber
            {
                game.start = s
                seen[s.identity] = 0
                add(m, san: s.san(m), after: p, line: line)
            }
        }
    }

    private mutating func add(_ m: Move?, san: String, after: Position, line: Int) {
        let parent = game.nodes.count - 1
        game.nodes.append(MoveNode(writtenSAN: san, san: san, move: m, ply: parent + 1, parent: parent, location: PGNLocation(line: line, column: 1)))
        game.nodes[parent].children.append(parent + 1)
        current = after
        previousLine = line
        seen[after.identity] = line
    }

    /// Ends the current sequence; its game, if it had any line.
    public mutating func finish() -> String? {
        guard active else { return nil }
        active = false
        guard let start = game.start else { return nil }
        var result = "*"
        if !failed, let last = current {
            if last.isCheckmate {
                result = last.turn == .white ? "0-1" : "1-0"
            } else if last.isStalemate || last.hasInsufficientMaterial {
                result = "1/2-1/2"
            }
        }
        var t: [PGNTag] = []
        if start.fen() != Position.standard.fen() {
            t.append(PGNTag(name: "SetUp", value: "1"))
            t.append(PGNTag(name: "FEN", value: start.fen()))
        }
        for given in tags {
            t.removeAll { $0.name == given.name }
        }
        game.tags = tags + t
        if let r = tags.first(where: { $0.name == "Result" })?.value, let o = PGNOutcome(text: r) {
            game.outcome = o
        } else {
            game.outcome = PGNOutcome(text: result)
        }
        gamesWritten += 1
        return PGNWriter().write(game)
    }
}
