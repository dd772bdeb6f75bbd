// AnnotateRun: `forge annotate` — read PGN files, explain every move the bundle explains (main line, deviations, alternatives), write PGN or jsonl.
import ChessCore
import ChessPGN
import Diagnostics
import Explainer
import Openings
import UCIEngine

/// The output formats of `forge annotate`.
public enum AnnotateFormat: String, Sendable, CaseIterable {
    /// The games with the explanations as comments and `[%cal]` arrows, for authors to review.
    case pgn
    /// One JSON object per main-line move: `ply san uci fen motifs concepts explanation source arrows`.
    case jsonl
}

/// What `forge annotate` was asked to do.
public struct AnnotateConfiguration: Sendable {
    /// PGN files, `-` for standard input (none: standard input).
    public var files: [String]
    public var format: AnnotateFormat
    /// nil: annotate from the rules alone (`--no-engine`).
    public var engine: EngineConfiguration?
    public var options: AnnotationOptions
    /// nil or `-`: standard output.
    public var outputPath: String?
    /// Show the engine's progress line (the executable sets this when standard error is a terminal).
    public var progress: ProgressStyle

    public init(files: [String], format: AnnotateFormat = .pgn, engine: EngineConfiguration?, options: AnnotationOptions = AnnotationOptions(),
                outputPath: String? = nil, progress: ProgressStyle = .off) {
        self.files = files
        self.format = format
        self.engine = engine
        self.options = options
        self.outputPath = outputPath
        self.progress = progress
    }

    /// One file.
    public init(file: String, format: AnnotateFormat = .pgn, engine: EngineConfiguration?, options: AnnotationOptions = AnnotationOptions(),
                outputPath: String? = nil, progress: ProgressStyle = .off) {
        self.init(files: [file], format: format, engine: engine, options: options, outputPath: outputPath, progress: progress)
    }
}

/// How the run went: the diagnostics, the counts, and the outcome (bad input, no engine, output not written).
public struct AnnotateReport: CommandReport {
    public struct Summary: Codable, Sendable, Equatable {
        public var games: Int
        public var moves: Int
        public var errors: Int
        public var warnings: Int
    }
    /// The findings a person is shown (capped as they were collected, `DiagnosticLog`), with PGN903 notes for the rest.
    public var diagnostics: [Diagnostic]
    public var outcome: CommandOutcome
    public var games: Int
    public var moves: Int
    /// Every error and warning found, the ones not kept included.
    public var counts: DiagnosticCounts
    public var typedSummary: Summary {
        Summary(games: games, moves: moves, errors: counts.errors, warnings: counts.warnings)
    }

    init(diagnostics: [Diagnostic], outcome: CommandOutcome, games: Int, moves: Int) {
        var log = DiagnosticLog()
        log += diagnostics
        self.init(log, outcome: outcome, games: games, moves: moves)
    }

    init(_ log: DiagnosticLog, outcome: CommandOutcome, games: Int, moves: Int) {
        diagnostics = log.diagnostics
        counts = log.counts
        self.outcome = outcome
        self.games = games
        self.moves = moves
    }
}

/// Runs `forge annotate` on every file in turn, game by game: each game is read, annotated, written and dropped, so
/// memory does not grow with the number of games (docs/errors.md, "annotate"). Games with errors are reported and left
/// out; the others are written. The engine starts with the first good game; an output that is not written (no good
/// game among errors, no engine, a failed write) is left as it was.
public func runAnnotate(_ config: AnnotateConfiguration) -> AnnotateReport {
    let files = config.files.isEmpty ? ["-"] : config.files
    // The output is opened first: one that names an input, or cannot be created, fails before any work.
    let out: OutputFile
    do { out = try OutputFile(path: config.outputPath, inputs: files) } catch {
        return AnnotateReport(diagnostics: error.diagnostics, outcome: error.outcome, games: 0, moves: 0)
    }
    let run = AnnotationStream(config: config, out: out)
    defer { run.shutdown() }
    var missing = false
    do throws(AnnotationStream.Stop) {
        for file in files {
            let input: ByteInput
            do { input = try ByteInput(path: file) } catch {
                run.log.append(Diagnostic(PGNCode.unreadable, error.message))
                missing = true
                continue
            }
            try run.annotate(input)
        }
        run.finish()
        let inputs: CommandOutcome = missing ? .noInput : .ok
        if run.games == 0, run.log.counts.errors > 0 {
            return AnnotateReport(run.log, outcome: inputs.worst(.inputErrors), games: 0, moves: 0)
        }
        do throws(OutputError) { try out.commit() } catch { throw .output(error) }
        return AnnotateReport(run.log, outcome: inputs.worst(run.log.counts.errors > 0 ? .inputErrors : .ok), games: run.games,
                              moves: run.moves)
    } catch {
        switch error {
        case .engine(let d):
            run.log.append(d)
            return AnnotateReport(run.log, outcome: .engineUnavailable, games: 0, moves: 0)
        case .output(let e):
            run.finish()
            run.log += e.diagnostics
            return AnnotateReport(run.log, outcome: e.outcome, games: run.games, moves: run.moves)
        }
    }
}

