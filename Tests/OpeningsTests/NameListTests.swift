// The name list: reading it, the naming rule over the tree and the name table, and the authored-name checks (NAM1xx).
import ChessCore
import Diagnostics
import Testing
@testable import Openings

/// A small list in the vendored files' format (rows from lichess's list, unchanged).
let smallList = """
    eco\tname\tpgn
    B00\tKing's Pawn Game\t1. e4
    C20\tKing's Pawn Game\t1. e4 e5
    C40\tKing's Knight Opening\t1. e4 e5 2. Nf3
    C44\tKing's Knight Opening: Normal Variation\t1. e4 e5 2. Nf3 Nc6
    C50\tItalian Game\t1. e4 e5 2. Nf3 Nc6 3. Bc4
    C55\tItalian Game: Two Knights Defense\t1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6
    C60\tRuy Lopez\t1. e4 e5 2. Nf3 Nc6 3. Bb5
    A40\tQueen's Pawn Game\t1. d4
    A45\tIndian Defense\t1. d4 Nf6
    E00\tIndian Defense: Normal Variation\t1. d4 Nf6 2. c4 e6
    A10\tEnglish Opening\t1. c4
    A13\tEnglish Opening: Agincourt Defense\t1. c4 e6
    """

func readList(_ text: String = smallList) -> (NameList, [Diagnostic]) {
    NameList.read([(file: "a.tsv", text: text)])
}

func play(_ sans: [String], from start: Position = .standard) throws -> Position {
    var p = start
    for s in sans { try p.play(try p.move(san: s)) }
    return p
}

@Suite struct NameListReadingTests {
    @Test func everyRowNamesTheEndOfItsLineByPolyglotKey() throws {
        let (list, problems) = readList()
        #expect(problems.isEmpty)
        #expect(list.lines.count == 12)
        #expect(list.names.count == 12)
        let italian = try play(["e4", "e5", "Nf3", "Nc6", "Bc4"])
        #expect(list.name(ofKey: italian.zobristKey) == OpeningName(eco: "C50", name: "Italian Game"))
        #expect(list.name(ofKey: Position.standard.zobristKey) == nil)
        #expect(OpeningName(eco: "C55", name: "Italian Game: Two Knights Defense").family == "Italian Game")
        #expect(OpeningName(eco: "A40", name: "Queen's Pawn Game").family == "Queen's Pawn Game")
    }

    @Test func badRowsAreReportedWithTheirPlaceAndLeftOut() {
        let text = """
            eco\tname\tpgn
            C20\tKing's Pawn Game\t1. e4 e5
            X99\tNot An ECO\t1. e4
            C21\tTwo fields only
            C40\tIllegal\t1. e4 e5 2. Nf6
            C41\tNot canonical\t1. e4 e5 2. Ng1f3
            B00\tSecond name for 1.e4 e5\t1. e4 e5
            """
        let (list, problems) = readList(text)
        #expect(list.names.count == 1)
        #expect(problems.map(\.code.string) == ["NAM110", "NAM110", "NAM111", "NAM111", "NAM112"])
        #expect(problems.map { $0.location?.line ?? 0 } == [3, 4, 5, 6, 7])
        // The column of the bad move: "C40\tIllegal\t" is 12 characters, then "1. e4 e5 2. " (12 more).
        #expect(problems[2].location?.column == 25)
        #expect(problems[3].message.contains("expected \"Nf3\""))
        #expect(problems[4].message.contains("already named \"King's Pawn Game\" (C20)"))
        #expect(problems[4].severity == .warning)
    }
}

