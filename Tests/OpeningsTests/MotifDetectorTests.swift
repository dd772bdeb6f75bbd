// MotifDetectorTests: every rule-level motif on a position where it is present and one where it is absent (Fixtures/annotator/motifs.txt).
import ChessCore
import Testing

@testable import Explainer

struct MotifCase: CustomStringConvertible, Sendable {
    var line: Int
    var kind: String
    var present: Bool
    var position: String
    var move: String
    var squares: [String]
    var reply: String?
    var description: String { "line \(line): \(kind) \(present ? "present" : "absent") after [\(position)] \(move)" }

    static func load(_ name: String = "motifs.txt") -> [MotifCase] {
        guard let text = try? AnnotatorFixture.text(name) else { return [] }
        var out: [MotifCase] = []
        for (i, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let l = raw.trimmingCharacters(in: .whitespaces)
            if l.isEmpty || l.hasPrefix("#") { continue }
            let f = l.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard f.count >= 4 else { continue }
            out.append(MotifCase(line: i + 1, kind: f[0], present: f[1] == "present", position: f[2], move: f[3],
                                 squares: f.count > 4 ? f[4].split(separator: " ").map(String.init) : [],
                                 reply: f.count > 5 && !f[5].isEmpty ? f[5] : nil))
        }
        return out
    }

    /// Whether a motif matches the case's kind name (with the two refinements the fixture uses).
    func matches(_ m: Motif) -> Bool {
        switch kind {
        case "develops-toward-centre": if case .develops(_, _, _, true) = m { return true } else { return false }
        case "pins-king": if case .pins(_, _, let behind) = m { return behind.role == .king } else { return false }
        default: return m.kind.rawValue == kind
        }
    }
}

@Suite struct MotifDetectorTests {
    @Test func fixtureCoversEveryRuleMotifBothWays() {
        let cases = MotifCase.load()
        for k in MotifKind.allCases where !k.needsEngine {
            #expect(cases.contains { $0.kind == k.rawValue && $0.present }, "no present case for \(k.rawValue)")
            #expect(cases.contains { $0.kind == k.rawValue && !$0.present }, "no absent case for \(k.rawValue)")
        }
    }

    @Test(arguments: MotifCase.load())
    func motifCase(_ c: MotifCase) throws {
        let (before, previous) = try AnnotatorFixture.position(c.position)
        let move = try before.move(san: c.move)
        let reply = try c.reply.map { try before.playing(move).move(san: $0) }
        let ctx = MoveContext(before: before, move: move, previous: previous, reply: reply, engine: nil, options: AnnotationOptions())
        let motifs = Annotator.motifs(ctx)
        let found = motifs.filter(c.matches)
        if c.present {
            #expect(!found.isEmpty, "\(c): found only \(motifs.map(\.kind.rawValue))")
            if !c.squares.isEmpty {
                #expect(found.contains { $0.squares.map(\.name) == c.squares }, "\(c): squares \(found.map { $0.squares.map(\.name) })")
            }
        } else {
            #expect(found.isEmpty, "\(c): found \(found.map { $0.squares.map(\.name) })")
        }
    }

    @Test func everyMotifHasAConcept() {
        let e4 = Position.standard
        let probes: [Motif] = [
            .principle(.leavesNothingLoose), .develops(piece: .knight, from: .g1, to: .f3, towardCentre: true),
            .preparesPush(push: "d4", supporter: .c3), .pawnBreak(pawn: .d4, target: .e5), .gainsSpace(square: .e5),
        ]
        for m in probes { #expect(!m.concepts.isEmpty, "\(m.kind) has no concept") }
        _ = e4
        #expect(Concept.allCases.map(\.rawValue) == ["centre control", "development", "king safety", "piece activity", "pawn structure",
                                                      "pawn break", "space", "plan", "material", "tactics", "gambit", "trap", "mistake"])
    }

    @Test func scoresCompareMatesAsMates() {
        #expect(Score.mate(3).isBetter(than: .centipawns(5000)))
        #expect(Score.mate(2).isBetter(than: .mate(5)))
        #expect(!Score.mate(-2).isBetter(than: .centipawns(-5000)))
        #expect(Score.mate(-5).isBetter(than: .mate(-2)))
        #expect(Score.mate(-2).isBetter(than: .mate(-5)) == false)
        #expect(Score.centipawns(150).isBetter(than: .centipawns(40), by: 100))
        #expect(!Score.centipawns(120).isBetter(than: .centipawns(40), by: 100))
        #expect(Score.centipawns(50).centipawns(minus: .mate(1)) == nil)
        #expect(Score.centipawns(-120).text == "-1.20")
        #expect(Score.mate(-2).text == "#-2")
    }
}
