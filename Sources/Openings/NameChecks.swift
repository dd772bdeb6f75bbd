// NameChecks: the authored names (Opening/Variation/ECO tags, deviation names) against the name list (NAM1xx).
import ChessCore
import Diagnostics
import Explainer

/// An authored name the list disagrees with, accepted for a reason (a row of `openings/names-reasons.tsv`).
public struct NameReason: Sendable, Hashable {
    /// The source file, as a path suffix: `coach/italian-game.pgn`.
    public var file: String
    /// The authored name exactly as the source writes it (`Opening: Variation` for the header).
    public var name: String
    public var reason: String
    public var location: SourceLocation

    public init(file: String, name: String, reason: String, location: SourceLocation) {
        self.file = file
        self.name = name
        self.reason = reason
        self.location = location
    }

    /// Reads `file<TAB>name<TAB>reason` rows (a header row `file…` and `#` comments are skipped). A row without three
    /// non-empty fields is `NAM105`.
    public static func read(_ text: String, file: String) -> ([NameReason], [Diagnostic]) {
        var out: [NameReason] = []
        var problems: [Diagnostic] = []
        for (i, row) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let row = row.hasSuffix("\r") ? row.dropLast() : row
            if row.isEmpty || row.hasPrefix("#") || (i == 0 && row.hasPrefix("file\t")) { continue }
            let at = SourceLocation(file: file, line: i + 1, column: 1)
            let f = row.split(separator: "\t", omittingEmptySubsequences: false).map { $0.trimming(" ") }
            guard f.count == 3, f.allSatisfy({ !$0.isEmpty }) else {
                problems.append(Diagnostic(NameCode.malformedReason, "expected file<TAB>authored name<TAB>reason, each non-empty, found \"\(row)\"", at: at))
                continue
            }
            out.append(NameReason(file: String(f[0]), name: String(f[1]), reason: String(f[2]), location: at))
        }
        return (out, problems)
    }

    func covers(file path: String, name authored: String) -> Bool {
        authored == name && (path == file || path.hasSuffix("/" + file))
    }
}

extension Substring {
    func trimming(_ c: Character) -> Substring {
        var s = self
        while s.first == c { s = s.dropFirst() }
        while s.last == c { s = s.dropLast() }
        return s
    }
}

/// The validator's name checks: the list is the convention, authored names must agree with it where it names a position.
///
/// - `NAM101` (warning): the header's `Opening`/`Variation` is the list's name of no position of the main line
///   that the list names; the message says what the list calls them.
/// - `NAM102` (warning): the header's `ECO` is not the list's ECO of the position the header's name matched.
/// - `NAM103` (warning): a deviation's name is the list's name of none of the named positions of its own moves.
/// - `NAM104` (warning): a row of the reasons file matches no disagreement (stale).
///
/// Agreement is by words, lower-cased, without punctuation or accents, `Defence` read as `Defense`: each part of the
/// authored name (split at `:` and `,`) must appear as a run of whole words in the list's name, in order
/// (`Two Knights Defence` and `Italian Game: Giuoco Pianissimo` agree with
/// `Italian Game: Two Knights Defense, Fried Liver Attack` and `Italian Game: Classical Variation, Giuoco Pianissimo`).
public enum NameChecks {
    public static func check(_ sources: [OpeningSource], list: NameList, reasons: [NameReason]) -> [Diagnostic] {
        var out: [Diagnostic] = []
        var used = Set<Int>()
        func excused(_ s: OpeningSource, _ name: String) -> Bool {
            guard let i = reasons.firstIndex(where: { $0.covers(file: s.file, name: name) }) else { return false }
            used.insert(i)
            return true
        }
        for s in sources where s.header.opening != nil {
            out += header(s, list: list, excused: excused)
            for line in s.lines where line.deviation != nil {
                if let d = deviation(line, in: s, list: list), !excused(s, line.name) { out.append(d) }
            }
        }
        for (i, r) in reasons.enumerated() where !used.contains(i) {
            out.append(Diagnostic(NameCode.unusedReason, "no authored name \"\(r.name)\" in \(r.file) disagrees with the list: remove this reason",
                                  at: r.location))
        }
        return out
    }

    /// The named positions among `moves` (after each), with the move label.
    static func named(_ moves: ArraySlice<LineMove>, list: NameList) -> [(label: String, opening: OpeningName)] {
        moves.compactMap { m in
            list.name(ofKey: m.after.zobristKey).map { (label(m), $0) }
        }
    }

