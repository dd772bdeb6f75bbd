// AnnotatorTests: sentence length and variety, authored comments winning, arrows, and engine motifs with a stub oracle.
import ChessCore
import ChessPGN
import Diagnostics
import Testing

@testable import Explainer
@testable import Openings

@Suite struct AnnotatorTests {
    /// Every line of every fixture game, annotated from the rules alone.
    func fixtureAnnotations(_ name: String) throws -> [(OpeningLine, [MoveAnnotation])] {
        var out: [(OpeningLine, [MoveAnnotation])] = []
        for (_, source) in try AnnotatorFixture.sources(name) {
            let notes = Annotator().annotate(source: source).lines
            out += zip(source.lines, notes).map { ($0, $1) }
        }
        return out
    }

    @Test(arguments: ["italian.pgn", "gambits.pgn"])
    func generatedExplanationsAreWithinLengthLimits(_ name: String) throws {
        let all = try fixtureAnnotations(name)
        #expect(!all.isEmpty)
        for (_, notes) in all {
            for a in notes where a.source == .generated {
                #expect((20...220).contains(a.explanation.count), "\(a.ply) \(a.san): \(a.explanation.count) chars: \(a.explanation)")
            }
        }
    }

    @Test(arguments: ["italian.pgn", "gambits.pgn"])
    func noSentenceRepeatsWithinALine(_ name: String) throws {
        for (_, notes) in try fixtureAnnotations(name) {
            var seen: [String: String] = [:]
            for a in notes where a.source == .generated {
                for s in Self.sentences(a.explanation) {
                    #expect(seen[s] == nil, "\"\(s)\" used for \(seen[s] ?? "") and \(a.san)")
                    seen[s] = a.san
                }
            }
        }
    }

    static func sentences(_ text: String) -> [String] {
        var out: [String] = []
        var cur = ""
        for ch in text {
            cur.append(ch)
            if ch == "." || ch == "!" || ch == "?" {
                out.append(cur.trimmingCharacters(in: .whitespaces))
                cur = ""
            }
        }
        if !cur.trimmingCharacters(in: .whitespaces).isEmpty { out.append(cur.trimmingCharacters(in: .whitespaces)) }
        return out.filter { $0.count > 3 }
    }

    @Test func explanationNamesTheMoveAndWhatItDoes() throws {
        let notes = Annotator().annotate(line: try AnnotatorFixture.line("e4 e5 Nf3"), learner: .white)
        #expect(notes.count == 3)
        let nf3 = try #require(notes.last)
        #expect(nf3.explanation.hasPrefix("Nf3 "))
        #expect(nf3.explanation.contains("knight"))
        #expect(nf3.ply == 3)
        #expect(nf3.uci == "g1f3")
        #expect(nf3.fenBefore == "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2")
        #expect(nf3.concepts.contains("development"))
        #expect(nf3.arrows.map(\.text) == ["Gg1f3"])
        #expect(nf3.source == .generated)
        #expect(nf3.answer == nil)
        // Without an engine no material claim is made.
        #expect(nf3.claim == nil)
        #expect(!nf3.motifs.contains { $0.kind.needsEngine })
    }

    @Test func opponentMovesCarryTheAnswerApartFromTheExplanation() throws {
        let notes = Annotator().annotate(line: try AnnotatorFixture.line("e4 e5 Nf3 Nc6"), learner: .black)
        let nf3 = notes[2]
        #expect(nf3.answer == RecommendedAnswer(uci: "b8c6", san: "Nc6", arrows: [Arrow(color: .green, from: .b8, to: .c6)]))
        #expect(!nf3.explanation.contains("Nc6"), "\(nf3.explanation)")
        #expect(!nf3.arrows.contains { $0.color == .green })
        #expect(notes[3].answer == nil)
    }

