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
    /// Tags written from each sequence's own first position (`FEN`, `SetUp`); given as tags for every game they
    /// would contradict the moves, so they cannot be given (`forge fen2pgn --tag FEN=…` is bad usage).
    public static let derivedTags: Set<String> = ["FEN", "SetUp"]

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
    /// EPD lines carry no counters: the sequence's counters are not checked.
    private var counterFree = false
    /// The game and line numbers of the jsonl rows being read.
    private var jsonlKey: [Int]? = nil

    public init(fileName: String, tags: [PGNTag] = [], inferStandardStart: Bool = true) {
        self.fileName = fileName
        self.tags = tags
        self.inferStandardStart = inferStandardStart
    }

    public mutating func takeDiagnostics() -> [Diagnostic] {
        defer { diagnostics.removeAll() }
        return diagnostics
    }

    private mutating func error(_ code: DiagnosticCode, _ message: String, line: Int, column: Int = 1) {
        diagnostics.append(Diagnostic(code, message, at: SourceLocation(file: fileName, line: line, column: column)))
        if !failed { sequencesWithErrors += 1 }
        failed = true
    }

    /// Reads one line (without its line ending). Returns a finished game when a blank line ends a
    /// sequence (or, for `pgn2fen --output-format jsonl` lines, when the game or line number changes).
    ///
    /// A line is a FEN, an EPD (the first four FEN fields: the counters are then not checked), or a
    /// JSON object with a `"fen"` member as `pgn2fen --output-format jsonl` writes it. A UTF-8 byte order
    /// mark at the start of the file is skipped. The FEN must be written canonically: no spaces
    /// around it (FEN901), runs of empty squares as one digit (FEN902), castling rights in the
    /// order `KQkq` (FEN903). Repeated positions are fine (a threefold repetition is a legal game).
    public mutating func line(_ raw: String, number: Int) -> String? {
        var raw = raw
        if number == 1, raw.unicodeScalars.first == "\u{FEFF}" { raw.unicodeScalars.removeFirst() }
        if raw.utf8.allSatisfy({ $0 == 32 || $0 == 9 }) { return finish() }
        if active && failed && raw.utf8.first != 123 { return nil }  // the rest of a failed sequence is skipped
        if raw.unicodeScalars.contains("\u{FEFF}") {
            if !active { begin(number) }
            error(PGNCode.badFENLine, "a byte order mark (U+FEFF, invisible) inside the file: it may only start the file", line: number)
            return nil
        }
        var finished: String? = nil
        var text = raw
        if raw.utf8.first == 123 {  // `{`: a jsonl line
            guard let row = JSONLRow(raw) else {
                if !active { begin(number) }
                error(PGNCode.badFENLine, "a JSON line without a \"fen\" string member (as pgn2fen --output-format jsonl writes)", line: number)
                return nil
            }
            if let key = jsonlKey, key != row.key { finished = finish() }
            jsonlKey = row.key
            text = row.fen
        } else if raw.utf8.first == 32 || raw.utf8.first == 9 || raw.utf8.last == 32 || raw.utf8.last == 9 {
            if !active { begin(number) }
            error(PGNCode.fenSurroundingSpace, "spaces around the FEN: write the FEN alone on its line", line: number)
            return nil
        }
        if !active { begin(number) }
        if failed { return finished }
        lineInner(text, number: number)
        return finished
    }

    private mutating func begin(_ number: Int) {
        active = true
        failed = false
        game = GameTree(location: PGNLocation(line: number, column: 1))
        current = nil
        seen.removeAll()
    }

    /// The FEN (or EPD) `text` of line `number`, the sequence being active and not failed.
    @discardableResult
    private mutating func lineInner(_ text: String, number: Int) -> String? {
        let fields = text.split(separator: " ", omittingEmptySubsequences: false)
        let isEPD = fields.count == 4
        let p: Position
        do {
            p = try Position(fen: isEPD ? text + " 0 1" : text)
        } catch {
            switch error {
            case .syntax(let e):
                self.error(PGNCode.badFENLine, "\(e.code): \(e.description)", line: number, column: max(1, e.column))
            case .illegal(let e):
                self.error(PGNCode.badFENLine, "\(e.code): illegal position: " + e.messages.joined(separator: "; "), line: number)
            }
            return nil
        }
        if let d = Self.nonCanonical(fields, of: p) {
            error(d.code, d.message, line: number, column: d.column)
            return nil
        }
        if isEPD { counterFree = true }
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
        let joins = prev.legalMoves.filter { prev.playingUnchecked($0).identity == id }
        if joins.isEmpty, !prev.isCheck, prev.playingNullMoveUnchecked().identity == id {
            // pgn2fen prints the position after a PGN null move: give the `--` back.
            let after = prev.playingNullMoveUnchecked()
            if !counterFree, after.halfmoveClock != p.halfmoveClock || after.fullmoveNumber != p.fullmoveNumber {
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
        if !counterFree, after.halfmoveClock != p.halfmoveClock || after.fullmoveNumber != p.fullmoveNumber {
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
            if joins.count == 1, let m = joins.first,
                counterFree || (s.playingUnchecked(m).halfmoveClock == p.halfmoveClock && s.playingUnchecked(m).fullmoveNumber == p.fullmoveNumber)
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
        jsonlKey = nil
        guard active else { return nil }
        active = false
        counterFree = false
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
        // `derivedTags` come from the sequence itself; the caller refuses them as given tags.
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

extension FENSequenceConverter {
    /// A FEN that parses but is not written canonically: castling rights out of the `KQkq` order.
    /// Reported, not normalised: the file is meant to be canonical. (A placement with `44` for `8`
    /// does not parse: ChessCore reports FEN011.) Every command that reads a FEN as text asks this (fen2pgn, perft).
    public static func nonCanonical(_ fields: [Substring], of p: Position) -> (code: DiagnosticCode, message: String, column: Int)? {
        let canonical = p.fen().split(separator: " ")
        guard fields.count >= 4, canonical.count >= 4 else { return nil }
        if fields[2] != canonical[2] {
            return (PGNCode.fenCastlingNotCanonical,
                    "castling rights \"\(fields[2])\" are not in the order KQkq: write \"\(canonical[2])\"", fields[0].count + fields[1].count + 3)
        }
        return nil
    }
}

/// One line of `pgn2fen --output-format jsonl`: `{"game":1,"line":0,"ply":1,"san":"e4","uci":"e2e4","fen":"…"}`.
/// Only what fen2pgn needs is read: the game and line numbers (a sequence each) and the FEN.
struct JSONLRow {
    var key: [Int]
    var fen: String

    init?(_ text: String) {
        let u = Array(text.utf8)
        func number(_ name: String) -> Int? {
            let key = Array("\"\(name)\":".utf8)
            guard let at = Self.find(key, in: u) else { return nil }
            var i = at + key.count
            var n = 0
            var digits = 0
            while i < u.count, u[i] >= 48, u[i] <= 57, digits < 9 {
                n = n * 10 + Int(u[i] - 48)
                i += 1
                digits += 1
            }
            return digits > 0 ? n : nil
        }
        let fenKey = Array("\"fen\":\"".utf8)
        guard u.last == 125, let at = Self.find(fenKey, in: u) else { return nil }
        let start = at + fenKey.count
        guard let value = Self.jsonString(u, from: start) else { return nil }
        fen = value
        key = [number("game") ?? 0, number("line") ?? 0]
    }

    /// The JSON string that starts at `start` (just after its opening quote), its escapes decoded (`\"`, `\\`, `\/`,
    /// `\b`, `\f`, `\n`, `\r`, `\t`, `\uXXXX` with surrogate pairs: `\u0072` is `r`); nil when it is not valid JSON.
    static func jsonString(_ u: [UInt8], from start: Int) -> String? {
        var out: [UInt8] = []
        var i = start
        func hex4(_ at: Int) -> UInt32? {
            guard at + 4 <= u.count else { return nil }
            var v: UInt32 = 0
            for b in u[at..<(at + 4)] {
                switch b {
                case 48...57: v = v * 16 + UInt32(b - 48)
                case 65...70: v = v * 16 + UInt32(b - 55)
                case 97...102: v = v * 16 + UInt32(b - 87)
                default: return nil
                }
            }
            return v
        }
        while i < u.count {
            let b = u[i]
            if b == 34 { return String(validating: out, as: UTF8.self) }
            if b < 32 { return nil }
            guard b == 92 else {
                out.append(b)
                i += 1
                continue
            }
            guard i + 1 < u.count else { return nil }
            switch u[i + 1] {
            case 34, 92, 47: out.append(u[i + 1])
            case 98: out.append(8)
            case 102: out.append(12)
            case 110: out.append(10)
            case 114: out.append(13)
            case 116: out.append(9)
            case 117:
                guard var v = hex4(i + 2) else { return nil }
                i += 6
                if (0xD800...0xDBFF).contains(v) {
                    guard i + 1 < u.count, u[i] == 92, u[i + 1] == 117, let low = hex4(i + 2), (0xDC00...0xDFFF).contains(low) else { return nil }
                    v = 0x10000 + ((v - 0xD800) << 10) + (low - 0xDC00)
                    i += 6
                }
                guard let scalar = Unicode.Scalar(v) else { return nil }
                out += Array(String(Character(scalar)).utf8)
                continue
            default: return nil
            }
            i += 2
        }
        return nil
    }

    static func find(_ needle: [UInt8], in hay: [UInt8]) -> Int? {
        guard needle.count <= hay.count else { return nil }
        var i = 0
        while i + needle.count <= hay.count {
            if hay[i] == needle[0], hay[i..<(i + needle.count)].elementsEqual(needle) { return i }
            i += 1
        }
        return nil
    }
}
