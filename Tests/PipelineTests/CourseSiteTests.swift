// CourseSiteTests: `forge report` — the SVG board, escaping, a page against the bundle it shows, determinism, refusals.
import BundleStore
import ChessCore
import ChessPGN
import Foundation
@testable import Pipeline
import Testing

struct CourseBoardTests {
    /// The `<use>`s of a board: piece id → the squares' corners it is drawn at.
    static func pieces(_ svg: String) -> [String: Set<String>] {
        var out: [String: Set<String>] = [:]
        let pattern = /<use href="#cf-([wb]-[pnbrqk])" x="(\d)" y="(\d)"/
        for m in svg.matches(of: pattern) { out[String(m.1), default: []].insert("\(m.2),\(m.3)") }
        return out
    }

    /// The pieces of a FEN's placement field, read by hand (the test's own reading, not ChessCore's), as the corners a
    /// board seen from `white` (or from Black's side) draws them at.
    static func expected(_ placement: String, fromWhite: Bool) -> [String: Set<String>] {
        var out: [String: Set<String>] = [:]
        for (row, rank) in placement.split(separator: "/").enumerated() {
            var file = 0
            for c in rank {
                if let n = c.wholeNumberValue { file += n; continue }
                let id = (c.isUppercase ? "w-" : "b-") + c.lowercased()
                let (x, y) = fromWhite ? (file, row) : (7 - file, 7 - row)
                out[id, default: []].insert("\(x),\(y)")
                file += 1
            }
        }
        return out
    }

    @Test(arguments: [true, false]) func theBoardPutsEachPieceOfAFENOnItsSquare(fromWhite: Bool) throws {
        let fen = "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2P2N2/PP1P1PPP/RNBQK2R w KQkq - 1 5"
        let position = try Position(fen: fen)
        let svg = BoardSVG.svg(BoardPicture(board: position.board, orientation: fromWhite ? .white : .black, lastMove: nil, arrows: [], highlights: []),
                               label: "5. ?")
        let drawn = Self.pieces(svg)
        #expect(drawn == Self.expected(String(fen.split(separator: " ")[0]), fromWhite: fromWhite))
        #expect(drawn.values.reduce(0) { $0 + $1.count } == 32)
        // Spot checks by hand: White's king on e1, Black's knight on f6.
        #expect(drawn["w-k"] == [fromWhite ? "4,7" : "3,0"])
        #expect(drawn["b-n"]?.contains(fromWhite ? "5,2" : "2,5") == true)
    }

