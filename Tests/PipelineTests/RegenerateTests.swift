// forge regenerate: creates and updates FEN files from sources, touches nothing when all is current, --check writes nothing.
import Diagnostics
import Foundation
import Testing
@testable import Pipeline

@Suite struct RegenerateTests {
    func copyOfGoodLibrary() throws -> String {
        let dir = try Fixtures.tempDirectory() + "/lib"
        try FileManager.default.copyItem(atPath: Fixtures.path("validate/good"), toPath: dir)
        return dir
    }

    @Test func currentLibraryChangesNothing() throws {
        let dir = try copyOfGoodLibrary()
        let fen = dir + "/library/classical/qgd.fen"
        let before = try FileManager.default.attributesOfItem(atPath: fen)[.modificationDate] as? Date
        let r = Regenerate.run(RegenerateConfiguration(paths: [dir], check: false, engine: nil))
        #expect(r.changes.isEmpty)
        #expect(r.unchanged == 3)
        let after = try FileManager.default.attributesOfItem(atPath: fen)[.modificationDate] as? Date
        #expect(before == after)
    }

    @Test func staleFileIsRewrittenAndCheckFails() throws {
        let dir = try copyOfGoodLibrary()
        let fen = dir + "/library/classical/qgd.fen"
        let good = try String(contentsOfFile: fen, encoding: .utf8)
        try String(good.dropLast(20) + "\n").write(toFile: fen, atomically: true, encoding: .utf8)
        let checked = Regenerate.run(RegenerateConfiguration(paths: [dir], check: true, engine: nil))
        #expect(checked.failed)
        #expect(checked.changes.map(\.path) == [fen])
        #expect(checked.changes.first?.kind == .updated)
        #expect(try String(contentsOfFile: fen, encoding: .utf8) != good, "--check must not write")
        let written = Regenerate.run(RegenerateConfiguration(paths: [dir], check: false, engine: nil))
        #expect(!written.failed)
        #expect(try String(contentsOfFile: fen, encoding: .utf8) == good)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/library/classical").sorted() == ["qgd.fen", "qgd.pgn"])
    }

    @Test func missingFileIsCreated() throws {
        let dir = try copyOfGoodLibrary()
        let fen = dir + "/library/tactics/scholars-mate.fen"
        let good = try String(contentsOfFile: fen, encoding: .utf8)
        try FileManager.default.removeItem(atPath: fen)
        let r = Regenerate.run(RegenerateConfiguration(paths: [dir], check: false, engine: nil))
        #expect(r.changes.map(\.kind) == [.created])
        #expect(try String(contentsOfFile: fen, encoding: .utf8) == good)
    }

    @Test func brokenSourceWritesNothing() throws {
        let dir = try copyOfGoodLibrary()
        let pgn = dir + "/library/classical/qgd.pgn"
        let fen = dir + "/library/classical/qgd.fen"
        try FileManager.default.removeItem(atPath: fen)
        let text = try String(contentsOfFile: pgn, encoding: .utf8).replacingOccurrences(of: "Bg5", with: "Bg6")
        try text.write(toFile: pgn, atomically: true, encoding: .utf8)
        let r = Regenerate.run(RegenerateConfiguration(paths: [dir], check: false, engine: nil))
        #expect(r.diagnostics.map(\.code.string).contains("PGN102"))
        #expect(!FileManager.default.fileExists(atPath: fen))
    }
}