    @Test func deviationSaysWhatItPlaysInsteadOfTheMainLine() throws {
        let line = try AnnotatorFixture.line("e4 e5 Nf3 Nc6 Bc4 Nf6 Ng5")
        let dev = Array(line[5...])
        let notes = Annotator().annotate([LineRequest(moves: dev, role: .deviation(Deviation(phase: 2)), learner: .white, mainLineSAN: "Bc5")]).lines[0]
        #expect(notes[0].explanation.hasPrefix("Instead of Bc5, Nf6 "), "\(notes[0].explanation)")
        #expect(!notes[0].explanation.contains("Ng5"))
        #expect(notes[0].answer?.san == "Ng5")
    }

    @Test func authoredCommentsWin() throws {
        let authored = "The knight jumps out and eyes the e5 pawn, a classic first developing move."
        let line = try AnnotatorFixture.line("e4 e5 Nf3")
        let notes = Annotator().annotate(line: line, authored: [nil, nil, authored], learner: .white)
        #expect(notes[2].explanation == authored)
        #expect(notes[2].source == .authored)
        #expect(notes[0].source == .generated)
        // Motifs and concepts are still found for an authored move.
        #expect(notes[2].motifs.contains { $0.kind == .develops })

        let appended = Annotator(options: AnnotationOptions(appendGeneratedToAuthored: true))
            .annotate(line: line, authored: [nil, nil, authored], learner: .white)
        #expect(appended[2].explanation.hasPrefix(authored + " "))
        #expect(appended[2].explanation.count > authored.count + 10)
    }

    @Test func authoredArrowsReplaceGeneratedOnes() throws {
        let line = try AnnotatorFixture.line("e4 e5 Nf3")
        let notes = Annotator().annotate([LineRequest(moves: line, authoredArrows: [[], [], [Arrow(color: .yellow, from: .f3, to: .e5)]], learner: .white)]).lines[0]
        #expect(notes[2].arrows.map(\.text) == ["Yf3e5"])
    }

    @Test func sameInputSameOutput() throws {
        let a = try fixtureAnnotations("italian.pgn").map(\.1)
        let b = try fixtureAnnotations("italian.pgn").map(\.1)
        #expect(a == b)
    }

