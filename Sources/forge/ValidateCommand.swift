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
        discussion: "Exit status: 0 no errors; 1 errors (or warnings with --strict); 69 no usable engine.")

    @Argument(help: "Files or folders to check.")
    var paths: [String] = ["openings"]

    @Option(help: "Output: text, json or github (Actions annotations).")
    var format: OutputFormat = .text

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

    @Option(help: "The name list's folder (lichess's chess-openings) the authored names are checked against (NAM1xx).")
    var names = "data/chess-openings"

    @Flag(help: "Skip the name checks (NAM1xx).")
    var noNames = false

    func run() throws {
        if listChecks {
            print(DiagnosticCatalogue.listing)
            return
        }
        let config = ValidateConfiguration(
            paths: paths, engine: noEngine ? nil : engineOptions.configuration,
            thresholds: EngineThresholds(errorCentipawns: errorCentipawns, warningCentipawns: warningCentipawns),
            showProgress: isatty(2) == 1 && format != .json, namesPath: noNames ? nil : names, learnerMovesOnly: learnerMovesOnly)
        let report: ValidationReport
        do { report = try Validate.run(config) } catch {
            printError(error.text)
            throw ExitCode(engineUnavailable)
        }
        var diagnostics = report.diagnostics
        if strict { diagnostics = diagnostics.map { d in var d = d; if d.severity == .warning { d.severity = .error }; return d } }
        print(format.render(diagnostics), terminator: "")
        if format != .json {
            var summary = report.summary
            if !noEngine { summary += " (engine: \(report.searched) searched, \(report.cached) from cache)" }
            print(summary)
            if report.content.openings > 0 { print("content: " + report.content.summary) }
        }
        if diagnostics.errorCount > 0 { throw ExitCode.failure }
    }
}

/// How diagnostics are printed.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json, github

    func render(_ ds: [Diagnostic]) -> String {
        switch self {
        case .text:
            return ds.map { $0.text + "\n" }.joined()
        case .github:
            return ds.map { $0.githubAnnotation + "\n" }.joined()
        case .json:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            let data = (try? encoder.encode(ds)) ?? Data("[]".utf8)
            return String(decoding: data, as: UTF8.self) + "\n"
        }
    }
}
