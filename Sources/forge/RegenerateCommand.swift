// forge regenerate: rewrite FEN files from their sources (engine-verified); --check fails instead of writing.
import ArgumentParser
import Foundation
import Pipeline

struct RegenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "regenerate",
        abstract: "Rewrite each .fen file canonically from its PGN source (or from its own moves), verified by Stockfish.",
        discussion: ExitCodes.help([.inputErrors, .engineUnavailable, .cannotCreate, .ioError],
                                   notes: [.inputErrors: "errors, or with --check anything that would change",
                                           .cannotCreate: "a .fen file cannot be created, or is (a link to) one of the sources"]))

    @Argument(help: "Files or folders.")
    var paths: [String] = ["openings"]

    @Flag(help: "Write nothing; exit 1 when any file would change.")
    var check = false

    @Flag(help: "Skip the engine check that every position loads.")
    var noEngine = false

    @OptionGroup var engineOptions: EngineOptions

    @OptionGroup var report: ReportOptions

    func run() throws {
        let result = Regenerate.run(RegenerateConfiguration(paths: paths, check: check,
                                                            engine: noEngine ? nil : engineOptions.configuration,
                                                            progress: report.progress))
        try report.finish(result, command: "regenerate") {
            guard !result.engineFailed else { return }
            let verb = check ? "would be " : ""
            for c in result.changes { printLine("\(verb)\(c.kind.rawValue) \(c.path): \(c.detail)") }
            printLine("\(result.changes.count) \(check ? "would change" : "changed"), \(result.unchanged) unchanged")
        }
    }
}
