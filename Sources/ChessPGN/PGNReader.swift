// PGNReader: a streaming, byte-level PGN tokenizer that calls a visitor; memory stays flat in the number of games.
import Diagnostics

/// Reads PGN games one at a time from a byte source, in chunks, and calls a `PGNVisitor`.
///
/// It never holds more than one chunk (64 KiB) and the token being read (a comment is cut at
/// 1 MiB, a tag value at 64 KiB), so memory does not grow with the file or the number of games.
/// Variations nest to any depth without recursion: the reader keeps a counter.
///
/// ```swift
/// let reader = PGNReader(fileName: "game.pgn", text: "1. e4 e5 2. Nf3 *")
/// var builder = GameTreeBuilder()
/// while try reader.readGame(&builder) { print(builder.game.mainlineSAN) }
/// ```
///
/// It accepts the PGN standard and the dialects listed in docs/pgn.md; it does not check
/// legality (see `Replayer`). Problems in a game go to the visitor's `problem` hook and the
/// reader carries on; only an error from the byte source itself is thrown.
public final class PGNReader {
    /// The name used in diagnostics.
    public let fileName: String
    /// Bytes consumed so far (for progress lines).
    @exclusivity(unchecked) public private(set) var bytesConsumed = 0
    /// Games started so far.
    public private(set) var gamesRead = 0

    static let maxComment = ReadLimits.commentBytes
    static let maxTagValue = ReadLimits.tagValueBytes
    static let maxToken = ReadLimits.tagNameBytes
    /// Problems one game delivers at most; the rest are summed up in one more diagnostic (PGN903).
    public static let maxProblemsPerGame = 50

