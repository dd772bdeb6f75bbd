// WordsCommand: `forge words build|lookup|solve|bench` — parse arguments, call one Pipeline function, print, pick the exit code.
import ArgumentParser
import Diagnostics
import Foundation
import Pipeline
import Words

struct WordsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "words",
        abstract: "Word dictionaries: build them from SCOWL, look words up, solve word games.",
        subcommands: [WordsBuildCommand.self, WordsLookupCommand.self, WordsSolveCommand.self]
    )
}

/// The source options shared by `build` and `lookup`.
struct WordsSourceArguments: ParsableArguments {
    @Option(help: "The SCOWL directory (Debian's scowl package).")
    var scowl: String = "/usr/share/dict/scowl"
    @Option(help: "american, british, canadian or australian.")
    var region: String = "american"
    @Option(help: "The largest SCOWL size level read (10–95; 95 is mostly not words).")
    var maxLevel: Int = 80
    @Option(help: "The directory holding deny.txt and allow.txt.")
    var curation: String = "data/words"

    var options: WordsSourceOptions {
        WordsSourceOptions(scowlDirectory: scowl, region: region, maxLevel: maxLevel, curationDirectory: curation)
    }
}

enum WordsOutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}

extension Tier: ExpressibleByArgument {
    public init?(argument: String) { self.init(name: argument.lowercased()) }
    /// The names, not the raw values 1–5 (which `--tier` does not take).
    public static var allValueStrings: [String] { allCases.map(\.name) }
    public var defaultValueDescription: String { name }
    public static var allValueDescriptions: [String: String] {
        [
            "common": "SCOWL levels 10–35", "standard": "SCOWL 40–50 and more common (the default)",
            "extended": "SCOWL ≤ 70", "full": "SCOWL ≤ 80", "insane": "SCOWL 95, only in a --max-level 95 build",
        ]
    }
}

/// Prints diagnostics to stderr (as GitHub annotations under GitHub Actions).
func printWordsDiagnostics(_ diagnostics: [Diagnostic]) {
    let github = ProcessInfo.processInfo.environment["GITHUB_ACTIONS"] == "true"
    for d in diagnostics {
        FileHandle.standardError.write(Data(((github ? d.githubAnnotation : d.text) + "\n").utf8))
    }
}

struct WordsBuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build", abstract: "Build word lists, words.dawg and counts.json from SCOWL.")
    @OptionGroup var source: WordsSourceArguments
    @Option(help: "The output directory.")
    var out: String = "data/bundle/words"
    @Flag(help: "Print, per deny.txt lemma, the source words it removed and the forms allow.txt kept.")
    var denyReport = false

    func run() throws {
        var progress: (@Sendable (String) -> Void)?
        if isatty(2) != 0 {
            progress = { @Sendable line in FileHandle.standardError.write(Data((line + "\n").utf8)) }
        }
        let report = WordsBuild.run(WordsBuildConfiguration(source: source.options, outputDirectory: out, progress: progress))
        printWordsDiagnostics(report.diagnostics)
        if report.diagnostics.errorCount > 0 {
            let usage = report.diagnostics.contains { ["WRD313", "WRD314"].contains($0.code) }
            throw ExitCode(usage ? 64 : 1)
        }
        for line in report.summary { print(line) }
        if denyReport { for line in report.denyReportLines(lemmas: report.denyLemmas) { print(line) } }
    }
}

struct WordsLookupCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lookup",
        abstract: "A word's tier in words.dawg and which games play it; with the SCOWL lists at hand, why a word is missing (exit 1 when it is not a word).")
    @Option(help: ArgumentHelp("The dictionary (default: $FORGE_BUNDLE/words/words.dawg, else data/bundle/words/words.dawg in this or a parent directory).", valueName: "file"))
    var dawg: String?
    @OptionGroup var source: WordsSourceArguments
    @Option(help: "text or json.")
    var format: WordsOutputFormat = .text
    @Argument(help: "The word.")
    var word: String

    func run() throws {
        let report = WordsLookup.run(WordsLookupConfiguration(word: word, dawgPath: dawg, source: source.options, json: format == .json))
        printWordsDiagnostics(report.diagnostics)
        if report.missingDictionary { throw ExitCode(66) }
        if report.diagnostics.errorCount > 0 {
            let usage = report.diagnostics.contains { ["WRD313", "WRD314", "WRD321"].contains($0.code) }
            throw ExitCode(usage ? 64 : 1)
        }
        print(report.output)
        if !report.isWord { throw ExitCode(1) }
    }
}

/// Options shared by the three solvers.
struct WordsSolveArguments: ParsableArguments {
    @Option(help: ArgumentHelp("The dictionary (default: $FORGE_BUNDLE/words/words.dawg, else data/bundle/words/words.dawg in this or a parent directory, or above the forge executable).", valueName: "file"))
    var dawg: String?
    @Option(help: ArgumentHelp("Words of this tier or more common; words beyond the default (standard) are marked *.", valueName: "tier"))
    var tier: Tier?
    @Option(help: "text or json.")
    var format: WordsOutputFormat = .text

    func solve(_ game: WordsGame, qu: Bool = false) throws {
        let report = WordsSolve.run(WordsSolveConfiguration(game: game, dawgPath: dawg, quTile: qu, maxTier: tier, json: format == .json))
        printWordsDiagnostics(report.diagnostics)
        if report.badInput { throw ExitCode(64) }
        if report.missingDictionary { throw ExitCode(66) }
        if report.diagnostics.errorCount > 0 { throw ExitCode(1) }
        if !report.output.isEmpty { print(report.output) }
    }
}

struct WordsSolveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "solve", abstract: "Solve a word game with words.dawg.",
        subcommands: [WordHunt.self, Anagrams.self, WordBites.self])

    struct WordHunt: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "wordhunt",
            abstract: "Every word of a 4×4 grid with its path (cells 0–15, row by row), by score (100, 400, 800, 1400, 1800, 2200, +400 a letter).")
        @OptionGroup var common: WordsSolveArguments
        @Flag(help: "Treat q as the one tile qu (it counts two letters).")
        var qu = false
        @Argument(help: "16 letters, row by row: one argument (oatrihpshtnrenei, oatr/ihps/htnr/enei) or one per row (oatr ihps htnr enei).")
        var grid: [String]
        func run() throws { try common.solve(.wordHunt(grid), qu: qu) }
    }

    struct Anagrams: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "anagrams",
            abstract: "Every word from a rack of 6 or 7 letters, each letter once, by score (100, 400, 1200, 2000, 3000 for 3–7 letters).")
        @OptionGroup var common: WordsSolveArguments
        @Argument(help: "The rack: 6 or 7 letters, e.g. tarsine.")
        var letters: [String]
        func run() throws { try common.solve(.anagrams(letters.joined())) }
    }

    struct WordBites: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "wordbites",
            abstract: "Every word across (≤ 8 letters) or down (≤ 9) from the tiles, with the tiles used, by score (Word Hunt's table).")
        @OptionGroup var common: WordsSolveArguments
        @Argument(help: "The tiles: a letter (t), a two-letter tile lying across (h:er) or standing down (v:in), e.g. t r a h:er v:in g.")
        var tiles: [String]
        func run() throws { try common.solve(.wordBites(tiles)) }
    }
}
