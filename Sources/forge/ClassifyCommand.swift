// ClassifyCommand: `forge classify` — name every game by the deepest named position of its main line.
import ArgumentParser
import Foundation
import Pipeline

extension ClassifyConfiguration.Format: ExpressibleByArgument {}

struct ClassifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "classify",
        abstract: "Name every game by the deepest position of its main line that lichess's opening list names.",
        discussion: """
            pgn (default) writes the games with ECO and Opening tags set (Variation and SubVariation tags removed; \
            a game with no named position is copied unchanged). text and jsonl write one record per game: game, \
            line, ply, eco, name, epd; with --variations one per variation too (line 1, 2, …).

            """ + ExitCodes.help([.inputErrors, .noInput, .cannotCreate],
                                 notes: [.inputErrors: "a game had an error or the name list is bad"]))

    @OptionGroup var input: InputOptions

    @Option(help: "pgn, text or jsonl.")
    var outputFormat: ClassifyConfiguration.Format = .pgn

    @Option(name: .shortAndLong, help: "Write to FILE (through a temporary file renamed into place).")
    var output: String?

    @Flag(help: "Rewrite each PGN file itself (pgn output only).")
    var inPlace = false

    @Flag(help: "Also name the end of every variation (text and jsonl).")
    var variations = false

    @OptionGroup var nameList: NameListOption

    @OptionGroup var report: ReportOptions

    var config: ClassifyConfiguration {
        get throws {
            try ClassifyConfiguration(inputs: input.paths(extensions: ["pgn"]), namesPath: nameList.path, format: outputFormat, outputPath: output,
                                  inPlace: inPlace, variations: variations)
        }
    }

    func validate() throws {
        if let problem = try config.usageProblem { throw ValidationError(problem) }
    }

    func run() throws {
        let result = Classify.run(try config)
        if let stopped = result.stopped, stopped.kind == .usage { printError("error: \(stopped.message)") }
        try report.finish(result, command: "classify", dataOnStandardOutput: output == nil && !inPlace) {
            if output != nil || inPlace { printError(result.summary) }
        }
    }
}
