// RulesTableTests: the explainer's thresholds are one table (ExplainerRules): each named once, and an explainer built
// with another table reads it.
import ChessCore
import Testing

@testable import Explainer

@Suite struct RulesTableTests {
    @Test func theStandardTableNamesEveryRuleOnceWithItsValue() {
        let table = ExplainerRules.standard.table
        #expect(Set(table.map(\.name)).count == table.count, "a rule named twice: \(table.map(\.name))")
        #expect(table.allSatisfy { !$0.doc.isEmpty })
        let values = Dictionary(uniqueKeysWithValues: table.map { ($0.name, $0.value) })
        #expect(values == ["pawn": 100, "exchange": 200, "piece": 300, "settledDrop": 300, "agreementFloor": 150,
                           "agreementShare": 2, "compensationFloor": -30, "threatMargin": 100, "winningScore": 50,
                           "refutationPlies": 4, "refutationMaxPlies": 8, "joinWidth": 140, "sentenceCap": 3,
                           "bestRounds": 3, "confirmedRanks": 3, "lesson": 50, "lessonCentipawns": 100, "threatFloor": 50])
        // The table's row changes with the value it documents.
        var rules = ExplainerRules.standard
        rules.pawn = 150
        #expect(rules.table.first { $0.name == "pawn" }?.value == 150)
        #expect(rules.markdownTable.contains("| `pawn` | 150 cp |"))
    }

    @Test func theAgreementToleranceIsTheTablesFloorAndShare() {
        let rules = ExplainerRules.standard
        // A pawn and a half at least, half the loss beyond 300.
        #expect(rules.agrees(300, withLoss: 150) && !rules.agrees(300, withLoss: 149))
        #expect(rules.agrees(300, withLoss: 600) && !rules.agrees(300, withLoss: 601))
        #expect(MaterialSwing.agrees(300, withLoss: 601) == rules.agrees(300, withLoss: 601))
        var wide = rules
        wide.agreementFloor = 400
        #expect(wide.agrees(300, withLoss: 700) && !rules.agrees(300, withLoss: 700))
    }

    /// 1.d4 d5 2.c4 offers the c-pawn; the engine takes it among its top replies and keeps White's score within the
    /// compensation floor: a gambit. With "a pawn" worth 150 cp, a pawn is too little to be offered at all.
    @Test func anExplainerWithAnotherPawnSeesAnotherGambit() throws {
        let line = try AnnotatorFixture.line("d4 d5 c4")
        let before = line[2].before, after = try before.playing(line[2].move)
        let oracle = StubOracle(verdicts: [before.fen(): StubOracle.verdict(30, [("c2c4", "c4", 30)]),
                                           after.fen(): StubOracle.verdict(30, [("d5c4", "dxc4", 30)])])
        let standard = Annotator(oracle: oracle).annotate(line: line, learner: .white)[2]
        #expect(standard.motifs.contains { $0.kind == .gambit }, "\(standard.motifs.map(\.kind))")
        var rules = ExplainerRules.standard
        rules.pawn = 150
        let dearer = Annotator(oracle: oracle, options: AnnotationOptions(rules: rules)).annotate(line: line, learner: .white)[2]
        #expect(!dearer.motifs.contains { $0.kind == .gambit || $0.kind == .losesMaterial }, "\(dearer.motifs.map(\.kind))")
        #expect(!dearer.explanation.contains("gambit"), "\(dearer.explanation)")
    }

    /// The writer's sentence cap is the table's: a cap of one sentence keeps every generated text to one.
    @Test func theWritersSentenceCapIsTheTables() throws {
        var rules = ExplainerRules.standard
        rules.sentenceCap = 1
        let line = try AnnotatorFixture.line("e4 e5 Nf3 Nc6 Bc4 Bc5 c3 Nf6 d4 exd4 cxd4 Bb4+ Bd2 Bxd2+ Nbxd2 d5")
        let capped = Annotator(options: AnnotationOptions(rules: rules)).annotate(line: line, learner: .white)
        let standard = Annotator().annotate(line: line, learner: .white)
        #expect(standard.contains { $0.explanation.components(separatedBy: ". ").count > 1 }, "the fixture line needs a text of two sentences")
        for note in capped { #expect(note.explanation.components(separatedBy: ". ").count == 1, "\(note.san): \(note.explanation)") }
    }
}
