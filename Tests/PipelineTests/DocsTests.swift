// The documentation's links: every relative link in README.md and docs/*.md, and every docs/*.md named in the code, resolves.
import Diagnostics
import Explainer
import Foundation
import Testing
import Openings
import Pipeline

enum Repository {
    /// The checkout's root, from this file's path (Tests/PipelineTests/DocsTests.swift).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func files(under folder: String, ending: String) -> [URL] {
        let base = root.appendingPathComponent(folder)
        guard let e = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { return [] }
        return e.compactMap { $0 as? URL }.filter { $0.lastPathComponent.hasSuffix(ending) && !$0.path.contains("/.build") }
    }
}

/// `[text](target)` targets of a Markdown text, without web links and in-page anchors.
func relativeLinks(_ markdown: String) -> [String] {
    var out: [String] = []
    var rest = Substring(markdown)
    while let open = rest.range(of: "](") {
        let after = rest[open.upperBound...]
        guard let close = after.firstIndex(of: ")") else { break }
        let target = String(after[..<close])
        rest = after[close...]
        if target.hasPrefix("http://") || target.hasPrefix("https://") || target.hasPrefix("#") || target.hasPrefix("mailto:") { continue }
        out.append(String(target.split(separator: "#", maxSplits: 1).first ?? ""))
    }
    return out
}

@Test func everyDocumentationLinkResolves() throws {
    let docs = [Repository.root.appendingPathComponent("README.md")] + Repository.files(under: "docs", ending: ".md")
        + Repository.files(under: "openings", ending: ".md")
    #expect(docs.count >= 3)
    var dead: [String] = []
    for doc in docs {
        let text = try String(contentsOf: doc, encoding: .utf8)
        for link in relativeLinks(text) where !link.isEmpty {
            let target = doc.deletingLastPathComponent().appendingPathComponent(link).standardizedFileURL
            if !FileManager.default.fileExists(atPath: target.path) { dead.append("\(doc.lastPathComponent): \(link)") }
        }
    }
    #expect(dead == [])
}

@Test func everyDocsReferenceInTheCodeResolves() throws {
    var dead: [String] = []
    let pattern = try NSRegularExpression(pattern: "docs/[A-Za-z0-9_./-]+\\.md")
    for file in Repository.files(under: "Sources", ending: ".swift") {
        let text = try String(contentsOf: file, encoding: .utf8)
        for m in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            guard let r = Range(m.range, in: text) else { continue }
            let ref = String(text[r])
            if !FileManager.default.fileExists(atPath: Repository.root.appendingPathComponent(ref).path) {
                dead.append("\(file.lastPathComponent): \(ref)")
            }
        }
    }
    #expect(dead == [])
}

@Test func linkReaderFindsRelativeLinksOnly() {
    #expect(relativeLinks("see [a](docs/a.md#x), [b](https://x.org) and [c](#top) or [d](../README.md)") == ["docs/a.md", "../README.md"])
}

@Test func checksPageIsTheListChecksOutput() throws {
    let page = try String(contentsOf: Repository.root.appendingPathComponent("docs/checks.md"), encoding: .utf8)
    // The listing sits between the page's ``` fences, exactly as `forge validate --list-checks` prints it.
    let fenced = page.components(separatedBy: "```\n")
    #expect(fenced.count == 3, "docs/checks.md should hold one ``` block")
    let block = fenced.count == 3 ? fenced[1] : ""
    #expect(block == DiagnosticCatalogue.listing + "\n", "docs/checks.md is stale: run make checks-doc")
    #expect(DiagnosticCatalogue.all.count >= 160)
    for c in DiagnosticCatalogue.all {
        #expect(block.contains("\n\(c.string) ") || block.hasPrefix("\(c.string) "), "\(c.string) is not in docs/checks.md")
    }
}

/// docs/annotator.md's threshold table is the explainer's rules table (`ExplainerRules.standard.markdownTable`).
@Test func annotatorThresholdTableIsTheRulesTable() throws {
    let page = try String(contentsOf: Repository.root.appendingPathComponent("docs/annotator.md"), encoding: .utf8)
    let begin = "<!-- ExplainerRules.standard.markdownTable -->\n", end = "\n<!-- end ExplainerRules.standard.markdownTable -->"
    let start = try #require(page.range(of: begin), "docs/annotator.md lacks the line \(begin)")
    let stop = try #require(page.range(of: end, range: start.upperBound..<page.endIndex))
    #expect(String(page[start.upperBound..<stop.lowerBound]) == ExplainerRules.standard.markdownTable,
            "docs/annotator.md's threshold table differs from ExplainerRules; put this between the markers:\n\(ExplainerRules.standard.markdownTable)")
}
