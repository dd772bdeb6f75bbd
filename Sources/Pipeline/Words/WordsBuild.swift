// WordsBuild: `forge words build` — SCOWL lists and curation files in, word lists, words.dawg and counts.json out.
import Diagnostics
import Foundation
import Words

/// What `forge words build` reads and where it writes.
public struct WordsBuildConfiguration: Sendable {
    public var source: WordsSourceOptions
    public var outputDirectory: String
    /// Called with a line at each stage; the executable passes one only when stderr is a terminal.
    public var progress: (@Sendable (String) -> Void)?

    /// The default output: beside the bundle, never in it (`forge build` puts the dictionaries into data/bundle/).
    public static let defaultOutputDirectory = "data/build/words"

    public init(source: WordsSourceOptions = WordsSourceOptions(), outputDirectory: String = defaultOutputDirectory,
                progress: (@Sendable (String) -> Void)? = nil) {
        self.source = source
        self.outputDirectory = outputDirectory
        self.progress = progress
    }
}

/// The outcome: diagnostics (errors mean nothing was written) and a summary for the terminal.
public struct WordsBuildReport: CommandReport {
    public var diagnostics: [Diagnostic]
    public var summary: [String]
    public var counts: WordsCounts?
    /// The source options themselves are wrong (WRD313, WRD314): nothing was read.
    public var badOptions = false
    /// The output folder was refused (`.cannotCreate`, exit 73): nothing was read or written.
    public var writeOutcome: CommandOutcome?
    public var outcome: CommandOutcome { badOptions ? .usage : (writeOutcome ?? .ok).worst(.from(diagnostics)) }
    public var typedSummary: WordsCountsSummary { WordsCountsSummary(counts: counts, errors: diagnostics.errorCount) }
    /// What each deny.txt lemma removed from the sources, and what allow.txt rescued from it.
    package var denyReport = DenyReport()
    /// deny.txt's lemmas in file order.
    public var denyLemmas: [String] = []

    /// One line per lemma that removed or would have removed a word, in deny.txt's order:
    /// `boner: removed boner, boners` (`forge words build --deny-report`).
    public func denyReportLines(lemmas: [String]) -> [String] {
        lemmas.compactMap { lemma in
            let removed = denyReport.removed[lemma] ?? [], rescued = denyReport.rescued[lemma] ?? []
            if removed.isEmpty && rescued.isEmpty { return "\(lemma): removed nothing (no form of it is in the sources read)" }
            var line = "\(lemma): removed " + (removed.isEmpty ? "nothing" : removed.joined(separator: ", "))
            if !rescued.isEmpty { line += "; allow.txt keeps " + rescued.joined(separator: ", ") }
            return line
        }
    }
}

/// `forge words build --format json`'s summary: what was written (nil when nothing was).
public struct WordsCountsSummary: Codable, Sendable, Equatable {
    public var counts: WordsCounts?
    public var errors: Int
}

/// One output list: a name and the game whose words it holds (nil: every word).
struct WordsListSpec {
    var name: String
    var game: WordGame?

    /// Every word, then one list per game with the words some board of it can hold (`WordGame.canPlay`):
    /// the list builder reads the game's rule instead of keeping its own limits.
    static let all = [WordsListSpec(name: "words", game: nil)]
        + WordGame.allCases.map { WordsListSpec(name: $0.rawValue, game: $0) }

    /// Whether the list holds `word`.
    func holds(_ word: String) -> Bool { game?.canPlay(word) ?? true }

    /// The shortest word the list may hold, for counts.json.
    var minLength: Int { game?.lengths.lowerBound ?? 1 }
}

/// counts.json: what the build made, for manifest.json.
public struct WordsCounts: Codable, Sendable, Equatable {
    public struct Source: Codable, Sendable, Equatable {
        public var region: String
        public var maxLevel: Int
        public var files: [String]
        /// Entries dropped by the word rule, by reason.
        public var dropped: [String: Int]
    }
    public struct Curation: Codable, Sendable, Equatable {
        public var denyEntries: Int
        public var allowEntries: Int
        /// Source words removed by deny.txt's lemmas and their forms (after allow.txt rescues).
        public var denied: Int
        /// How many lemmas removed at least one source word.
        public var lemmasThatRemoved: Int
        /// Source words the deny rule reached that allow.txt kept.
        public var rescued: Int
        /// Words added by allow.txt that the sources lack.
        public var added: Int
    }
    public struct List: Codable, Sendable, Equatable {
        public var file: String
        public var minLength: Int
        public var maxLength: Int
        public var total: Int
        /// Words of exactly this tier (not cumulative).
        public var byTier: [String: Int]
        /// The smaller lists written, by tier: `wordhunt.common.txt` holds the common words.
        public var tierFiles: [String: String]
    }
    public struct Dawg: Codable, Sendable, Equatable {
        public var file: String
        public var formatVersion: Int
        public var bytes: Int
        public var words: Int
        public var nodes: Int
        public var edges: Int
    }
    public var source: Source
    public var curation: Curation
    public var lists: [String: List]
    public var dawg: Dawg
}

