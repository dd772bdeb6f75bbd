// forge-bench: the timing modes `make bench`'s scripts call (scripts/bench/bundle.sh, words.sh).
// Benchmark code lives here, not in Pipeline or forge: the product ships no timing code (docs/benchmarks.md).
import ArgumentParser
import Diagnostics
import Foundation

@main
struct ForgeBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "forge-bench",
        abstract: "Timing modes for scripts/bench/*.sh; measures the library targets the apps link.",
        subcommands: [BundleBench.self, WordsBenchCommand.self]
    )
}

/// Writes a line to standard error.
func printError(_ line: String) {
    try? FileHandle.standardError.write(contentsOf: Data((line + "\n").utf8))  // the throwing write: the other traps on EPIPE
}

struct BundleBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bundle",
        abstract: "Write a synthetic openings.sqlite, query it as the app does, hash it; print the timings (name=value lines).")

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

struct WordsBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "words",
        abstract: "Open words.dawg against building a trie from words.txt, and the three solvers' times.")

    @Option(help: "The dictionary to open.")
    var dawg: String = "data/bundle/words/words.dawg"
    @Option(help: "The plain word list to build the launch trie from.")
    var words: String = "data/bundle/words/words.txt"
    @Option(help: "Random boards, racks and tile sets per solver.")
    var boards: Int = 300
    @Option(help: "Seed of the boards.")
    var seed: UInt64 = 1

    func validate() throws {
        guard boards >= 1 else { throw ValidationError("--boards must be at least 1, found \(boards)") }
    }

    func run() throws {
        let report = WordsBench.run(WordsBenchConfiguration(dawgPath: dawg, wordsPath: words, boards: boards, seed: seed))
        for d in report.diagnostics { printError(d.text) }
        if report.diagnostics.errorCount > 0 { throw ExitCode(1) }
        for line in report.lines { print(line) }
    }
}
