// SourceHash: one SHA-256 over a set of source files, independent of the order they are listed in.
import Foundation

/// The hash of the sources a bundle was built from, recorded in `meta` and the manifest.
///
/// Files are sorted by path (UTF-8 bytes); for each, the hash takes the path's UTF-8 bytes,
/// a NUL byte, the content length as 8 big-endian bytes, then the contents. Paths should be
/// relative to the folder the sources were found in (`coach/italian-game.pgn`) so that the hash
/// does not depend on where the sources live or how their folder was spelled.
///
///     SourceHash.of(files: [("coach/italian-game.pgn", pgnData)])
package enum SourceHash {
    /// The lowercase hex SHA-256 of `files` (path, contents) as described above.
    package static func of(files: [(path: String, contents: Data)]) -> String {
        var hasher = SHA256Hash()
        for file in files.sorted(by: { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }) {
            hasher.update(Array(file.path.utf8) + [0])
            let length = UInt64(file.contents.count)
            hasher.update((0..<8).map { UInt8(truncatingIfNeeded: length >> (56 - 8 * $0)) })
            hasher.update(file.contents)
        }
        return hasher.hexDigest()
    }
}
