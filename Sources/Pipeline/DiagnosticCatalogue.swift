// DiagnosticCatalogue: every module's codes in one list, as `forge validate --list-checks` prints it and docs/checks.md shows it.
import BundleStore
import ChessPGN
import Diagnostics
import Explainer
import Openings
import UCIEngine
import Words

/// The union of the modules' catalogues. Each module owns its codes (`PGNCode`, `WordsCode`, …); this only joins
/// them, so a code is declared once and listed everywhere from that declaration.
public enum DiagnosticCatalogue {
    /// Each module's catalogue, named as in README's table of code families.
    public static let modules: [(module: String, codes: [DiagnosticCode])] = [
        ("ChessCore", ChessCoreCode.all),
        ("ChessPGN", PGNCode.all),
        ("Openings", ValidatorCode.all + NameCode.all),
        ("Explainer", AnnotatorCode.all),
        ("UCIEngine", EngineCode.all),
        ("Words", WordsCode.all),
        ("BundleStore", BundleCode.all),
        ("Pipeline", CacheCode.all + BuildCode.all + IOCode.all),
    ]

    /// Every code, by family and number.
    public static let all: [DiagnosticCode] = modules.flatMap(\.codes).sorted()

    /// The code with this string, if one is catalogued: `entry(for: PGNCode.illegalMove)`.
    public static func entry(for string: String) -> DiagnosticCode? { all.first { $0.string == string } }

    /// One line per code: code, severity, summary, in columns. `forge validate --list-checks` prints this,
    /// and docs/checks.md holds it between its ``` fences (`make checks-doc` rewrites it).
    public static var listing: String {
        all.map { c in
            c.string.padding(toLength: 8, withPad: " ", startingAt: 0) + " "
                + c.severity.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0) + " " + c.summary
        }.joined(separator: "\n")
    }
}
