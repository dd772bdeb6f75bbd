// FixtureFile: reads the tab- or bar-separated data files under Fixtures/.
import Foundation

enum FixtureFile {
    /// The non-comment, non-empty lines of `Fixtures/<name>`, split on `separator`.
    static func rows(_ name: String, separator: Character = "\t") -> [[String]] {
        let parts = name.split(separator: ".")
        guard let url = Bundle.module.url(forResource: "Fixtures/\(parts[0])", withExtension: String(parts[1])),
              let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        return text.split(separator: "\n", omittingEmptySubsequences: true)
            .filter { !$0.hasPrefix("#") }
            .map { $0.split(separator: separator, omittingEmptySubsequences: false).map { String($0) } }
    }
}
