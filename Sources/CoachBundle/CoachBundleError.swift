// CoachBundleError: why a CoachBundle question could not be answered, with a stable BND5xx code.
import BundleStore
import Diagnostics
import Explainer

/// A failure of the read API. An unknown position is not a failure (the answer is `nil`).
public enum CoachBundleError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The FEN given is not a legal position (`BND501`).
    case invalidFEN(String, reason: String)
    /// The bundle could not be opened or read (its own `BND4xx` code).
    case store(BundleError)
    /// A row the read API cannot read as its value (`BND502`): a score with neither centipawns nor mate, a note with a
    /// verdict it does not know. The answer is an error, never a made-up value.
    case damagedRow(table: String, key: String, reason: String)
    /// The app's engine could not search a position a live note needed (the problem's own code).
    case engine(EngineProblem)

    public var code: DiagnosticCode {
        switch self {
        case .invalidFEN: BundleCode.invalidFEN
        case .store(let e): e.code
        case .damagedRow: BundleCode.damagedRow
        case .engine(let problem): problem.code
        }
    }

    public var message: String {
        switch self {
        case let .invalidFEN(fen, reason): "\"\(fen)\" is not a legal position: \(reason)"
        case .store(let e): e.message
        case let .damagedRow(table, key, reason): "\(table) row \(key): \(reason)"
        case .engine(let problem): "the engine: \(problem.message)"
        }
    }

    public var description: String { "\(code): \(message)" }

    /// The failure as a diagnostic.
    public var diagnostic: Diagnostic { Diagnostic(code, message) }
}
