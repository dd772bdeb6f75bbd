// AnnotatorTests: sentence length and variety, authored comments winning, arrows, and engine motifs with a stub oracle.
import ChessCore
import ChessPGN
import Testing

@testable import Openings

@Suite struct AnnotatorTests {
    /// Every line of every fixture game, annotated from the rules alone.
    func fixtureAnnotations(_ name: String) throws -> [(GameLine, [MoveAnnotation])] {
        var out: [(GameLine, [MoveAnnotation])] = []
        for tree in try AnnotatorFixture.games(name) {
            let lines = GameLines.lines(tree)
            let notes = Annotator().annotate(lines.map(\.request)).lines
            out += zip(lines, notes).map { ($0, $1) }
        }
        return out
    }

    @Test(arguments: ["italian.pgn", "gambits.pgn"])
    func generatedExplanationsAreWithinLengthLimits(_ name: String) throws {
        let all = try fixtureAnnotations(name)
        #expect(!all.isEmpty)
        for (_, notes) in all {
            for a in notes where a.source == .generated {
                #expect((40...220).contains(a.explanation.count), "\(a.ply) \(a.san): \(a.explanation.count) chars: \(a.explanation)")
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
        #expect(nf3.explanation.contains("e5"))
        #expect(nf3.ply == 3)
        #expect(nf3.uci == "g1f3")
        #expect(nf3.fenBefore == "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2")
        #expect(nf3.concepts.contains("development"))
        #expect(nf3.arrows.contains("Gg1f3"))
        #expect(nf3.arrows.contains("Rf3e5"))
        #expect(nf3.source == .generated)
    }

    @Test func opponentMovesSayWhatToThinkAboutAndTheAnswer() throws {
        let notes = Annotator().annotate(line: try AnnotatorFixture.line("e4 e5 Nf3 Nc6"), learner: .black)
        let nf3 = notes[2]
        #expect(nf3.explanation.contains("your pawn on e5"), "\(nf3.explanation)")
        #expect(nf3.explanation.contains("Nc6"))
        #expect(nf3.arrows.first == "Gb8c6")
    }

    @Test func deviationSaysItLeavesTheMainLineAndTheAnswer() throws {
        let line = try AnnotatorFixture.line("e4 e5 Nf3 Nc6 Bc4 Nf6 Ng5")
        let dev = Array(line[5...])
        let notes = Annotator().annotate([LineRequest(moves: dev, role: .deviation, learner: .white, mainLineSAN: "Bc5")]).lines[0]
        #expect(notes[0].explanation.contains("leaves the main line"))
        #expect(notes[0].explanation.contains("Bc5"))
        #expect(notes[0].explanation.contains("Ng5"))
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
        let notes = Annotator().annotate([LineRequest(moves: line, authoredArrows: [[], [], ["Yf3e5"]], learner: .white)]).lines[0]
        #expect(notes[2].arrows == ["Yf3e5"])
    }

    @Test func sameInputSameOutput() throws {
        let a = try fixtureAnnotations("italian.pgn").map(\.1)
        let b = try fixtureAnnotations("italian.pgn").map(\.1)
        #expect(a == b)
    }

    @Test func gameLinesFindTheMainLineAndMarkedDeviations() throws {
        let tree = try #require(try AnnotatorFixture.games("italian.pgn").first)
        let lines = GameLines.lines(tree)
        #expect(lines.count == 2)
        #expect(lines[0].request.role == .main)
        #expect(lines[0].request.moves.count == 25)
        #expect(lines[1].request.role == .deviation)
        #expect(lines[1].name == "Two Knights")
        #expect(lines[1].request.mainLineSAN == "Bc5")
        #expect(lines[0].request.authored[4] == "The bishop aims at f7, the weakest square near Black's king.")
    }

    // MARK: engine motifs with numbers the test controls

    @Test func losesGroundNamesTheBetterMoveAndTheReply() throws {
        let line = try AnnotatorFixture.line("e4 e5 Nh3")
        let before = line[2].before
        let after = before.playingUnchecked(line[2].move)
        let oracle = StubOracle(verdicts: [
            before.fen(): StubOracle.verdict(40, [("g1f3", "Nf3", 40)]),
            after.fen(): StubOracle.verdict(90, [("d7d5", "d5", 90)]),
        ])
        let notes = Annotator(oracle: oracle).annotate(line: line, learner: .white)
        let m = try #require(notes[2].motifs.first { $0.kind == .losesGround })
        #expect(m.san == "Nf3")
        #expect(m.amount == 130)
        #expect(notes[2].explanation.contains("Nf3"))
        #expect(notes[2].explanation.contains("d5"))
        #expect(notes[2].arrows.first == "Gg1f3")

        let mild = StubOracle(verdicts: [
            before.fen(): StubOracle.verdict(40, [("g1f3", "Nf3", 40)]),
            after.fen(): StubOracle.verdict(-10, [("d7d5", "d5", -10)]),
        ])
        let ok = Annotator(oracle: mild).annotate(line: line, learner: .white)
        #expect(!ok[2].motifs.contains { $0.kind == .losesGround })
    }

    @Test func gambitCompensationFollowsTheEngine() throws {
        let line = try AnnotatorFixture.line("d4 d5 c4")
        let after = line[2].before.playingUnchecked(line[2].move)
        for (score, expected) in [(30, true), (200, false)] {
            let oracle = StubOracle(verdicts: [after.fen(): StubOracle.verdict(score)])
            let notes = Annotator(oracle: oracle).annotate(line: line, learner: .white)
            let gift = try #require(notes[2].motifs.first { $0.kind == .givesUpMaterial })
            #expect(gift.compensation == expected)
            #expect(notes[2].explanation.contains(expected ? "compensation for it" : "not"), "\(notes[2].explanation)")
        }
        // Without an engine nothing is said about compensation.
        let plain = Annotator().annotate(line: line, learner: .white)
        #expect(plain[2].motifs.first { $0.kind == .givesUpMaterial }?.compensation == nil)
        #expect(!plain[2].explanation.contains("engine"))
    }

    @Test func prophylaxisWhenTheOpponentsIdeaGoesToACoveredSquare() throws {
        let line = try AnnotatorFixture.line("e4 e5 Nf3 Nc6 Bc4 Bc5 O-O Nf6 d3 d6 h3")
        let h3 = line[10]
        let pass = try #require(BoardFacts.passing(h3.before))
        let after = h3.before.playingUnchecked(h3.move)
        func oracle(bestAfter: String) -> StubOracle {
            StubOracle(verdicts: [
                pass.fen(): StubOracle.verdict(20, [("c8g4", "Bg4", 20)]),
                after.fen(): StubOracle.verdict(0, [(bestAfter, "x", 0)]),
            ])
        }
        let notes = Annotator(oracle: oracle(bestAfter: "a7a6")).annotate(line: line, learner: .white)
        let p = try #require(notes[10].motifs.first { $0.kind == .prophylaxis })
        #expect(p.squareNames == ["g4"])
        #expect(p.san == "Bg4")
        #expect(notes[10].explanation.contains("Bg4"), "\(notes[10].explanation)")
        // Still the opponent's best after the move: no prophylaxis claimed.
        let still = Annotator(oracle: oracle(bestAfter: "c8g4")).annotate(line: line, learner: .white)
        #expect(!still[10].motifs.contains { $0.kind == .prophylaxis })
        // A move that does not cover g4 is not prophylaxis against Bg4.
        let a3line = try AnnotatorFixture.line("e4 e5 Nf3 Nc6 Bc4 Bc5 O-O Nf6 d3 d6 a3")
        let a3after = a3line[10].before.playingUnchecked(a3line[10].move)
        let o = StubOracle(verdicts: [pass.fen(): StubOracle.verdict(20, [("c8g4", "Bg4", 20)]),
                                      a3after.fen(): StubOracle.verdict(0, [("a7a6", "a6", 0)])])
        let a3 = Annotator(oracle: o).annotate(line: a3line, learner: .white)
        #expect(!a3[10].motifs.contains { $0.kind == .prophylaxis })
    }

    @Test func engineProblemsAreReportedAndTheMoveIsStillExplained() throws {
        struct Broken: EngineOracle {
            func analyse(_ positions: [Position]) -> [Result<EngineVerdict, EngineProblem>] {
                positions.map { _ in .failure(EngineProblem(code: "UCI103", message: "engine crashed")) }
            }
        }
        let (lines, problems) = Annotator(oracle: Broken()).annotate([LineRequest(moves: try AnnotatorFixture.line("e4 e5"), learner: .white)])
        #expect(!problems.isEmpty)
        #expect(lines[0].count == 2)
        #expect(lines[0].allSatisfy { $0.explanation.count >= 40 })
    }
}
