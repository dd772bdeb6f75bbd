// Replayer: plays a game's SAN moves through ChessCore, one position per open line, and words move errors.
import ChessCore
import Diagnostics

/// A move the replayer played: the position before it, the move, and (when asked for) its canonical SAN.
public struct ReplayedMove: Sendable {
    public var before: Position
    public var move: Move?  // nil for a null move
    public var canonicalSAN: String
    public var after: Position
    /// A warning about how the move was written (PGN116: long algebraic or UCI notation), for the visitor to report.
    /// pgn2fen and classify report it; the tree builder does not, because its users (validate, build) hold authored
    /// sources to canonical SAN with VAL201, which already names the canonical form.
    public var warning: Diagnostic? = nil
    /// `6...Nf6`: the move number, dots and canonical SAN (or the text as written when canonical SAN was not asked for).
    public var label: String { MoveLabel(san: canonicalSAN, in: before).text }
}

/// A move as a message names it (`6...Nf6`), kept in parts so that replaying costs no string building.
struct MoveLabel: Sendable {
    /// SAN of up to 16 bytes is kept inline (no String is made unless a message needs it).
    var short: (UInt64, UInt64) = (0, 0)
    var shortCount = -1
    var long: String? = nil
    var fullmoveNumber: Int
    var white: Bool
    init(san: String, in p: Position) {
        long = san
        fullmoveNumber = p.fullmoveNumber
        white = p.turn == .white
    }
    init(san bytes: UnsafeBufferPointer<UInt8>, in p: Position) {
        if bytes.count <= 16 {
            withUnsafeMutableBytes(of: &short) { $0.copyMemory(from: UnsafeRawBufferPointer(bytes)) }
            shortCount = bytes.count
        } else {
            long = String(decoding: bytes, as: UTF8.self)
        }
        fullmoveNumber = p.fullmoveNumber
        white = p.turn == .white
    }
    var san: String {
        if let long { return long }
        var s = short
        return withUnsafeBytes(of: &s) { String(decoding: $0.prefix(max(0, shortCount)), as: UTF8.self) }
    }
    var text: String { "\(fullmoveNumber)\(white ? "." : "...")\(san)" }
}

/// Replays moves in the order a `PGNReader` delivers them, with a stack of lines for variations.
///
/// The reader does not check legality; the replayer does, and turns ChessCore's errors into
/// PGN102-style diagnostics that carry the move number and the position:
/// `game.pgn:14:9: error[PGN102]: illegal move "Qxe7" after 6...Nf6 (FEN …)`.
/// After an error the line is dead: its later moves, and variations branching from it, are ignored.
public struct Replayer: Sendable {
    struct Line: Sendable {
        var position: Position
        var label: MoveLabel?  // the last move played in this line
        var previous: Position?  // the position before that move: where a variation branches
        var previousLabel: MoveLabel?
        var dead: Bool
    }

    public let fileName: String
    /// Whether `play` computes canonical SAN (it costs a second look at the position).
    public var wantsCanonicalSAN: Bool
    private(set) var lines: [Line] = []
    /// The position the game started from (standard, or its FEN tag).
    public private(set) var start: Position = .standard
    /// Whether this game has had its PGN116 warning: an engine's game in UCI moves gets one, not one per ply.
    private var warnedLongAlgebraic = false

    public init(fileName: String, wantsCanonicalSAN: Bool = true) {
        self.fileName = fileName
        self.wantsCanonicalSAN = wantsCanonicalSAN
        lines = [Line(position: .standard, dead: false)]
    }

    /// The position at the end of the innermost open line.
    public var position: Position { lines[lines.count - 1].position }
    /// Whether the innermost line has stopped at an error.
    public var isDead: Bool { lines[lines.count - 1].dead }
    /// How many variations are open.
    public var depth: Int { lines.count - 1 }

    /// The game's `Variant` tag names another game than standard chess: nothing of it is played.
    private var refusedVariant = false
    /// The game's `FEN` tag, held until its movetext begins: the tags' order does not decide how it is judged
    /// (`[FEN]` before `[Variant "Chess960"]` is refused as a variant, PGN117, not as an illegal FEN, PGN107).
    private var heldFEN: (value: String, at: PGNLocation)?

