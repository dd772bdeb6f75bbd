// forge analyze: engine analysis of every position of FEN files and PGN mainlines, as text or jsonl.
import ArgumentParser
import Foundation
import Pipeline
import UCIEngine

extension AnalysisOutputFormat: ExpressibleByArgument {}

struct AnalyzeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "analyze",
        abstract: "Analyse every position of FEN files and PGN mainlines with Stockfish (deterministic, cached).",
        discussion: """
            The engine is --engine PATH, else $FORGE_ENGINE, else `stockfish` on PATH, else /usr/games/stockfish.
            The cache is --cache PATH, else $FORGE_CACHE, else $XDG_CACHE_HOME/contentforge/analysis.sqlite, else
            ~/.cache/contentforge/analysis.sqlite; with --shard K/N and no --cache, analysis.shard-K-of-N.sqlite beside it.
            Inputs: FEN files (one FEN per line; blank lines are skipped; - reads them from standard input) and *.pgn files
            (every mainline position of every game). A bad input file or line is reported and the good positions are analysed all the same.

            """ + ExitCodes.help([.inputErrors, .noInput, .engineUnavailable, .ioError], notes: [.ok: "all analysed", .inputErrors: "bad input or a position failed"]))

    @OptionGroup var input: InputOptions

    @Option(help: "Number of top moves (MultiPV).")
    var multipv: Int = AnalysisProfile.defaultMultiPV

    @OptionGroup var engineOptions: EngineOptions

    @Option(help: "The analysis lines' format: text or jsonl.")
    var outputFormat: AnalysisOutputFormat = .text

    @OptionGroup var report: ReportOptions

    @Option(help: "Analyse only shard K of N (positions split by their Polyglot key), e.g. 2/4.")
    var shard: String?

    @Flag(help: "Report engine lines that were ignored.")
    var verbose = false

    @Flag(help: "At the end, print counts, wall time and the engines' own search time on standard error.")
    var stats = false

    func validate() throws {
        guard (1...500).contains(multipv) else { throw ValidationError("--multipv must be between 1 and 500, found \(multipv)") }
        if let shard { do { _ = try AnalysisShard(parsing: shard) } catch { throw ValidationError(error.description) } }
    }

    func run() throws {
        let shard = shard.flatMap { try? AnalysisShard(parsing: $0) }
        let config = AnalyzeConfiguration(
            files: try input.paths(extensions: ["fen", "pgn"]),
            engine: engineOptions.configuration(multiPV: multipv, shard: shard, verbose: verbose),
            format: outputFormat,
            progress: report.progress, shard: shard)
        let result = runAnalyze(config, output: { line in
            // A closed stdout (`| head`) ends forge quietly (141), a full disk with exit 74 (Console); the exit
            // handler ends the engines.
            Console.write(line.hasSuffix("\n") ? line : line + "\n", to: .output)
        }, progress: { text in
            try? StandardStream.error.write(text)  // progress is decoration: a lost line is not an error
        })
        try report.finish(result, command: "analyze", dataOnStandardOutput: true) {
            if stats { printError("forge analyze: " + result.statistics) }
        }
    }
}