/// One annotate run's state between games: the output, the engine (started with the first good game), the counts and
/// the diagnostics (capped as they come). Nothing of a game outlives its `annotate` call.
private final class AnnotationStream {
    enum Stop: Error {
        /// No engine could be started.
        case engine(Diagnostic)
        /// The output could not be written.
        case output(OutputError)
    }

    let config: AnnotateConfiguration
    let out: OutputFile
    var log = DiagnosticLog()
    /// Games without errors (written, or skipped by the source reader); `moves` explained.
    var games = 0
    var moves = 0
    private var engineOracle: AnalyzerOracle?
    private var annotator: Annotator?
    private let writer = PGNWriter()
    /// The run's one progress line: its count spans every game, and its heartbeat keeps a log alive while the
    /// annotator works between two engine results.
    private let progress: ProgressMeter

    init(config: AnnotateConfiguration, out: OutputFile) {
        self.config = config
        self.out = out
        progress = ProgressMeter.standardError("annotating", phases: [], style: config.progress)
    }

    /// Reads, annotates and writes every game of `input`.
    func annotate(_ input: ByteInput) throws(Stop) {
        let reader = PGNReader(fileName: input.name, read: input.read(into:))
        var builder = GameTreeBuilder(fileName: input.name)
        do {
            while try reader.readGame(&builder) {
                let tree = builder.game
                log += tree.diagnostics
                if !tree.hasErrors { try annotate(tree, file: input.name) }
            }
        } catch let stop as Stop {
            throw stop
        } catch {
            log.append(Diagnostic(PGNCode.unreadable, "\(error)"))
        }
    }

    private func annotate(_ tree: GameTree, file: String) throws(Stop) {
        let annotator = try started()
        let g = games
        games += 1
        // The one reader the validator and the build use: its marker diagnostics are reported here too.
        var read: [Diagnostic] = []
        let source = SourceReader.source(from: tree, file: file, diagnostics: &read)
        log += read
        guard let source else { return }
        let (notes, problems) = annotator.annotate(source: source)
        for p in problems {
            log.append(Diagnostic(p.code, "\(p.message); the move is explained from the rules alone",
                                          at: SourceLocation(file: file, line: tree.location.line, column: tree.location.column))
                .reported(as: .warning))  // the annotation goes on without the engine
        }
        moves += notes.reduce(0) { $0 + $1.count }
        var text = ""
        switch config.format {
        case .pgn:
            if g > 0 { text += "\n" }
            text += writer.write(source.annotating(tree, with: notes))
        case .jsonl:
            for a in notes.first ?? [] { text += AnnotationJSON.line(a) + "\n" }
        }
        do throws(OutputError) { try out.write(Array(text.utf8)) } catch { throw .output(error) }
    }

    /// The annotator, with the engine started on first use (`--no-engine`: none).
    private func started() throws(Stop) -> Annotator {
        if let annotator { return annotator }
        if let engine = config.engine {
            do throws(Diagnostic) { engineOracle = try makeEngineOracle(engine, progress: progress) } catch { throw .engine(error) }
        }
        let made = Annotator(oracle: engineOracle, options: config.options)
        annotator = made
        return made
    }

    /// The engine's own diagnostics (restarts, protocol errors), once, at the end.
    func finish() {
        if let engineOracle { log += engineOracle.engineDiagnostics }
    }

    func shutdown() {
        progress.finish()
        engineOracle?.shutdown()
    }
}