    /// Starts a new game from `start`.
    public mutating func reset(start: Position = .standard) {
        self.start = start
        refusedVariant = false
        heldFEN = nil
        warnedLongAlgebraic = false
        lines.removeAll(keepingCapacity: true)
        lines.append(Line(position: start, dead: false))
    }

    /// The tags that change how a game replays: `FEN` (its start) and `Variant` (a variant other than standard
    /// chess is not replayed: one PGN117 error, not an illegal move at its first capture or drop). Every
    /// replaying visitor passes its tags here, so the rule is the same for every command.
    public mutating func tag(name: String, value: String, at loc: PGNLocation) -> Diagnostic? {
        switch name {
        case "FEN":
            heldFEN = (value, loc)
            return nil
        case "Variant": return setVariant(value, at: loc)
        default: return nil
        }
    }

    /// The movetext begins: the held `FEN` tag (if any) sets the start, judged once every tag is known. Every
    /// replaying visitor calls this from its `beginMovetext`, before it reads `start` or `position`.
    public mutating func beginMovetext() -> Diagnostic? {
        guard let fen = heldFEN else { return nil }
        heldFEN = nil
        return setStart(fen: fen.value, at: fen.at)
    }

    /// Whether `tag(name:value:at:)` reads a tag of this name (`FEN`, `Variant`): a visitor that only replays asks the
    /// reader for these tags alone (`PGNVisitor.readsTag(named:)`).
    public static func readsTag(named name: [UInt8]) -> Bool {
        name == fenTagName || name == variantTagName
    }
    private static let fenTagName = Array("FEN".utf8), variantTagName = Array("Variant".utf8)

    /// Variant names that mean standard chess (python-chess's list; lichess writes "Standard" and "From Position").
    static let standardVariantNames: Set<String> = ["", "chess", "standard", "normal", "classical", "illegal", "from position"]

    private mutating func setVariant(_ value: String, at loc: PGNLocation) -> Diagnostic? {
        let name = value.lowercased().trimmingSpaces
        if Self.standardVariantNames.contains(name) { return nil }
        refusedVariant = true
        lines[0].dead = true
        return diagnostic(PGNCode.unsupportedVariant,
                          "[Variant \"\(value)\"]: only standard chess is replayed (not Chess960, crazyhouse, antichess or other variants); the game's moves are skipped",
                          at: loc)
    }

    /// Reads a `FEN` tag and restarts from it; a diagnostic when it does not parse or is illegal.
    public mutating func setStart(fen: String, at loc: PGNLocation) -> Diagnostic? {
        // A refused variant's start (a Chess960 FEN with castling rights `HFhf`, a king on b1) is not standard chess's
        // to judge: the game is refused once, as a variant (PGN117), not again as an illegal FEN (PGN107).
        if refusedVariant { return nil }
        do {
            let refused = refusedVariant
            reset(start: try Position(fen: fen))
            refusedVariant = refused
            lines[0].dead = refused  // a FEN tag after a refused Variant tag does not revive the game
            return nil
        } catch {
            lines[0].dead = true
            let detail: String
            switch error {
            case .syntax(let e): detail = "\(e.code): \(e.description)"
            case .illegal(let e): detail = "\(e.code): " + e.messages.joined(separator: "; ")
            }
            return diagnostic(PGNCode.badFENTag, "FEN tag \"\(fen)\" is not a legal position (\(detail))", at: loc)
        }
    }

    func diagnostic(_ code: DiagnosticCode, _ message: String, at loc: PGNLocation) -> Diagnostic {
        Diagnostic(code, message, at: SourceLocation(file: fileName, line: loc.line, column: loc.column))
    }

    /// `6...Nf6` for `san` played in `p`.
    static func label(_ san: String, in p: Position) -> String { MoveLabel(san: san, in: p).text }

    private var whereText: String {
        if let l = lines[lines.count - 1].label { return "after \(l.text)" }
        return lines.count == 1 ? "at the start" : "at the start of the variation"
    }

    /// What `play` did with a move.
    public enum Outcome: Sendable {
        case played(ReplayedMove)
        case failed(Diagnostic)
        /// The line had already stopped at an error.
        case ignored
    }

