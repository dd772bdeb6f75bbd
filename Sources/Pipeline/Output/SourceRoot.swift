// SourceRoot: the one rule for a file reached through a folder the user named: read or written only if it stays inside that folder.
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A folder whose files a command reads or rewrites (`openings/library`, a folder given to pgn2fen). A file found
/// under it, or written beside one found under it, must be inside it once every symbolic link is followed
/// (docs/errors.md, "Links out of a root"):
///
/// 1. A link whose final target is outside the root (`zz.pgn -> /etc/passwd`, `x.fen -> ../../../.bashrc`) is
///    neither read nor written: IO105, naming the link and where it leads.
/// 2. A link to nothing, or a loop of links, is reported as such (IO105), not as a missing file.
/// 3. A link to a folder is not walked into: the files under it are found through their own names (or refused
///    by 1 when they are outside), so a loop of folders cannot be walked forever.
///
/// A file the user names directly is its own root's member: its root is the folder that holds it.
///
/// ```swift
/// let root = SourceRoot("openings/library")
/// let (files, refused) = root.files(extensions: ["pgn", "fen"])   // refused: [LinkOutOfRoot]
/// try root.check("openings/library/x/zz.fen")                     // throws LinkOutOfRoot for a link out
/// ```
public struct SourceRoot: Sendable, Hashable {
    /// The folder as given, without a trailing slash.
    public let path: String
    /// Its real path (every link resolved); the path as given when it cannot be resolved.
    public let real: String

    public init(_ path: String) {
        var p = path
        while p.count > 1 && p.hasSuffix("/") { p.removeLast() }
        self.path = p
        real = Self.realPath(p) ?? p
    }

    /// The root of a file named directly: the folder that holds it.
    public static func holding(_ file: String) -> SourceRoot {
        guard let slash = file.lastIndex(of: "/") else { return SourceRoot(".") }
        return SourceRoot(slash == file.startIndex ? "/" : String(file[..<slash]))
    }

    /// The files under the root (at any depth) whose names end in `.EXT` for one of `extensions` (compared without
    /// case), sorted by path; the links among them that break the rule, sorted too.
    public func files(extensions: [String]) -> (files: [String], refused: [LinkOutOfRoot]) {
        var files: [String] = []
        var refused: [LinkOutOfRoot] = []
        func matches(_ name: String) -> Bool { extensions.contains { name.lowercased().hasSuffix("." + $0.lowercased()) } }
        var pending = [path]
        while let dir = pending.popLast() {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir) else { continue }
            for name in names {
                let child = dir + "/" + name
                var st = stat()
                guard lstat(child, &st) == 0 else { continue }
                switch st.st_mode & S_IFMT {
                case S_IFDIR: pending.append(child)
                case S_IFLNK:
                    var target = stat()
                    let isFolder = stat(child, &target) == 0 && (target.st_mode & S_IFMT) == S_IFDIR
                    if let problem = linkProblem(child) {
                        if matches(name) || isFolder { refused.append(problem) }
                    } else if !isFolder && matches(name) {
                        files.append(child)
                    }
                default:
                    if matches(name) { files.append(child) }
                }
            }
        }
        return (files.sorted(), refused.sorted { $0.path < $1.path })
    }

    /// Throws when `file` (an existing file, or a new one to be written) is not inside the root once its links are
    /// followed; a new file is inside when the folder that will hold it is.
    public func check(_ file: String) throws(LinkOutOfRoot) {
        var st = stat()
        if lstat(file, &st) == 0 {
            if let problem = linkProblem(file) { throw problem }
            return
        }
        // A new file: its folder decides.
        let folder = Self.holding(file)
        guard let real = Self.realPath(folder.path) else { return }  // a missing folder: the writer reports it
        if !contains(real) { throw LinkOutOfRoot(path: file, root: path, reason: .leadsOut(real)) }
    }

    /// Why the link (or file) `file` may not be used: nil when it resolves inside the root.
    func linkProblem(_ file: String) -> LinkOutOfRoot? {
        guard let target = Self.realPath(file) else {
            let reason: LinkOutOfRoot.Reason = errno == ELOOP ? .loop : .dangling
            return LinkOutOfRoot(path: file, root: path, reason: reason)
        }
        return contains(target) ? nil : LinkOutOfRoot(path: file, root: path, reason: .leadsOut(target))
    }

    /// True when the real path `target` is the root or below it.
    func contains(_ target: String) -> Bool {
        real == "/" || target == real || target.hasPrefix(real + "/")
    }

    static func realPath(_ path: String) -> String? {
        guard let r = realpath(path, nil) else { return nil }
        defer { free(r) }
        return String(cString: r)
    }
}

/// A file reached through a link that leaves its root, a link to nothing or a loop of links: never read or written (IO105).
public struct LinkOutOfRoot: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Reason: Sendable, Hashable {
        /// The final target, outside the root.
        case leadsOut(String)
        case dangling
        case loop
    }

    /// The file as it was found or named.
    public var path: String
    /// The root as given.
    public var root: String
    public var reason: Reason

    public var description: String {
        switch reason {
        case .leadsOut(let target):
            "refusing to use \(path): it is a symbolic link to \(target), outside \(root); forge reads and writes only files inside the folders it is given"
        case .dangling: "cannot use \(path): it is a symbolic link to a file that does not exist"
        case .loop: "cannot use \(path): it is a loop of symbolic links"
        }
    }
}
