// ForgeVersion: what `forge --version` says — the tool's version, the bundle schema it writes, the engine it would use.
import BundleStore
import UCIEngine

public enum ForgeVersion {
    /// The tool's version. A change here is a change of the build's inputs: bundles are rebuilt.
    public static let version = "0.5.0"

    /// `forge 0.5.0`, the schema, and the engine `--engine`/`FORGE_ENGINE`/`PATH` would pick.
    public static func text(environment: [String: String]) -> String {
        let engine: String
        do {
            engine = try EngineLocator.locate(explicitPath: nil, environment: environment)
        } catch {
            engine = "none found (install stockfish, or set FORGE_ENGINE)"
        }
        return """
            forge \(version)
            bundle schema: \(BundleSchema.version)
            engine: \(engine)
            """
    }
}
