// CurationList: parsing data/words/deny.txt and allow.txt, the project's own additions to SCOWL.
import Diagnostics

/// One line of a curation list: a word and, in allow.txt, an optional tier.
package struct CurationEntry: Sendable, Hashable {
    package var word: String
    package var tier: Tier?
    package var line: Int

    package init(word: String, tier: Tier? = nil, line: Int) {
        self.word = word
        self.tier = tier
        self.line = line
    }
}

/// Parser for the curation files.
///
/// Format: one entry per line; `#` starts a comment (to the end of the line); blank lines
/// are ignored. An entry is a lower-case word (a–z only), then for allow.txt optionally
/// whitespace and a tier name (`common`, `standard`, `extended`, `full`, `insane`):
///
/// ```
/// # animals
/// titi
/// cafe  standard
/// ```
///
/// Errors: WRD301 (not a lower-case a–z word), WRD302 (unknown tier, or a tier in deny.txt),
/// WRD303 (duplicate entry, a warning).
package enum CurationList {
    /// The entries of `text`, read from `file` (used in diagnostics), and every problem found.
    package static func parse(_ text: String, file: String, allowsTier: Bool) -> (entries: [CurationEntry], diagnostics: [Diagnostic]) {
        var entries: [CurationEntry] = []
        var diags: [Diagnostic] = []
        var seen: [String: Int] = [:]
        var lineNo = 0
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNo += 1
            var line = Substring(raw)
            if let hash = line.firstIndex(of: "#") { line = line[..<hash] }
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
            guard let first = fields.first else { continue }
            let column = line.distance(from: line.startIndex, to: first.startIndex) + 1
            let at = SourceLocation(file: file, line: lineNo, column: column)
            if case .failure(let r) = WordForm.check(first) {
                diags.append(Diagnostic(WordsCode.badCurationWord, "expected a lower-case word (a–z), found \"\(first)\": \(r.explanation)", at: at))
                continue
            }
            var tier: Tier?
            if fields.count > 1 {
                let tcol = line.distance(from: line.startIndex, to: fields[1].startIndex) + 1
                let tat = SourceLocation(file: file, line: lineNo, column: tcol)
                if !allowsTier {
                    diags.append(Diagnostic(WordsCode.badCurationField, "expected one word per line, found \"\(fields[1])\" after \"\(first)\"", at: tat))
                    continue
                }
                guard fields.count == 2, let t = Tier(name: fields[1]) else {
                    diags.append(Diagnostic(WordsCode.badCurationField, "expected a tier (common, standard, extended, full, insane), found \"\(fields[1...].joined(separator: " "))\"",
                        at: tat))
                    continue
                }
                tier = t
            }
            let word = String(first)
            if let earlier = seen[word] {
                diags.append(Diagnostic(WordsCode.repeatedCurationWord, "\"\(word)\" is listed again (first on line \(earlier))", at: at))
                continue
            }
            seen[word] = lineNo
            entries.append(CurationEntry(word: word, tier: tier, line: lineNo))
        }
        return (entries, diags)
    }
}
