// forge analyze: engine analysis of every position of FEN files and PGN mainlines, as text or jsonl.
import ArgumentParser
import Foundation
import Pipeline
import UCIEngine

struct AnalyzeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "analyze",
        abstract: "Analyse every position of FEN files and PGN mainlines with Stockfish (deterministic, cached in data/cache/).",
        discussion: """
            The engine is --engine PATH, else $FORGE_ENGINE, else `stockfish` on PATH, else /usr/games/stockfish.
            Exit status: 0 all analysed; 1 bad input or a position failed; 69 no usable engine.
            """)

    @Argument(help: "FEN files (one FEN per line; blank lines are skipped) and *.pgn files (every mainline position of every game).")
    var files: [String]

    @Option(help: "Node limit per position.")
    var nodes: Int = AnalysisProfile.defaultNodes

    @Option(help: "Number of top moves (MultiPV).")
    var multipv: Int = AnalysisProfile.defaultMultiPV

    @Option(help: "The UCI engine executable.")
    var engine: String?

    @Option(help: "Engines run in parallel (default: one per core).")
    var jobs: Int?

    @Option(help: "Output format: text or jsonl.")
    var format: String = "text"

    @Flag(help: "Neither read nor write the result cache.")
    var noCache = false

    @Flag(help: "Report engine lines that were ignored.")
    var verbose = false

    @Flag(help: "At the end, print counts, wall time and the engines' own search time on standard error.")
    var stats = false

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("give at least one FEN or PGN file") }
        guard nodes >= 1 else { throw ValidationError("--nodes must be at least 1, found \(nodes)") }
        guard (1...500).contains(multipv) else { throw ValidationError("--multipv must be between 1 and 500, found \(multipv)") }
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1, found \(jobs)") }
        guard AnalysisOutputFormat(rawValue: format) != nil else { throw ValidationError("--format must be text or jsonl, found \(format)") }
    }

    func run() throws {
        let config = AnalyzeConfiguration(
            files: files,
            engine: EngineConfiguration(
                enginePath: engine, jobs: jobs, profile: AnalysisProfile(nodes: nodes, multiPV: multipv),
                cacheDirectory: noCache ? nil : EngineConfiguration.defaultCacheDirectory, verbose: verbose),
            format: AnalysisOutputFormat(rawValue: format) ?? .text,
            showProgress: isatty(2) == 1)
        let report = runAnalyze(config, output: { line in
            // SIGPIPE is ignored (for the engines' pipes), so a closed stdout (`| head`) shows up as a
            // write error: stop like a pipe-killed tool would; the exit handler kills the engines.
            do {
                try FileHandle.standardOutput.write(contentsOf: Data((line.hasSuffix("\n") ? line : line + "\n").utf8))
            } catch {
                Foundation.exit(141)
            }
        }, progress: { text in
            try? FileHandle.standardError.write(contentsOf: Data(text.utf8))
        })
        for d in report.diagnostics { printError(d.text) }
        if stats { printError("forge analyze: " + report.statistics) }
        if report.exitCode != 0 { throw ExitCode(report.exitCode) }
    }
}
