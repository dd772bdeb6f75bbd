// CacheFolder: the folder of a result cache is created private (0700), and the folder forge picks itself must be the user's.
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Prepares the folder of a cache file before the cache is opened.
///
/// - A missing folder is created with mode 0700 (its missing parents too).
/// - The folder forge chooses itself (`EngineConfiguration.defaultCachePath`: under `$XDG_CACHE_HOME`, `~/.cache`,
///   or `/tmp/contentforge-UID` without a home) must belong to the user and be writable by nobody else; otherwise
///   another user could have put a cache (or a link to any file) there first. It is refused, and the command
///   analyses without a cache, saying why.
/// - A folder named with `--cache` or `$FORGE_CACHE` is the user's choice (a shared cluster folder, say): only
///   created when missing.
enum CacheFolder {
    /// Why the folder of `file` cannot hold the cache, or nil when it is ready.
    static func prepare(forFile file: String, chosenByForge: Bool) -> String? {
        let dir = (file as NSString).deletingLastPathComponent
        guard !dir.isEmpty else { return nil }
        var st = stat()
        if lstat(dir, &st) != 0 {
            do {
                try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true,
                                                        attributes: [.posixPermissions: 0o700])
            } catch {
                return "cannot create \(dir): \(error.localizedDescription)"
            }
            return nil
        }
        guard chosenByForge else { return nil }
        guard (st.st_mode & S_IFMT) == S_IFDIR else { return "\(dir) is not a folder (a link or a file): another user may have put it there" }
        guard st.st_uid == getuid() else {
            return "\(dir) belongs to user \(st.st_uid), not to you (\(getuid())): another user may have put a cache there; remove it or pass --cache FILE"
        }
        guard st.st_mode & 0o022 == 0 else {
            return String(format: "%@ is writable by others (mode %o): another user may have put a cache there; `chmod 700 %@`", dir, st.st_mode & 0o777, dir)
        }
        return nil
    }
}

/// The cache's folder was refused (`CacheFolder.prepare`'s reason).
struct CacheFolderRefused: Error, CustomStringConvertible {
    var reason: String
    var description: String { reason }
}
