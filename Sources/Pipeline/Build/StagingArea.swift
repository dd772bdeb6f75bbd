// StagingArea: the next bundle, written whole in a sibling directory, then swapped in by one rename.
import Diagnostics
import Foundation
import UCIEngine
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The paths around a bundle directory, all siblings of it (one file system, so renames are atomic).
/// For `data/bundle`: `data/.bundle.staging` (the next bundle while it is written),
/// `data/.bundle.old` (only between the two renames of the fallback swap), `data/.bundle.lock`
/// (held for the whole build), `data/.bundle.state.json` (see `BuildState`).
struct BundlePaths: Sendable {
    let bundle: String
    let parent: String
    let name: String

    init(_ bundle: String) {
        let trimmed = bundle.count > 1 && bundle.hasSuffix("/") ? String(bundle.dropLast()) : bundle
        self.bundle = trimmed
        // Foundation on Linux traps on deletingLastPathComponent of a one-character name ("b"): no slash, no parent.
        let p = trimmed.contains("/") ? (trimmed as NSString).deletingLastPathComponent : ""
        parent = p.isEmpty ? "." : p
        name = trimmed.contains("/") ? (trimmed as NSString).lastPathComponent : trimmed
    }

    var staging: String { parent + "/." + name + ".staging" }
    var old: String { parent + "/." + name + ".old" }
    var lock: String { parent + "/." + name + ".lock" }
    var state: String { parent + "/." + name + ".state.json" }
    /// The last build's notes by the digest of their inputs (`NoteMemo`).
    var notes: String { parent + "/." + name + ".notes" }
    /// Where forge kept the memo before its compact format (JSON); removed when the memo is written.
    var legacyNotes: String { parent + "/." + name + ".notes.json" }
}

/// The new bundle's directory. Every artifact, the word files and the manifest included, is written
/// here; `commit()` then exchanges this directory with the bundle in one `renameat2(RENAME_EXCHANGE)`
/// (`renamex_np(RENAME_SWAP)` on Apple systems), so a reader sees the old bundle or the new one,
/// never a mixture. Where the file system cannot exchange, the old bundle is renamed aside and the
/// new one renamed in; a build killed between the two finds `.NAME.old` and puts it back.
///
/// The staging directory is registered with `SignalCleanup` (the one cleanup registry): exit, Ctrl-C, SIGTERM and SIGHUP remove it.
/// A staging directory left by `kill -9` is removed when the next build starts.
final class StagingArea {
    let paths: BundlePaths
    private var registered: String?

    var root: String { paths.staging }

    init(_ paths: BundlePaths) throws {
        self.paths = paths
        try? FileManager.default.removeItem(atPath: paths.staging)
        try FileManager.default.createDirectory(atPath: paths.staging, withIntermediateDirectories: true)
        SignalCleanup.shared.register(paths.staging)
        registered = paths.staging
    }

    deinit { discard() }

    func path(for rel: String) -> String { root + "/" + rel }

    func stage(_ bytes: [UInt8], as rel: String) throws {
        let p = path(for: rel)
        try FileManager.default.createDirectory(atPath: (p as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: p))
    }

