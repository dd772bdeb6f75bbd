// CommandOutcome and CommandReport: the one shape every forge command's Pipeline entry returns.
// forge alone maps an outcome to an exit status (Sources/forge/ExitCodes.swift); docs/cli.md.
import Diagnostics

/// How a command ended. Pipeline says what happened; forge picks the exit status from it.
/// The cases are ordered by precedence: when several apply, the largest wins (`worst(_:)`).
public enum CommandOutcome: String, Sendable, Codable, CaseIterable, Comparable {
    /// Done; nothing wrong.
    case ok
    /// Errors in the input (reported as diagnostics).
    case inputErrors
    /// An input does not exist or cannot be opened.
    case noInput
    /// The command line asks for something that cannot be done.
    case usage
    /// No engine could be started.
    case engineUnavailable
    /// An output cannot be created (or would replace an input).
    case cannotCreate
    /// Reading or writing failed part way.
    case ioError
    /// Standard output (or an output pipe) lost its reader (`forge … | head`): the command stopped there, and ends
    /// quietly as a tool killed by SIGPIPE would. Last: once nobody reads, nothing else is reported.
    case closedPipe

    public static func < (a: CommandOutcome, b: CommandOutcome) -> Bool {
        allCases.firstIndex(of: a) ?? 0 < allCases.firstIndex(of: b) ?? 0
    }

    /// `.inputErrors` when the diagnostics hold an error, else `.ok`.
    public static func from(_ diagnostics: [Diagnostic]) -> CommandOutcome {
        diagnostics.errorCount > 0 ? .inputErrors : .ok
    }

    /// The weightier of two outcomes.
    public func worst(_ other: CommandOutcome) -> CommandOutcome { max(self, other) }
}

/// What every command's Pipeline entry returns: the diagnostics, a typed summary (encoded as the
/// `summary` object of `--format json`), and the outcome forge turns into the exit status.
public protocol CommandReport: Sendable {
    associatedtype Summary: Codable & Sendable & Equatable
    var diagnostics: [Diagnostic] { get }
    var outcome: CommandOutcome { get }
    var typedSummary: Summary { get }
}
