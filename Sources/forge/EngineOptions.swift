// EngineOptions: the engine options shared by validate, regenerate, build and annotate.
import ArgumentParser
import Foundation
import Pipeline
import UCIEngine

struct EngineOptions: ParsableArguments {
    @Option(help: "The UCI engine executable (default: $FORGE_ENGINE, stockfish on PATH, /usr/games/stockfish).")
    var engine: String?

    @Option(help: "Node limit per position (default: $FORGE_NODES, else \(AnalysisProfile.defaultNodes)).")
    var nodes: Int?

    @Option(help: "Engines run in parallel (default: one per core).")
    var jobs: Int?

    @Flag(help: "Neither read nor write the engine's result cache.")
    var noCache = false

    @Option(help: "The result cache file (default: $FORGE_CACHE, else $XDG_CACHE_HOME/contentforge/analysis.sqlite, else ~/.cache/contentforge/analysis.sqlite).")
    var cache: String?

    func validate() throws {
        if let nodes, nodes < 1 { throw ValidationError("--nodes must be at least 1, found \(nodes)") }
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1, found \(jobs)") }
        if noCache, cache != nil { throw ValidationError("--no-cache and --cache PATH exclude each other") }
        if nodes == nil, let env = ProcessInfo.processInfo.environment["FORGE_NODES"], Int(env).map({ $0 >= 1 }) != true {
            throw ValidationError("FORGE_NODES must be a whole number ≥ 1, found \"\(env)\"")
        }
    }

    /// The engine configuration these options describe, with the build profile (MultiPV 3).
    var configuration: EngineConfiguration {
        let n = nodes ?? ProcessInfo.processInfo.environment["FORGE_NODES"].flatMap(Int.init) ?? AnalysisProfile.defaultNodes
        return EngineConfiguration(enginePath: engine, jobs: jobs, profile: AnalysisProfile(nodes: n, multiPV: 3),
                                   cacheDirectory: nil, cachePath: noCache ? nil : cache ?? EngineConfiguration.defaultCachePath)
    }
}

/// The exit status for a run that could not start its engine (EX_UNAVAILABLE).
let engineUnavailable: Int32 = 69
