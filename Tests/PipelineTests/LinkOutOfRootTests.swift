// Links out of a root: regenerate never writes, validate never reads, a file through a symbolic link that leaves the folder it was found in (IO105).
import Diagnostics
import Foundation
import Testing
@testable import Pipeline
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite struct LinkOutOfRootTests {
    /// A copy of the good library in `ROOT/lib`, and a file outside it (`ROOT/home/.bashrc`) that links may point at.
    struct Library {
        let root: String
        var lib: String { root + "/lib" }
        var outside: String { root + "/home/.bashrc" }
        static let secret = "export SECRET_TOKEN=hunter2"

        init() throws {
            root = try Fixtures.tempDirectory()
            try FileManager.default.copyItem(atPath: Fixtures.path("validate/good"), toPath: lib)
            try FileManager.default.createDirectory(atPath: root + "/home", withIntermediateDirectories: true)
            try (Self.secret + "\n").write(toFile: outside, atomically: true, encoding: .utf8)
        }

        func link(_ rel: String, to target: String) throws {
            let path = lib + "/" + rel
            try? FileManager.default.removeItem(atPath: path)
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
        }

        var outsideText: String { (try? String(contentsOfFile: outside, encoding: .utf8)) ?? "" }
    }

    /// Before: regenerate followed the link and replaced ~/.bashrc with the FEN lines, exit 0.
    @Test(arguments: ["absolute", "relative"]) func regenerateNeverWritesThroughALinkOut(kind: String) throws {
        let l = try Library()
        try l.link("library/classical/qgd.fen", to: kind == "absolute" ? l.outside : "../../../home/.bashrc")
        for check in [false, true] {
            let r = Regenerate.run(RegenerateConfiguration(paths: [l.lib], check: check, engine: nil))
            #expect(l.outsideText == Library.secret + "\n")
            #expect(r.diagnostics.map(\.code.string).contains("IO105"), "\(r.diagnostics.map(\.text))")
            #expect(r.outcome == .cannotCreate)
            #expect(!r.diagnostics.contains { $0.text.contains("SECRET") }, "the target's text is never compared or shown")
            #expect(!r.changes.contains { $0.path.hasSuffix("qgd.fen") })
        }
        // The link is still a link: nothing was replaced.
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: l.lib + "/library/classical/qgd.fen").hasSuffix(".bashrc"))
    }

    /// A source named directly: its `.fen` is written only inside the folder holding it.
    @Test func regenerateOfANamedSourceKeepsItsFolderAsRoot() throws {
        let l = try Library()
        try l.link("library/classical/qgd.fen", to: l.outside)
        let r = Regenerate.run(RegenerateConfiguration(paths: [l.lib + "/library/classical/qgd.pgn"], check: false, engine: nil))
        #expect(l.outsideText == Library.secret + "\n")
        #expect(r.diagnostics.map(\.code.string) == ["IO105"], "\(r.diagnostics.map(\.text))")
    }

    /// Before: validate printed the target's first line in a PGN diagnostic (`zz.pgn -> /etc/passwd`).
    @Test func validateNeverReadsThroughALinkOut() throws {
        let l = try Library()
        try l.link("library/classical/zz.pgn", to: l.outside)
        try l.link("library/classical/zz.fen", to: "../../../home/.bashrc")
        let r = Validate.run(ValidateConfiguration(paths: [l.lib], engine: nil))
        let io105 = r.diagnostics.filter { $0.code.string == "IO105" }
        #expect(io105.count == 2, "\(r.diagnostics.map(\.text))")
        #expect(io105.allSatisfy { $0.message.contains("outside \(l.lib)") })
        #expect(!r.diagnostics.contains { $0.text.contains("SECRET") })
        #expect(r.outcome == .inputErrors)
    }

    /// Before: a loop of links was "no such file or folder", and inside a folder it was skipped in silence.
    @Test func aLoopOfLinksIsReportedAsALoop() throws {
        let l = try Library()
        try l.link("library/classical/loop.pgn", to: "loop.pgn")
        try l.link("library/classical/dir-loop", to: ".")  // a folder link is not walked into: no endless walk
        let inside = Validate.run(ValidateConfiguration(paths: [l.lib], engine: nil))
        #expect(inside.diagnostics.filter { $0.code.string == "IO105" }.map(\.message)
                == ["cannot use \(l.lib)/library/classical/loop.pgn: it is a loop of symbolic links"])
        let named = Validate.run(ValidateConfiguration(paths: [l.lib + "/library/classical/loop.pgn"], engine: nil))
        #expect(named.diagnostics.map(\.code.string) == ["IO105"], "\(named.diagnostics.map(\.text))")
    }

    /// A link that stays inside the root is read as before.
    @Test func aLinkInsideTheRootIsRead() throws {
        let l = try Library()
        let before = Validate.run(ValidateConfiguration(paths: [l.lib], engine: nil))
        try FileManager.default.moveItem(atPath: l.lib + "/library/classical/qgd.fen", toPath: l.lib + "/qgd-positions.txt")
        try l.link("library/classical/qgd.fen", to: "../../qgd-positions.txt")
        let r = Validate.run(ValidateConfiguration(paths: [l.lib], engine: nil))
        #expect(r.diagnostics.map(\.text) == before.diagnostics.map(\.text))
    }

    @Test func theRuleOfARoot() throws {
        let l = try Library()
        let root = SourceRoot(l.lib)
        #expect(throws: LinkOutOfRoot.self) { try root.check(l.lib + "/../home/.bashrc") }
        try root.check(l.lib + "/library/new.fen")  // a new file in a folder inside
        try l.link("out", to: l.root + "/home")
        #expect(throws: LinkOutOfRoot.self) { try root.check(l.lib + "/out/new.fen") }  // a new file through a folder link out
        let found = root.files(extensions: ["pgn"])
        #expect(found.refused.map(\.path) == [l.lib + "/out"])
        #expect(!found.files.isEmpty && found.files.allSatisfy { $0.hasPrefix(l.lib + "/") && !$0.hasPrefix(l.lib + "/out/") })
    }
}
