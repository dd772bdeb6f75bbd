// DiagnosticCap: at most N diagnostics per input file and M per run reach the user; the rest are counted ("… and 230,800 more").
import ChessPGN
import Diagnostics

/// How many diagnostics a run shows. A hostile input (a binary file, a million bad games) gives a
/// few screens of findings and one line with the count of the rest, never a flood.
public struct DiagnosticLimits: Sendable, Hashable {
    public var perFile: Int
    public var total: Int

    public init(perFile: Int = 100, total: Int = 1_000) {
        self.perFile = perFile
        self.total = total
    }
}

extension DiagnosticLimits {
    /// `diagnostics` as a person reads them: at most `perFile` of each file (in the order given) and `total` in all,
    /// each cut followed by one PGN903 note with the count of the rest. The note is an error when an error was
    /// among the rest, so the shown list fails exactly when the whole list does. Used by `forge` for every report
    /// it prints (validate, annotate, classify, …); pgn2fen and fen2pgn stream theirs through the same cap.
    public func capped(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        var shown: [Diagnostic] = []
        var hiddenError = false, hiddenErrorInRun = false
        var cap = DiagnosticCap(limits: self) { shown.append($0) }
        var file: String?
        for d in diagnostics {
            let f = d.location?.file ?? ""
            if f != file {
                if let file { cap.endFile(file, error: hiddenError) }
                file = f
                hiddenError = false
            }
            if !cap.wouldShow && d.severity == .error && d.code != PGNCode.tooManyProblems {
                hiddenError = true
                hiddenErrorInRun = true
            }
            cap(d)
        }
        if let file { cap.endFile(file, error: hiddenError) }
        cap.finish(error: hiddenErrorInRun)
        return shown
    }
}

/// Passes diagnostics on until a limit is reached, then counts them; `endFile` and `finish` say how
/// many were not shown (PGN903). Every error is still counted by the caller: the exit status does not change.
struct DiagnosticCap {
    let limits: DiagnosticLimits
    let report: (Diagnostic) -> Void
    private var shown = 0
    private var inFile = 0
    private var hiddenInFile = 0
    private var hiddenByTotal = 0

    init(limits: DiagnosticLimits, report: @escaping (Diagnostic) -> Void) {
        self.limits = limits
        self.report = report
    }

    /// The next diagnostic is shown (no limit reached yet).
    var wouldShow: Bool { inFile < limits.perFile && shown < limits.total }

    mutating func callAsFunction(_ d: Diagnostic) {
        if d.code == PGNCode.tooManyProblems {
            report(d)  // a count of the ones a DiagnosticLog did not keep: always shown, never counted against a limit
        } else if inFile >= limits.perFile {
            hiddenInFile += 1
        } else if shown >= limits.total {
            hiddenByTotal += 1
        } else {
            inFile += 1
            shown += 1
            report(d)
        }
    }

    /// Ends one input: a note with the count of its diagnostics not shown.
    mutating func endFile(_ name: String, error: Bool = false) {
        if hiddenInFile > 0 {
            let note = Diagnostic(PGNCode.tooManyProblems, "\(name): … and \(Echo.grouped(hiddenInFile)) more diagnostic(s) not shown (at most \(limits.perFile) per file)")
            report(error ? note.reported(as: .error) : note)
        }
        inFile = 0
        hiddenInFile = 0
    }

    /// Ends the run: a note with the count of diagnostics over the run's limit.
    mutating func finish(error: Bool = false) {
        if hiddenByTotal > 0 {
            let note = Diagnostic(PGNCode.tooManyProblems, "… and \(Echo.grouped(hiddenByTotal)) more diagnostic(s) not shown (at most \(limits.total) per run)")
            report(error ? note.reported(as: .error) : note)
        }
        hiddenByTotal = 0
    }

}
