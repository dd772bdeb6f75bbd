// forge bundle-bench: times the bundle writer, the app's queries and SHA-256 on a synthetic bundle.
import ArgumentParser
import Pipeline

struct BundleBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bundle-bench",
        abstract: "Write a synthetic openings.sqlite, query it as the app does, hash it; print the timings.",
        shouldDisplay: false)

    @Option(help: "Positions in the synthetic bundle (each with 2 moves and 3 analysis lines).")
    var positions = 20_000

    @Option(help: "Rounds of the three app queries (children, position by FEN, analysis).")
    var queries = 3_000

    @Option(help: "Directory to write openings.sqlite into (must exist).")
    var out: String

    func validate() throws {
        guard positions >= 3 else { throw ValidationError("--positions must be at least 3, found \(positions)") }
        guard queries >= 0 else { throw ValidationError("--queries must not be negative, found \(queries)") }
    }

    func run() throws {
        do {
            for line in try runBundleBenchmark(positions: positions, queries: queries, directory: out).lines {
                print(line)
            }
        } catch {
            printError(error.text)
            throw ExitCode.failure
        }
    }
}
