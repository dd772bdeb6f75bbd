// FENExporter: the pgn2fen visitor — the position after every ply as FEN, EPD or JSON lines.
import ChessCore
import Diagnostics

/// What `FENExporter` prints.
public struct FENExportOptions: Sendable, Hashable {
    public enum Format: String, Sendable, CaseIterable {
        /// One FEN per line (en passant after every double push, as FEN files in this project).
        case fen
        /// The first four FEN fields.
        case epd
        /// One JSON object per line: `{"game":1,"ply":1,"san":"e4","uci":"e2e4","fen":"…"}`.
        case jsonl
    }
    public var format: Format
    /// Also print the start position (ply 0) before the first move.
    public var includeStart: Bool
    /// Also print every variation as its own sequence, from the position where it branches.
    public var variations: Bool
    /// Only this game (1-based, counted over all inputs).
    public var game: Int?

    public init(format: Format = .fen, includeStart: Bool = false, variations: Bool = false, game: Int? = nil) {
        self.format = format
        self.includeStart = includeStart
        self.variations = variations
        self.game = game
    }
}

/// Replays each game and writes one line per position into `output`, which the caller drains
/// (`takeOutput()`) after every game, so memory stays flat.
///
/// For fen and epd, sequences are separated by one blank line: the main line first, then with
/// `variations` each variation in the order its `(` appears, starting with the position it branches
/// from. A game with an error prints the positions up to the error; the error goes to `diagnostics`.
public struct FENExporter: PGNVisitor {
    public let options: FENExportOptions
    /// Output not yet taken.
    public private(set) var output: [UInt8] = []
    /// Problems found since the last `takeDiagnostics()`.
    public private(set) var diagnostics: [Diagnostic] = []
    /// Games seen so far over all inputs (skipped ones included).
    public private(set) var gamesSeen = 0
    /// Games that had an error.
    public private(set) var gamesWithErrors = 0
    /// Moves played so far.
    public private(set) var movesPlayed = 0

    private var replayer = Replayer(fileName: "", wantsCanonicalSAN: false)
    private var fenText = FENText()
    private var sequences: [[UInt8]] = [[]]
    private var sequenceCount = 0
    /// Per open line: its sequence (-1 when it prints nothing) and the ply of its position.
    private var lines: [(sequence: Int, ply: Int)] = []
    private var gameHasError = false
    private var wroteSequence = false
    private var openings = VariationOpenings()
    /// The variations kept of one game (`GameLimits`): a million unclosed `(` or ten million `(1. d4)` print at most
    /// `maxVariations` sequences nested `maxVariationDepth` deep, the rest counted (PGN909).
    private var budget = GameBudget(.standard)
    private var gameStart = PGNLocation(line: 1, column: 1)

    /// Positions only: comments are passed over at byte speed (their command annotations are not parsed).
    public var readsComments: Bool { false }

    public init(options: FENExportOptions) {
        self.options = options
        replayer.wantsCanonicalSAN = options.format == .jsonl
    }

    /// Returns and clears the output so far.
    public mutating func takeOutput() -> [UInt8] {
        defer { output.removeAll(keepingCapacity: true) }
        return output
    }

    /// Returns and clears the diagnostics so far.
    public mutating func takeDiagnostics() -> [Diagnostic] {
        defer { diagnostics.removeAll(keepingCapacity: true) }
        return diagnostics
    }

    public mutating func beginGame(_ start: PGNGameStart) -> PGNSkip {
        gamesSeen += 1
        if let g = options.game, g != gamesSeen { return .skip }
        if replayer.fileName != start.file {
            replayer = Replayer(fileName: start.file, wantsCanonicalSAN: options.format == .jsonl)
        }
        replayer.reset()
        sequenceCount = 1
        sequences[0].removeAll(keepingCapacity: true)
        lines.removeAll(keepingCapacity: true)
        lines.append((0, 0))
        openings.removeAll()
        gameHasError = false
        budget.reset()
        gameStart = start.location
        return .visit
    }

    /// Only the tags that change the replay: the others are read past without a String.
    public func readsTag(named name: [UInt8]) -> Bool { Replayer.readsTag(named: name) }

    public mutating func tag(name: String, value: String, at location: PGNLocation) {
        if let d = replayer.tag(name: name, value: value, at: location) { fail(d) }
    }

    private mutating func fail(_ d: Diagnostic) {
        diagnostics.append(d)
        gameHasError = true
    }

    public mutating func beginMovetext() {
        if let d = replayer.beginMovetext() { fail(d) }
        if options.includeStart && !replayer.isDead { append(replayer.position, ply: 0, san: nil, uci: nil, sequence: 0) }
    }

    public mutating func san(bytes: UnsafeBufferPointer<UInt8>, at location: PGNLocation) {
        guard options.format != .jsonl else { return san(String(decoding: bytes, as: UTF8.self), at: location) }
        // fen and epd need neither canonical SAN nor UCI: the replayer's byte path.
        switch replayer.advance(bytes: bytes, at: location) {
        case .ignored: return
        case .failed(let d): fail(d)
        case .played(_, let warning):
            if let warning { diagnostics.append(warning) }
            if let last = bytes.last, last == 43 || last == 35 { checkMarker(last, at: location) }
            recordPly(san: nil, uci: nil)
        }
    }

