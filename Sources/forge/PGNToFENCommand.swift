// PGNToFENCommand: `forge pgn2fen` — the FEN after every ply of every game.
import ArgumentParser
import ChessPGN
import Diagnostics
import Foundation
import Pipeline

extension FENExportOptions.Format: ExpressibleByArgument {}

struct PGNToFENCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pgn2fen",
        abstract: "Print the FEN after every ply of every game's main line.",
        discussion: """
            Games are separated by one blank line. A game with an error prints the positions up to \
            the error and the error on standard error (docs/errors.md).

            """ + ExitCodes.help([.inputErrors, .noInput, .cannotCreate, .ioError], notes: [.inputErrors: "a game had an error"])
    )

    @OptionGroup var input: InputOptions

    @Flag(help: "Also print the starting position first.")
    var start = false

    @Option(help: "fen, epd (the first four FEN fields) or jsonl (one object per ply: game, ply, san, uci, fen).")
    var outputFormat: FENExportOptions.Format = .fen

    @Flag(help: "Also print every variation as its own sequence, from the position where it branches.")
    var variations = false

    @Option(help: "Only game N (1-based, counted over all inputs).")
    var game: Int?

    @Option(name: .shortAndLong, help: "Write to FILE (never an input; through a temporary file renamed into place; docs/errors.md).")
    var output: String?

    @OptionGroup var report: ReportOptions

    func validate() throws {
        if let g = game, g < 1 { throw ValidationError("--game counts from 1") }
    }

    func run() throws {
        let config = PGNToFENConfiguration(
            inputs: try input.paths(extensions: ["pgn"]),
            options: FENExportOptions(format: outputFormat, includeStart: start, variations: variations, game: game),
            outputPath: output, progress: report.progress)
        let result = Convert.pgnToFEN(config, report: { d in
            guard let line = report.line(d) else { return }
            if config.progress == .bar { writeError("\r\u{1B}[2K") }  // the message replaces the progress line
            printError(line)
        }, progress: { text in
            writeError(text)
        })
        try report.finish(result, command: "pgn2fen", dataOnStandardOutput: true, streamed: true)
    }
}
