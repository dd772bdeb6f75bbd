// FENToPGN: the fen2pgn stage — read FEN sequence files, write one PGN game per sequence.
import ChessPGN
import Diagnostics

/// What `forge fen2pgn` was asked to do.
public struct FENToPGNConfiguration: Sendable {
    /// Files to read, `-` for standard input.
    public var inputs: [String]
    /// Tags for every game (`--tag Event=Opening`); they win over the computed ones.
    public var tags: [PGNTag]
    public var outputPath: String?
    /// How many diagnostics are shown per file and per run (the rest are counted).
    public var limits = DiagnosticLimits()

    public init(inputs: [String], tags: [PGNTag] = [], outputPath: String? = nil) {
        self.inputs = inputs
        self.tags = tags
        self.outputPath = outputPath
    }
}

extension Convert {
    /// Converts every FEN sequence of every input into a PGN game; games are separated by a blank line.
    static func convertFENToPGN(_ config: FENToPGNConfiguration, report reportAll: @escaping (Diagnostic) -> Void) throws -> ConversionSummary {
        var report = DiagnosticCap(limits: config.limits, report: reportAll)
        defer { report.finish() }
        let out: OutputFile
        do { out = try OutputFile(path: config.outputPath, inputs: config.inputs.isEmpty ? ["-"] : config.inputs) } catch {
            throw ConversionError(error)
        }
        var summary = ConversionSummary()
        // A failed write ends the run at once (a closed pipe: nobody reads the rest; a full disk: nothing more fits).
        func emit(_ game: String) throws(ConversionError) {
            do {
                if summary.games > 0 { try out.write([10]) }
                try out.write(Array(game.utf8))
            } catch { throw ConversionError(error) }
            summary.games += 1
        }
        for path in config.inputs.isEmpty ? ["-"] : config.inputs {
            let input: ByteInput
            do { input = try ByteInput(path: path) } catch {
                report(Diagnostic(PGNCode.unreadable, error.message, at: nil))
                summary.unreadableInputs += 1
                summary.missingInputs += 1
                continue
            }
            var converter = FENSequenceConverter(fileName: input.name, tags: config.tags)
            do {
                // A line past the limit breaks the sequence it was in: it counts as one with errors (exit 1).
                try input.forEachLine(tooLong: { report($0); summary.gamesWithErrors += 1 }) { text, number in
                    if let g = converter.line(text, number: number) { try emit(g) }
                    for d in converter.takeDiagnostics() { report(d) }
                }
            } catch let e as ConversionError {
                throw e
            } catch {
                report(Diagnostic(PGNCode.unreadable, "\(error)", at: nil))
                summary.unreadableInputs += 1
                summary.readFailures += 1
            }
            if let g = converter.finish() { try emit(g) }
            for d in converter.takeDiagnostics() { report(d) }
            report.endFile(input.name)
            summary.gamesWithErrors += converter.sequencesWithErrors
        }
        do { try out.commit() } catch { throw ConversionError(error) }
        return summary
    }
}
