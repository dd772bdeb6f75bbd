// AnnotateRun: `forge annotate` — read PGN files, explain every move the bundle explains (main line, deviations, alternatives), write PGN or jsonl.
import ChessCore
import ChessPGN
import Diagnostics
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
    public var diagnostics: [Diagnostic]
    public var outcome: CommandOutcome
    public var games: Int
    public var moves: Int
    public var typedSummary: Summary {
        Summary(games: games, moves: moves, errors: diagnostics.errorCount, warnings: diagnostics.warningCount)
    }
}

/// Runs `forge annotate` on every file in turn. Games with errors are reported and left out; the others are written.
public func runAnnotate(_ config: AnnotateConfiguration) -> AnnotateReport {
    var diagnostics: [Diagnostic] = []
    let files = config.files.isEmpty ? ["-"] : config.files
    // The output is opened first: one that names an input, or cannot be created, fails before any work.
    let out: OutputFile
    do { out = try OutputFile(path: config.outputPath, inputs: files) } catch {
        return AnnotateReport(diagnostics: error.diagnostics, outcome: error.outcome, games: 0, moves: 0)
    }
    var trees: [(tree: GameTree, file: String)] = []
    var missing = false
    for file in files {
        let input: ByteInput
        do { input = try ByteInput(path: file) } catch {
            diagnostics.append(Diagnostic(PGNCode.unreadable, error.message))
            missing = true
            continue
        }
        let reader = PGNReader(fileName: input.name, read: input.read(into:))
        do {
            var builder = GameTreeBuilder(fileName: input.name)
            while try reader.readGame(&builder) {
                let tree = builder.game
                diagnostics += tree.diagnostics
                if !tree.hasErrors { trees.append((tree, input.name)) }
            }
        } catch {
            diagnostics.append(Diagnostic(PGNCode.unreadable, "\(error)"))
        }
    }
    let inputs: CommandOutcome = missing ? .noInput : .ok
    if trees.isEmpty, diagnostics.errorCount > 0 {
        return AnnotateReport(diagnostics: diagnostics, outcome: inputs.worst(.inputErrors), games: 0, moves: 0)
    }

    var engineOracle: AnalyzerOracle?
    if let engine = config.engine {
        do throws(Diagnostic) {
            engineOracle = try makeEngineOracle(engine, progress: config.progress)
        } catch {
            return AnnotateReport(diagnostics: diagnostics + [error], outcome: .engineUnavailable, games: 0, moves: 0)
        }
    }
    defer { engineOracle?.shutdown() }
    let oracle: (any EngineOracle)? = engineOracle

    let annotator = Annotator(oracle: oracle, options: config.options)
    var text = ""
    var moves = 0
    let writer = PGNWriter()
    for (g, (tree, file)) in trees.enumerated() {
        // The one reader the validator and the build use: its marker diagnostics are reported here too.
        guard let source = SourceReader.source(from: tree, file: file, diagnostics: &diagnostics) else { continue }
        let (notes, problems) = annotator.annotate(source: source)
        for p in problems {
            diagnostics.append(Diagnostic(p.code, "\(p.message); the move is explained from the rules alone",
                                          at: SourceLocation(file: file, line: tree.location.line, column: tree.location.column))
                .reported(as: .warning))  // the annotation goes on without the engine
        }
        moves += notes.reduce(0) { $0 + $1.count }
        switch config.format {
        case .pgn:
            if g > 0 { text += "\n" }
            text += writer.write(source.annotating(tree, with: notes))
        case .jsonl:
            for a in notes.first ?? [] { text += AnnotationJSON.line(a) + "\n" }
        }
    }
    if let engineOracle {
        diagnostics += engineOracle.engineDiagnostics
    }

    do throws(OutputError) {
        try out.write(Array(text.utf8))
        try out.commit()
    } catch {
        return AnnotateReport(diagnostics: diagnostics + error.diagnostics,
                              outcome: error.outcome, games: trees.count, moves: moves)
    }
    return AnnotateReport(diagnostics: diagnostics, outcome: inputs.worst(.from(diagnostics)), games: trees.count, moves: moves)
}
