// forge annotate: a PGN file's main line and deviations with an explanation for every move, as PGN or jsonl.
import ArgumentParser
import Foundation
import Openings
import Pipeline
import UCIEngine

extension AnnotateFormat: ExpressibleByArgument {}

struct AnnotateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "annotate",
        abstract: "Explain every main-line and deviation move of a PGN file (for review, or as jsonl).",
        discussion: """
            pgn: the games with generated explanations as comments and [%cal] arrows (authored comments are kept).
            jsonl: one object per main-line move: ply san uci fen motifs concepts explanation source arrows answer claim.
            Exit status: 0 ok; 1 bad input; 69 no usable engine (use --no-engine); 73/74 output not written (docs/errors.md).
            """)

    @Argument(help: "The PGN file; - for standard input.")
    var file: String

    @Option(help: "pgn or jsonl.")
    var format: AnnotateFormat = .pgn

    @Option(help: "Engine node limit per position.")
    var nodes: Int = AnalysisProfile.defaultNodes

    @Flag(help: "Explain from the rules alone: no engine judgements (mistakes, compensation, prophylaxis).")
    var noEngine = false

    @Option(help: "The UCI engine executable.")
    var engine: String?

    @Flag(help: "Append the generated text after authored comments instead of keeping them alone.")
    var appendGenerated = false

    @Flag(help: "Neither read nor write the engine result cache.")
    var noCache = false

    @Option(name: .shortAndLong, help: "Write to FILE (through a temporary file renamed into place).")
    var output: String?

    @Flag(help: "Print diagnostics as GitHub Actions annotations.")
    var githubAnnotations = false

    func validate() throws {
        guard nodes >= 1 else { throw ValidationError("--nodes must be at least 1, found \(nodes)") }
    }

    func run() throws {
        let engineConfig = noEngine ? nil : EngineConfiguration(
            enginePath: engine, profile: AnalysisProfile(nodes: nodes),
            cacheDirectory: noCache ? nil : EngineConfiguration.defaultCacheDirectory)
        let report = runAnnotate(AnnotateConfiguration(
            file: file, format: format, engine: engineConfig,
            options: AnnotationOptions(appendGeneratedToAuthored: appendGenerated), outputPath: output,
            showProgress: isatty(2) == 1))
        for d in report.diagnostics { printError(githubAnnotations ? d.githubAnnotation : d.text) }
        if report.exitCode != 0 { throw ExitCode(report.exitCode) }
    }
}
