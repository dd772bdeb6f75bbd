// SAN: Standard Algebraic Notation — reading what real files contain, writing the canonical form.

/// A SAN problem. Syntax errors need no position; illegal and ambiguous moves carry it.
public enum SANError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The text is not SAN at all: `Nf9`, `Px`, `O-O-O-O`.
    case syntax(text: String, reason: String)
    /// Well-formed, but no legal move matches it here.
    case illegal(text: String, fen: String)
    /// Several legal moves match; `candidates` are their canonical SAN.
    case ambiguous(text: String, candidates: [String], fen: String)

    /// SAN001 syntax, SAN002 illegal, SAN003 ambiguous.
    public var code: String {
        switch self {
        case .syntax: "SAN001"
        case .illegal: "SAN002"
        case .ambiguous: "SAN003"
        }
    }
    public var text: String {
        switch self {
        case .syntax(let t, _), .illegal(let t, _), .ambiguous(let t, _, _): t
        }
    }
    public var message: String {
        switch self {
        case .syntax(let t, let r): "\"\(t)\" is not SAN: \(r)"
        case .illegal(let t, _): "illegal move \"\(t)\""
        case .ambiguous(let t, let c, _): "ambiguous move \"\(t)\": it could be \(c.joined(separator: " or "))"
        }
    }
    public var description: String {
        switch self {
        case .syntax: message
        case .illegal(_, let fen), .ambiguous(_, _, let fen): "\(message) in \(fen)"
        }
    }
}

/// SAN read without a position: what the text says, and nothing about legality.
///
/// Accepts `e4`, `exd5`, `Nf3`, `Ng1f3`, `Ng1-f3`, `Nxf3`, `e8=Q`, `e8Q`, `exd6 e.p.`, `O-O`, `0-0`, `O-O-O`,
/// the suffixes `+`, `#`, `!`, `?`, `!!`, `??`, `!?`, `?!`, and `--` (a null move).
public struct SANToken: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case normal(role: Role, fromFile: Int?, fromRank: Int?, capture: Bool, to: Square, promotion: Role?)
        case castle(kingside: Bool)
        case null
    }
    public let kind: Kind
    /// `+` or `#` as written, or empty.
    public let checkSuffix: String
    /// `!`, `?`, `!!`, `??`, `!?`, `?!` as written, or empty.
    public let annotation: String
    /// The move as written, without the annotation.
    public let move: String

    public init(parsing text: some StringProtocol) throws(SANError) {
        let original = String(text)
        var s = Substring(original)
        func fail(_ reason: String) -> SANError { .syntax(text: original, reason: reason) }

        var ann = ""
        while let c = s.last, c == "!" || c == "?" {
            ann.insert(c, at: ann.startIndex)
            s = s.dropLast()
        }
        if !ann.isEmpty && !["!", "?", "!!", "??", "!?", "?!"].contains(ann) { throw fail("\"\(ann)\" is not an annotation") }
        annotation = ann
        move = String(s)
        var check = ""
        if let c = s.last, c == "+" || c == "#" {
            check = String(c)
            s = s.dropLast()
        }
        checkSuffix = check
        if s.hasSuffix("e.p.") {
            s = s.dropLast(4)
            if s.last == " " { s = s.dropLast() }
        }
        if s.isEmpty { throw fail("empty move") }

        switch s {
        case "O-O", "0-0": kind = .castle(kingside: true); return
        case "O-O-O", "0-0-0": kind = .castle(kingside: false); return
        case "--": kind = .null; return
        default: break
        }

        var u = Array(s.utf8)
        var role: Role = .pawn
        var explicitRole = false
        if let first = u.first, let r = Role(char: Character(Unicode.Scalar(first))), first >= 65, first <= 90, first != 80 {
            role = r
            explicitRole = true
            u.removeFirst()
        } else if u.first == 80 { // "P" for a pawn, as some old files write it
            u.removeFirst()
        }
        var promotion: Role?
        // A normal move ends in a rank digit; a letter at the end can only be a promotion (`e8=Q`, `e8Q`, `e8q`).
        if let last = u.last, !(49...56).contains(last), last != 61 {
            guard let r = Role(char: Character(Unicode.Scalar(last))), [.knight, .bishop, .rook, .queen].contains(r) else {
                throw fail("expected a destination square like e4 at the end")
            }
            promotion = r
            u.removeLast()
            if u.last == 61 { u.removeLast() } // "="
        } else if u.last == 61 {
            throw fail("\"=\" without a piece to promote to")
        }
        guard u.count >= 2, (97...104).contains(u[u.count - 2]), (49...56).contains(u[u.count - 1]) else {
            throw fail("expected a destination square like e4 at the end")
        }
        let to = Square(file: Int(u[u.count - 2] - 97), rank: Int(u[u.count - 1] - 49))
        u.removeLast(2)
        var capture = false
        if let c = u.last, c == 120 || c == 58 { // "x" or ":"
            capture = true
            u.removeLast()
        } else if u.last == 45 { // "-" as in Ng1-f3
            u.removeLast()
        }
        var fromFile: Int?, fromRank: Int?
        if let c = u.last, (49...56).contains(c) { fromRank = Int(c - 49); u.removeLast() }
        if let c = u.last, (97...104).contains(c) { fromFile = Int(c - 97); u.removeLast() }
        guard u.isEmpty else { throw fail("unexpected \"\(String(decoding: u, as: UTF8.self))\"") }
        if promotion != nil && (role != .pawn || explicitRole) { throw fail("only a pawn promotes") }
        if role == .pawn && capture && fromFile == nil { throw fail("a pawn capture names the pawn's file, like exd5") }
        kind = .normal(role: role, fromFile: fromFile, fromRank: fromRank, capture: capture, to: to, promotion: promotion)
    }
}