@Suite struct TreeNamingTests {
    @Test func treePositionsCarryTheListsNameOrTheDeepestBeforeThem() throws {
        // The bug this replaces: every main-line position carried the final variation's name from move 1.
        let italian = try source("""
            [Opening "Italian Game"]

            1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. c3 *
            """, file: "openings/coach/italian.pgn")
        let (list, _) = readList()
        let tree = OpeningTree.build([italian], names: list)
        let rows = tree.nodes.map { [$0.name ?? "-", $0.eco ?? "-", $0.nameIsInherited ? "inherited" : "exact"] }
        #expect(rows == [
            ["-", "-", "exact"],  // the start position: no opening yet
            ["King's Pawn Game", "B00", "exact"],
            ["King's Pawn Game", "C20", "exact"],
            ["King's Knight Opening", "C40", "exact"],
            ["King's Knight Opening: Normal Variation", "C44", "exact"],
            ["Italian Game", "C50", "exact"],
            ["Italian Game", "C50", "inherited"],  // 3...Bc5: not in the small list
            ["Italian Game", "C50", "inherited"],
        ])
        #expect(tree.nodes[4].family == "King's Knight Opening")
    }

    @Test func aTransposedMoveOrderGetsThePositionsName() throws {
        // 1.c4 e6 2.d4 Nf6 reaches 1.d4 Nf6 2.c4 e6: the list's name for that position, whatever the order.
        let english = try source("[Opening \"English\"]\n\n1. c4 e6 2. d4 Nf6 3. Nc3 *", file: "openings/coach/english.pgn")
        let (list, _) = readList()
        let tree = OpeningTree.build([english], names: list)
        let names = tree.nodes.map { $0.name ?? "-" }
        #expect(names == ["-", "English Opening", "English Opening: Agincourt Defense", "English Opening: Agincourt Defense",
                          "Indian Defense: Normal Variation", "Indian Defense: Normal Variation"])
        #expect(tree.nodes[4].eco == "E00" && !tree.nodes[4].nameIsInherited)
        #expect(tree.nodes[5].nameIsInherited)
    }

    @Test func theNameTableAddsTheListsPositionsAndMovesAndFindsTranspositions() throws {
        let english = try source("[Opening \"English\"]\n\n1. c4 e6 2. d4 Nf6 3. Nc3 *", file: "openings/coach/english.pgn")
        let (list, _) = readList()
        let tree = OpeningTree.build([english], names: list)
        let table = NameTable(tree: tree, list: list)
        // Tree: 6 positions, 5 moves. The list adds e4, e4 e5, Nf3, Nc6, Bc4, Bc4 Nf6, Bb5, d4, d4 Nf6, d4 Nf6 c4
        // (10 positions); its 1.d4 Nf6 2.c4 e6 line ends in the tree's position after 2...Nf6.
        #expect(table.nodes.count == 6 + 10)
        #expect(Array(table.nodes.prefix(6).map(\.inCurriculum)) == Array(repeating: true, count: 6))
        #expect(table.nodes.dropFirst(6).allSatisfy { !$0.inCurriculum && $0.name != nil })
        #expect(table.edges.count == 5 + 11)
        #expect(table.edges.prefix(5).allSatisfy(\.inCurriculum) && table.edges.dropFirst(5).allSatisfy { !$0.inCurriculum })
        // The position after 1.d4 Nf6 2.c4 e6 is entered from two positions (…2.c4 and …2.d4).
        #expect(table.transpositions.map(\.node) == [5])
        #expect(table.transpositions[0].incoming.count == 2)
        for n in table.nodes.dropFirst() {
            let own = list.name(ofKey: n.position.zobristKey)
            #expect(n.name?.isInherited == (own == nil))
            if let own { #expect(n.name?.opening == own) }
        }
    }
}

@Suite struct NameCheckTests {
    let list = readList().0

    @Test func agreementIsByWholeWordsPartByPart() {
        #expect(NameChecks.agrees("Two Knights Defence", "Italian Game: Two Knights Defense"))
        #expect(NameChecks.agrees("Italian Game: Giuoco Pianissimo", "Italian Game: Classical Variation, Giuoco Pianissimo"))
        #expect(NameChecks.agrees("King's Indian Defence: Samisch Variation", "King's Indian Defense: Sämisch Variation"))
        #expect(!NameChecks.agrees("Two Knights", "Italian Game: Two Knightsbridge"))
        #expect(!NameChecks.agrees("Najdorf", "Sicilian Defense"))
        #expect(!NameChecks.agrees("Giuoco Pianissimo: Italian Game", "Italian Game: Classical Variation, Giuoco Pianissimo"))
    }

