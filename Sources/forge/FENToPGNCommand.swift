// FENToPGNCommand: `forge fen2pgn` — FEN sequences back to PGN games with canonical SAN.
import ArgumentParser
import ChessPGN
import Diagnostics
import Pipeline

struct FENToPGNCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fen2pgn",
        abstract: "Turn each FEN sequence (sequences separated by a blank line) into a PGN game.",
        discussion: """
            Consecutive positions must be joined by exactly one legal move, with the counters it gives. \
            Reads FEN, EPD and pgn2fen's jsonl lines (*.fen, *.epd, *.jsonl in a folder). Errors name the line of the FEN file (docs/errors.md).

            """ + ExitCodes.help([.inputErrors, .noInput, .cannotCreate, .ioError], notes: [.inputErrors: "a sequence had an error"])
    )

    @OptionGroup var input: InputOptions

    @Option(name: .customLong("tag"), help: "A tag for every game, as Name=Value (repeatable).")
    var tags: [String] = []

    @Option(name: .shortAndLong, help: "Write to FILE (never an input; through a temporary file renamed into place; docs/errors.md).")
    var output: String?

    @OptionGroup var report: ReportOptions

    func parsedTags() throws -> [PGNTag] {
        try tags.map { t in
            guard let eq = t.firstIndex(of: "="), eq != t.startIndex else {
                throw ValidationError("--tag \(t): expected Name=Value")
            }
            let name = String(t[..<eq])
            guard name.utf8.allSatisfy({ ($0 >= 48 && $0 <= 57) || ($0 >= 65 && $0 <= 90) || ($0 >= 97 && $0 <= 122) || $0 == 95 }) else {
                throw ValidationError("--tag \(t): a tag name has only letters, digits and _")
            }
            guard !FENSequenceConverter.derivedTags.contains(name) else {
                throw ValidationError("--tag \(t): \(name) is written from each sequence's first position; a given one would contradict the moves")
            }
            return PGNTag(name: name, value: String(t[t.index(after: eq)...]))
        }
    }

    func validate() throws { _ = try parsedTags() }

    func run() throws {
        let config = FENToPGNConfiguration(inputs: try input.paths(extensions: ["fen", "epd", "jsonl"]), tags: try parsedTags(), outputPath: output)
        let result = Convert.fenToPGN(config) { d in
            if let line = report.line(d) { printError(line) }
        }
        try report.finish(result, command: "fen2pgn", dataOnStandardOutput: true, streamed: true)
    }
}
