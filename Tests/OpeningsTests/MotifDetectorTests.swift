// MotifDetectorTests: every motif on a position where it is present and one where it is absent (Fixtures/annotator/motifs.txt).
import ChessCore
import Testing

@testable import Openings

struct MotifCase: CustomStringConvertible, Sendable {
    var line: Int
    var kind: String
    var present: Bool
    var position: String
    var move: String
    var squares: [String]
    var description: String { "line \(line): \(kind) \(present ? "present" : "absent") after [\(position)] \(move)" }

    static func load() -> [MotifCase] {
        guard let text = try? AnnotatorFixture.text("motifs.txt") else { return [] }
        var out: [MotifCase] = []
        for (i, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let l = raw.trimmingCharacters(in: .whitespaces)
            if l.isEmpty || l.hasPrefix("#") { continue }
            let f = l.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard f.count >= 4 else { continue }
            out.append(MotifCase(line: i + 1, kind: f[0], present: f[1] == "present", position: f[2], move: f[3],
                                 squares: f.count > 4 ? f[4].split(separator: " ").map(String.init) : []))
        }
        return out
    }
}

@Suite struct MotifDetectorTests {
    @Test func fixtureCoversEveryRuleMotifBothWays() {
        let cases = MotifCase.load()
        let engineOnly: Set<MotifKind> = [.prophylaxis, .losesGround]
        for k in MotifKind.allCases where !engineOnly.contains(k) {
            #expect(cases.contains { $0.kind == k.rawValue && $0.present }, "no present case for \(k.rawValue)")
            #expect(cases.contains { $0.kind == k.rawValue && !$0.present }, "no absent case for \(k.rawValue)")
        }
    }

    @Test(arguments: MotifCase.load())
    func motifCase(_ c: MotifCase) throws {
        let (before, previous) = try AnnotatorFixture.position(c.position)
        let move = try before.move(san: c.move)
        let motifs = MotifDetector.motifs(before: before, move: move, previous: previous)
        var kindName = c.kind
        var needFlag = false
        if c.kind == "develops-toward-centre" { kindName = "develops"; needFlag = true }
        if c.kind == "pins-absolute" { kindName = "pins"; needFlag = true }
        let kind = try #require(MotifKind(rawValue: kindName), "unknown kind \(kindName)")
        let found = motifs.filter { $0.kind == kind && (!needFlag || $0.flag) }
        if c.present {
            #expect(!found.isEmpty, "\(c): found only \(motifs.map(\.kind.rawValue))")
            if !c.squares.isEmpty {
                #expect(found.contains { $0.squareNames == c.squares }, "\(c): squares \(found.map(\.squareNames))")
            }
        } else {
            #expect(found.isEmpty, "\(c): found \(found.map(\.squareNames))")
        }
    }

    @Test func conceptsComeFromTheFixedList() {
        for k in MotifKind.allCases {
            #expect(!k.concepts.isEmpty, "\(k) has no concept")
        }
        #expect(Concept.allCases.map(\.rawValue) == ["centre control", "development", "king safety", "piece activity",
                                                      "pawn structure", "material", "tactics"])
    }
}
