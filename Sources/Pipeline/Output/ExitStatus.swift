// ExitStatus: the exit codes forge uses (sysexits for usage, input and I/O), in one place; docs/errors.md lists them.

/// forge's exit statuses. Commands pick one at the end; nothing else is used.
public enum ExitStatus {
    public static let ok: Int32 = 0
    /// Errors in the input (diagnostics were printed).
    public static let inputErrors: Int32 = 1
    /// `EX_USAGE`: the command line is wrong.
    public static let usage: Int32 = 64
    /// `EX_NOINPUT`: an input file does not exist or cannot be opened, and nothing else was asked.
    public static let noInput: Int32 = 66
    /// `EX_UNAVAILABLE`: no engine could be started.
    public static let engineUnavailable: Int32 = 69
    /// `EX_CANTCREAT`: an output cannot be created (or would replace an input).
    public static let cannotCreate: Int32 = 73
    /// `EX_IOERR`: writing an output failed.
    public static let ioError: Int32 = 74
}
