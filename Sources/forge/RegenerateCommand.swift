// forge regenerate: rewrite FEN files from their sources (engine-verified); --check fails instead of writing.
import ArgumentParser
import Foundation
import Pipeline

struct RegenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "regenerate",
        abstract: "Rewrite each .fen file canonically from its PGN source (or from its own moves), verified by Stockfish.",
        discussion: "Exit status: 0 nothing wrong; 1 errors, or with --check anything that would change; 69 no usable engine.")

    @Argument(help: "Files or folders.")
    var paths: [String] = ["openings"]

    @Flag(help: "Write nothing; exit 1 when any file would change.")
    var check = false

    @Flag(help: "Skip the engine check that every position loads.")
    var noEngine = false

    @OptionGroup var engineOptions: EngineOptions

    func run() throws {
        let report: RegenerateReport
        do {
            report = try Regenerate.run(RegenerateConfiguration(paths: paths, check: check,
                                                                engine: noEngine ? nil : engineOptions.configuration,
                                                                showProgress: isatty(2) == 1))
        } catch {
            printError(error.text)
            throw ExitCode(engineUnavailable)
        }
        for d in report.diagnostics { printError(d.text) }
        let verb = check ? "would be " : ""
        for c in report.changes { print("\(verb)\(c.kind.rawValue) \(c.path): \(c.detail)") }
        print("\(report.changes.count) \(check ? "would change" : "changed"), \(report.unchanged) unchanged")
        if report.failed { throw ExitCode.failure }
    }
}
