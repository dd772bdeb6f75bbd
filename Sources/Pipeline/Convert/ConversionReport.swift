// ConversionReport: what `forge pgn2fen` and `forge fen2pgn` return — the one command shape (docs/cli.md).
import Diagnostics

/// The diagnostics of a conversion (also streamed to the caller as they are found), its counts, and how it ended.
@dynamicMemberLookup
public struct ConversionReport: CommandReport {
    public var diagnostics: [Diagnostic]
    public var summary: ConversionSummary
    /// Set when the output could not be written.
    public var outputFailure: OutputError?
    public var outcome: CommandOutcome { (outputFailure?.outcome ?? .ok).worst(summary.outcome) }
    public var typedSummary: ConversionSummary { summary }
    /// The summary's counts (`report.games`, `report.failed`).
    public subscript<T>(dynamicMember keyPath: KeyPath<ConversionSummary, T>) -> T { summary[keyPath: keyPath] }
}

/// Collects what a conversion streams, for the report.
private final class DiagnosticSink: @unchecked Sendable {
    var all: [Diagnostic] = []
}

extension Convert {
    /// Converts every game of every input; `report` gets every diagnostic as soon as its game is read
    /// (the report holds them too), `progress` the progress line's text (as `config.progress` says).
    /// An output that cannot be written ends the run with `.cannotCreate` or `.ioError`, a closed pipe with
    /// `.closedPipe` (and no diagnostic).
    public static func pgnToFEN(
        _ config: PGNToFENConfiguration, report: @escaping (Diagnostic) -> Void = { _ in }, progress: @escaping (String) -> Void = { _ in }
    ) -> ConversionReport {
        let sink = DiagnosticSink()
        do {
            let summary = try convertPGNToFEN(config, report: { d in sink.all.append(d); report(d) }, progress: progress)
            return ConversionReport(diagnostics: sink.all, summary: summary)
        } catch {
            return failed(error, sink: sink, report: report)
        }
    }

    /// Converts every FEN sequence of every input into a PGN game; see `pgnToFEN(_:report:progress:)`.
    public static func fenToPGN(_ config: FENToPGNConfiguration, report: @escaping (Diagnostic) -> Void = { _ in }) -> ConversionReport {
        let sink = DiagnosticSink()
        do {
            let summary = try convertFENToPGN(config, report: { d in sink.all.append(d); report(d) })
            return ConversionReport(diagnostics: sink.all, summary: summary)
        } catch {
            return failed(error, sink: sink, report: report)
        }
    }

    private static func failed(_ error: any Error, sink: DiagnosticSink, report: (Diagnostic) -> Void) -> ConversionReport {
        let output = (error as? ConversionError)?.output ?? .ioError("output", "\(error)")
        for d in output.diagnostics { report(d) }
        return ConversionReport(diagnostics: sink.all + output.diagnostics, summary: ConversionSummary(), outputFailure: output)
    }
}
