// EngineFailure: every way asking the engine about a position can fail, with a stable UCI1xx code.

import Diagnostics

/// Why an engine could not be started or could not analyse a position.
public indirect enum EngineFailure: Error, Hashable, Sendable {
    /// No engine at any of the places searched.
    case notFound(searched: [String])
    /// The executable exists but could not be started (not executable, …).
    case launchFailed(path: String, reason: String)
    /// The engine's output ended (it exited, crashed or was killed) while waiting for `awaiting`.
    case died(status: ProcessStatus?, awaiting: String)
    /// No answer to `command` within the watchdog's limit; the engine was killed.
    case hung(command: String, seconds: Double)
    /// The engine broke the protocol (a bestmove that is not legal, a missing handshake reply…).
    case protocolViolation(String)
    /// An option the engine did not declare, or a value it does not accept.
    case unsupportedOption(name: String, reason: String)
    /// The position was refused before it reached the engine.
    case invalidPosition(fen: String, reason: String)
    /// Every attempt failed; `last` is the last failure.
    case gaveUp(attempts: Int, last: EngineFailure)

    /// Stable code for diagnostics.
    public var code: DiagnosticCode {
        switch self {
        case .notFound: EngineCode.notFound
        case .launchFailed: EngineCode.launchFailed
        case .died: EngineCode.died
        case .hung: EngineCode.hung
        case .protocolViolation: EngineCode.protocolViolation
        case .unsupportedOption: EngineCode.unsupportedOption
        case .invalidPosition: EngineCode.invalidPosition
        case .gaveUp: EngineCode.gaveUp
        }
    }

    /// True when restarting the engine and asking again may help.
    public var isRetryable: Bool {
        switch self {
        case .died, .hung, .protocolViolation: true
        default: false
        }
    }

    /// A sentence for a person.
    public var message: String {
        switch self {
        case .notFound(let searched):
            return "no UCI engine found (looked at: \(searched.joined(separator: ", "))); install stockfish or pass --engine PATH"
        case .launchFailed(let path, let reason):
            return "cannot start engine \(path): \(reason)"
        case .died(let status, let awaiting):
            let how = status.map { " (\($0.description))" } ?? ""
            return "engine died\(how) while waiting for \(awaiting)"
        case .hung(let command, let seconds):
            return "engine did not answer \"\(command)\" within \(Self.format(seconds)) s; killed"
        case .protocolViolation(let what):
            return "engine broke the UCI protocol: \(what)"
        case .unsupportedOption(let name, let reason):
            return "option \(name): \(reason)"
        case .invalidPosition(let fen, let reason):
            return "position not sent to the engine: \(reason) in \(fen)"
        case .gaveUp(let attempts, let last):
            return "gave up after \(attempts) attempt\(attempts == 1 ? "" : "s"): \(last.message)"
        }
    }

    static func format(_ s: Double) -> String {
        let tenths = Int((s * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}

/// How an engine process ended.
public enum ProcessStatus: Hashable, Sendable, CustomStringConvertible {
    case exited(Int32)
    case signaled(Int32)

    public var description: String {
        switch self {
        case .exited(let c): "exit status \(c)"
        case .signaled(let s): "killed by signal \(s)\(s == 9 ? " (SIGKILL)" : s == 11 ? " (SIGSEGV)" : "")"
        }
    }
}
