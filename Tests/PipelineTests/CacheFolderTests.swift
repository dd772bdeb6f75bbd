// CacheFolderTests: the folder forge picks itself for the result cache must be the user's and writable by nobody else (issue 30).
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

@testable import Pipeline

@Suite struct CacheFolderTests {
    /// A scratch folder with `mode`, owned by `owner` (chown needs root; nil keeps the caller).
    func folder(_ name: String, mode: mode_t, owner: uid_t? = nil) throws -> String {
        let dir = try ForgeRunner.scratch(name)
        #expect(chmod(dir, mode) == 0)
        if let owner { #expect(chown(dir, owner, getgid()) == 0) }
        return dir
    }

    @Test func aWorldWritableFolderForgePicksIsRefused() throws {
        let dir = try folder("cache-0777", mode: 0o777)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(CacheFolder.prepare(forFile: dir + "/analysis.sqlite", chosenByForge: true)
            == "\(dir) is writable by others (mode 777): another user may have put a cache there; `chmod 700 \(dir)`")
        let groupWritable = try folder("cache-0770", mode: 0o770)
        defer { try? FileManager.default.removeItem(atPath: groupWritable) }
        #expect(CacheFolder.prepare(forFile: groupWritable + "/analysis.sqlite", chosenByForge: true)?.contains("writable by others (mode 770)") == true)
        // The same folder named by the user (--cache, $FORGE_CACHE) is the user's choice.
        #expect(CacheFolder.prepare(forFile: dir + "/analysis.sqlite", chosenByForge: false) == nil)
    }

    @Test func aFolderOfAnotherUserIsRefused() throws {
        // As root, a scratch folder given to another user; otherwise a folder root owns.
        let other: uid_t = getuid() == 0 ? 65534 : 0
        let dir = getuid() == 0 ? try folder("cache-other", mode: 0o700, owner: other) : "/"
        defer { if dir != "/" { try? FileManager.default.removeItem(atPath: dir) } }
        let file = (dir as NSString).appendingPathComponent("analysis.sqlite")
        #expect(CacheFolder.prepare(forFile: file, chosenByForge: true)
            == "\(dir) belongs to user \(other), not to you (\(getuid())): another user may have put a cache there; remove it or pass --cache FILE")
    }

    @Test func aLinkInPlaceOfTheFolderIsRefused() throws {
        let dir = try folder("cache-link", mode: 0o700)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createSymbolicLink(atPath: dir + "/link", withDestinationPath: dir)
        #expect(CacheFolder.prepare(forFile: dir + "/link/analysis.sqlite", chosenByForge: true)
            == "\(dir)/link is not a folder (a link or a file): another user may have put it there")
    }

    @Test func aPrivateFolderIsUsedAndAMissingOneCreatedPrivate() throws {
        let dir = try folder("cache-0700", mode: 0o700)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(CacheFolder.prepare(forFile: dir + "/analysis.sqlite", chosenByForge: true) == nil)
        let made = dir + "/a/b"
        #expect(CacheFolder.prepare(forFile: made + "/analysis.sqlite", chosenByForge: true) == nil)
        var st = stat()
        #expect(stat(made, &st) == 0)
        #expect(st.st_mode & 0o777 == 0o700)
        #expect(st.st_uid == getuid())
    }
}
