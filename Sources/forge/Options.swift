// Options: the option groups commands share (engine, report format) and the one way a report is printed.
// The rule (docs/cli.md): `--format` is always the report's format (text|json|github: diagnostics and summary);
// a command that also writes data picks the data's format with `--output-format`.
import ArgumentParser
import Diagnostics
import Foundation
import Pipeline
import UCIEngine

/// The engine options of every command that runs Stockfish (validate, build, regenerate, analyze, annotate).
struct EngineOptions: ParsableArguments {
    @Option(help: "The UCI engine executable (default: $FORGE_ENGINE, stockfish on PATH, /usr/games/stockfish).")
    var engine: String?

    @Option(help: "Node limit per position (default: $FORGE_NODES, else \(AnalysisProfile.defaultNodes)).")
    var nodes: Int?

    @Option(help: "Engines run in parallel (default: one per core).")
    var jobs: Int?

    @Flag(help: "Neither read nor write the engine's result cache.")
    var noCache = false

    @Option(help: "The result cache file (default: $FORGE_CACHE, else $XDG_CACHE_HOME/contentforge/analysis.sqlite, else ~/.cache/contentforge/analysis.sqlite).")
    var cache: String?

    @Option(help: ArgumentHelp("The committed engine-result store's folder, read before the cache (default: openings/engine; for build, the engine folder of --openings; for validate, of the first folder checked).",
                               valueName: "folder"))
    var engineStore: String?

    @Flag(help: "Do not read an engine-result store: neither the sources' own (openings/engine) nor the one forge ships.")
    var noEngineStore = false

    func validate() throws {
        if noEngineStore, engineStore != nil { throw ValidationError("--no-engine-store and --engine-store FOLDER exclude each other") }
        if let nodes, nodes < 1 { throw ValidationError("--nodes must be at least 1, found \(nodes)") }
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1, found \(jobs)") }
        if noCache, cache != nil { throw ValidationError("--no-cache and --cache PATH exclude each other") }
        if nodes == nil, let env = ProcessInfo.processInfo.environment["FORGE_NODES"], Int(env).map({ $0 >= 1 }) != true {
            throw ValidationError("FORGE_NODES must be a whole number ≥ 1, found \"\(env)\"")
        }
    }

    /// The node limit: --nodes, else $FORGE_NODES, else the default.
    var nodeLimit: Int {
        nodes ?? ProcessInfo.processInfo.environment["FORGE_NODES"].flatMap(Int.init) ?? AnalysisProfile.defaultNodes
    }

    /// The engine configuration these options describe, with MultiPV `multiPV` (the build's 3 by default);
    /// with a shard and no --cache, the shard's own cache file.
    /// The engine store: --engine-store, else `openings` + `/engine` (the opening sources' folder the command reads);
    /// after it, the store forge ships, where forge finds its data (`--no-engine-store`: neither).
    func configuration(multiPV: Int = 3, shard: AnalysisShard? = nil, verbose: Bool = false, openings: String = "openings") -> EngineConfiguration {
        let defaultCache = shard.map(EngineConfiguration.defaultCachePath(for:)) ?? EngineConfiguration.defaultCachePath
        return EngineConfiguration(enginePath: engine, jobs: jobs, profile: AnalysisProfile(nodes: nodeLimit, multiPV: multiPV),
                                   cacheDirectory: nil, cachePath: noCache ? nil : cache ?? defaultCache, verbose: verbose,
                                   storeDirectory: noEngineStore ? nil : engineStore ?? EngineConfiguration.storeDirectory(besideOpenings: openings),
                                   sharedStoreDirectory: noEngineStore ? nil : ForgeData.locate(EngineConfiguration.sharedStoreFolder).path)
    }

    var configuration: EngineConfiguration { configuration() }
}

/// The inputs of every command that reads source files (pgn2fen, fen2pgn, classify, annotate, analyze): files, folders
/// (every file of the command's kinds under them, sorted), and `-` for standard input, the default. The kinds a
/// command reads are in its description.
struct InputOptions: ParsableArguments {
    @Argument(help: ArgumentHelp("Files, folders of them (their files of this command's kinds, sorted), - for standard input (the default).",
                                 valueName: "input"))
    var inputs: [String] = []

