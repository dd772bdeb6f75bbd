// EngineCodes: the catalogue of the engine's codes (UCI1xx: starting it, talking to it, its inputs and cache).
import Diagnostics

/// The codes of `EngineFailure` and of the analysis around it. docs/engine.md has the table.
public enum EngineCode {
    public static let notFound = DiagnosticCode("UCI101", .error, "no engine at any of the places searched")
    public static let launchFailed = DiagnosticCode("UCI102", .error, "the engine exists but cannot be started")
    public static let died = DiagnosticCode("UCI103", .error, "the engine exited or crashed while it was being asked")
    public static let hung = DiagnosticCode("UCI104", .error, "the engine did not answer within the watchdog's limit and was killed")
    public static let protocolViolation = DiagnosticCode("UCI105", .error, "the engine broke the UCI protocol")
    public static let unsupportedOption = DiagnosticCode("UCI106", .error, "an option the engine does not declare or a value it refuses")
    public static let invalidPosition = DiagnosticCode("UCI107", .error, "a position refused before it reached the engine")
    public static let gaveUp = DiagnosticCode("UCI108", .error, "every attempt at a position failed")
    public static let ignoredLines = DiagnosticCode("UCI109", .warning, "the engine sent lines that cannot be read; they are ignored")
    public static let unreadableInput = DiagnosticCode("UCI110", .error, "an input of analyze that cannot be read")
    public static let inputNotUTF8 = DiagnosticCode("UCI111", .error, "an input of analyze that is not UTF-8 text")
    public static let cacheUnavailable = DiagnosticCode("UCI120", .warning, "the result cache cannot be used; the analysis goes on without it")
    public static let jobsCapped = DiagnosticCode("UCI121", .warning, "--jobs asked for more engines than there are cores; one engine per core is started")

    /// Every code above, in number order; `DiagnosticCatalogue` (Pipeline) joins the modules' lists.
    public static let all: [DiagnosticCode] = [
        notFound, launchFailed, died, hung, protocolViolation, unsupportedOption, invalidPosition, gaveUp,
        ignoredLines, unreadableInput, inputNotUTF8, cacheUnavailable, jobsCapped,
    ]
}