    /// What `advance` did with a move.
    public enum Step: Sendable {
        /// The move (nil for a null move); the position after it is `position`. `warning` as on `ReplayedMove`.
        case played(Move?, warning: Diagnostic?)
        case failed(Diagnostic)
        /// The line had already stopped at an error.
        case ignored
    }

    /// Plays the move token `bytes` (as the reader delivers it) in the innermost line, like `play`,
    /// but returns only the move: the position after it is `position`. The hot path of pgn2fen:
    /// the common moves are resolved from the bytes, with no String and no copy of the positions.
    public mutating func advance(bytes: UnsafeBufferPointer<UInt8>, at loc: PGNLocation) -> Step {
        let i = lines.count &- 1
        if lines[i].dead { return .ignored }
        if !wantsCanonicalSAN {
            // One uniqueness check for the whole update of the line, not one per field written.
            let played: Move? = lines.withUnsafeMutableBufferPointer { l in
                let before = l[i].position
                guard let (m, after) = FastSAN.play(utf8: bytes, in: before) else { return nil }
                l[i].previousLabel = l[i].label
                l[i].label = MoveLabel(san: bytes, in: before)
                l[i].previous = before
                l[i].position = after
                return m
            }
            if let played { return .played(played, warning: nil) }
        }
        switch play(String(decoding: bytes, as: UTF8.self), at: loc) {
        case .played(let r): return .played(r.move, warning: r.warning)
        case .failed(let d): return .failed(d)
        case .ignored: return .ignored
        }
    }

    /// Whether `text` is one of the null move spellings (`--`, `Z0`, `0000`).
    private static func isNullMove(_ text: String) -> Bool {
        switch text.utf8.first {
        case 45, 90, 48: return text == "--" || text == "Z0" || text == "0000"
        default: return false
        }
    }

    /// Plays `text` in the innermost line.
    public mutating func play(_ text: String, at loc: PGNLocation) -> Outcome {
        let i = lines.count - 1
        if lines[i].dead { return .ignored }
        let before = lines[i].position
        let move: Move?
        let canonical: String
        if Self.isNullMove(text) {
            if before.isCheck {
                lines[i].dead = true
                return .failed(diagnostic(PGNCode.illegalNullMove, "null move \"\(text)\" \(whereText) while in check (FEN \(before.fen()))", at: loc))
            }
            move = nil
            canonical = "--"
        } else {
            do {
                if wantsCanonicalSAN {
                    let r = try before.parseSAN(text)
                    move = r.move
                    canonical = r.canonical
                } else if let (m, after) = FastSAN.play(text, in: before) {
                    // The hot path of pgn2fen: no legal-move list, no canonical SAN.
                    let label = MoveLabel(san: text, in: before)
                    lines[i].previous = before
                    lines[i].previousLabel = lines[i].label
                    lines[i].position = after
                    lines[i].label = label
                    return .played(ReplayedMove(before: before, move: m, canonicalSAN: text, after: after))
                } else {
                    move = try Self.resolve(text, in: before)
                    canonical = text
                }
            } catch {
                // Not SAN, or no legal move as SAN: the same text may be long algebraic (`g1f3`, `e1g1`).
                if Position.looksLongAlgebraic(text), let m = before.move(longAlgebraic: text) {
                    return played(m, writtenAs: text, in: i, at: loc)
                }
                lines[i].dead = true
                switch error {
                case .syntax(_, let reason):
                    return .failed(diagnostic(PGNCode.sanSyntax, "\"\(text)\" is not SAN: \(reason)", at: loc))
                case .illegal:
                    return .failed(diagnostic(PGNCode.illegalMove, "illegal move \"\(text)\" \(whereText) (FEN \(before.fen()))", at: loc))
                case .ambiguous(_, let candidates, _):
                    return .failed(
                        diagnostic(
                            PGNCode.ambiguousMove,
                            "ambiguous move \"\(text)\" \(whereText): it could be \(candidates.joined(separator: " or ")) (FEN \(before.fen()))",
                            at: loc))
                }
            }
            // SAN's lenient forms include long algebraic ones (`Ng1-f3`, `e2e4`): read, and reported like `g1f3`.
            if let m = move, Position.looksLongAlgebraic(text), !Self.sameMove(text, canonical: before.san(m)) {
                return played(m, writtenAs: text, in: i, at: loc)
            }
        }
        let after = move.map { before.playingUnchecked($0) } ?? before.playingNullMoveUnchecked()
        let label = MoveLabel(san: canonical, in: before)
        lines[i].previous = before
        lines[i].previousLabel = lines[i].label
        lines[i].position = after
        lines[i].label = label
        return .played(ReplayedMove(before: before, move: move, canonicalSAN: canonical, after: after))
    }

