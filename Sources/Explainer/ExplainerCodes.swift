// ExplainerCodes: the catalogue of the explainer's codes (ANN5xx), for the explanation checks and the engine's problems.
import Diagnostics

/// The checks on explanations (authored and generated). docs/annotator.md has the details.
public enum AnnotatorCode {
    public static let unexplainedMove = DiagnosticCode("ANN501", .warning, "a main-line or deviation move has no authored comment and the annotator finds no motif for it")
    public static let explanationLength = DiagnosticCode("ANN502", .error, "an authored explanation shorter than \(AuthoredComment.lengthBounds.lowerBound) or longer than \(AuthoredComment.lengthBounds.upperBound) characters")
    public static let pieceNotThere = DiagnosticCode("ANN503", .warning, "an authored comment names a piece on a square where no such piece stands")
    public static let namedMoveNotLegal = DiagnosticCode("ANN504", .warning, "an authored comment names a move that is legal neither here nor in the next positions of the line")
    public static let noEngineVerdict = DiagnosticCode("ANN505", .warning, "build: the annotator got no engine verdict for a move and explains it from the rules alone")
    public static let noteFailsChecks = DiagnosticCode("ANN506", .warning, "build: a move's note fails its checks (Note.problems) or has no grade or text, and is left out of move_note")

    /// Every code above, in number order; `DiagnosticCatalogue` (Pipeline) joins the modules' lists.
    public static let all: [DiagnosticCode] = [
        unexplainedMove, explanationLength, pieceNotThere, namedMoveNotLegal, noEngineVerdict, noteFailsChecks,
    ]
}