    private let fill: (UnsafeMutableRawBufferPointer) throws -> Int
    private let buf: UnsafeMutableBufferPointer<UInt8>
    // The scanning state is read and written per byte: `@exclusivity(unchecked)` drops the dynamic
    // exclusivity check of each access (the reader is a class used from one place at a time).
    @exclusivity(unchecked) private var pos = 0
    @exclusivity(unchecked) private var end = 0
    @exclusivity(unchecked) private var eof = false
    private var ioError: (any Error)? = nil
    @exclusivity(unchecked) private var line = 1
    @exclusivity(unchecked) private var col = 1
    @exclusivity(unchecked) private var lastCR = false
    @exclusivity(unchecked) private var atFileStart = true
    /// The comment or tag value being read.
    @exclusivity(unchecked)
    private var tok: [UInt8] = []
    /// Problems delivered in the current game; past `maxProblemsPerGame` they are counted, not delivered.
    @exclusivity(unchecked) private var gameProblems = 0
    /// Set at the first unreadable token: the rest of the game is read to find its end, and ignored.
    @exclusivity(unchecked) private var stopped = false
    /// The `(` of every variation still open, outermost first: an unclosed one is reported where it opens.
    private var variationStarts: [PGNLocation] = []
    /// A comment left open ran to the end of the input: the game's result, if any, is inside it.
    private var commentRanToEnd = false
    /// Whether the input was found to be binary (then the reader reads nothing more).
    @exclusivity(unchecked) public private(set) var isBinary = false
    private var binaryThrown = false
    /// The tag names of this game so far (a second tag of the same name is reported, not delivered): a set, so 500,000 distinct tags are read in linear time (an array's
    /// `contains` made the duplicate check quadratic: 100,000 tags took 4.5–7.5 s).
    private var tagNames: Set<[UInt8]> = []
    /// Tags of this game past `GameLimits.maxTags`: read past, counted, not delivered (PGN909), so neither this set
    /// nor a visitor's tag list grows with a hostile game's 500,000 tags.
    private var extraTags = 0
    private static let resultTagName = Array("Result".utf8), setUpTagName = Array("SetUp".utf8), fenTagName = Array("FEN".utf8)
    /// The symbol being read (move, move number, result, glyph): at most `maxToken` bytes, kept in
    /// a fixed buffer so that the bytes of a move cost no array bookkeeping.
    private let sym: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) private var symCount = 0

    /// A reader over a byte source: `read` fills the buffer it is given and returns the count, 0 at the end.
    public init(fileName: String, chunkSize: Int = 1 << 16, read: @escaping (UnsafeMutableRawBufferPointer) throws -> Int) {
        self.fileName = fileName
        self.fill = read
        self.buf = .allocate(capacity: max(chunkSize, 16))
        self.sym = .allocate(capacity: Self.maxToken)
        tok.reserveCapacity(256)
    }

    /// A reader over bytes in memory (tests, small inputs).
    public convenience init(fileName: String, bytes: [UInt8]) {
        final class Cursor { var offset = 0 }
        let cursor = Cursor()
        self.init(fileName: fileName) { out in
            let n = min(out.count, bytes.count - cursor.offset)
            if n > 0 {
                bytes.withUnsafeBytes { src in
                    out.copyMemory(from: UnsafeRawBufferPointer(rebasing: src[cursor.offset..<(cursor.offset + n)]))
                }
            }
            cursor.offset += n
            return n
        }
    }

    /// A reader over text in memory.
    public convenience init(fileName: String, text: String) {
        self.init(fileName: fileName, bytes: Array(text.utf8))
    }

    deinit {
        buf.deallocate()
        sym.deallocate()
    }

    @inline(__always) private func symAppend(_ b: UInt8) {
        if symCount < Self.maxToken {
            sym[symCount] = b
            symCount &+= 1
        }
    }

    @inline(__always) private var symBytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: sym, count: symCount) }

    // MARK: bytes

    @inline(__always) private func peek() -> Int {
        if pos < end { return Int(buf[pos]) }
        return refill() ? Int(buf[pos]) : -1
    }

    private func refill() -> Bool {
        if eof { return false }
        do {
            let n = try fill(UnsafeMutableRawBufferPointer(buf))
            if n <= 0 {
                eof = true
                return false
            }
            pos = 0
            end = n
            checkBinary(first: bytesConsumed == 0)
            if isBinary {
                pos = 0
                end = 0
                eof = true
                return false
            }
            return true
        } catch {
            ioError = error
            eof = true
            return false
        }
    }

    /// Consumes the byte `peek` returned.
    @inline(__always) private func advance() {
        let b = buf[pos]
        pos += 1
        bytesConsumed &+= 1
        if b == 10 {
            if !lastCR { line += 1 }
            col = 1
            lastCR = false
        } else if b == 13 {
            line += 1
            col = 1
            lastCR = true
        } else {
            lastCR = false
            if b & 0xC0 != 0x80 { col += 1 }
        }
    }

    @inline(__always) private var here: PGNLocation { PGNLocation(line: line, column: col) }

    @inline(__always) private static func isSpace(_ c: Int) -> Bool { c == 32 || c == 10 || c == 13 || c == 9 || c == 12 || c == 11 }
    @inline(__always) private static func isDigit(_ c: Int) -> Bool { c >= 48 && c <= 57 }
    @inline(__always) private static func isLetter(_ c: Int) -> Bool { (c >= 97 && c <= 122) || (c >= 65 && c <= 90) }
    /// Bytes a move token is made of (`Nbd7`, `exd8=Q+`, `O-O-O#`, `--`, `Z0`, `e.p.`, and crazyhouse's drop `N@f3`,
    /// read whole so that the replayer reports it once instead of the reader stopping at `@`).
    @inline(__always) private static func isSANByte(_ c: Int) -> Bool {
        isLetter(c) || isDigit(c) || c == 43 || c == 35 || c == 61 || c == 45 || c == 58 || c == 46 || c == 47 || c == 64
    }

    private func skipLine() {
        while true {
            let c = peek()
            if c == -1 || c == 10 || c == 13 { return }
            advance()
        }
    }

    // The reader names each finding's severity where it reports it; where that differs from the code's
    // catalogued one (PGN104's unescaped quote is a warning), the reader's choice is the one reported.
    private func diagnostic(_ severity: Severity, _ code: DiagnosticCode, _ message: String, at loc: PGNLocation) -> Diagnostic {
        Diagnostic(code, message, at: SourceLocation(file: fileName, line: loc.line, column: loc.column)).reported(as: severity)
    }

    /// Delivers a problem unless the game has already delivered `maxProblemsPerGame`: a game's
    /// problems never grow without bound, whatever the input.
    private func report<V: PGNVisitor>(_ visitor: inout V, _ d: Diagnostic) {
        gameProblems &+= 1
        if gameProblems <= Self.maxProblemsPerGame { visitor.problem(d) }
    }

    /// Ends the movetext at an unreadable token: what follows it in this game is not read as moves
    /// (`2. ♘f3` must not become the pawn move `f3`).
    private func stopGame() {
        stopped = true
    }

    // MARK: binary input

    /// Whether the bytes look like a binary file rather than text: more than one byte in eight that
    /// is NUL, another control character or not UTF-8 (Latin-1 PGN stays far below that).
    static func looksBinary(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if bytes.isEmpty { return false }
        var bad = 0
        var i = 0
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            if b < 0x80 {
                if b < 32 && b != 9 && b != 10 && b != 13 && b != 12 && b != 11 { bad += 1 }
                if b == 127 { bad += 1 }
                i += 1
                continue
            }
            let len = b >= 0xF0 && b < 0xF5 ? 4 : b >= 0xE0 ? 3 : b >= 0xC2 && b < 0xE0 ? 2 : 0
            if len == 0 || b >= 0xF5 {
                bad += 1
                i += 1
                continue
            }
            var ok = i + len <= n
            if ok { for k in 1..<len where bytes[i + k] & 0xC0 != 0x80 { ok = false } }
            if ok {
                i += len
            } else {
                // A sequence cut by the end of the sample is not held against the input.
                if i + len > n { break }
                bad += 1
                i += 1
            }
        }
        return bad >= 8 && bad * 8 > n
    }

    /// Checks the chunk just read: a first chunk that is mostly not text, or any chunk where more
    /// than one byte in 64 is NUL, makes the input binary. A lone NUL in text is reported where it is.
    private func checkBinary(first: Bool) {
        let chunk = UnsafeBufferPointer(start: UnsafePointer(buf.baseAddress.map { $0 + pos }), count: end - pos)
        if first, Self.looksBinary(UnsafeBufferPointer(rebasing: chunk[0..<min(chunk.count, 4096)])) {
            isBinary = true
            return
        }
        guard chunk.contains(0) else { return }
        var nuls = 0
        for b in chunk where b == 0 { nuls &+= 1 }
        if nuls * 64 > chunk.count { isBinary = true }
    }

    // MARK: games

    /// Reads the next game, calling `visitor`; `false` when the input has no more games.
    /// Throws only when the byte source throws.
    public func readGame<V: PGNVisitor>(_ visitor: inout V) throws -> Bool {
        if atFileStart {
            atFileStart = false
            if peek() == 0xEF, end - pos >= 3 || refillKeeping(3), buf[pos + 1] == 0xBB, buf[pos + 2] == 0xBF {
                pos += 3  // the byte order mark takes no column
                bytesConsumed += 3
            }
        }
        // Before a game: blank lines, % escape lines, and stray text up to a tag or a movetext token.
        while true {
            let c = peek()
            if c == -1 {
                if let e = ioError { throw e }
                if isBinary, !binaryThrown {
                    binaryThrown = true
                    throw PGNBinaryInput(diagnostic: binaryDiagnostic())
                }
                return false
            }
            if Self.isSpace(c) {
                advance()
            } else if c == 37 && col == 1 {
                skipLine()
            } else {
                break
            }
        }
        gamesRead += 1
        gameProblems = 0
        stopped = false
        variationStarts.removeAll(keepingCapacity: true)
        commentRanToEnd = false
        tagNames.removeAll(keepingCapacity: true)
        extraTags = 0
        var setUpTag: PGNLocation? = nil
        var fenTag = false
        var sawTag = false
        var pendingComments: [(text: [UInt8], at: PGNLocation)] = []
        let start = PGNGameStart(file: fileName, index: gamesRead, location: here, offset: bytesConsumed)
        let deliver = visitor.beginGame(start) == .visit
        let readsComments = visitor.readsComments
        var resultTag: String? = nil

        // Tag pairs.
        while true {
            let c = peek()
            if Self.isSpace(c) {
                advance()
            } else if c == 37 && col == 1 {
                skipLine()
            } else if c == 91 {
                readTag(&visitor, deliver: deliver, resultTag: &resultTag, setUp: &setUpTag, fen: &fenTag)
            } else if c == 59 && sawTag {
                // A `;` comment after a tag line: when another tag follows, it belongs to the tag
                // section (it must not end the tags and split the game); otherwise it is the
                // comment before the first move, delivered once the movetext begins.
                let loc = here
                advance()
                var text: [UInt8] = []
                while true {
                    let c = peek()
                    if c == -1 || c == 10 || c == 13 { break }
                    if text.count < Self.maxComment { text.append(UInt8(c)) }
                    advance()
                }
                pendingComments.append((text, loc))
            } else {
                break
            }
            if c == 91 { pendingComments.removeAll() }
            sawTag = sawTag || c == 91
        }
        if deliver && extraTags > 0 {
            report(&visitor, diagnostic(.error, PGNCode.gameBeyondLimits,
                                        "a game keeps at most \(GameLimits.standard.maxTags) tags: … and \(extraTags) more left out", at: start.location))
        }
        if deliver, let at = setUpTag, !fenTag {
            report(&visitor, diagnostic(.error, PGNCode.setUpWithoutFEN, "[SetUp \"1\"] without a [FEN] tag: the start position is missing", at: at))
        }
        if deliver { visitor.beginMovetext() }
        for (text, loc) in pendingComments where deliver && readsComments {
            tok = text
            deliverComment(&visitor, at: loc)
        }
        pendingComments.removeAll()

        // Movetext.
        var depth = 0
        var skipDepth = 0  // > 0: inside a variation the visitor skips, opened at this depth
        var ended = false
        movetext: while true {
            let c = peek()
            let visiting = deliver && skipDepth == 0 && !stopped
            switch c {
            case -1:
                break movetext
            case 32, 10, 13, 9, 12, 11:
                advance()
            case 37 where col == 1:
                skipLine()
            case 91 where col == 1:  // `[` first on its line: the next game's tags; this one had no result
                break movetext
            case 91:  // `[` inside a line: a tag pair in movetext, read past (the game is not split)
                readPastTagInMovetext(&visitor, deliver: deliver && !stopped)
            case 123:  // {
                readBraceComment(&visitor, deliver: visiting, parse: readsComments, reporting: deliver && !stopped)
            case 59:  // ;
                let loc = here
                advance()
                tok.removeAll(keepingCapacity: true)
                while true {
                    let c = peek()
                    if c == -1 || c == 10 || c == 13 { break }
                    if tok.count < Self.maxComment { tok.append(UInt8(c)) }
                    advance()
                }
                if visiting && readsComments { deliverComment(&visitor, at: loc) }
            case 40:  // (
                let loc = here
                advance()
                depth += 1
                if variationStarts.count < Self.maxProblemsPerGame { variationStarts.append(loc) }  // depth stays a counter
                if visiting, visitor.beginVariation(at: loc) == .skip { skipDepth = depth }
            case 41:  // )
                let loc = here
                advance()
                if depth == 0 {
                    if deliver && !stopped {
                        report(&visitor, diagnostic(.error, PGNCode.unbalancedVariation, "\")\" without a matching \"(\"", at: loc))
                    }
                } else {
                    if depth <= variationStarts.count { variationStarts.removeLast() }
                    if visiting {
                        visitor.endVariation()
                    } else if skipDepth == depth {
                        skipDepth = 0
                    }
                    depth -= 1
                }
            case 36:  // $
                let loc = here
                advance()
                var value = 0
                var digits = 0
                while Self.isDigit(peek()) {
                    value = min(value * 10 + peek() - 48, 100_000)
                    digits += 1
                    advance()
                }
                if digits == 0 || value > 255 {
                    if deliver {
                        let text = digits == 0 ? "$" : "$\(value)"
                        report(&visitor, diagnostic(.error, PGNCode.badNAG, "\"\(text)\" is not a NAG ($0 to $255)", at: loc))
                    }
                } else if visiting {
                    visitor.nag(UInt8(value), at: loc)
                }
            case 42:  // *
                let loc = here
                advance()
                finishWithResult(.unknown, at: loc, &visitor, deliver: deliver, depth: &depth, skipDepth: &skipDepth, resultTag: resultTag)
                ended = true
                readPastMovesAfterResult(&visitor, deliver: deliver)
                break movetext
            case 48...57:
                let loc = here
                symCount = 0
                while Self.isDigit(peek()) {
                    symAppend(UInt8(peek()))
                    advance()
                }
                let n = peek()
                if n == 46 {  // move number: `12.` or `12...`
                    var dots = 0
                    while peek() == 46 {
                        advance()
                        dots &+= 1
                    }
                    if visiting { visitor.moveNumber(moveNumberValue, black: dots > 1, at: loc) }
                    continue movetext
                }
                if n == 0xE2 {  // `12…`
                    skipEllipsis(&visitor, deliver: deliver && !stopped)
                    if visiting { visitor.moveNumber(moveNumberValue, black: true, at: loc) }
                    continue movetext
                }
                if Self.isSpace(n) || n == -1 || n == 40 || n == 41 || n == 123 || n == 59 || n == 36 {
                    continue movetext  // a move number without its dot
                }
                readSymbolRest()
                if let o = resultToken() {
                    finishWithResult(o, at: loc, &visitor, deliver: deliver, depth: &depth, skipDepth: &skipDepth, resultTag: resultTag)
                    ended = true
                    readPastMovesAfterResult(&visitor, deliver: deliver)
                    break movetext
                }
                deliverMove(&visitor, at: loc, deliver: visiting)
            case 0xC2:  // ½-½
                let loc = here
                symCount = 0
                readSymbolRest()
                if let o = resultToken() {
                    finishWithResult(o, at: loc, &visitor, deliver: deliver, depth: &depth, skipDepth: &skipDepth, resultTag: resultTag)
                    ended = true
                    readPastMovesAfterResult(&visitor, deliver: deliver)
                    break movetext
                }
                if deliver && !stopped {
                    let text = UTF8Text.decode(Array(symBytes)).0
                    report(&visitor, diagnostic(.error, PGNCode.unexpectedCharacter, "unexpected token \"\(text)\"; the rest of the game is skipped", at: loc))
                    stopGame()
                }
            case 0xE2:  // … between a move number and a move
                skipEllipsis(&visitor, deliver: deliver && !stopped)
            case 46:  // stray dots (`1 . e4`, `1 ... e5`)
                advance()
            case 33, 63:  // a glyph written apart from its move
                let loc = here
                symCount = 0
                deliverSuffix(&visitor, at: loc, deliver: visiting)
            default:
                if Self.isLetter(c) || c == 45 {
                    let loc = here
                    symCount = 0
                    readSymbolRest()
                    deliverMove(&visitor, at: loc, deliver: visiting)
                } else {
                    unexpected(&visitor, deliver: deliver && !stopped)
                }
            }
        }
        if !ended {
            closeVariations(&visitor, deliver: deliver, depth: &depth, skipDepth: &skipDepth)
            // A comment left open swallowed the end, the result with it: no missing result on top.
            if deliver && !isBinary && !commentRanToEnd {
                report(&visitor, diagnostic(.warning, PGNCode.missingResult, "game \(start.index) has no result (1-0, 0-1, 1/2-1/2 or *)", at: here))
            }
        }
        if deliver, gameProblems > Self.maxProblemsPerGame {
            visitor.problem(diagnostic(.error, PGNCode.tooManyProblems,
                                       "game \(start.index): … and \(gameProblems - Self.maxProblemsPerGame) more problem(s) not shown", at: here))
        }
        if deliver { visitor.endGame() }
        if let e = ioError { throw e }
        if isBinary, !binaryThrown {
            binaryThrown = true
            throw PGNBinaryInput(diagnostic: binaryDiagnostic())
        }
        return true
    }

    /// Makes at least `n` bytes available at `pos` when the input has them (only used for the BOM).
    private func refillKeeping(_ n: Int) -> Bool {
        let have = end - pos
        if have >= n { return true }
        var tmp = Array(buf[pos..<end])
        while tmp.count < n {
            pos = end
            if !refill() { break }
            tmp.append(contentsOf: buf[pos..<end])
            pos = end
        }
        // Put the bytes back at the front of the buffer (the chunk is at least 16 bytes).
        let extra = Array(buf[pos..<end])
        let all = tmp + extra
        if all.count > buf.count { return false }
        for (i, b) in all.enumerated() { buf[i] = b }
        pos = 0
        end = all.count
        if end > 0 { eof = false }
        return tmp.count >= n
    }

    /// Reads `…` (E2 80 A6); on any other character, reports it whole and stops the game.
    /// The digits in the symbol buffer as a move number (saturating: a number this large is wrong anyway).
    private var moveNumberValue: Int {
        var v = 0
        for b in symBytes { v = min(v &* 10 &+ Int(b &- 48), 1_000_000) }
        return v
    }

    private func skipEllipsis<V: PGNVisitor>(_ visitor: inout V, deliver: Bool) {
        let loc = here
        var got: [UInt8] = []
        for b in [0xE2, 0x80, 0xA6] {
            guard advanceIf(b) else { return unexpected(&visitor, deliver: deliver, prefix: got, at: loc) }
            got.append(UInt8(b))
        }
    }

    @inline(__always) private func advanceIf(_ b: Int) -> Bool {
        if peek() == b {
            advance()
            return true
        }
        return false
    }

    /// Appends the rest of a symbol token (move, result, castling) to the symbol buffer.
    private func readSymbolRest() {
        while true {
            // The common case first: ASCII symbol bytes inside the current chunk, scanned without
            // the per-byte bookkeeping of `advance` (no line ends among them, one column each).
            var p = pos
            let e = end
            while p < e {
                let c = Int(buf[p])
                guard Self.isSANByte(c) else { break }
                symAppend(UInt8(truncatingIfNeeded: c))
                p &+= 1
            }
            let k = p &- pos
            if k > 0 {
                pos = p
                col &+= k
                bytesConsumed &+= k
                lastCR = false
            }
            let c = peek()
            if Self.isSANByte(c) { continue }  // the chunk ended inside the symbol
            guard c == 0xC2 else { return }  // ½ is C2 BD
            advance()
            if peek() == 0xBD {
                advance()
                symAppend(0xC2)
                symAppend(0xBD)
            } else {
                symAppend(0xC2)
                return
            }
        }
    }

    private func resultToken() -> PGNOutcome? {
        let t = symBytes
        switch t.count {
        case 3 where t[1] == 45:
            if t[0] == 49 && t[2] == 48 { return .whiteWins }  // 1-0
            if t[0] == 48 && t[2] == 49 { return .blackWins }  // 0-1
            return nil
        case 7: return t.elementsEqual([49, 47, 50, 45, 49, 47, 50]) ? .draw : nil  // 1/2-1/2
        case 5: return t.elementsEqual([0xC2, 0xBD, 45, 0xC2, 0xBD]) ? .draw : nil  // ½-½
        default: return nil
        }
    }

    /// Reports the character at hand (after `prefix`, its bytes already read) and stops the game.
    private func unexpected<V: PGNVisitor>(_ visitor: inout V, deliver: Bool, prefix: [UInt8] = [], at start: PGNLocation? = nil) {
        let loc = start ?? here
        let first = peek()
        if first < 0 && prefix.isEmpty {  // a sequence (`…`) cut by the end of the input
            if deliver, !isBinary { report(&visitor, diagnostic(.error, PGNCode.unexpectedCharacter, "unexpected end of input inside a character", at: loc)) }
            return
        }
        var bytes: [UInt8] = prefix
        if prefix.isEmpty || (first >= 0x80 && first < 0xC0) {
            bytes.append(UInt8(first))
            advance()
        }
        if deliver { stopGame() }
        if bytes[0] >= 0xC0 {
            while bytes.count < 4, peek() >= 0x80, peek() < 0xC0 {
                bytes.append(UInt8(peek()))
                advance()
            }
        }
        guard deliver else { return }
        let (text, bad) = UTF8Text.decode(bytes)
        let shown: String
        if bad != nil || bytes[0] < 32 || bytes[0] == 127 {
            shown = bytes.map { ($0 < 16 ? "\\x0" : "\\x") + String($0, radix: 16, uppercase: true) }.joined()
        } else {
            shown = text
        }
        report(&visitor, diagnostic(.error, PGNCode.unexpectedCharacter, "unexpected character \"\(shown)\" in movetext; the rest of the game is skipped", at: loc))
    }

    /// Delivers the move in the symbol buffer, then reads and delivers its `!`/`?` suffix.
    private func deliverMove<V: PGNVisitor>(_ visitor: inout V, at loc: PGNLocation, deliver: Bool) {
        // `exd6e.p.` and a separate `e.p.` token: the marker says nothing SAN does not.
        let n = symCount
        if n >= 4, sym[n - 4] == 101, sym[n - 3] == 46, sym[n - 2] == 112, sym[n - 1] == 46 {
            symCount -= 4
            if symCount == 0 { return }
        }
        if deliver {
            if symCount >= Self.maxToken {
                report(&visitor, diagnostic(.error, PGNCode.tooLong, "move token longer than \(Self.maxToken) bytes", at: loc))
            }
            visitor.san(bytes: symBytes, at: loc)
        }
        let c = peek()
        if c == 33 || c == 63 {
            let sloc = here
            symCount = 0
            deliverSuffix(&visitor, at: sloc, deliver: deliver)
        }
    }

    private func deliverSuffix<V: PGNVisitor>(_ visitor: inout V, at loc: PGNLocation, deliver: Bool) {
        while peek() == 33 || peek() == 63 {
            if symCount < 8 { symAppend(UInt8(peek())) }
            advance()
        }
        guard deliver else { return }
        let nag: UInt8
        switch Array(symBytes) {
        case [33]: nag = 1
        case [63]: nag = 2
        case [33, 33]: nag = 3
        case [63, 63]: nag = 4
        case [33, 63]: nag = 5
        case [63, 33]: nag = 6
        default:
            report(&visitor, diagnostic(.error, PGNCode.badNAG, "\"\(String(decoding: symBytes, as: UTF8.self))\" is not an annotation glyph", at: loc))
            return
        }
        visitor.nag(nag, at: loc)
    }

    /// Reads a `{…}` comment. Comments do not nest (PGN standard 8.2.5): a `{` inside one is text, reported
    /// once per comment as a warning (PGN115), since in an authored file it often marks a missing `}`.
    /// With `parse` false (the visitor does not read comments) a delivered comment is only checked for bytes that are
    /// not UTF-8: no String, no command annotations.
    private func readBraceComment<V: PGNVisitor>(_ visitor: inout V, deliver: Bool, parse: Bool, reporting: Bool) {
        let loc = here
        advance()
        tok.removeAll(keepingCapacity: true)
        var closed = false
        var cut = false
        var inner: PGNLocation? = nil
        var highBytes = false
        // A comment nobody parses is not copied: only from its first non-ASCII byte on (what the PGN108 check reads,
        // located from there), and its length counted.
        var copying = parse
        var copyStart = PGNLocation(line: loc.line, column: loc.column + 1)
        var length = 0
        while true {
            // The common case first: a run of ASCII bytes of one line inside the current chunk, copied at once
            // and counted as one column each, without the per-byte bookkeeping of `advance`.
            var p = pos
            let e = end
            while p < e {
                let b = buf[p]
                if b == 125 || b == 123 || b == 10 || b == 13 || b >= 0x80 { break }
                p &+= 1
            }
            let k = p &- pos
            if k > 0 {
                if copying {
                    let room = Self.maxComment &- tok.count
                    if room >= k {
                        tok.append(contentsOf: UnsafeBufferPointer(rebasing: buf[pos..<p]))
                    } else {
                        if room > 0 { tok.append(contentsOf: UnsafeBufferPointer(rebasing: buf[pos..<(pos &+ room)])) }
                        cut = true
                    }
                }
                length &+= k
                pos = p
                col &+= k
                bytesConsumed &+= k
                lastCR = false
            }
            let c = peek()
            if c == -1 { break }
            if c == 123, inner == nil { inner = here }
            if c >= 0x80 {
                highBytes = true
                if !copying {
                    copying = true
                    copyStart = here
                }
            }
            advance()
            if c == 125 {
                closed = true
                break
            }
            length &+= 1
            if copying { if tok.count < Self.maxComment { tok.append(UInt8(c)) } else { cut = true } }
        }
        if length > Self.maxComment { cut = true }
        if !closed {
            if reporting {
                let hint = inner.map { " (the \"{\" inside it at \($0.line):\($0.column) may be where a \"}\" is missing)" } ?? ""
                report(&visitor, diagnostic(.error, PGNCode.unterminatedComment,
                                            "comment opened here is not closed with \"}\" before the end of the input\(hint)", at: loc))
            }
            if !stopped { stopGame() }
            commentRanToEnd = true
            return
        }
        if reporting, let inner {
            report(&visitor, diagnostic(.warning, PGNCode.braceInComment,
                                        "\"{\" inside the comment opened at \(loc.line):\(loc.column): comments do not nest, so it is read as text (if a \"}\" is missing before it, the comment ran on to this one's \"}\")",
                                        at: inner))
        }
        guard deliver else { return }
        if cut {
            report(&visitor, diagnostic(.error, PGNCode.tooLong, "comment longer than \(Self.maxComment) bytes; the rest is dropped", at: loc))
        }
        guard parse else {
            if highBytes { _ = decodeString(&visitor, at: copyStart) }
            return
        }
        deliverComment(&visitor, at: loc)
    }

    /// `tok` holds the comment's bytes.
    private func deliverComment<V: PGNVisitor>(_ visitor: inout V, at loc: PGNLocation) {
        let text = decodeString(&visitor, at: PGNLocation(line: loc.line, column: loc.column + 1))
        var bad: [String] = []
        let comment = PGNComment(parsing: text) { bad.append($0) }
        for b in bad {
            report(&visitor, diagnostic(.warning, PGNCode.malformedCommand, "command annotation \"\(b)\" does not parse; kept as text", at: loc))
        }
        visitor.comment(comment, at: loc)
    }

    /// Decodes `tok`, warning at the first byte that is not UTF-8.
    private func decodeString<V: PGNVisitor>(_ visitor: inout V, at start: PGNLocation) -> String {
        let (text, bad) = UTF8Text.decode(tok)
        if let bad {
            let l = UTF8Text.locate(tok, offset: bad, from: start)
            let hex = String(tok[bad], radix: 16, uppercase: true)
            report(&visitor, diagnostic(.warning, PGNCode.notUTF8, "byte 0x\(hex) is not UTF-8; the text is read as Latin-1", at: l))
        }
        return text
    }

    /// After a game's result only the next game may follow: blank space, then a `[` first on its line, a comment
    /// or the end of the input. More movetext (`1. e4 1-0 e5`) is one PGN911 at its first token, and everything up
    /// to the next `[` in column 1 is read past: the game is not split into a second one.
    private func readPastMovesAfterResult<V: PGNVisitor>(_ visitor: inout V, deliver: Bool) {
        var lineEnds = 0
        while Self.isSpace(peek()) {
            if peek() == 10 { lineEnds += 1 }
            advance()
        }
        let c = peek()
        // After a blank line, movetext is the next game written without tags (a PGN idiom): not more moves.
        if lineEnds >= 2 || c == -1 || c == 123 || c == 59 || (c == 91 && col == 1) || (c == 37 && col == 1) { return }
        if deliver {
            let loc = here
            report(&visitor, diagnostic(.error, PGNCode.movesAfterResult,
                                        "expected the end of the game after its result, found more moves: the rest up to the next tag pair first on its line is read past",
                                        at: loc))
        }
        while true {
            let c = peek()
            if c == -1 || (c == 91 && col == 1) { return }
            advance()
        }
    }

    /// A `[` inside a line of movetext: one PGN912, then the tag pair is read past up to its `]` (a `]` inside
    /// its quoted value does not end it) or the end of its line.
    private func readPastTagInMovetext<V: PGNVisitor>(_ visitor: inout V, deliver: Bool) {
        if deliver {
            report(&visitor, diagnostic(.error, PGNCode.tagInMovetext,
                                        "expected moves, found a tag pair inside the movetext: it is read past (only a [ first on its line starts the next game)",
                                        at: here))
        }
        advance()
        var quoted = false
        while true {
            let c = peek()
            if c == -1 || c == 10 || c == 13 { return }
            advance()
            if quoted {
                if c == 92 { if peek() != 10 && peek() != 13 && peek() != -1 { advance() } }
                else if c == 34 { quoted = false }
            } else if c == 34 {
                quoted = true
            } else if c == 93 {
                return
            }
        }
    }

    private func finishWithResult<V: PGNVisitor>(
        _ o: PGNOutcome, at loc: PGNLocation, _ visitor: inout V, deliver: Bool, depth: inout Int, skipDepth: inout Int, resultTag: String?
    ) {
        closeVariations(&visitor, deliver: deliver, depth: &depth, skipDepth: &skipDepth, before: o.rawValue)
        guard deliver else { return }
        if let r = resultTag, let tagged = PGNOutcome(text: r), tagged != o {
            report(&visitor, diagnostic(.warning, PGNCode.resultMismatch, "result \"\(o.rawValue)\" differs from the Result tag \"\(r)\"", at: loc))
        }
        visitor.outcome(o, at: loc)
    }

    /// Closes the variations still open at the end of the game (`before` the result token, or at the end of
    /// the input), reporting each at its `(` — not where the game happens to end. A stopped game reports none:
    /// where its variations end is unknown.
    private func closeVariations<V: PGNVisitor>(_ visitor: inout V, deliver: Bool, depth: inout Int, skipDepth: inout Int, before result: String? = nil) {
        guard depth > 0 else { return }
        if deliver, !stopped {
            let end = result.map { "before the result \"\($0)\"" } ?? "at the end of the game"
            for start in variationStarts {
                report(&visitor, diagnostic(.error, PGNCode.unbalancedVariation, "variation opened here is not closed with \")\" \(end)", at: start))
            }
        }
        variationStarts.removeAll(keepingCapacity: true)
        let visited = skipDepth > 0 ? skipDepth - 1 : depth
        if deliver {
            for _ in 0..<visited { visitor.endVariation() }
        }
        depth = 0
        skipDepth = 0
    }

    private func binaryDiagnostic() -> Diagnostic {
        Diagnostic(PGNCode.binaryInput, "this is not a text file (NUL bytes or mostly bytes that are not UTF-8): nothing more is read from it",
                   at: SourceLocation(file: fileName, line: 1, column: 1))
    }

    // MARK: tags

    /// Bytes of a PGN symbol token, which a tag name is: letters, digits and `_ + # = : -`.
    @inline(__always) static func isTagNameByte(_ c: Int) -> Bool {
        isLetter(c) || isDigit(c) || c == 95 || c == 43 || c == 35 || c == 61 || c == 58 || c == 45
    }

    private func readTag<V: PGNVisitor>(
        _ visitor: inout V, deliver: Bool, resultTag: inout String?, setUp: inout PGNLocation?, fen: inout Bool
    ) {
        let loc = here
        advance()  // [
        func skipBlanks() { while peek() == 32 || peek() == 9 { advance() } }
        func fail(_ message: String, at l: PGNLocation) {
            if deliver { report(&visitor, diagnostic(.error, PGNCode.malformedTag, message, at: l)) }
            // Recover at the end of the tag or of the line.
            while true {
                let c = peek()
                if c == -1 || c == 10 || c == 13 { return }
                advance()
                if c == 93 { return }
            }
        }
        skipBlanks()
        var name: [UInt8] = []
        if !Self.isLetter(peek()) && !Self.isDigit(peek()) {
            return fail("tag pair has no name: expected [Name \"value\"]", at: here)
        }
        while Self.isTagNameByte(peek()) {
            if name.count < Self.maxToken { name.append(UInt8(peek())) }
            advance()
        }
        if name.isEmpty { return fail("tag pair has no name: expected [Name \"value\"]", at: here) }
        skipBlanks()
        if peek() != 34 { return fail("expected \" to open the value of tag \(String(decoding: name, as: UTF8.self))", at: here) }
        let valueLoc = here
        advance()
        tok.removeAll(keepingCapacity: true)
        var cut = false
        var warnedQuote = false
        var nulAt: PGNLocation? = nil
        var highBytes = false
        while true {
            // The common case first: printable ASCII other than a quote or a backslash, inside the current chunk, taken
            // in one go without the per-byte bookkeeping of `advance` (one column each, no line end among them).
            var p = pos
            let e = end
            while p < e {
                let b = buf[p]
                guard b >= 32, b < 127, b != 34, b != 92 else { break }
                p &+= 1
            }
            let k = p &- pos
            if k > 0 {
                let room = max(0, Self.maxTagValue - tok.count)
                tok.append(contentsOf: buf[pos..<(pos &+ min(k, room))])
                if k > room { cut = true }
                pos = p
                col &+= k
                bytesConsumed &+= k
                lastCR = false
            }
            let c = peek()
            if c == -1 || c == 10 || c == 13 {
                return fail("tag value is not closed with \" before the end of the line", at: here)
            }
            if c == 0, nulAt == nil { nulAt = here }
            advance()
            if c == 34 {
                // python-chess and others write quotes unescaped: a quote not followed (after blanks)
                // by `]` or the end of the line is part of the value, with the blanks after it.
                let quoteLoc = PGNLocation(line: here.line, column: here.column - 1)
                var blanks: [UInt8] = []
                while peek() == 32 || peek() == 9 {
                    if blanks.count < Self.maxToken { blanks.append(UInt8(peek())) }
                    advance()
                }
                let n = peek()
                if n == 93 || n == 10 || n == 13 || n == -1 { break }
                if !warnedQuote, deliver {
                    warnedQuote = true
                    report(&visitor, diagnostic(.warning, PGNCode.malformedTag, "unescaped quote inside a tag value (write \\\")", at: quoteLoc))
                }
                if tok.count < Self.maxTagValue { tok.append(34) }
                if tok.count < Self.maxTagValue { tok.append(contentsOf: blanks) }
                continue
            }
            var b = c
            if c == 92 {  // backslash: \" and \\ are escapes; any other is kept as written
                let n = peek()
                if n == 34 || n == 92 {
                    b = n
                    advance()
                }
            }
            if b >= 0x80 { highBytes = true }
            if tok.count < Self.maxTagValue { tok.append(UInt8(b)) } else { cut = true }
        }
        skipBlanks()
        if peek() != 93 { return fail("expected ] to close tag \(String(decoding: name, as: UTF8.self))", at: here) }
        advance()
        guard deliver else { return }
        if cut {
            report(&visitor, diagnostic(.error, PGNCode.tooLong, "tag value longer than \(Self.maxTagValue) bytes; the rest is dropped", at: valueLoc))
        }
        if let nulAt {
            report(&visitor, diagnostic(.error, PGNCode.nulInTag, "NUL byte in the value of tag \(String(decoding: name, as: UTF8.self)); the tag is ignored", at: nulAt))
            return
        }
        let valueStart = PGNLocation(line: valueLoc.line, column: valueLoc.column + 1)
        if tagNames.count >= GameLimits.standard.maxTags && !tagNames.contains(name) {
            extraTags += 1
            return
        }
        if !tagNames.insert(name).inserted {
            if highBytes { _ = decodeString(&visitor, at: valueStart) }
            report(&visitor, diagnostic(.error, PGNCode.duplicateTag, "tag \(String(decoding: name, as: UTF8.self)) appears twice in this game; the first one is kept", at: loc))
            return
        }
        // The reader's own tags are read whatever the visitor wants; another tag becomes Strings only when wanted (a
        // value with bytes that are not ASCII is still decoded, for its PGN108 warning).
        let isResult = name == Self.resultTagName, isSetUp = name == Self.setUpTagName
        if name == Self.fenTagName { fen = true }
        guard isResult || isSetUp || visitor.readsTag(named: name) else {
            if highBytes { _ = decodeString(&visitor, at: valueStart) }
            return
        }
        let value = decodeString(&visitor, at: valueStart)
        if isResult { resultTag = value }
        if isSetUp, value == "1" { setUp = loc }
        guard visitor.readsTag(named: name) else { return }
        visitor.tag(name: String(decoding: name, as: UTF8.self), value: value, at: loc)
    }
}

/// The input is not text (a binary file): the reader stops at once with this one diagnostic (PGN902).
public struct PGNBinaryInput: Error, CustomStringConvertible, Sendable {
    public let diagnostic: Diagnostic
    public var description: String { diagnostic.text }
}