    /// Plays `m`, written `text` in long algebraic notation, in line `i`, with its PGN116 warning.
    private mutating func played(_ m: Move, writtenAs text: String, in i: Int, at loc: PGNLocation) -> Outcome {
        let before = lines[i].position
        let canonical = before.san(m)
        let after = before.playingUnchecked(m)
        lines[i].previous = before
        lines[i].previousLabel = lines[i].label
        lines[i].position = after
        lines[i].label = MoveLabel(san: canonical, in: before)
        var warning: Diagnostic? = nil
        if !warnedLongAlgebraic {
            warnedLongAlgebraic = true
            warning = diagnostic(PGNCode.longAlgebraicMove,
                                 "\"\(text)\" is long algebraic notation, not SAN: read as \(Self.label(canonical, in: before)) "
                                    + "(the game's later moves written so are read the same way, without another warning)", at: loc)
        }
        return .played(ReplayedMove(before: before, move: m, canonicalSAN: canonical, after: after, warning: warning))
    }

    /// Whether `text` is `canonical` but for its `+`/`#` and `!`/`?` suffixes (a missing `+` is not reported here).
    static func sameMove(_ text: String, canonical: String) -> Bool {
        func core(_ s: String) -> Substring {
            var t = Substring(s)
            while let c = t.last, c == "+" || c == "#" || c == "!" || c == "?" { t = t.dropLast() }
            return t
        }
        return core(text) == core(canonical)
    }

    /// Opens a variation replacing the last move of the innermost line; a diagnostic when there is no such move.
    public mutating func beginVariation(at loc: PGNLocation) -> Diagnostic? {
        let parent = lines[lines.count - 1]
        guard let p = parent.previous else {
            let problem = variationProblem(at: loc)
            lines.append(Line(position: parent.position, label: parent.label, dead: true))
            return problem
        }
        lines.append(Line(position: p, label: parent.previousLabel, dead: parent.dead))
        return nil
    }

    /// What opening a variation here would report, without opening it: PGN153 when the line has no move to
    /// replace yet (a variation before the first move). A visitor that skips variations still reports it.
    public func variationProblem(at loc: PGNLocation) -> Diagnostic? {
        let parent = lines[lines.count - 1]
        guard parent.previous == nil, !parent.dead else { return nil }
        return diagnostic(PGNCode.variationWithoutMove, "variation \(whereText) has no move to replace", at: loc)
    }

    /// Closes the innermost variation.
    public mutating func endVariation() {
        if lines.count > 1 { lines.removeLast() }
    }

    /// The legal move `text` names, without computing canonical SAN (the fast path of pgn2fen).
    static func resolve(_ text: String, in p: Position) throws(SANError) -> Move {
        let token = try SANToken(parsing: text)
        var found: Move? = nil
        var count = 0
        switch token.kind {
        case .null:
            throw .illegal(text: text, fen: p.fen())
        case .castle(let kingside):
            for m in p.legalMoves where m.isCastle && (m.to.file == 6) == kingside {
                found = m
                count += 1
            }
        case .normal(let role, let file, let rank, let capture, let to, let promotion):
            for m in p.legalMoves
            where m.to == to && m.role == role && !m.isCastle && m.promotion == promotion
                && (file == nil || m.from.file == file) && (rank == nil || m.from.rank == rank) && (!capture || m.isCapture)
            {
                found = m
                count += 1
            }
        }
        guard let m = found else { throw .illegal(text: text, fen: p.fen()) }
        if count > 1 {
            // Rare: let ChessCore word the candidates.
            _ = try p.parseSAN(text)
        }
        return m
    }
}
