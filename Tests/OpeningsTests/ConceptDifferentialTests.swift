// The concept tagger against the substring rule it replaced, over every shipped comment: the only
// disagreements are the reasoned ones in concept-disagreements.txt (the bundle's concepts change only there).
@testable import Explainer
import Foundation
import Testing

/// The retired rule, kept as the second opinion: a stem found anywhere in the lower-cased text.
func substringConcepts(_ text: String) -> Set<Concept> {
    let t = text.lowercased()
    return Set(Concept.stems.filter { t.contains($0.0) }.map(\.1))
}

@Test func conceptTaggerDisagreesWithTheSubstringRuleOnlyWhereDecided() throws {
    let root = Bundle.module.resourceURL?.appendingPathComponent("Fixtures").path ?? "Tests/OpeningsTests/Fixtures"
    let decided = try String(contentsOfFile: root + "/claims/concept-disagreements.txt", encoding: .utf8)
        .split(separator: "\n").filter { !$0.hasPrefix("#") }
        .map { $0.split(separator: "|").prefix(3).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " | ") }
    var found: [String] = []
    for c in try shippedComments() {
        let old = substringConcepts(c.text), new = Set(Concept.named(in: AuthoredComment(c.text)))
        guard old != new else { continue }
        func names(_ s: Set<Concept>) -> String { s.isEmpty ? "-" : s.sorted().map(\.rawValue).joined(separator: ", ") }
        found.append("\(c.text) | \(names(old.subtracting(new))) | \(names(new.subtracting(old)))")
    }
    #expect(found.sorted() == decided.sorted())
}