    @Test func aMoveIsDrawnAsAnArrowFromSquareToSquare() throws {
        let svg = BoardSVG.svg(BoardPicture(board: Position.standard.board, orientation: .white, lastMove: (.g1, .f3),
                                            arrows: [try #require(Arrow(text: "Gg1f3"))], highlights: [try #require(Highlight(text: "Rd4"))]),
                               label: "1. Nf3")
        let arrow = try #require(svg.firstMatch(of: /<polygon class="arrow" data-arrow="Gg1f3" points="([^"]+)" fill="(#[0-9a-f]{6})"/))
        #expect(String(arrow.2) == BoardSVG.Palette.colour(.green))
        let points = arrow.1.split(separator: " ").map { p in p.split(separator: ",").compactMap { Double($0) } }
        #expect(points.count == 7)
        // The tip is the centre of f3 (file 5, rank 3 from the top: y 5); the tail straddles the centre of g1 (6.5, 7.5).
        #expect(points[3] == [5.5, 5.5])
        let tail = [(points[0][0] + points[6][0]) / 2, (points[0][1] + points[6][1]) / 2]
        #expect(abs(tail[0] - 6.5) < 0.001 && abs(tail[1] - 7.5) < 0.001)
        // The highlight on d4 (x 3, y 4) and the last move's two squares.
        #expect(svg.contains("<rect class=\"highlight\" x=\"3\" y=\"4\" width=\"1\" height=\"1\" fill=\"\(BoardSVG.Palette.colour(.red))\""))
        #expect(svg.matches(of: /<rect class="last" x="(\d)" y="(\d)"/).map { "\($0.1),\($0.2)" } == ["6,7", "5,5"])
        // An arrow from a square to itself is a ring on it.
        #expect(BoardSVG.arrow(try #require(Arrow(text: "Be4e4")), .white).hasPrefix("<circle class=\"arrow\" cx=\"4.5\" cy=\"4.5\""))
    }

    @Test func coordinatesAreWrittenTheSameEverywhere() {
        #expect([0.5, 3.9100001, -0.125, 7, 0.0004, 2.25].map(BoardSVG.number) == ["0.5", "3.91", "-0.125", "7", "0", "2.25"])
    }
}

struct CourseHTMLTextTests {
    @Test func hostileTextIsShownAsTextWithNoControlCharacter() {
        let hostile = "<script>alert(\"x\")</script> & 'y' <img src=x onerror=1>\u{0}\u{7}\u{1B}[31m\u{7F}\u{85}\tend\r\n"
        let escaped = HTMLText.escaped(hostile)
        #expect(escaped == "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39; &lt;img src=x onerror=1&gt;"
                + "\u{FFFD}\u{FFFD}\u{FFFD}[31m\u{FFFD}\u{FFFD} end  ")
        #expect(!escaped.contains("<") && !escaped.contains(">") && !escaped.contains("\""))
        #expect(!escaped.unicodeScalars.contains(where: HTMLText.isControl))
        // Text that needs nothing is unchanged, accents and figurines included.
        #expect(HTMLText.escaped("Réti's ♘f3 – déjà vu") == "Réti&#39;s ♘f3 – déjà vu")
    }

    @Test func aPageNameIsTheSlugsSafeLettersOnly() {
        #expect(CourseSite.pageName("italian-game", avoiding: []) == "italian-game")
        #expect(CourseSite.pageName("../../etc/passwd", avoiding: []) == "etcpasswd")
        #expect(CourseSite.pageName("index", avoiding: ["index", "report"]) == "index-2")
        #expect(CourseSite.pageName("<>", avoiding: []) == "opening")
    }
}

@Suite(.serialized, .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/games/stockfish")))
struct CourseSiteTests {
    func files(_ dir: String) throws -> [String: Data] {
        var out: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: dir) { out[name] = FileManager.default.contents(atPath: dir + "/" + name) }
        return out
    }

    /// Every opening page holds, per line, one board for each of the line's own plies in the bundle (read here with the
    /// store's own queries, not the report's reader), every authored or generated explanation and every move's note text.
    @Test func eachOpeningPageHoldsEveryLinesBoardsAndNotes() throws {
        let bundle = try Fixtures.copyOfTheGoodBundle()
        let out = try Fixtures.tempDirectory() + "/site"
        let r = CourseSite.run(CourseSiteConfiguration(bundleDirectory: bundle.path, outputDirectory: out))
        #expect(r.outcome == .ok, "\(r.diagnostics)")
        let store = try OpeningsBundle(directory: bundle.path)
        let openings = try store.openings()
        #expect(r.typedSummary.openings == openings.count && openings.count > 0)
        let index = try String(contentsOfFile: out + "/index.html", encoding: .utf8)
        var boards = 0, notes = 0
        for o in openings {
            #expect(index.contains("href=\"\(o.slug).html\""))
            let page = try String(contentsOfFile: out + "/\(o.slug).html", encoding: .utf8)
            #expect(!page.unicodeScalars.contains { HTMLText.isControl($0) && $0 != "\n" })
            #expect(!page.contains("<script") && !page.contains("http://") && !page.contains("https://"))
            let sections = page.components(separatedBy: "<section class=\"line\"").dropFirst()
            let lines = try store.lines(ofOpening: o.id)
            #expect(sections.count == lines.count)
            for line in lines {
                let section = try #require(sections.first { $0.contains("data-key=\"\(HTMLText.escaped(line.key))\"") }, "\(line.key)")
                let steps = try store.steps(ofLine: line.id)
                #expect(section.components(separatedBy: "<svg class=\"board\"").count - 1 == steps.count, "\(line.key)")
                boards += steps.count
                for s in steps {
                    if let e = s.lineMove.explanation { #expect(section.contains(HTMLText.escaped(e)), "\(line.key) ply \(s.lineMove.ply)") }
                    guard let from = try store.position(id: s.move.fromPositionID),
                          let note = try store.moveNote(key: BundleKeys.moveKey(fromPolyglotKey: from.polyglotKey, uci: s.move.uci)) else { continue }
                    notes += 1
                    #expect(section.contains("<span class=\"verdict v-\(note.verdict)\">"), "\(line.key) ply \(s.lineMove.ply)")
                    #expect(section.contains(HTMLText.escaped(note.text)), "\(line.key) ply \(s.lineMove.ply)")
                }
            }
        }
        #expect(boards == r.typedSummary.boards && boards > 0 && notes > 0)
    }

    @Test func theSameBundleGivesTheSameBytes() throws {
        let bundle = try Fixtures.copyOfTheGoodBundle()
        let (a, b) = (try Fixtures.tempDirectory() + "/a", try Fixtures.tempDirectory() + "/b")
        #expect(CourseSite.run(CourseSiteConfiguration(bundleDirectory: bundle.path, outputDirectory: a)).outcome == .ok)
        #expect(CourseSite.run(CourseSiteConfiguration(bundleDirectory: bundle.path, outputDirectory: b)).outcome == .ok)
        let (first, second) = (try files(a), try files(b))
        #expect(first.count > 2 && first == second)
        // A second run into the same folder replaces the site whole, with the same bytes.
        #expect(CourseSite.run(CourseSiteConfiguration(bundleDirectory: bundle.path, outputDirectory: a)).outcome == .ok)
        #expect(try files(a) == first)
    }

    @Test func aMissingOrEditedBundleIsRefusedBeforeAnythingIsWritten() throws {
        let root = try Fixtures.tempDirectory()
        let missing = CourseSite.run(CourseSiteConfiguration(bundleDirectory: root + "/none", outputDirectory: root + "/site"))
        #expect(missing.outcome == .noInput && missing.diagnostics.map(\.code.string) == ["BND414"])
        let bundle = try Fixtures.copyOfTheGoodBundle()
        // A site written before stays as it was when the next run is refused.
        let old = root + "/old-site"
        #expect(CourseSite.run(CourseSiteConfiguration(bundleDirectory: bundle.path, outputDirectory: old)).outcome == .ok)
        let oldFiles = try files(old)
        let db = try #require(FileHandle(forUpdatingAtPath: bundle.path + "/openings.sqlite"))
        try db.seek(toOffset: 5000)
        try db.write(contentsOf: Data([0x55]))
        try db.close()
        let edited = CourseSite.run(CourseSiteConfiguration(bundleDirectory: bundle.path, outputDirectory: root + "/site"))
        #expect(edited.outcome == .noInput && edited.diagnostics.map(\.code.string) == ["BND415"])
        #expect(!FileManager.default.fileExists(atPath: root + "/site"))
        #expect(CourseSite.run(CourseSiteConfiguration(bundleDirectory: bundle.path, outputDirectory: old)).outcome == .noInput)
        #expect(try files(old) == oldFiles)
        #expect(try FileManager.default.contentsOfDirectory(atPath: root).sorted() == ["old-site"])
    }

    @Test func anOutputThatIsTheBundleOrSomeonesFolderIsRefused() throws {
        let bundle = try Fixtures.copyOfTheGoodBundle()
        let before = try files(bundle.path)
        let parent = (bundle.path as NSString).deletingLastPathComponent
        let theirs = try Fixtures.tempDirectory()
        try Data("mine\n".utf8).write(to: URL(fileURLWithPath: theirs + "/notes.txt"))
        for (out, code) in [(bundle.path, "IO101"), (bundle.path + "/site", "IO102"), (parent, "IO102"), (theirs, "IO104")] {
            let r = CourseSite.run(CourseSiteConfiguration(bundleDirectory: bundle.path, outputDirectory: out))
            #expect(r.outcome == .cannotCreate && r.diagnostics.map(\.code.string) == [code], "\(out): \(r.diagnostics)")
        }
        #expect(try files(bundle.path) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: theirs) == ["notes.txt"])
        // A site of forge report's with a file it did not write is not replaced: the swap would remove that file.
        let site = try Fixtures.tempDirectory() + "/site"
        #expect(CourseSite.run(CourseSiteConfiguration(bundleDirectory: bundle.path, outputDirectory: site)).outcome == .ok)
        try Data("x".utf8).write(to: URL(fileURLWithPath: site + "/mine.html"))
        let stray = CourseSite.run(CourseSiteConfiguration(bundleDirectory: bundle.path, outputDirectory: site))
        #expect(stray.outcome == .cannotCreate && stray.diagnostics.map(\.code.string) == ["IO104"])
    }
}
