// forge validate: every check on every opening source; file:line:col diagnostics; exit 1 on any error.
import ArgumentParser
import Diagnostics
import Foundation
import Openings
import Pipeline

struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check every opening source and FEN file: syntax, legality, canonical text, library rules, engine.",
        discussion: ExitCodes.help([.inputErrors, .engineUnavailable], notes: [.inputErrors: "errors (or warnings with --strict)"]))

    @Argument(help: "Files or folders to check.")
    var paths: [String] = ["openings"]

    @OptionGroup var report: ReportOptions

    @Flag(help: "Treat warnings as errors.")
    var strict = false

    @Flag(help: "Skip the engine checks.")
    var noEngine = false

    @Flag(help: "Of the engine checks, only the learner moves' (VAL220/VAL221), searching only what they need: the deep check (make validate-deep).")
    var learnerMovesOnly = false

    @Flag(help: "List every check with its code and severity, and exit.")
    var listChecks = false

    @Option(help: "A learner move losing more centipawns than this is an error.")
    var errorCentipawns = 100

    @Option(help: "A learner move losing more centipawns than this is a warning.")
    var warningCentipawns = 60

    @OptionGroup var engineOptions: EngineOptions

    @OptionGroup var nameList: NameListOption

    @Flag(help: "Skip the name checks (NAM1xx).")
    var noNames = false

    /// The opening sources' folder whose engine store (`FOLDER/engine`) validate reads, as `forge build --openings FOLDER`
    /// does: the first path that is a folder, else `openings`.
    static func sourcesFolder(of paths: [String]) -> String {
        paths.first(where: EngineConfiguration.isExistingDirectory) ?? "openings"
    }

    func run() throws {
        if listChecks {
            printLine(DiagnosticCatalogue.listing)
            return
        }
        var config = ValidateConfiguration(
            paths: paths, engine: noEngine ? nil : engineOptions.configuration(openings: Self.sourcesFolder(of: paths)),
            thresholds: EngineThresholds(errorCentipawns: errorCentipawns, warningCentipawns: warningCentipawns),
            progress: report.progress, namesPath: noNames ? nil : nameList.path, learnerMovesOnly: learnerMovesOnly)
        config.strict = strict
        let result = Validate.run(config)
        // The diagnostics are validate's output: standard output.
        try report.finish(result, command: "validate", stream: .standardOutput) {
            guard !result.engineFailed else { return }
            var summary = result.summary
            if !noEngine { summary += " (engine: \(result.searched) searched, \(result.cached) from cache)" }
            printLine(summary)
            if result.content.openings > 0 { printLine("content: " + result.content.summary) }
        }
    }
}
