// forge perft: leaf-node counts of the legal move tree, the move generator's standard test.
import ArgumentParser
import Pipeline

struct PerftCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "perft",
        abstract: "Count the leaf nodes DEPTH plies deep (the last line is always the total).",
        discussion: ExitCodes.help([], notes: [.usage: "bad usage, a bad --fen included"]))

    @Option(help: "Start from this FEN instead of the initial position.")
    var fen: String?

    @Flag(help: "Print one `uci-move: nodes` line per legal move first.")
    var divide = false

    @Argument(help: "Depth in plies (0-12).")
    var depth: Int

    @OptionGroup var report: ReportOptions

    func validate() throws {
        guard (0...12).contains(depth) else { throw ValidationError("DEPTH must be between 0 and 12, found \(depth)") }
    }

    func run() throws {
        let result = runPerft(PerftConfiguration(fen: fen, depth: depth, divide: divide))
        if result.outcome == .ok {
            for line in result.lines { printLine(line) }
            printLine(String(result.total))
        }
        try report.finish(result, command: "perft", dataOnStandardOutput: true)
    }
}
