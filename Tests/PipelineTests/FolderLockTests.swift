// The build lock goes by the folder itself (device and inode), not by the path it is reached through.
import Foundation
import Testing
@testable import Pipeline
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite struct FolderLockTests {
    /// Another build that reached the same folder by another path (a bind mount: another parent, so another
    /// `.NAME.lock`) holds the folder's lock. Before, the lock file beside the path was the only lock and this
    /// build went ahead.
    @Test func aBuildIsRefusedWhileTheFolderItselfIsLocked() throws {
        let root = try Fixtures.tempDirectory()
        let out = root + "/data/bundle"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let fd = open(out, O_RDONLY | O_DIRECTORY)
        #expect(fd >= 0)
        defer { close(fd) }
        #expect(flock(fd, LOCK_EX | LOCK_NB) == 0)
        let r = Build.run(BuildConfiguration(openingsPath: Fixtures.path("validate/good"), outputDirectory: out,
                                             engine: EngineConfiguration(profile: .init(nodes: 3000, multiPV: 3), cacheDirectory: nil, cachePath: nil)))
        #expect(r.outcome == .cannotCreate)
        #expect(r.diagnostics.map(\.code.string) == ["BLD101"])
        #expect(r.diagnostics.first?.message.contains("reached by another path") == true, "\(r.diagnostics.map(\.text))")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: root + "/data/.bundle.staging"))
        // The lock beside the path was released: once the folder is free, a build may take it.
        #expect(flock(fd, LOCK_UN) == 0)
        let lock = try BundleLock.acquire(BundlePaths(out))
        lock.release()
    }
}