    /// A `+` or `#` must be true of the position after the move (a missing one is not reported:
    /// many exports leave them out). Only checked when written, so the fast path stays fast.
    private mutating func checkMarker(_ marker: UInt8, at location: PGNLocation) {
        let p = replayer.position
        let wrong: String?
        if marker == 35 {
            wrong = p.isCheckmate ? nil : p.isCheck ? "\"#\" but the move only gives check (write \"+\")" : "\"#\" but the move does not give mate"
        } else {
            wrong = !p.isCheck ? "\"+\" but the move does not give check" : p.isCheckmate ? "\"+\" but the move gives mate (write \"#\")" : nil
        }
        if let wrong {
            diagnostics.append(Diagnostic(PGNCode.wrongCheckMarker, wrong,
                                          at: SourceLocation(file: replayer.fileName, line: location.line, column: location.column)))
        }
    }

    public mutating func outcome(_ outcome: PGNOutcome, at location: PGNLocation) {
        guard lines.count == 1, !replayer.isDead, outcome != .unknown else { return }
        let p = replayer.position
        let why: String?
        if p.isCheckmate {
            let winner: PGNOutcome = p.turn == .white ? .blackWins : .whiteWins
            why = outcome == winner ? nil : "\(p.turn == .white ? "Black" : "White") has mated, so the result is \(winner.rawValue)"
        } else if p.isStalemate {
            why = outcome == .draw ? nil : "the game ends in stalemate, so the result is 1/2-1/2"
        } else {
            why = nil
        }
        if let why {
            fail(Diagnostic(PGNCode.resultContradictsPosition, "result \"\(outcome.rawValue)\" contradicts the final position: \(why)",
                            at: SourceLocation(file: replayer.fileName, line: location.line, column: location.column)))
        }
    }

    public mutating func san(_ text: String, at location: PGNLocation) {
        switch replayer.play(text, at: location) {
        case .ignored: return
        case .failed(let d): fail(d)
        case .played(let r):
            if let warning = r.warning { diagnostics.append(warning) }
            if let last = text.utf8.last, last == 43 || last == 35 { checkMarker(last, at: location) }
            // UCI text only when it is printed: building it for every ply cost more than the FEN.
            recordPly(san: r.canonicalSAN, uci: options.format == .jsonl ? (r.move?.uci ?? "0000") : nil)
        }
    }

    /// Counts the move just played in the innermost line and prints the position after it.
    private mutating func recordPly(san: String?, uci: String?) {
        movesPlayed &+= 1
        let i = lines.count &- 1
        lines[i].ply &+= 1
        let s = lines[i].sequence
        if s >= 0 { append(replayer.position, ply: lines[i].ply, san: san, uci: uci, sequence: s) }
    }

    public mutating func beginVariation(at location: PGNLocation) -> PGNSkip {
        guard options.variations else {
            if let d = replayer.variationProblem(at: location) { fail(d) }  // skipped, but not silently wrong
            return .skip
        }
        guard budget.admitVariation(depth: lines.count) else { return .skip }
        openings.begin(at: location, diagnostics: diagnostics.count)
        let parent = lines[lines.count - 1]
        if let d = replayer.beginVariation(at: location) { fail(d) }
        if replayer.isDead {
            lines.append((-1, parent.ply - 1))
            return .visit
        }
        let s = sequenceCount
        sequenceCount += 1
        if sequences.count < sequenceCount { sequences.append([]) } else { sequences[s].removeAll(keepingCapacity: true) }
        lines.append((s, parent.ply - 1))
        append(replayer.position, ply: parent.ply - 1, san: nil, uci: nil, sequence: s)
        return .visit
    }

    public mutating func endVariation() {
        replayer.endVariation()
        openings.end()
        if lines.count > 1 { lines.removeLast() }
    }

    public mutating func problem(_ diagnostic: Diagnostic) {
        openings.dropFollowOns(of: diagnostic, in: &diagnostics)
        diagnostics.append(diagnostic)
        if diagnostic.severity == .error { gameHasError = true }
    }

    public mutating func endGame() {
        if budget.exceeded {
            for d in budget.diagnostics(file: replayer.fileName, at: gameStart) { fail(d) }
        }
        if gameHasError { gamesWithErrors += 1 }
        for s in 0..<sequenceCount where !sequences[s].isEmpty {
            if wroteSequence && options.format != .jsonl { output.append(10) }
            output.append(contentsOf: sequences[s])
            wroteSequence = true
        }
    }

    private mutating func append(_ p: Position, ply: Int, san: String?, uci: String?, sequence s: Int) {
        switch options.format {
        case .fen:
            fenText.appendLine(p, counters: true, to: &sequences[s])
        case .epd:
            fenText.appendLine(p, counters: false, to: &sequences[s])
        case .jsonl:
            var line = "{\"game\":\(gamesSeen),"
            if options.variations { line += "\"line\":\(s)," }
            line += "\"ply\":\(ply),\"san\":"
            line += san.map { "\"\($0)\"" } ?? "null"
            line += ",\"uci\":"
            line += uci.map { "\"\($0)\"" } ?? "null"
            line += ",\"fen\":\""
            sequences[s].append(contentsOf: line.utf8)
            fenText.appendFEN(p, to: &sequences[s])
            sequences[s].append(contentsOf: "\"}\n".utf8)
        }
    }
}
