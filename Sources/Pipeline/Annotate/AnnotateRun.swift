// AnnotateRun: `forge annotate` — read a PGN file, explain every main-line and deviation move, write PGN or jsonl.
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
    public var file: String
    public var format: AnnotateFormat
    /// nil: annotate from the rules alone (`--no-engine`).
    public var engine: EngineConfiguration?
    public var options: AnnotationOptions
    /// nil or `-`: standard output.
    public var outputPath: String?
    /// Show the engine's progress line (the executable sets this when standard error is a terminal).
    public var showProgress: Bool

    public init(file: String, format: AnnotateFormat = .pgn, engine: EngineConfiguration?, options: AnnotationOptions = AnnotationOptions(),
                outputPath: String? = nil, showProgress: Bool = false) {
        self.file = file
        self.format = format
        self.engine = engine
        self.options = options
        self.outputPath = outputPath
        self.showProgress = showProgress
    }
}

/// How the run went: diagnostics to print and the exit status (0 ok, 1 bad input, 69 no engine, 73/74 output not written).
public struct AnnotateReport: Sendable {
    public var diagnostics: [Diagnostic]
    public var exitCode: Int32
    public var games: Int
    public var moves: Int
}

/// Runs `forge annotate`. Games with errors are reported and left out; the others are written.
public func runAnnotate(_ config: AnnotateConfiguration) -> AnnotateReport {
    var diagnostics: [Diagnostic] = []
    let input: ByteInput
    do { input = try ByteInput(path: config.file) } catch {
        return AnnotateReport(diagnostics: [Diagnostic(PGNCode.unreadable, error.message)], exitCode: 1, games: 0, moves: 0)
    }
    // The output is opened first: one that names the input, or cannot be created, fails before any work.
    let out: OutputFile
    do { out = try OutputFile(path: config.outputPath, inputs: [config.file]) } catch {
        return AnnotateReport(diagnostics: [Diagnostic(error.code, error.description)], exitCode: error.exitStatus, games: 0, moves: 0)
    }
    let reader = PGNReader(fileName: input.name, read: input.read(into:))
    var trees: [GameTree] = []
    do {
        var builder = GameTreeBuilder(fileName: input.name)
        while try reader.readGame(&builder) {
            let tree = builder.game
            diagnostics += tree.diagnostics
            if !tree.hasErrors { trees.append(tree) }
        }
    } catch {
        return AnnotateReport(diagnostics: diagnostics + [Diagnostic(PGNCode.unreadable, "\(error)")], exitCode: 1, games: 0, moves: 0)
    }

    var engineOracle: AnalyzerOracle?
    if let engine = config.engine {
        do throws(Diagnostic) {
            engineOracle = try makeEngineOracle(engine, showProgress: config.showProgress)
        } catch {
            return AnnotateReport(diagnostics: diagnostics + [error], exitCode: exitEngineUnavailable, games: 0, moves: 0)
        }
    }
    defer { engineOracle?.shutdown() }
    let oracle: (any EngineOracle)? = engineOracle

    let annotator = Annotator(oracle: oracle, options: config.options)
    var text = ""
    var moves = 0
    let writer = PGNWriter()
    for (g, tree) in trees.enumerated() {
        let lines = GameLines.lines(tree)
        let (notes, problems) = annotator.annotate(lines.map(\.request))
        for p in problems {
            diagnostics.append(Diagnostic(p.code, "\(p.message); the move is explained from the rules alone",
                                          at: SourceLocation(file: input.name, line: tree.location.line, column: tree.location.column))
                .reported(as: .warning))  // the annotation goes on without the engine
        }
        moves += notes.reduce(0) { $0 + $1.count }
        switch config.format {
        case .pgn:
            if g > 0 { text += "\n" }
            text += writer.write(GameLines.applying(notes, of: lines, to: tree))
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
        return AnnotateReport(diagnostics: diagnostics + [Diagnostic(error.code, error.description)],
                              exitCode: error.exitStatus, games: trees.count, moves: moves)
    }
    return AnnotateReport(diagnostics: diagnostics, exitCode: diagnostics.errorCount > 0 ? 1 : 0, games: trees.count, moves: moves)
}
