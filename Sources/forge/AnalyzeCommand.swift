// forge analyze: engine analysis of every position of FEN files and PGN mainlines, as text or jsonl.
import ArgumentParser
import Foundation
import Pipeline
import UCIEngine

struct AnalyzeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "analyze",
        abstract: "Analyse every position of FEN files and PGN mainlines with Stockfish (deterministic, cached).",
        discussion: """
            The engine is --engine PATH, else $FORGE_ENGINE, else `stockfish` on PATH, else /usr/games/stockfish.
            The cache is --cache PATH, else $FORGE_CACHE, else $XDG_CACHE_HOME/contentforge/analysis.sqlite, else
            ~/.cache/contentforge/analysis.sqlite; with --shard K/N and no --cache, analysis.shard-K-of-N.sqlite beside it.
            A bad input file or line is reported and the good positions are analysed all the same.
            Exit status: 0 all analysed; 1 bad input or a position failed; 64 bad usage; 69 no usable engine.
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

    @Option(help: "The result cache file (see below for the default).")
    var cache: String?

    @Option(help: "Analyse only shard K of N (positions split by their Polyglot key), e.g. 2/4.")
    var shard: String?

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
        if let shard { do { _ = try AnalysisShard(parsing: shard) } catch { throw ValidationError(error.description) } }
        if noCache, cache != nil { throw ValidationError("--no-cache and --cache PATH exclude each other") }
    }

    func run() throws {
        let shard = shard.flatMap { try? AnalysisShard(parsing: $0) }
        let cachePath = noCache ? nil : cache ?? shard.map(EngineConfiguration.defaultCachePath(for:)) ?? EngineConfiguration.defaultCachePath
        let config = AnalyzeConfiguration(
            files: files,
            engine: EngineConfiguration(
                enginePath: engine, jobs: jobs, profile: AnalysisProfile(nodes: nodes, multiPV: multipv),
                cacheDirectory: nil, cachePath: cachePath, verbose: verbose),
            format: AnalysisOutputFormat(rawValue: format) ?? .text,
            showProgress: isatty(2) == 1, shard: shard)
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
