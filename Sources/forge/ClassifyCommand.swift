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
            line, ply, eco, name, epd; with --variations one per variation too (line 1, 2, …). \
            Exit status: 0 ok; 1 a game had an error or the name list is bad; 64 bad usage; 66 an input is missing; \
            73 the output cannot be written.
            """)

    @Argument(help: "PGN files; - for standard input (the default).")
    var files: [String] = []

    @Option(help: "pgn, text or jsonl.")
    var format: ClassifyConfiguration.Format = .pgn

    @Option(name: .shortAndLong, help: "Write to FILE (through a temporary file renamed into place).")
    var output: String?

    @Flag(help: "Rewrite each PGN file itself (pgn format only).")
    var inPlace = false

    @Flag(help: "Also name the end of every variation (text and jsonl).")
    var variations = false

    @Option(help: "The name list's folder (lichess's chess-openings, a.tsv … e.tsv).")
    var names = "data/chess-openings"

    @Flag(help: "Print diagnostics as GitHub Actions annotations.")
    var githubAnnotations = false

    func run() throws {
        for f in files where f != "-" && !FileManager.default.fileExists(atPath: f) {
            printError("error: no such file: \(f)")
            throw ExitCode(66)
        }
        let config = ClassifyConfiguration(inputs: files, namesPath: names, format: format, outputPath: output,
                                           inPlace: inPlace, variations: variations)
        let report: ClassifyReport
        do { report = try Classify.run(config) } catch {
            printError("error: \(error.message)")
            throw ExitCode(error.kind == .usage ? 64 : 73)
        }
        for d in report.diagnostics { printError(githubAnnotations ? d.githubAnnotation : d.text) }
        if output != nil || inPlace { printError(report.summary) }
        if report.failed { throw ExitCode.failure }
    }
}
