// forge cache: merge shard caches into one (checked), say what a cache holds, write, check, verify and import the engine store.
import ArgumentParser
import Foundation
import Pipeline

struct CacheCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cache",
        abstract: "Merge the result caches of sharded analysis runs, and show what a cache holds.",
        discussion: ExitCodes.help([.inputErrors, .noInput, .cannotCreate]),
        subcommands: [CacheMergeCommand.self, CacheStatsCommand.self, CacheExportStoreCommand.self, CacheVerifyStoreCommand.self,
                      CacheImportStoreCommand.self])
}

struct CacheMergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Merge result caches (the shard caches of one run) into one.",
        discussion: """
            Every input must hold results of one engine and one profile; two different results for one position
            are a conflict. Then nothing is written. Merging is idempotent and the order of the inputs does not matter.

            """ + ExitCodes.help([.inputErrors, .noInput, .cannotCreate], notes: [.ok: "merged", .inputErrors: "inputs rejected (CCH102, CCH103)"]))

    @Argument(help: "The caches to merge.")
    var inputs: [String]

    @Option(name: .shortAndLong, help: "The cache to merge into (created if missing).")
    var output: String

    @OptionGroup var report: ReportOptions

    func validate() throws {
        guard !inputs.isEmpty else { throw ValidationError("give at least one cache to merge") }
    }

    func run() throws {
        let result = CacheMerge.run(CacheMergeConfiguration(inputs: inputs, output: output))
        try report.finish(result, command: "cache merge") {
            for l in result.lines { printLine(l) }
        }
    }
}

struct CacheStatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "How many results a cache holds, per engine and profile.",
        discussion: ExitCodes.help([.noInput], notes: [.noInput: "a cache missing or not a result cache"]))

    @Argument(help: "Cache files (default: the default cache).")
    var caches: [String] = []

    @OptionGroup var report: ReportOptions

    func run() throws {
        let result = CacheStats.run(paths: caches.isEmpty ? [EngineConfiguration.defaultCachePath] : caches)
        try report.finish(result, command: "cache stats") {
            for l in result.lines { printLine(l) }
        }
    }
}

struct CacheExportStoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export-store",
        abstract: "Write the committed engine store (openings/engine) from what a build asks: `make engine-store`.",
        discussion: """
            Asks the engine exactly what `forge build` asks (the filter of `forge build --shard`), from the store, the \
            cache (e.g. the merged cache of a sharded run) or the engine, and writes one file per engine and profile: \
            only the results the sources need, sorted, atomically; the same results give the same bytes. \
            With --check nothing is searched or written: exit 1 (CCH109) unless the committed store is exactly what \
            the sources need (a fresh clone's build then searches nothing). See docs/engine.md.

            """ + ExitCodes.help([.inputErrors, .engineUnavailable, .cannotCreate],
                                 notes: [.ok: "written, or up to date with --check", .inputErrors: "source errors, a damaged store line, or --check found a difference"]))

    @Option(help: "The opening sources.")
    var openings = "openings"

    @OptionGroup var nameList: NameListOption

    @Flag(help: "Search nothing, write nothing: fail unless the store is exactly what the sources need.")
    var check = false

    @OptionGroup var engineOptions: EngineOptions

    @OptionGroup var report: ReportOptions

    func validate() throws {
        if engineOptions.noEngineStore { throw ValidationError("export-store writes the engine store: it cannot run with --no-engine-store") }
    }

    func run() throws {
        let build = BuildConfiguration(openingsPath: openings, engine: engineOptions.configuration(openings: openings),
                                       progress: report.progress, nameListPath: nameList.path)
        let result = StoreExport.run(StoreExportConfiguration(build: build, check: check))
        try report.finish(result, command: "cache export-store") {
            for l in result.lines { printLine(l) }
        }
    }
}

struct CacheVerifyStoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify-store",
        abstract: "Search a seeded sample of the engine store again, and the positions given, and fail on any difference (CI).",
        discussion: """
            Each store file of the running engine: --sample lines drawn with --seed (CI passes the commit hash), plus the \
            lines of the positions in --positions FILE (one identity per line: the lines the last commit changed), searched \
            again with the file's profile, without cache; the line each result makes must equal the stored line byte for byte \
            (CCH110 shows both). Files of another engine are skipped.

            """ + ExitCodes.help([.inputErrors, .noInput, .engineUnavailable],
                                 notes: [.inputErrors: "a line differs or a store file is damaged", .noInput: "the --positions file cannot be read"]))

    @Option(help: "The store folder.")
    var engineStore = "openings/engine"

    @Option(help: "Lines drawn at random from each store file.")
    var sample = 20

    @Option(help: "The draw's seed (the same seed draws the same lines).")
    var seed = ""

    @Option(help: ArgumentHelp("A file of position identities (FEN fields 1-4), one a line, to search again besides the sample.", valueName: "file"))
    var positions: String?

    @Option(help: "The UCI engine executable (default: $FORGE_ENGINE, stockfish on PATH, /usr/games/stockfish).")
    var engine: String?

    @Option(help: "Engines run in parallel (default: one per core).")
    var jobs: Int?

    @OptionGroup var report: ReportOptions

    func validate() throws {
        if sample < 0 { throw ValidationError("--sample must be at least 0, found \(sample)") }
    }

    func run() throws {
        let result = StoreVerify.run(StoreVerifyConfiguration(storeDirectory: engineStore, sample: sample, seed: seed, positionsFile: positions,
                                                              engine: EngineConfiguration(enginePath: engine, jobs: jobs, cacheDirectory: nil)))
        try report.finish(result, command: "cache verify-store") {
            for l in result.lines { printLine(l) }
        }
    }
}

struct CacheImportStoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import-store",
        abstract: "Write an engine store's results into a result cache (warm a cache from a content repository's store).",
        discussion: """
            Every line of the store's files of the running engine is read and checked as a build reads it, then written \
            into the cache in one transaction under that engine's rows, so builds with --no-engine-store, or of other \
            sources that ask the same positions, are served from the cache. A damaged line (CCH107) is left out and the \
            run fails; a result the cache holds differently (CCH103) writes nothing. Files of another engine are skipped. \
            Importing twice adds nothing. See docs/engine.md.

            """ + ExitCodes.help([.inputErrors, .noInput, .engineUnavailable, .cannotCreate],
                                 notes: [.inputErrors: "a damaged store line or a conflict with the cache (CCH107, CCH103)",
                                         .noInput: "the store folder is missing (CCH112)"]))

    @Option(help: ArgumentHelp("The store folder read.", valueName: "folder"))
    var engineStore = "openings/engine"

    @Option(help: "The result cache written (default: $FORGE_CACHE, else $XDG_CACHE_HOME/contentforge/analysis.sqlite, else ~/.cache/contentforge/analysis.sqlite).")
    var cache: String?

    @Option(help: "The UCI engine executable (default: $FORGE_ENGINE, stockfish on PATH, /usr/games/stockfish).")
    var engine: String?

    @OptionGroup var report: ReportOptions

    func run() throws {
        let result = StoreImport.run(StoreImportConfiguration(storeDirectory: engineStore,
                                                              engine: EngineConfiguration(enginePath: engine, cacheDirectory: nil,
                                                                                          cachePath: cache ?? EngineConfiguration.defaultCachePath)))
        try report.finish(result, command: "cache import-store") {
            for l in result.lines { printLine(l) }
        }
    }
}
