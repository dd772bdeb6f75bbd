// ExitCodes: the one table from a Pipeline outcome to forge's exit status, and the help text made from it.
import ArgumentParser
import Pipeline

enum ExitCodes {
    /// Every exit status forge uses, in the order help pages list them (sysexits for the non-zero ones but 1).
    static let table: [(outcome: CommandOutcome, status: Int32, meaning: String)] = [
        (.ok, 0, "done, no errors"),
        (.inputErrors, 1, "errors in the input (all reported)"),
        (.usage, 64, "bad usage: an unknown option, a bad argument value, options that exclude each other"),
        (.noInput, 66, "an input does not exist or cannot be opened"),
        (.engineUnavailable, 69, "no engine could be started"),
        (.cannotCreate, 73, "an output cannot be created (or would replace an input)"),
        (.ioError, 74, "reading or writing failed part way"),
        (.closedPipe, 141, "the reader of standard output went away (| head): forge stops quietly"),
    ]

    /// The exit status of an outcome.
    static func status(_ outcome: CommandOutcome) -> Int32 {
        table.first { $0.outcome == outcome }?.status ?? 1
    }

    /// The help page's "Exit status" section for a command that can end in `outcomes`; `.ok`, `.usage`
    /// (argument parsing) and `.closedPipe` (every command prints through `Console`) are always listed. `notes` say more about one outcome.
    static func help(_ outcomes: [CommandOutcome], notes: [CommandOutcome: String] = [:]) -> String {
        let shown = Set(outcomes + [.ok, .usage, .closedPipe])
        let lines = table.filter { shown.contains($0.outcome) }.map { row in
            "  \(String(row.status).padding(toLength: 4, withPad: " ", startingAt: 0))\(notes[row.outcome] ?? row.meaning)"
        }
        return "Exit status:\n" + lines.joined(separator: "\n")
    }

    /// Ends the command with the outcome's status (returns for `.ok`).
    static func exit(_ outcome: CommandOutcome) throws {
        let s = status(outcome)
        if s != 0 { throw ExitCode(s) }
    }
}