    static func label(_ m: LineMove) -> String {
        let n = (m.ply + 1) / 2
        return m.ply % 2 == 1 ? "\(n).\(m.san)" : "\(n)...\(m.san)"
    }

    static func header(_ s: OpeningSource, list: NameList, excused: (OpeningSource, String) -> Bool) -> [Diagnostic] {
        let named = named(s.mainLine.moves[...], list: list)
        guard let deepest = named.last else { return [] }
        let authored = s.name
        let at = s.location
        guard let match = named.first(where: { agrees(authored, $0.opening.name) }) else {
            if excused(s, authored) { return [] }
            let first = named[0]
            return [Diagnostic(NameCode.nameNotInList, "Opening \"\(authored)\" is the list's name of no position of the main line: the list calls "
                               + "\(first.label) \"\(first.opening.name)\" (\(first.opening.eco)) and \(deepest.label) \"\(deepest.opening.name)\" (\(deepest.opening.eco))",
                               at: at, notes: ["use the list's spelling, or give a reason in openings/names-reasons.tsv"])]
        }
        if let eco = s.header.eco, eco != match.opening.eco, !excused(s, authored) {
            return [Diagnostic(NameCode.ecoNotInList, "ECO \(eco) disagrees with the list: \"\(match.opening.name)\" (after \(match.label)) is \(match.opening.eco)",
                               at: at, notes: ["use the list's ECO, or give a reason in openings/names-reasons.tsv"])]
        }
        return []
    }

    static func deviation(_ line: OpeningLine, in s: OpeningSource, list: NameList) -> Diagnostic? {
        let named = named(line.ownMoves, list: list)
        guard let first = named.first, !named.contains(where: { agrees(line.name, $0.opening.name) }) else { return nil }
        let deepest = named[named.count - 1]
        var message = "deviation \"\(line.name)\" is the list's name of none of its positions: the list calls \(first.label) \"\(first.opening.name)\" (\(first.opening.eco))"
        if deepest.label != first.label { message += " and \(deepest.label) \"\(deepest.opening.name)\" (\(deepest.opening.eco))" }
        return Diagnostic(NameCode.deviationNameNotInList, message, at: line.location,
                          notes: ["use the list's spelling, or give a reason in openings/names-reasons.tsv"])
    }

    /// Whether every part of `authored` (split at `:` and `,`) appears, as whole words and in order, in `listed`.
    public static func agrees(_ authored: String, _ listed: String) -> Bool {
        let l = words(listed)
        var from = 0
        for part in authored.split(whereSeparator: { $0 == ":" || $0 == "," }) {
            let a = words(String(part))
            if a.isEmpty { continue }
            guard let at = find(a, in: l, from: from) else { return false }
            from = at + a.count
        }
        return from > 0
    }

    static func find(_ a: [String], in l: [String], from: Int) -> Int? {
        guard a.count <= l.count - from else { return nil }
        for start in from...(l.count - a.count) where Array(l[start..<(start + a.count)]) == a { return start }
        return nil
    }

    /// Letters without their accents, for the few the list uses (`Sämisch`, `Grünfeld`, `Kostić`).
    static let plain: [Character: Character] = [
        "à": "a", "á": "a", "â": "a", "ä": "a", "ã": "a", "å": "a", "ç": "c", "ć": "c", "č": "c", "è": "e", "é": "e", "ê": "e",
        "ë": "e", "ì": "i", "í": "i", "î": "i", "ï": "i", "ñ": "n", "ń": "n", "ò": "o", "ó": "o", "ô": "o", "ö": "o", "ø": "o",
        "ř": "r", "š": "s", "ś": "s", "ù": "u", "ú": "u", "û": "u", "ü": "u", "ý": "y", "ž": "z", "ź": "z", "ż": "z", "ł": "l",
    ]

    static func words(_ s: String) -> [String] {
        var out: [String] = []
        var word = ""
        for c in s.lowercased() {
            if c.isLetter || c.isNumber {
                word.append(plain[c] ?? c)
            } else if c == "'" || c == "’" {
                continue
            } else if !word.isEmpty {
                out.append(word)
                word = ""
            }
        }
        if !word.isEmpty { out.append(word) }
        return out.map { $0 == "defence" ? "defense" : $0 }
    }
}
