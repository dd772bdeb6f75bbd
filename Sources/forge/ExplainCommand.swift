// forge explain: the coach's note on each move of a sequence from a FEN (verdict, text, better move, refutation, threat, answer).
import ArgumentParser
import ChessCore
import Pipeline

extension ExplainFormat: ExpressibleByArgument {}

enum LearnerSide: String, ExpressibleByArgument, CaseIterable {
    case white, black
}

struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "The coach's note on each move, played in turn from --fen: the bundle's, else computed with the engine.",
        discussion: """
            Moves in UCI (e2e4) or SAN (e4). Each note: the verdict for the mover (best, good, inaccuracy, mistake, blunder;
            docs/annotator.md), what the move does, and for an inaccuracy or worse the better move and the refutation; after
            an opponent's move (the learner is --learner, default the side to move in --fen) the learner's best answer.
            json: an array of objects with move san fen verdict drop rank text fromBundle better refutation threat answer.

            """ + ExitCodes.help([.inputErrors, .usage, .engineUnavailable],
                                 notes: [.usage: "bad usage, a bad --fen, a move not legal where it is played or a --bundle that cannot be read included"]))

    @Option(help: "Start from this FEN instead of the initial position.")
    var fen: String?

    @Option(help: "The learner's side: white or black (default: the side to move in --fen).")
    var learner: LearnerSide?

    @Option(help: "text or json.")
    var outputFormat: ExplainFormat = .text

    @Option(help: ArgumentHelp("The bundle whose notes are read first (default: data/bundle when it has one); a move it has no note for is computed with the engine.",
                               valueName: "dir"))
    var bundle: String?

    @OptionGroup var engineOptions: EngineOptions

    @Argument(help: ArgumentHelp("The moves, played in turn.", valueName: "move"))
    var moves: [String]

    @OptionGroup var report: ReportOptions

    func validate() throws {
        if moves.isEmpty { throw ValidationError("give at least one move to explain") }
    }

    func run() throws {
        let result = runExplain(ExplainConfiguration(
            fen: fen, moves: moves, learner: learner.map { $0 == .white ? PieceColor.white : .black }, format: outputFormat,
            engine: engineOptions.configuration, bundle: bundle.map { .required($0) } ?? .ifPresent("data/bundle")))
        if !result.output.isEmpty { Console.write(result.output, to: .output) }
        try report.finish(result, command: "explain", dataOnStandardOutput: true)
    }
}
