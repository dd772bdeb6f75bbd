// DiagnosticLog: where a run collects its diagnostics — every one counted, only the shown ones kept, so a flood costs a count, not memory.
import ChessPGN
import Diagnostics

/// How many errors and warnings a run found, the ones not kept included.
public struct DiagnosticCounts: Sendable, Hashable {
    public var errors = 0
    public var warnings = 0

    public init(errors: Int = 0, warnings: Int = 0) {
        self.errors = errors
        self.warnings = warnings
    }
}

/// The diagnostics of a run as they are collected: at most `limits.perFile` of each file and `limits.total` in all are
/// kept (the ones a person is shown, `DiagnosticLimits.capped`), the others are only counted. A million bad lines
/// (validate, annotate, classify) keep a thousand diagnostics and a count.
///
/// `diagnostics` ends with one PGN903 note per file over its limit and one for the run over its limit; a note is an
/// error when an error was among the diagnostics it stands for, so `CommandOutcome.from(diagnostics)` is the outcome of
/// the whole list. `counts` are the whole list's.
///
/// ```swift
/// var log = DiagnosticLog()
/// log += tree.diagnostics
/// let report = Report(diagnostics: log.diagnostics, counts: log.counts)
/// ```
public struct DiagnosticLog: Sendable {
    public let limits: DiagnosticLimits
    /// Every error and warning appended.
    public private(set) var counts = DiagnosticCounts()
    private var kept: [Diagnostic] = []
    /// Per file (by its location's name; "" without one): how many are kept, how many were not, whether an error was not.
    private var files: [String: (kept: Int, hidden: Int, hiddenError: Bool)] = [:]
    /// Files in the order they first reported (the notes' order).
    private var fileOrder: [String] = []
    private var hiddenByTotal = 0
    private var hiddenErrorByTotal = false

    public init(limits: DiagnosticLimits = DiagnosticLimits()) {
        self.limits = limits
    }

    /// Counts `d`, and keeps it unless its file or the run has reached its limit.
    public mutating func append(_ d: Diagnostic) {
        switch d.severity {
        case .error: counts.errors += 1
        case .warning: counts.warnings += 1
        case .note: break
        }
        let file = d.location?.file ?? ""
        var f = files[file] ?? {
            fileOrder.append(file)
            return (0, 0, false)
        }()
        if f.kept >= limits.perFile {
            f.hidden += 1
            f.hiddenError = f.hiddenError || d.severity == .error
        } else if kept.count >= limits.total {
            hiddenByTotal += 1
            hiddenErrorByTotal = hiddenErrorByTotal || d.severity == .error
        } else {
            f.kept += 1
            kept.append(d)
        }
        files[file] = f
    }

    public mutating func append(contentsOf ds: some Sequence<Diagnostic>) {
        for d in ds { append(d) }
    }

    public static func += (log: inout DiagnosticLog, ds: some Sequence<Diagnostic>) {
        log.append(contentsOf: ds)
    }

    /// The kept diagnostics, then the notes for the ones not kept.
    public var diagnostics: [Diagnostic] { shown + notes }

    /// The kept diagnostics, in the order they came.
    public var shown: [Diagnostic] { kept }

    /// One PGN903 note per file over its limit (in the order files first reported), then one for the run.
    public var notes: [Diagnostic] {
        var out: [Diagnostic] = []
        for name in fileOrder {
            guard let f = files[name], f.hidden > 0 else { continue }
            let note = Diagnostic(PGNCode.tooManyProblems, "\(name.isEmpty ? "" : name + ": ")… and \(Echo.grouped(f.hidden)) more "
                                  + "diagnostic(s) not shown (at most \(limits.perFile) per file)")
            out.append(f.hiddenError ? note.reported(as: .error) : note)
        }
        if hiddenByTotal > 0 {
            let note = Diagnostic(PGNCode.tooManyProblems, "… and \(Echo.grouped(hiddenByTotal)) more diagnostic(s) not shown "
                                  + "(at most \(limits.total) per run)")
            out.append(hiddenErrorByTotal ? note.reported(as: .error) : note)
        }
        return out
    }
}
