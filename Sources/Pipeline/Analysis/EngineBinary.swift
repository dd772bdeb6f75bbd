// EngineBinary: the identity of an engine executable by its content, the key its cached results are stored under.
import BundleStore
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An engine's `id name` is what it says it is: a program that calls itself "Stockfish 15.1" poisoned the cache
/// with 2,000-node results the real engine then served. The cache keys results by the executable's SHA-256 instead
/// (`sha256:` and 16 hex digits), the same on every machine with the same binary, so a shared or merged cache
/// still serves; another binary under the same name starts empty.
enum EngineBinary {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var known: [String: String] = [:]  // behind `lock`

    /// The identity of the executable at `path` (a link followed), hashed once per process for each file
    /// (device, inode, size and modification time); nil when it cannot be read.
    static func identity(of path: String) -> String? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        #if canImport(Darwin)
        let modified = st.st_mtimespec.tv_sec * 1_000_000_000 + st.st_mtimespec.tv_nsec
        #else
        let modified = st.st_mtim.tv_sec * 1_000_000_000 + st.st_mtim.tv_nsec
        #endif
        let stamp = "\(st.st_dev):\(st.st_ino):\(st.st_size):\(modified)"
        if let id = lock.withLock({ known[stamp] }) { return id }
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        var hash = SHA256Hash()
        while let chunk = try? handle.read(upToCount: 1 << 20), !chunk.isEmpty { hash.update(chunk) }
        let id = "sha256:" + hash.hexDigest().prefix(16)
        lock.withLock { known[stamp] = id }
        return id
    }
}