    @Test func disagreeingNamesAreErrorsWithWhatTheListCallsThePosition() throws {
        let s = try source("""
            [Opening "Ruy Lopez"]
            [ECO "C50"]

            1. e4 e5 2. Nf3 Nc6 3. Bc4 ( {[%dev phase=2 name="Spanish Game"]} 3. Bb5 ) 3... Bc5 ( {[%dev phase=2 name="Two Knights"]} 3... Nf6 ) *
            """, file: "openings/coach/x.pgn")
        let ds = NameChecks.check([s], list: list, reasons: [])
        #expect(ds.map(\.code.string) == ["NAM101", "NAM103"])
        #expect(ds.allSatisfy { $0.severity == .error })
        #expect(ds[0].message.contains("the list calls 1.e4 \"King's Pawn Game\" (B00) and 3.Bc4 \"Italian Game\" (C50)"))
        #expect(ds[1].message.contains("deviation \"Spanish Game\"") && ds[1].message.contains("3.Bb5 \"Ruy Lopez\" (C60)"))
    }

    @Test func aWrongECOIsWarnedWhereTheNameAgrees() throws {
        let s = try source("[Opening \"Italian Game\"]\n[ECO \"C55\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 *", file: "openings/coach/x.pgn")
        let ds = NameChecks.check([s], list: list, reasons: [])
        #expect(ds.map(\.code.string) == ["NAM102"])
        #expect(ds[0].message == "ECO C55 disagrees with the list: \"Italian Game\" (after 3.Bc4) is C50")
    }

    @Test func aReasonExcusesADisagreementAndAStaleReasonIsReported() throws {
        let s = try source("[Opening \"Ruy Lopez\"]\n[ECO \"C50\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 *", file: "openings/coach/x.pgn")
        let (reasons, problems) = NameReason.read("""
            file\tname\treason
            coach/x.pgn\tRuy Lopez\tthe coach teaches it as a Ruy Lopez sideline
            coach/y.pgn\tGone\tno longer in any source
            coach/x.pgn\tmissing reason
            """, file: "openings/names-reasons.tsv")
        #expect(problems.map(\.code.string) == ["NAM105"])
        #expect(problems[0].location?.line == 4)
        let ds = NameChecks.check([s], list: list, reasons: reasons)
        #expect(ds.map(\.code.string) == ["NAM104"])
        #expect(ds[0].location?.line == 3)
    }

    @Test func aDeviationThroughUnnamedPositionsIsNotChecked() throws {
        let s = try source("""
            [Opening "Italian Game"]
            [ECO "C50"]

            1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. c3 ( {[%dev phase=2 name="Anything"]} 4. b4 ) 4... Nf6 *
            """, file: "openings/coach/x.pgn")
        #expect(NameChecks.check([s], list: list, reasons: []).isEmpty)
    }
}

@Suite struct NameListControlCharacterTests {
    /// A row whose name holds an ESC sequence is refused (NAM113) and names nothing: before, the name went into
    /// `position.name` as it was, ESC and all.
    @Test func aNameWithAControlCharacterIsRefusedAndNotStored() throws {
        let (list, problems) = readList("eco\tname\tpgn\nC20\tKing's \u{1B}[2KPawn Game\t1. e4 e5\nB00\tKing's Pawn Game\t1. e4\n")
        #expect(problems.map(\.code.string) == ["NAM113"])
        #expect(problems.first?.location?.line == 2 && problems.first?.location?.column == 5)
        #expect(problems.first?.message == "a name holds no control character, found \"King's \\u{1B}[2KPawn Game\"")
        #expect(list.name(ofKey: try play(["e4", "e5"]).zobristKey) == nil)
        #expect(list.name(ofKey: try play(["e4"]).zobristKey) == OpeningName(eco: "B00", name: "King's Pawn Game"))
        #expect(!list.names.values.contains { $0.name.unicodeScalars.contains { $0.value < 32 } })
    }
}