    /// The inputs, each folder replaced by its files ending in one of `extensions`; standard input when none was given.
    /// A file in a folder that links out of it (IO105) is refused before anything is read: its diagnostics are
    /// printed and the command ends with 66 (an input that cannot be opened).
    func paths(extensions: [String]) throws -> [String] {
        let expanded = InputPaths.expand(inputs.isEmpty ? ["-"] : inputs, extensions: extensions)
        if !expanded.refused.isEmpty {
            for d in expanded.refused { printError(d.text) }
            try ExitCodes.exit(.noInput)
        }
        return expanded.paths
    }
}

/// How a report (diagnostics and summary) is printed.
enum ReportFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
    /// `file:line:col: severity[CODE]: message` lines and the command's summary lines.
    case text
    /// One JSON object: `command`, `diagnostics`, `summary`, `outcome`, `exitStatus`.
    case json
    /// GitHub Actions annotations (`::error file=…,line=…::…`) and the summary lines.
    case github
}

/// `--names`: the name list's folder, the same for every command that reads it; without it, where `ForgeData` finds
/// forge's data.
struct NameListOption: ParsableArguments {
    @Option(help: ArgumentHelp("The name list's folder (lichess's chess-openings, a.tsv … e.tsv). Default: data/chess-openings "
                               + "under $FORGE_SHARE, this folder or a parent, or an installed forge's share/contentforge.",
                               valueName: "folder"))
    var names: String?

    var path: String { ForgeData.resolve(explicit: names, default: NameListFiles.defaultDirectory) }
}

/// The report options of every command.
struct ReportOptions: ParsableArguments {
    @Option(help: "How diagnostics and the summary are printed: text, json (one object with diagnostics and summary) or github (GitHub Actions annotations).")
    var format: ReportFormat = .text

    @Flag(help: "No progress: neither the bar on a terminal nor the line every 30 s in a log.")
    var quiet = false

    /// Long work's progress on standard error: none with --quiet or --format json, else a bar on a terminal and a
    /// line every 30 s in a log.
    var progress: ProgressStyle { ProgressStyle.forStandardError(quiet: quiet || format == .json) }

    /// A diagnostic as this format prints it line by line (nil for json, printed whole at the end).
    func line(_ d: Diagnostic) -> String? {
        switch format {
        case .text: d.text
        case .github: d.githubAnnotation
        case .json: nil
        }
    }
}

/// Where text and github diagnostics go (validate: standard output, its diagnostics are its output; the others:
/// standard error). The json object goes to standard output, or to standard error when standard output carries
/// data (FEN, PGN, analysis lines, words, perft counts).
enum ReportStream {
    case standardOutput, standardError

    func write(_ text: String) {
        Console.write(text.hasSuffix("\n") ? text : text + "\n", to: self == .standardOutput ? .output : .error)
    }
}

/// The `--format json` object.
struct JSONReport<Summary: Encodable>: Encodable {
    var command: String
    var diagnostics: [Diagnostic]
    var summary: Summary
    var outcome: CommandOutcome
    var exitStatus: Int32
}

extension ReportOptions {
    /// Prints `report` and ends the command with its outcome's exit status (the one place forge picks it).
    /// text and github: the diagnostics on `stream` (unless `streamed`: already printed as they came), then
    /// `summary` prints the command's summary lines. json: one object instead of both, on standard output, or on
    /// standard error when `dataOnStandardOutput`.
    func finish<R: CommandReport>(_ report: R, command: String, stream: ReportStream = .standardError,
                                  dataOnStandardOutput: Bool = false, streamed: Bool = false, summary: () -> Void = {}) throws {
        // Nobody reads any more (`| head`): no report, no summary, the status of a tool killed by SIGPIPE.
        if report.outcome == .closedPipe { try ExitCodes.exit(.closedPipe) }
        switch format {
        case .text, .github:
            // A few screens, never a flood: at most 100 per file and 1,000 per run, then "… and N more" (the status
            // and the summary count them all).
            if !streamed { for d in DiagnosticLimits().capped(report.diagnostics) { if let l = line(d) { stream.write(l) } } }
            summary()
        case .json:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            let object = JSONReport(command: command, diagnostics: report.diagnostics, summary: report.typedSummary,
                                    outcome: report.outcome, exitStatus: ExitCodes.status(report.outcome))
            let data = (try? encoder.encode(object)) ?? Data("{}".utf8)
            (dataOnStandardOutput ? ReportStream.standardError : .standardOutput).write(String(decoding: data, as: UTF8.self))
        }
        try ExitCodes.exit(report.outcome)
    }
}