    @Test func theReaderFindsTheMainLineAndMarkedDeviationsWithTheirNodes() throws {
        let (tree, source) = try #require(try AnnotatorFixture.sources("italian.pgn").first)
        let lines = source.lines
        #expect(lines.count == 2)
        #expect(lines[0].role == .main)
        #expect(lines[0].moves.count == 25)
        #expect(lines[1].deviation != nil)
        #expect(lines[1].name == "Two Knights")
        #expect(lines[0].moves[lines[1].branchPly].san == "Bc5")  // the main line's move where the deviation leaves it
        #expect(lines[0].moves[4].comment == "The bishop aims at f7, the weakest square near Black's king.")
        // Every move knows its node: the main line is the tree's main line, node for node.
        #expect(lines[0].moves.map(\.node) == tree.mainline.map { Optional($0) })
        for m in lines[1].ownMoves { #expect(m.node.map { tree.nodes[$0].san } == m.san) }
    }

    @Test func aTrapDeviationCarriesTheTrapConcept() throws {
        let (_, source) = try #require(try AnnotatorFixture.sources("trap.pgn").first)
        let lines = source.lines
        #expect(lines.count == 2)
        #expect(lines[1].deviation?.kind == .trap)
        #expect(lines[0].role == .main && lines[0].deviation == nil)
        let notes = Annotator().annotate(source: source).lines
        #expect(notes[1].first?.concepts.contains("trap") == true)
        #expect(notes[0].allSatisfy { !$0.concepts.contains("trap") })
        #expect(notes.joined().allSatisfy { !$0.concepts.isEmpty })
    }

    // MARK: engine motifs with numbers the test controls

    /// The positions around move `i` of a line: before, after, and both with the other side to move.
    func around(_ line: [LineMove], _ i: Int) throws -> (before: Position, after: Position, passBefore: Position?, passAfter: Position?) {
        let before = line[i].before
        let after = try before.playing(line[i].move)
        return (before, after, BoardFacts.passing(before), BoardFacts.passing(after))
    }

    @Test func threatComesFromTheNullMoveSearchAndCarriesItsScore() throws {
        let line = try AnnotatorFixture.line("e4 e5 Nf3")
        let p = try around(line, 2)
        let pass = try #require(p.passAfter)
        for (score, named) in [(150, true), (60, false)] {
            let oracle = StubOracle(verdicts: [pass.fen(): StubOracle.verdict(score, [("f3e5", "Nxe5", score)])])
            let nf3 = Annotator(oracle: oracle).annotate(line: line, learner: .black)[2]
            let threat = nf3.motifs.first { $0.kind == .threatens }
            #expect((threat != nil) == named, "\(nf3.motifs.map(\.kind))")
            if named {
                #expect(nf3.explanation.contains("Nxe5"), "\(nf3.explanation)")
                #expect(nf3.explanation.contains("your pawn on e5"))
                #expect(nf3.claim == ExplanationClaim(kind: .threatens, evidence: EngineEvidence(score: .centipawns(150), depth: 10, nodes: 1000)))
                #expect(nf3.arrows.map(\.text).contains("Rf3e5"))
            } else {
                #expect(!nf3.explanation.contains("threat"))
                #expect(nf3.claim == nil)
            }
        }
    }

    @Test func preventsNamesTheOpponentsIdeaThatNoLongerWorks() throws {
        let line = try AnnotatorFixture.line("e4 e5 Nf3 Nc6")
        let p = try around(line, 3)
        let passBefore = try #require(p.passBefore)
        let oracle = StubOracle(verdicts: [passBefore.fen(): StubOracle.verdict(150, [("f3e5", "Nxe5", 150)]),
                                           p.after.fen(): StubOracle.verdict(30)])
        let nc6 = Annotator(oracle: oracle).annotate(line: line, learner: .white)[3]
        let m = try #require(nc6.motifs.first { $0.kind == .prevents })
        #expect(m.evidence?.score == .centipawns(-150))
        #expect(nc6.explanation.contains("Nxe5"), "\(nc6.explanation)")
        // A move that leaves e5 hanging prevents nothing.
        let other = try AnnotatorFixture.line("e4 e5 Nf3 a6")
        let q = try around(other, 3)
        let o2 = StubOracle(verdicts: [try #require(q.passBefore).fen(): StubOracle.verdict(150, [("f3e5", "Nxe5", 150)]),
                                       q.after.fen(): StubOracle.verdict(30)])
        #expect(!Annotator(oracle: o2).annotate(line: other, learner: .white)[3].motifs.contains { $0.kind == .prevents })
    }

    @Test func aGambitOnlyWhenTheEngineAgreesAndALosingOneIsAMistake() throws {
        let line = try AnnotatorFixture.line("d4 d5 c4")
        let p = try around(line, 2)
        // After c4 Black is to move: +30 for Black is -30 for White, within the compensation floor.
        let good = StubOracle(verdicts: [p.before.fen(): StubOracle.verdict(30, [("c2c4", "c4", 30)]), p.after.fen(): StubOracle.verdict(30, [("d5c4", "dxc4", 30)])])
        let c4 = Annotator(oracle: good).annotate(line: line, learner: .white)[2]
        #expect(c4.motifs.contains { $0.kind == .gambit })
        #expect(c4.explanation.contains("gambit"), "\(c4.explanation)")
        #expect(c4.claim?.kind == .gambit)
        #expect(c4.claim?.evidence.score == .centipawns(30))
        // The engine dislikes it: no "gambit", a mistake with its score.
        let bad = StubOracle(verdicts: [p.before.fen(): StubOracle.verdict(40, [("g1f3", "Nf3", 40)]), p.after.fen(): StubOracle.verdict(200, [("d5c4", "dxc4", 200)])])
        let lost = Annotator(oracle: bad).annotate(line: line, learner: .white)[2]
        #expect(!lost.motifs.contains { $0.kind == .gambit })
        #expect(lost.motifs.contains { $0.kind == .losesMaterial })
        #expect(!lost.explanation.contains("gambit"))
        // +0.40 against -2.00 for the mover: a drop of 429 permille of winning chances, a blunder.
        #expect(lost.explanation.contains("a blunder"), "\(lost.explanation)")
        #expect(lost.claim?.evidence.score == .centipawns(-200))
        #expect(lost.arrows.first?.text == "Gg1f3")
        // Taking the pawn is not among the engine's replies: the pawn is not really offered, no claim either way.
        let notTaken = StubOracle(verdicts: [p.before.fen(): StubOracle.verdict(30, [("c2c4", "c4", 30)]),
                                             p.after.fen(): StubOracle.verdict(30, [("e7e6", "e6", 30)])])
        let quiet = Annotator(oracle: notTaken).annotate(line: line, learner: .white)[2]
        #expect(!quiet.motifs.contains { $0.kind == .gambit || $0.kind == .losesMaterial })
        // Without an engine: neither.
        let plain = Annotator().annotate(line: line, learner: .white)[2]
        #expect(!plain.explanation.contains("gambit") && !plain.explanation.contains("mistake"))
    }

    @Test func aMistakeRecordsBothScoresAndMatesStayMates() throws {
        let line = try AnnotatorFixture.line("e4 e5 Nh3")
        let p = try around(line, 2)
        let oracle = StubOracle(verdicts: [p.before.fen(): StubOracle.verdict(40, [("g1f3", "Nf3", 40)]),
                                           p.after.fen(): StubOracle.verdict(90, [("d7d5", "d5", 90)])])
        let nh3 = Annotator(oracle: oracle).annotate(line: line, learner: .white)[2]
        let m = try #require(nh3.motifs.first { $0.kind == .losesGround })
        guard case .losesGround(let better, _, let best, let verdict, _, _, let e) = m else { return }
        // +0.40 is 73 permille of winning chances, -0.90 is -163: a drop of 236, a mistake.
        #expect(verdict == .mistake)
        #expect(nh3.explanation.contains("a mistake"), "\(nh3.explanation)")
        #expect(better == "Nf3")
        #expect(best == .centipawns(40))
        #expect(e.score == .centipawns(-90))
        #expect(nh3.explanation.contains("about 1.3 pawns"), "\(nh3.explanation)")
        let mild = StubOracle(verdicts: [p.before.fen(): StubOracle.verdict(40, [("g1f3", "Nf3", 40)]), p.after.fen(): StubOracle.verdict(-10)])
        #expect(!Annotator(oracle: mild).annotate(line: line, learner: .white)[2].motifs.contains { $0.kind == .losesGround })
        // A move that allows mate: the text says so, without a number of pawns.
        var mate = StubOracle.verdict(0)
        mate.score = .mate(2)
        let mated = StubOracle(verdicts: [p.before.fen(): StubOracle.verdict(40, [("g1f3", "Nf3", 40)]), p.after.fen(): mate])
        let n = Annotator(oracle: mated).annotate(line: line, learner: .white)[2]
        #expect(n.explanation.contains("forced mate"), "\(n.explanation)")
        #expect(n.claim?.evidence.score == .mate(-2))
    }

    @Test func engineProblemsAreReportedAndTheMoveIsStillExplained() throws {
        struct Broken: EngineOracle {
            func analyse(_ positions: [Position]) -> [Result<EngineVerdict, EngineProblem>] {
                positions.map { _ in .failure(EngineProblem(code: DiagnosticCode("UCI103", .error, "engine died"), message: "engine crashed")) }
            }
        }
        let (lines, problems) = Annotator(oracle: Broken()).annotate([LineRequest(moves: try AnnotatorFixture.line("e4 e5"), learner: .white)])
        #expect(!problems.isEmpty)
        #expect(lines[0].count == 2)
        #expect(lines[0].allSatisfy { !$0.explanation.isEmpty })
    }
}
