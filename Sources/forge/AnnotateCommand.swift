// forge annotate: PGN files' main lines and deviations with an explanation for every move, as PGN or jsonl.
import ArgumentParser
import Explainer
import Foundation
import Pipeline
import UCIEngine

extension AnnotateFormat: ExpressibleByArgument {}

struct AnnotateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "annotate",
        abstract: "Explain every move of PGN files as the bundle does: main line, deviations and alternatives (for review, or as jsonl).",
        discussion: """
            pgn: the games with generated explanations as comments and [%cal] arrows (authored comments are kept).
            jsonl: one object per main-line move: ply san uci fen motifs concepts explanation source arrows answer claim.
            The files are annotated in turn into one output (docs/errors.md).

            """ + ExitCodes.help([.inputErrors, .noInput, .engineUnavailable, .cannotCreate, .ioError],
                                 notes: [.engineUnavailable: "no engine could be started (use --no-engine)"]))

    @OptionGroup var input: InputOptions

    @Option(help: "pgn or jsonl.")
    var outputFormat: AnnotateFormat = .pgn

    @Flag(help: "Explain from the rules alone: no engine judgements (mistakes, compensation, prophylaxis).")
    var noEngine = false

    @OptionGroup var engineOptions: EngineOptions

    @Flag(help: "Append the generated text after authored comments instead of keeping them alone.")
    var appendGenerated = false

    @Option(name: .shortAndLong, help: "Write to FILE (through a temporary file renamed into place).")
    var output: String?

    @OptionGroup var report: ReportOptions

    func run() throws {
        let result = runAnnotate(AnnotateConfiguration(
            files: try input.paths(extensions: ["pgn"]), format: outputFormat, engine: noEngine ? nil : engineOptions.configuration,
            options: AnnotationOptions(appendGeneratedToAuthored: appendGenerated), outputPath: output,
            progress: report.progress))
        try report.finish(result, command: "annotate", dataOnStandardOutput: output == nil)
    }
}