public enum WordsBuild {
    /// Reads the sources, applies the rules and curation, and writes every output atomically.
    public static func run(_ config: WordsBuildConfiguration) -> WordsBuildReport {
        var diags = config.source.validate()
        guard diags.errorCount == 0 else { return WordsBuildReport(diagnostics: diags, summary: [], badOptions: true) }
        // The output folder is forge's or nothing, and never part of a bundle (only forge build's swap changes one).
        let out: String
        do throws(OutputError) {
            out = try OutputFolder.claim(config.outputDirectory, marker: .wordsCounts, insideBundleRefused: true)
        } catch {
            var refused = WordsBuildReport(diagnostics: error.diagnostics, summary: [])
            refused.writeOutcome = error.outcome
            return refused
        }
        let clock = ContinuousClock()
        let started = clock.now
        func step(_ what: String) {
            guard let progress = config.progress else { return }
            let d = clock.now - started
            progress(String(format: "[%5.1fs] ", Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18) + what)
        }
        step("reading SCOWL lists in \(config.source.scowlDirectory)")
        let (files, readDiags) = WordsSourceReader.read(lists: config.source.wordLists, in: config.source.scowlDirectory, maxLevel: config.source.maxLevel)
        diags += readDiags
        let (deny, allow, curDiags) = WordsSourceReader.curation(in: config.source.curationDirectory)
        diags += curDiags
        guard diags.errorCount == 0 else { return WordsBuildReport(diagnostics: diags, summary: []) }

        step("applying the word rule to \(files.reduce(0) { $0 + $1.entries.count }) entries")
        let source = WordList(entries: files.lazy.flatMap(\.entries), maxLevel: config.source.maxLevel)
        let (list, denyReport) = source.curated(deny: deny.map(\.word), allow: allow)
        let sourceWords = Set(source.words.map(\.word))
        let finalWords = Set(list.words.map(\.word))

        do throws(OutputError) {
            try OutputFile.createFolder(out)
        } catch {
            return WordsBuildReport(diagnostics: diags + [Diagnostic(WordsCode.cannotWriteOutput, error.description)], summary: [])
        }
        let topTier = Tier(level: config.source.maxLevel) ?? .full
        let tiers = Tier.allCases.filter { $0 <= topTier }
        var lists: [String: WordsCounts.List] = [:]
        var summary: [String] = []
        var dawgBytes: [UInt8] = []
        do {
            step("writing word lists to \(out)")
            for spec in WordsListSpec.all {
                let words = list.words.filter { spec.holds($0.word) }
                let file = "\(spec.name).txt"
                try WordsFileWriter.write(words.map { $0.word + "\n" }.joined(), to: out + "/" + file)
                var byTier: [String: Int] = [:]
                for t in tiers { byTier[t.name] = words.count(where: { $0.tier == t }) }
                var tierFiles: [String: String] = [:]
                for t in tiers where t < topTier {
                    let name = "\(spec.name).\(t.name).txt"
                    tierFiles[t.name] = name
                    try WordsFileWriter.write(words.filter { $0.tier <= t }.map { $0.word + "\n" }.joined(), to: out + "/" + name)
                }
                lists[spec.name] = WordsCounts.List(
                    file: file, minLength: spec.minLength, maxLength: words.map(\.word.utf8.count).max() ?? 0,
                    total: words.count, byTier: byTier, tierFiles: tierFiles)
                summary.append("\(file): \(words.count) words (" + tiers.map { "\($0.name) \(byTier[$0.name] ?? 0)" }.joined(separator: ", ") + ")")
            }
            step("building words.dawg from \(list.words.count) words")
            dawgBytes = try DAWGEncoder.encode(list.words)
            try WordsFileWriter.write(dawgBytes, to: out + "/words.dawg")
        } catch {
            return WordsBuildReport(diagnostics: diags + [Diagnostic(WordsCode.cannotWriteOutput, "cannot write to \(out): \(error)")], summary: [])
        }
        let dict: WordDictionary
        do {
            dict = try WordDictionary(data: Data(dawgBytes))
        } catch {
            return WordsBuildReport(diagnostics: diags + [Diagnostic(WordsCode.writtenDictionaryDoesNotOpen, "the written words.dawg does not open: \(error)")], summary: [])
        }
        var dropped: [String: Int] = [:]
        for (r, n) in source.rejected { dropped[r.rawValue] = n }
        let counts = WordsCounts(
            source: .init(region: config.source.region, maxLevel: config.source.maxLevel, files: files.map(\.name), dropped: dropped),
            curation: .init(
                denyEntries: deny.count, allowEntries: allow.count,
                denied: sourceWords.subtracting(finalWords).count, lemmasThatRemoved: denyReport.removed.count,
                rescued: denyReport.rescued.values.reduce(0) { $0 + $1.count },
                added: finalWords.subtracting(sourceWords).count),
            lists: lists,
            dawg: .init(file: "words.dawg", formatVersion: Int(DAWGFormat.version), bytes: dawgBytes.count,
                        words: dict.wordCount, nodes: dict.nodeCount, edges: dict.edgeCount))
        do {
            let enc = JSONEncoder()
            enc.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            try WordsFileWriter.write(Array(enc.encode(counts)) + [10], to: out + "/counts.json")
        } catch {
            return WordsBuildReport(diagnostics: diags + [Diagnostic(WordsCode.cannotWriteOutput, "cannot write counts.json: \(error)")], summary: [])
        }
        step("done")
        summary.append("words.dawg: \(dawgBytes.count) bytes, \(dict.nodeCount) states, \(dict.edgeCount) edges")
        summary.append(
            "deny.txt: \(deny.count) lemmas removed \(counts.curation.denied) source words (\(counts.curation.lemmasThatRemoved) lemmas reached a word; "
                + "allow.txt kept \(counts.curation.rescued) of their forms, added \(counts.curation.added)); --deny-report lists them per lemma")
        var report = WordsBuildReport(diagnostics: diags, summary: summary, counts: counts, denyReport: denyReport)
        report.denyLemmas = deny.map(\.word)
        return report
    }
}
