// EngineLocator: finds the engine: --engine PATH, then FORGE_ENGINE, then `stockfish` on PATH, then /usr/games/stockfish.
import Foundation

/// Where the engine comes from.
public enum EngineLocator {
    public static let fallbackPath = "/usr/games/stockfish"

    /// The first engine found, in this order: `explicitPath` (from `--engine`), else `FORGE_ENGINE` (either: a
    /// name without `/` is looked up on `PATH`; otherwise returned as given, even if missing, so the launch
    /// reports the exact problem), `stockfish` in
    /// each `PATH` directory, `/usr/games/stockfish`. Throws `.notFound` listing what was tried.
    public static func locate(
        explicitPath: String?, environment: [String: String] = ProcessInfo.processInfo.environment,
        fallback: String = EngineLocator.fallbackPath
    ) throws(EngineFailure) -> String {
        // `--engine`, else `FORGE_ENGINE`: one rule for both (a bare name is looked up on PATH, as a shell would).
        if let named = [explicitPath, environment["FORGE_ENGINE"]].compactMap({ $0 }).first(where: { !$0.isEmpty }) {
            guard !named.contains("/") else { return named }
            let fm = FileManager.default
            for dir in (environment["PATH"] ?? "").split(separator: ":") where !dir.isEmpty {
                let candidate = dir.hasSuffix("/") ? "\(dir)\(named)" : "\(dir)/\(named)"
                if fm.isExecutableFile(atPath: candidate) { return candidate }
            }
            return named
        }
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
