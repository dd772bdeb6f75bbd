// PGNToFEN: the pgn2fen stage — read PGN files or standard input, write the FEN of every ply.
import ChessPGN
import Diagnostics

/// What `forge pgn2fen` was asked to do.
public struct PGNToFENConfiguration: Sendable {
    /// Files to read, `-` for standard input.
    public var inputs: [String]
    public var options: FENExportOptions
    /// `nil` or `-`: standard output; otherwise written through a temporary sibling.
    public var outputPath: String?
    /// Draw a progress line through `progress` (the command sets this when standard error is a terminal).
    public var progress: ProgressStyle
    /// How many diagnostics are shown per file and per run (the rest are counted).
    public var limits = DiagnosticLimits()

    public init(inputs: [String], options: FENExportOptions = FENExportOptions(), outputPath: String? = nil, progress: ProgressStyle = .off) {
        self.inputs = inputs
        self.options = options
        self.outputPath = outputPath
        self.progress = progress
    }
}

/// What a conversion did.
public struct ConversionSummary: Sendable, Hashable, Codable {
    public var games = 0
    public var moves = 0
    public var gamesWithErrors = 0
    /// Inputs that could not be read at all.
    public var unreadableInputs = 0
    /// Inputs that could not be opened (missing, no permission): the command exits 66.
    public var missingInputs = 0
    /// Inputs whose reading failed part way (an I/O error): the command exits 74.
    public var readFailures = 0
    /// Whether any error was found (the command then exits 1).
    public var failed: Bool { gamesWithErrors > 0 || unreadableInputs > 0 }
    /// `.ioError` when reading an input failed, `.noInput` when an input could not be opened,
    /// `.inputErrors` for errors in the input, else `.ok`. The other inputs are converted in every case.
    public var outcome: CommandOutcome {
        readFailures > 0 ? .ioError : missingInputs > 0 ? .noInput : failed ? .inputErrors : .ok
    }
}

public enum Convert {
    /// Converts every game of every input; `report` gets every diagnostic as soon as its game is read,
    /// `progress` the progress line's text (as `config.progress` says).
    /// Throws only when the output cannot be written (`pgnToFEN(_:report:progress:)` turns that into the report).
    static func convertPGNToFEN(
        _ config: PGNToFENConfiguration, report reportAll: @escaping (Diagnostic) -> Void, progress: @escaping (String) -> Void = { _ in }
    ) throws -> ConversionSummary {
        var report = DiagnosticCap(limits: config.limits, report: reportAll)
        defer { report.finish() }
        let out: OutputFile
        do { out = try OutputFile(path: config.outputPath, inputs: config.inputs.isEmpty ? ["-"] : config.inputs) } catch {
            throw ConversionError(error)
        }
        var exporter = FENExporter(options: config.options)
        var summary = ConversionSummary()
        var errorsBefore = 0
        var meter = ConversionProgress(style: config.progress, write: progress)
        defer { meter.finish() }
        for path in config.inputs.isEmpty ? ["-"] : config.inputs {
            let input: ByteInput
            do { input = try ByteInput(path: path) } catch {
                report(Diagnostic(PGNCode.unreadable, error.message, at: nil))
                summary.unreadableInputs += 1
                summary.missingInputs += 1
                continue
            }
            let reader = PGNReader(fileName: input.name, read: input.read(into:))
            do {
                while try reader.readGame(&exporter) {
                    for d in exporter.takeDiagnostics() { report(d) }
                    let bytes = exporter.takeOutput()
                    if !bytes.isEmpty {
                        do { try out.write(bytes) } catch { throw ConversionError(error) }
                    }
                    meter.update(input: input.name, bytes: reader.bytesConsumed, size: input.size, games: exporter.gamesSeen,
                                  plies: exporter.movesPlayed)
                    if let g = config.options.game, exporter.gamesSeen >= g { break }
                }
            } catch let e as ConversionError {
                throw e
            } catch let e as PGNBinaryInput {
                for d in exporter.takeDiagnostics() { report(d) }
                report(e.diagnostic)
                summary.unreadableInputs += 1
            } catch {
                report(Diagnostic(PGNCode.unreadable, "\(error)", at: nil))
                summary.unreadableInputs += 1
                summary.readFailures += 1
            }
            meter.update(input: input.name, bytes: reader.bytesConsumed, size: input.size, games: exporter.gamesSeen,
                          plies: exporter.movesPlayed, force: true)
            report.endFile(input.name)
            summary.gamesWithErrors += exporter.gamesWithErrors - errorsBefore
            errorsBefore = exporter.gamesWithErrors
            if let g = config.options.game, exporter.gamesSeen >= g { break }
        }
        summary.games = config.options.game.map { exporter.gamesSeen >= $0 ? 1 : 0 } ?? exporter.gamesSeen
        summary.moves = exporter.movesPlayed
        if let g = config.options.game, exporter.gamesSeen < g {
            report(Diagnostic(PGNCode.unreadable, "--game \(g): the input has only \(exporter.gamesSeen) game(s)", at: nil))
            summary.unreadableInputs += 1
        }
        do { try out.commit() } catch { throw ConversionError(error) }
        return summary
    }
}

/// The output could not be written (`.cannotCreate` or `.ioError`; docs/errors.md).
public struct ConversionError: Error, CustomStringConvertible {
    public let output: OutputError
    public init(_ output: OutputError) { self.output = output }
    public var message: String { output.description }
    public var description: String { "error[\(output.code)]: \(output.description)" }
}
