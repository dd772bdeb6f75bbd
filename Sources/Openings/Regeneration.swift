// Regeneration: the canonical text of a FEN file, from its PGN source or from the moves its own lines imply.
import ChessCore
import ChessPGN
import Diagnostics

public enum Regeneration {
    /// Every position of the main line, the start included, one FEN per line (en passant after every double push).
    public static func fenText(for source: OpeningSource) -> String {
        var out = source.start.fen() + "\n"
        for m in source.mainLine.moves { out += m.after.fen() + "\n" }
        return out
    }

    /// A FEN file with no source, rewritten canonically by replaying the moves that join its lines.
    /// Returns `nil` text when a sequence is broken; the diagnostics (PGN150–PGN155) name the lines.
    public static func fenText(fromFENFile text: String, file: String) -> (text: String?, diagnostics: [Diagnostic]) {
        var converter = FENSequenceConverter(fileName: file, inferStandardStart: false)
        let rawLines = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.hasSuffix("\r") ? String($0.dropLast()) : String($0) }
        for (i, line) in rawLines.enumerated() { _ = converter.line(line, number: i + 1) }
        _ = converter.finish()
        let problems = converter.takeDiagnostics()
        if problems.contains(where: { $0.severity == .error }) { return (nil, problems) }

        var out = ""
        var current: Position?
        for line in rawLines {
            let t = line.trimming(" \t")
            if t.isEmpty {
                if current != nil { out += "\n" }
                current = nil
                continue
            }
            guard let p = try? Position(fen: t) else { return (nil, problems) }
            if let c = current, let m = c.legalMoves.first(where: { c.playingUnchecked($0).identity == p.identity }) {
                current = c.playingUnchecked(m)
            } else {
                current = p
            }
            out += (current?.fen() ?? t) + "\n"
        }
        while out.hasSuffix("\n\n") { out.removeLast() }
        return (out, problems)
    }

    /// The first line where two texts differ, for messages (1-based), or `nil` when equal.
    public static func firstDifference(_ a: String, _ b: String) -> (line: Int, expected: String, found: String)? {
        if a == b { return nil }
        func lines(_ t: String) -> [Substring] {
            let l = t.split(separator: "\n", omittingEmptySubsequences: false)
            return t.hasSuffix("\n") ? Array(l.dropLast()) : l
        }
        let x = lines(a), y = lines(b)
        if x == y { return (max(1, y.count), "a final line break", a.hasSuffix("\n") ? "no final line break" : "an extra final line break") }
        for i in 0..<max(x.count, y.count) {
            let e = i < x.count ? String(x[i]) : "(end of file)"
            let f = i < y.count ? String(y[i]) : "(end of file)"
            if e != f { return (i + 1, e, f) }
        }
        return (1, "", "")
    }
}
