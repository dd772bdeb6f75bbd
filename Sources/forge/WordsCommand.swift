// WordsCommand: `forge words build|lookup|solve` — parse arguments, call one Pipeline function, print the report.
import ArgumentParser
import Diagnostics
import Foundation
import Pipeline
import Words

struct WordsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "words",
        abstract: "Word dictionaries: build them from SCOWL, look words up, solve word games.",
        discussion: ExitCodes.help([.inputErrors, .noInput]),
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
    @Option(help: "The directory holding deny.txt and allow.txt (default: data/words where forge finds its data).")
    var curation: String?

    var options: WordsSourceOptions {
        WordsSourceOptions(scowlDirectory: scowl, region: region, maxLevel: maxLevel, curationDirectory: ForgeData.resolve(explicit: curation, default: WordsSourceOptions.curationFolder))
    }
}

/// The data format of `lookup` and `solve` (`--output-format`).
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

struct WordsBuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build", abstract: "Build word lists, words.dawg and counts.json from SCOWL.",
        discussion: ExitCodes.help([.inputErrors, .cannotCreate], notes: [.usage: "bad usage, an unknown --region or --max-level included"]))
    @OptionGroup var source: WordsSourceArguments
    @Option(help: "The output folder: a new or empty one, or one a words build wrote (never inside the bundle: forge build puts the dictionaries there).")
    var out: String = WordsBuildConfiguration.defaultOutputDirectory
    @Flag(help: "Print, per deny.txt lemma, the source words it removed and the forms allow.txt kept.")
    var denyReport = false
    @OptionGroup var report: ReportOptions

    func run() throws {
        var progress: (@Sendable (String) -> Void)?
        if report.progress != .off {  // its stage lines, on a terminal or in a log; not with --quiet
            progress = { @Sendable line in try? StandardStream.error.write(line + "\n") }
        }
        let result = WordsBuild.run(WordsBuildConfiguration(source: source.options, outputDirectory: out, progress: progress))
        try report.finish(result, command: "words build") {
            guard result.diagnostics.errorCount == 0 else { return }
            for line in result.summary { printLine(line) }
            if denyReport { for line in result.denyReportLines(lemmas: result.denyLemmas) { printLine(line) } }
        }
    }
}

struct WordsLookupCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lookup",
        abstract: "A word's tier in words.dawg and which games play it; with the SCOWL lists at hand, why a word is missing (exit 1 when it is not a word).",
        discussion: ExitCodes.help([.inputErrors, .noInput], notes: [.inputErrors: "not a word, or an error", .noInput: "no words.dawg found"]))
    @Option(help: ArgumentHelp("The dictionary (default: $FORGE_BUNDLE/words/words.dawg, else data/bundle/words/words.dawg in this or a parent directory).", valueName: "file"))
    var dawg: String?
    @OptionGroup var source: WordsSourceArguments
    @Option(help: "The answer's format: text or json.")
    var outputFormat: WordsOutputFormat = .text
    @OptionGroup var report: ReportOptions
    @Argument(help: "The word.")
    var word: String

    func run() throws {
        let result = WordsLookup.run(WordsLookupConfiguration(word: word, dawgPath: dawg, source: source.options, json: outputFormat == .json))
        if result.diagnostics.errorCount == 0 { printLine(result.output) }
        try report.finish(result, command: "words lookup", dataOnStandardOutput: true)
    }
}

/// Options shared by the three solvers.
struct WordsSolveArguments: ParsableArguments {
    @Option(help: ArgumentHelp("The dictionary (default: $FORGE_BUNDLE/words/words.dawg, else data/bundle/words/words.dawg in this or a parent directory, or above the forge executable).", valueName: "file"))
    var dawg: String?
    @Option(help: ArgumentHelp("Words of this tier or more common; words beyond the default (standard) are marked *.", valueName: "tier"))
    var tier: Tier?
    @Option(help: "The words' format: text or json.")
    var outputFormat: WordsOutputFormat = .text
    @OptionGroup var report: ReportOptions

    func solve(_ game: WordGame, _ input: [String], qu: Bool = false) throws {
        let result = WordsSolve.run(WordsSolveConfiguration(game: game, input: input, dawgPath: dawg, quTile: qu, maxTier: tier,
                                                            json: outputFormat == .json))
        if !result.output.isEmpty { printLine(result.output) }
        try report.finish(result, command: "words solve", dataOnStandardOutput: true)
    }

    /// The solvers' exit statuses.
    static let exitCodes = ExitCodes.help([.inputErrors, .noInput], notes: [.usage: "bad usage, a bad grid, rack or tile included",
                                                                            .noInput: "no words.dawg found"])
}

struct WordsSolveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "solve", abstract: "Solve a word game with words.dawg.",
        discussion: WordsSolveArguments.exitCodes,
        subcommands: [WordHunt.self, Anagrams.self, WordBites.self])

    struct WordHunt: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "wordhunt",
            abstract: "Every word of a 4×4 grid with its path (cells 0–15, row by row), by score (100, 400, 800, 1400, 1800, 2200, +400 a letter).",
            discussion: WordsSolveArguments.exitCodes)
        @OptionGroup var common: WordsSolveArguments
        @Flag(help: "Treat q as the one tile qu (it counts two letters).")
        var qu = false
        @Argument(help: "16 letters, row by row: one argument (oatrihpshtnrenei, oatr/ihps/htnr/enei) or one per row (oatr ihps htnr enei).")
        var grid: [String]
        func run() throws { try common.solve(.wordHunt, grid, qu: qu) }
    }

    struct Anagrams: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "anagrams",
            abstract: "Every word from a rack of 6 or 7 letters, each letter once, by score (100, 400, 1200, 2000, 3000 for 3–7 letters).",
            discussion: WordsSolveArguments.exitCodes)
        @OptionGroup var common: WordsSolveArguments
        @Argument(help: "The rack: 6 or 7 letters, e.g. tarsine.")
        var letters: [String]
        func run() throws { try common.solve(.anagrams, letters) }
    }

    struct WordBites: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "wordbites",
            abstract: "Every word across (≤ 8 letters) or down (≤ 9) from the tiles, with the tiles used, by score (Word Hunt's table).",
            discussion: WordsSolveArguments.exitCodes)
        @OptionGroup var common: WordsSolveArguments
        @Argument(help: "The tiles: a letter (t), a two-letter tile lying across (h:er) or standing down (v:in), e.g. t r a h:er v:in g.")
        var tiles: [String]
        func run() throws { try common.solve(.wordBites, tiles) }
    }
}
