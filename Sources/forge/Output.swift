// Output: how forge writes to its standard streams — every line through StandardStream, a failed write ends the command.
import Foundation
import Pipeline

/// forge's printing. A write that fails ends the process: quietly with 141 on a closed pipe (as a tool killed by
/// SIGPIPE; SIGPIPE itself is ignored for the engines' pipes), else with a message on standard error (when that
/// still works) and exit 74 (`ioError`). Temporary files and engines are cleaned up at exit (`SignalCleanup`).
enum Console {
    /// Writes `text` to `stream` as it is.
    static func write(_ text: String, to stream: StandardStream) {
        do { try stream.write(text) } catch { fail(error) }
    }

    static func fail(_ error: StreamWriteError) -> Never {
        if !error.closedPipe && error.stream == .output { try? StandardStream.error.write("forge: \(error)\n") }
        exit(ExitCodes.status(error.closedPipe ? .closedPipe : .ioError))
    }
}

/// Writes a line to standard output (instead of `print`, which drops write errors).
func printLine(_ line: String) {
    Console.write(line + "\n", to: .output)
}

/// Writes a line to standard error.
func printError(_ line: String) {
    Console.write(line + "\n", to: .error)
}

/// Writes text to standard error as it is (progress lines: no newline).
func writeError(_ text: String) {
    Console.write(text, to: .error)
}
