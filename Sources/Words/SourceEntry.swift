// SourceEntry and WordList: raw source-list entries, and the set of kept words with their tiers.

/// One line of a SCOWL list: the entry, the list's size level and where it came from.
package struct SourceEntry: Sendable, Hashable {
    package var text: String
    package var level: Int
    /// The list file's name (`english-words.35`) and the 1-based line.
    package var file: String
    package var line: Int

    package init(text: String, level: Int, file: String, line: Int) {
        self.text = text
        self.level = level
        self.file = file
        self.line = line
    }
}

/// A kept word: lower-case ASCII letters and a tier.
public struct TieredWord: Sendable, Hashable, Comparable {
    public var word: String
    public var tier: Tier

    public init(_ word: String, _ tier: Tier) {
        self.word = word
        self.tier = tier
    }

    /// Alphabetical order. For ASCII strings `String`'s `<` is byte order (and takes a fast path).
    public static func < (a: TieredWord, b: TieredWord) -> Bool { a.word < b.word }
}

/// The words of a dictionary with their tiers, sorted and unique.
///
/// Built from source entries: each word gets the tier of the smallest size level it
/// appears at; entries that are not game words (see `WordForm`) are counted by reason.
package struct WordList: Sendable, Equatable {
    /// Sorted by bytes, no duplicates.
    package private(set) var words: [TieredWord]
    /// How many entries each rule dropped (an entry is counted once per list line).
    package private(set) var rejected: [Rejection: Int]

    package init(sortedUnique words: [TieredWord]) {
        self.words = words
        self.rejected = [:]
    }

    /// Keeps every entry that passes `WordForm`; a word's tier comes from its smallest level.
    /// Entries above `maxLevel` are ignored.
    package init(entries: some Sequence<SourceEntry>, maxLevel: Int = 80) {
        var best: [String: Int] = [:]
        var rejected: [Rejection: Int] = [:]
        for e in entries where e.level <= maxLevel {
            switch WordForm.check(e.text) {
            case .success:
                if let old = best[e.text], old <= e.level { continue }
                best[e.text] = e.level
            case .failure(let r):
                rejected[r, default: 0] += 1
            }
        }
        self.words = best.compactMap { w, level in Tier(level: level).map { TieredWord(w, $0) } }.sorted()
        self.rejected = rejected
    }

    /// Applies the curation lists: removes every word the deny rule derives from a lemma of
    /// `deny` (see `DenyRule`), unless allow.txt names it, then adds or re-tiers the allowed ones.
    ///
    /// An allow entry without a tier rescues that exact word at its source tier (and does
    /// nothing when the sources lack it); an allow entry with a tier adds the word at that
    /// tier. The report says, per lemma, which source words it removed and which it would
    /// have removed but allow.txt rescued.
    package func curated(deny lemmas: [String], allow: [CurationEntry]) -> (list: WordList, report: DenyReport) {
        let deniedBy = DenyRule.index(lemmas)
        var rescued: Set<String> = []
        var retiered: [String: Tier] = [:]
        for a in allow {
            if let t = a.tier { retiered[a.word] = t } else { rescued.insert(a.word) }
        }
        var report = DenyReport()
        var kept: [TieredWord] = []
        kept.reserveCapacity(words.count)
        for w in words {
            if let t = retiered.removeValue(forKey: w.word) {
                kept.append(TieredWord(w.word, t))
            } else if let lemma = deniedBy[w.word] {
                if rescued.contains(w.word) {
                    report.rescued[lemma, default: []].append(w.word)
                    kept.append(w)
                } else {
                    report.removed[lemma, default: []].append(w.word)
                }
            } else {
                kept.append(w)
            }
        }
        // What is left of `retiered` is not in the sources: added words.
        if !retiered.isEmpty {
            kept += retiered.map { TieredWord($0.key, $0.value) }
            kept.sort()
        }
        var out = WordList(sortedUnique: kept)
        out.rejected = rejected
        return (out, report)
    }
}

/// What the deny rule did to a word list: per lemma, the source words it removed and the
/// ones allow.txt rescued from it (each list in alphabetical order).
package struct DenyReport: Sendable, Equatable, Codable {
    package var removed: [String: [String]] = [:]
    package var rescued: [String: [String]] = [:]

    package init(removed: [String: [String]] = [:], rescued: [String: [String]] = [:]) {
        self.removed = removed
        self.rescued = rescued
    }

    /// How many source words the rule removed in all.
    package var removedCount: Int { removed.values.reduce(0) { $0 + $1.count } }
}
