// EngineLocator: finds the engine: --engine PATH, then FORGE_ENGINE, then `stockfish` on PATH, then /usr/games/stockfish.
import Foundation

/// Where the engine comes from.
public enum EngineLocator {
    public static let fallbackPath = "/usr/games/stockfish"

    /// The first engine found, in this order: `explicitPath` (from `--engine`; a name without `/`
    /// is looked up on `PATH`; otherwise returned as given, even if missing, so the launch reports
    /// the exact problem), `FORGE_ENGINE`, `stockfish` in
    /// each `PATH` directory, `/usr/games/stockfish`. Throws `.notFound` listing what was tried.
    public static func locate(
        explicitPath: String?, environment: [String: String] = ProcessInfo.processInfo.environment,
        fallback: String = EngineLocator.fallbackPath
    ) throws(EngineFailure) -> String {
        if let explicitPath, !explicitPath.isEmpty {
            // A bare name (`--engine stockfish`) is looked up on PATH, as a shell would.
            guard !explicitPath.contains("/") else { return explicitPath }
            let fm = FileManager.default
            for dir in (environment["PATH"] ?? "").split(separator: ":") where !dir.isEmpty {
                let candidate = dir.hasSuffix("/") ? "\(dir)\(explicitPath)" : "\(dir)/\(explicitPath)"
                if fm.isExecutableFile(atPath: candidate) { return candidate }
            }
            return explicitPath
        }
        if let fromEnvironment = environment["FORGE_ENGINE"], !fromEnvironment.isEmpty { return fromEnvironment }
        var tried: [String] = []
        let fm = FileManager.default
        for dir in (environment["PATH"] ?? "").split(separator: ":") where !dir.isEmpty {
            let candidate = dir.hasSuffix("/") ? "\(dir)stockfish" : "\(dir)/stockfish"
            tried.append(candidate)
            if fm.isExecutableFile(atPath: candidate) { return candidate }
        }
        tried.append(fallback)
        if fm.isExecutableFile(atPath: fallback) { return fallback }
        throw .notFound(searched: ["--engine", "FORGE_ENGINE"] + tried)
    }
}
