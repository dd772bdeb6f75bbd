// EngineEvent: what the engine layer reports while it works (ignored lines, restarts), for the caller to log.

/// Something worth telling the user that is not a result: the caller decides how to show it.
public enum EngineEvent: Hashable, Sendable {
    /// A line the client does not know; ignored.
    case unknownLine(String)
    /// A line with a known keyword that could not be read; ignored.
    case malformedLine(String, reason: String)
    /// The engine failed (`failure`) and was killed; it is restarted and `fen` is tried again
    /// (attempt `attempt` of `of`).
    case restart(after: EngineFailure, fen: String, attempt: Int, of: Int)
}

/// Where events go. Called from engine threads; must be thread-safe.
public typealias EngineLog = @Sendable (EngineEvent) -> Void