extension Position {
    /// The canonical SAN of a legal move: minimal disambiguation (file, then rank, then both), `+` or `#`.
    public func san(_ m: Move) -> String {
        var s: String
        if m.isCastle {
            s = m.to.file == 6 ? "O-O" : "O-O-O"
        } else if m.role == .pawn {
            s = m.isCapture ? String(m.from.fileChar) + "x" + m.to.name : m.to.name
            if let p = m.promotion { s += "=" + String(p.upperChar) }
        } else {
            s = String(m.role.upperChar)
            // Only look at the full move list when another piece of the kind could reach the square at all.
            let rivals = board.pieces(turn, m.role) & Attacks.of(Piece(turn, m.role), m.to, occupied: board.occupied)
            if rivals.hasMoreThanOne {
                let others = legalMoves.filter { $0.role == m.role && $0.to == m.to && $0.from != m.from }
                if !others.isEmpty {
                    if !others.contains(where: { $0.from.file == m.from.file }) {
                        s.append(m.from.fileChar)
                    } else if !others.contains(where: { $0.from.rank == m.from.rank }) {
                        s.append(m.from.rankChar)
                    } else {
                        s += m.from.name
                    }
                }
            }
            if m.isCapture { s += "x" }
            s += m.to.name
        }
        let after = playingUnchecked(m)
        if after.isCheck { s += after.hasLegalMoves ? "+" : "#" }
        return s
    }

    /// The legal move a SAN text names (lenient about the forms listed on `SANToken`).
    public func move(san text: some StringProtocol) throws(SANError) -> Move {
        try parseSAN(text).move
    }

    /// The move, its canonical SAN, and whether the text (without `!`/`?` annotations) was already canonical.
    ///
    /// ```swift
    /// let r = try Position.standard.parseSAN("Ng1f3")   // r.canonical == "Nf3", r.isCanonical == false
    /// ```
    public func parseSAN(_ text: some StringProtocol) throws(SANError) -> (move: Move, canonical: String, isCanonical: Bool) {
        let token = try SANToken(parsing: text)
        let t = String(text)
        let candidates: [Move]
        switch token.kind {
        case .null:
            throw .illegal(text: t, fen: fen())
        case .castle(let kingside):
            candidates = legalMoves.filter { $0.isCastle && ($0.to.file == 6) == kingside }
        case .normal(let role, let file, let rank, let capture, let to, let promotion):
            candidates = legalMoves.filter { m in
                m.role == role && m.to == to && !m.isCastle && m.promotion == promotion
                    && (file == nil || m.from.file == file) && (rank == nil || m.from.rank == rank)
                    && (!capture || m.isCapture)
            }
        }
        guard let m = candidates.first else { throw .illegal(text: t, fen: fen()) }
        if candidates.count > 1 {
            throw .ambiguous(text: t, candidates: candidates.map { san($0) }, fen: fen())
        }
        let canonical = san(m)
        return (m, canonical, token.move == canonical)
    }
}