    /// Puts the current bundle's `rel` into the new bundle unchanged: a hard link (nothing is
    /// rewritten), or a copy where links are not possible.
    func carry(_ rel: String) throws {
        let target = path(for: rel)
        try FileManager.default.createDirectory(atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let source = paths.bundle + "/" + rel
        if link(source, target) != 0 { try FileManager.default.copyItem(atPath: source, toPath: target) }
    }

    /// Swaps the staged directory in for the bundle; the old bundle is then removed.
    func commit() throws {
        let fm = FileManager.default
        if !fm.fileExists(atPath: paths.bundle) {
            try Self.move(paths.staging, paths.bundle)
        } else if Self.exchange(paths.staging, paths.bundle) {
            try? fm.removeItem(atPath: paths.staging)  // now the old bundle
        } else {
            try? fm.removeItem(atPath: paths.old)
            try Self.move(paths.bundle, paths.old)
            try Self.move(paths.staging, paths.bundle)
            try? fm.removeItem(atPath: paths.old)
        }
        release()
    }

    /// Removes the staged directory (a failed or unneeded build).
    func discard() {
        guard registered != nil else { return }
        try? FileManager.default.removeItem(atPath: paths.staging)
        release()
    }

    private func release() {
        if let registered { SignalCleanup.shared.unregister(registered) }
        registered = nil
    }

    /// Undoes what a killed build left: the old bundle renamed aside (put back when the bundle is missing), a staging directory.
    static func recover(_ paths: BundlePaths) {
        let fm = FileManager.default
        if fm.fileExists(atPath: paths.old) {
            if !fm.fileExists(atPath: paths.bundle) { _ = rename(paths.old, paths.bundle) } else { try? fm.removeItem(atPath: paths.old) }
        }
        try? fm.removeItem(atPath: paths.staging)
    }

    static func move(_ from: String, _ to: String) throws {
        guard rename(from, to) == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: to, NSLocalizedDescriptionKey:
                "cannot rename \(from) to \(to): \(String(cString: strerror(errno)))"])
        }
    }

    /// Exchanges two paths atomically; false when the system or file system cannot.
    static func exchange(_ a: String, _ b: String) -> Bool {
        #if canImport(Darwin)
        return renamex_np(a, b, UInt32(RENAME_SWAP)) == 0
        #else
        // glibc ≥ 2.28 has renameat2; it is looked up at run time so an older C library still builds and falls back.
        typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "renameat2") else { return false }
        let renameat2 = unsafeBitCast(symbol, to: RenameAt2.self)
        let atFDCWD: Int32 = -100, renameExchange: UInt32 = 2
        return renameat2(atFDCWD, a, atFDCWD, b, renameExchange) == 0
        #endif
    }
}

/// The build's lock: an exclusive `flock` on `.NAME.lock` beside the bundle and on the bundle folder itself (by its
/// device and inode, so a second build that reaches the same folder by another path — a bind mount, another mount
/// of the disk — is refused too), held until `release()` or the process ends (the kernel drops it, so a killed build
/// never leaves a stale lock). The staging folder, the bundle to be, is held from its creation (`hold`): a build
/// that starts after the swap finds the new bundle locked until this one ends.
final class BundleLock {
    private var fds: [Int32]
    private let bundle: String

    private init(fd: Int32, bundle: String) {
        fds = [fd]
        self.bundle = bundle
    }

    /// Takes the lock, or throws BLD101 naming the process that holds it.
    static func acquire(_ paths: BundlePaths) throws(Diagnostic) -> BundleLock {
        do throws(OutputError) {
            try OutputFile.createFolder(paths.parent)
        } catch {
            throw Diagnostic(BuildCode.cannotWrite, error.description)
        }
        let fd = open(paths.lock, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw Diagnostic(BuildCode.cannotWrite, "cannot open the lock \(paths.lock): \(String(cString: strerror(errno)))")
        }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            var buffer = [UInt8](repeating: 0, count: 32)
            let n = pread(fd, &buffer, 31, 0)
            close(fd)
            let holder = n > 0 ? String(decoding: buffer.prefix(n), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) : "?"
            throw Diagnostic(BuildCode.locked, "another forge build (process \(holder)) is writing \(paths.bundle); wait for it to finish, or build into another --out",
                             notes: ["lock: \(paths.lock)"])
        }
        let pid = Array("\(getpid())\n".utf8)
        _ = ftruncate(fd, 0)
        _ = pid.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
        let lock = BundleLock(fd: fd, bundle: paths.bundle)
        try lock.hold(paths.bundle)
        return lock
    }

    /// Locks the folder `path` itself (nothing when it does not exist yet); throws BLD101 when another build holds it.
    func hold(_ path: String) throws(Diagnostic) {
        let d = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard d >= 0 else { return }
        guard flock(d, LOCK_EX | LOCK_NB) == 0 else {
            close(d)
            release()
            throw Diagnostic(BuildCode.locked, "another forge build is writing \(bundle) (reached by another path: the folder itself is locked); "
                             + "wait for it to finish, or build into another --out")
        }
        fds.append(d)
    }

    func release() {
        for fd in fds {
            _ = flock(fd, LOCK_UN)
            close(fd)
        }
        fds = []
    }

    deinit { release() }
}
