// PGNWriter: writes a GameTree in the PGN export format (roster first, sorted tags, lines of at most 80 characters).
import ChessCore

/// Writes games in the PGN export format:
/// - the seven-tag roster (`Event Site Date Round White Black Result`) first in that order, missing
///   ones as `?` (`????.??.??` for Date), then the other tags sorted by name; the Result tag always
///   equals the termination marker;
/// - a blank line, the movetext in lines of at most 80 characters, the termination marker;
/// - SAN as the tree holds it (canonical when the tree was replayed), NAGs as `$n`, comments as
///   `{prose [%cmd …]}`, variations as `(…)`, a black move number after a comment, a variation, and
///   at the start of a line.
///
/// A single word longer than 80 characters (a long URL in a comment) gets a line of its own.
/// The tree is walked with an explicit stack, so variations nested to any depth are fine.
public struct PGNWriter: Sendable {
    public static let roster = ["Event", "Site", "Date", "Round", "White", "Black", "Result"]
    public var maxLineLength: Int

    public init(maxLineLength: Int = 80) {
        self.maxLineLength = maxLineLength
    }

    /// The game as export-format text, ending with a newline (games are separated by one blank line).
    public func write(_ game: GameTree) -> String {
        let result = game.outcome?.rawValue ?? game.tag("Result").flatMap { PGNOutcome(text: $0)?.rawValue } ?? "*"
        var out = ""
        for name in Self.roster {
            let value: String
            if name == "Result" {
                value = result
            } else {
                value = game.tag(name) ?? (name == "Date" ? "????.??.??" : "?")
            }
            out += "[\(name) \"\(Self.escape(value))\"]\n"
        }
        var seen = Set(Self.roster)
        var others: [PGNTag] = []
        // `[SetUp "1"]` without a FEN tag says nothing true (the game was replayed from the standard
        // position, and PGN904 was reported on reading): it is not written.
        if game.tag("FEN") == nil { seen.insert("SetUp") }
        for t in game.tags where !seen.contains(t.name) {
            seen.insert(t.name)
            others.append(t)
        }
        // Sorted by name, by UTF-8 bytes so the order does not depend on the locale.
        others.sort { Array($0.name.utf8).lexicographicallyPrecedes(Array($1.name.utf8)) }
        for t in others { out += "[\(t.name) \"\(Self.escape(t.value))\"]\n" }
        out += "\n"
        var tokens = movetextTokens(game)
        tokens.append(result)
        out += wrap(tokens)
        out += "\n"
        return out
    }

    static func escape(_ s: String) -> String {
        var r = ""
        for c in s.unicodeScalars {
            if c == "\\" || c == "\"" { r.unicodeScalars.append("\\") }
            // Tag values are one line.
            r.unicodeScalars.append(c == "\n" || c == "\r" ? " " : c)
        }
        return r
    }

    private enum Task {
        case line(Int, force: Bool)
        case open(Int)
        case close
    }

    /// Every movetext token, with `(` glued to the token after it and `)` to the token before.
    func movetextTokens(_ game: GameTree) -> [String] {
        var tokens: [String] = []
        var opens = 0
        func emit(_ t: String) {
            if opens > 0 {
                tokens.append(String(repeating: "(", count: opens) + t)
                opens = 0
            } else {
                tokens.append(t)
            }
        }
        func emitComment(_ c: PGNComment) {
            // A command is one unbreakable word, so a line break never falls inside `[%dev … name="…"]`.
            let prose = c.text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" })
            let words = (c.commands.map { $0.text[...] } + prose)
                .map { $0.replacingOccurrences(of: "}") }
                .filter { !$0.isEmpty }
            if words.isEmpty { return emit("{}") }
            for (i, w) in words.enumerated() {
                emit((i == 0 ? "{" : "") + w + (i == words.count - 1 ? "}" : ""))
            }
        }
        // Move numbers.
        var startBlack = false
        var startFull = 1
        if let s = game.start {
            startBlack = s.turn == .black
            startFull = s.fullmoveNumber
        } else if let f = game.tag("FEN"), let s = try? Setup(fen: f) {
            startBlack = s.turn == .black
            startFull = s.fullmoveNumber
        }
        func number(_ ply: Int, force: Bool) -> String? {
            let a = (startBlack ? 1 : 0) + ply - 1
            let full = startFull + a / 2
            if a % 2 == 0 { return "\(full)." }
            return force ? "\(full)..." : nil
        }
        let nodes = game.nodes
        for c in nodes[0].comments { emitComment(c) }
        guard let first = nodes[0].children.first else { return tokens }
        var stack: [Task] = [.line(first, force: true)]
        while let task = stack.popLast() {
            switch task {
            case .close:
                if tokens.isEmpty { tokens.append(")") } else { tokens[tokens.count - 1] += ")" }
            case .open(let v):
                opens += 1
                stack.append(.line(v, force: true))
            case .line(let start, var force):
                var n = start
                while true {
                    let node = nodes[n]
                    if !node.startingComments.isEmpty {
                        for c in node.startingComments { emitComment(c) }
                        force = true
                    }
                    // The move number stays on the line of its move.
                    if let num = number(node.ply, force: force) { emit(num + " " + node.san) } else { emit(node.san) }
                    for g in node.nags { emit("$\(g)") }
                    for c in node.comments { emitComment(c) }
                    force = !node.comments.isEmpty
                    let siblings = nodes[node.parent].children
                    if siblings.count > 1, siblings[0] == n {
                        if let next = node.children.first { stack.append(.line(next, force: true)) }
                        for v in siblings.dropFirst().reversed() {
                            stack.append(.close)
                            stack.append(.open(v))
                        }
                        break
                    }
                    guard let next = node.children.first else { break }
                    n = next
                }
            }
        }
        if opens > 0 { tokens.append(String(repeating: "(", count: opens)) }
        return tokens
    }

    func wrap(_ tokens: [String]) -> String {
        var out = ""
        var lineLength = 0
        for t in tokens {
            let n = t.count
            if lineLength > 0 && lineLength + 1 + n > maxLineLength {
                out += "\n"
                lineLength = 0
            }
            if lineLength > 0 {
                out += " "
                lineLength += 1
            }
            out += t
            lineLength += n
        }
        return out
    }
}

extension Substring {
    fileprivate func replacingOccurrences(of s: Character) -> String {
        String(self.filter { $0 != s })
    }
}
