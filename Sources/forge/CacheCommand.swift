// forge cache: merge shard caches into one (checked), and say what a cache holds.
import ArgumentParser
import Foundation
import Pipeline

struct CacheCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cache",
        abstract: "Merge the result caches of sharded analysis runs, and show what a cache holds.",
        subcommands: [CacheMergeCommand.self, CacheStatsCommand.self])
}

struct CacheMergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Merge result caches (the shard caches of one run) into one.",
        discussion: """
            Every input must hold results of one engine and one profile; two different results for one position
            are a conflict. Then nothing is written. Merging is idempotent and the order of the inputs does not matter.
            Exit status: 0 merged; 1 inputs rejected (CCH102, CCH103); 64 bad usage; 66 an input missing; 73 output not writable.
            """)

    @Argument(help: "The caches to merge.")
    var inputs: [String]

    @Option(name: .shortAndLong, help: "The cache to merge into (created if missing).")
    var output: String

    func validate() throws {
        guard !inputs.isEmpty else { throw ValidationError("give at least one cache to merge") }
    }

    func run() throws {
        let report = CacheMerge.run(CacheMergeConfiguration(inputs: inputs, output: output))
        for d in report.diagnostics { printError(d.text) }
        for l in report.lines { print(l) }
        if report.exitCode != 0 { throw ExitCode(report.exitCode) }
    }
}

struct CacheStatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "How many results a cache holds, per engine and profile.",
        discussion: "Exit status: 0 read; 64 bad usage; 66 a cache missing or not a result cache.")

    @Argument(help: "Cache files (default: the default cache).")
    var caches: [String] = []

    func run() throws {
        let report = CacheStats.run(paths: caches.isEmpty ? [EngineConfiguration.defaultCachePath] : caches)
        for d in report.diagnostics { printError(d.text) }
        for l in report.lines { print(l) }
        if report.exitCode != 0 { throw ExitCode(report.exitCode) }
    }
}
