// forge perft: leaf-node counts of the legal move tree, the move generator's standard test.
import ArgumentParser
import Pipeline

struct PerftCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "perft",
        abstract: "Count the leaf nodes DEPTH plies deep (the last line is always the total).")

    @Option(help: "Start from this FEN instead of the initial position.")
    var fen: String?

    @Flag(help: "Print one `uci-move: nodes` line per legal move first.")
    var divide = false

    @Argument(help: "Depth in plies (0-12).")
    var depth: Int

    func validate() throws {
        guard (0...12).contains(depth) else { throw ValidationError("DEPTH must be between 0 and 12, found \(depth)") }
    }

    func run() throws {
        do {
            let report = try runPerft(fen: fen, depth: depth, divide: divide)
            for line in report.lines { print(line) }
            print(report.total)
        } catch {
            printError(error.text)
            throw ExitCode.failure
        }
    }
}
