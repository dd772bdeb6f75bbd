// OutputFile: the one writer of every file a command writes (`-o`, regenerated FEN files, word lists): safe against inputs, devices, links, modes and signals.
import Diagnostics
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An output that is either complete or untouched. The rules (docs/errors.md, "The output writer"):
///
/// 1. No path, or `-`: standard output, written through.
/// 2. A path that is one of the inputs (same device and inode: the same name, another name, a
///    symbolic link to it or a hard link) is refused before anything is read or written.
/// 3. A character device, FIFO or socket (`/dev/null`, `/dev/stdout`, a named pipe) is opened
///    and written through; it is never replaced by a regular file.
/// 4. A symbolic link is followed: its final target is replaced and the link is kept. A link to
///    nothing (dangling) is refused.
/// 5. A regular file (or a new one) is written to a temporary sibling `.NAME.tmp-PID-N` in the
///    target's directory, flushed, given the old file's mode (a new file gets 0666 less the umask),
///    and renamed over the target. On an error, an interruption (SIGINT, SIGTERM, SIGHUP, see
///    `SignalCleanup`) or without `commit()`, the temporary file is removed and the target is as it was.
/// 6. A directory is refused.
/// 7. With a `root` (a file written beside the sources it was made from: `forge regenerate`'s `.fen`), a path that
///    leads out of the root once its links are followed, to nothing, or into a loop is refused (IO105, `SourceRoot`):
///    a contributed `foo.fen -> ~/.bashrc` is never written through.
///
/// Errors carry their sysexits status: 73 (`EX_CANTCREAT`) when the output cannot be created as
/// asked, 74 (`EX_IOERR`) when writing it fails, and 141 (quietly) when it is a pipe whose reader went away.
///
/// ```swift
/// let out = try OutputFile(path: "games.fen", inputs: ["games.pgn"])
/// try out.write(Array("…\n".utf8))
/// try out.commit()
/// ```
public final class OutputFile {
    /// The name as given (messages use it).
    public let name: String
    private let fd: Int32
    private let ownsDescriptor: Bool
    /// The file renamed over: the path, or a symbolic link's final target.
    private let target: String?
    private let tempPath: String?
    private var buffer: [UInt8] = []
    private var finished = false

    /// Opens the output `path` (`nil` or `-` for standard output) that must not be any of `inputs` and, with `root`,
    /// must stay inside it.
    public init(path: String?, inputs: [String] = [], root: SourceRoot? = nil) throws(OutputError) {
        guard let path, path != "-" else {
            name = "standard output"
            fd = 1
            ownsDescriptor = false
            target = nil
            tempPath = nil
            return
        }
        name = path
        if let root {
            do throws(LinkOutOfRoot) { try root.check(path) } catch { throw .linkOutOfRoot(error) }
        }
        var link = stat()
        guard lstat(path, &link) == 0 else {
            guard errno == ENOENT else { throw .cannotCreate(path, Self.reason(errno)) }
            (fd, target, tempPath) = try Self.openTemporary(for: path, name: path, mode: nil)
            ownsDescriptor = true
            buffer.reserveCapacity(1 << 16)
            return
        }
        var st = link
        var resolved = path
        if (link.st_mode & S_IFMT) == S_IFLNK {
            if let real = realpath(path, nil) {
                resolved = String(cString: real)
                free(real)
                guard stat(resolved, &st) == 0 else { throw .cannotCreate(path, Self.reason(errno)) }
            } else {
                // `/dev/stdout` on a pipe is a link to `/proc/self/fd/1`, itself a link to `pipe:[N]` that no path
                // names: realpath fails, stat reaches the pipe. A device, FIFO or socket reached so is written
                // through (rule 3); anything else that realpath cannot name is a dangling link.
                guard stat(path, &st) == 0, !Self.isFileOrFolder(st) else {
                    throw .cannotCreate(path, "it is a symbolic link to a file that does not exist")
                }
            }
        }
        switch st.st_mode & S_IFMT {
        case S_IFDIR:
            throw .cannotCreate(path, "it is a directory")
        case S_IFREG:
            if let input = try Self.input(among: inputs, sameAs: st) {
                throw .isAnInput(path, input)
            }
            (fd, target, tempPath) = try Self.openTemporary(for: resolved, name: path, mode: st.st_mode & 0o7777, owner: (st.st_uid, st.st_gid))
            ownsDescriptor = true
            buffer.reserveCapacity(1 << 16)
        default:  // character or block device, FIFO, socket: written through, never replaced
            let d = open(path, O_WRONLY | O_CLOEXEC)
            guard d >= 0 else { throw .cannotCreate(path, Self.reason(errno)) }
            fd = d
            ownsDescriptor = true
            target = nil
            tempPath = nil
        }
    }

    deinit { discard() }

    private static func isFileOrFolder(_ st: stat) -> Bool {
        let kind = st.st_mode & S_IFMT
        return kind == S_IFREG || kind == S_IFDIR
    }

    /// Buffers `bytes`; writes when 64 KiB are buffered.
    public func write(_ bytes: some Collection<UInt8>) throws(OutputError) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= 1 << 16 { try flush() }
    }

    /// Writes the buffered bytes.
    public func flush() throws(OutputError) {
        let failed = buffer.withUnsafeBytes { writeAll(fd, $0) }
        buffer.removeAll(keepingCapacity: failed == nil)
        if let e = failed { throw Self.writeFailure(name, e) }
    }

    /// Writes what is buffered and puts the output in place (renames the temporary file over the target).
    public func commit() throws(OutputError) {
        guard !finished else { return }
        do { try flush() } catch {
            discard()
            throw error
        }
        finished = true
        guard let target, let tempPath else {
            if ownsDescriptor, close(fd) != 0 { throw Self.writeFailure(name, errno) }
            return
        }
        defer { SignalCleanup.shared.unregister(tempPath) }
        if fsync(fd) != 0 || close(fd) != 0 {
            let e = errno
            unlink(tempPath)
            throw .ioError(name, Self.reason(e))
        }
        if rename(tempPath, target) != 0 {
            let e = errno
            unlink(tempPath)
            throw .cannotCreate(name, "cannot rename the temporary file into place: \(Self.reason(e))")
        }
    }

    /// Abandons the output: the temporary file is removed, the target stays as it was.
    public func discard() {
        guard !finished else { return }
        finished = true
        if ownsDescriptor { close(fd) }
        if let tempPath {
            unlink(tempPath)
            SignalCleanup.shared.unregister(tempPath)
        }
    }

    /// Refuses a file that is to be rewritten in place (`classify --in-place`) unless it is a regular file (a link
    /// to one included): a FIFO, a device or a socket would block, be read to its end and written into, or never
    /// be replaced. Called before the input is opened, since opening a FIFO blocks.
    public static func requireReplaceable(_ path: String) throws(OutputError) {
        var st = stat()
        guard stat(path, &st) == 0 else { return }  // missing: the reader reports it
        switch st.st_mode & S_IFMT {
        case S_IFREG: return
        case S_IFIFO: throw .cannotCreate(path, "it is a named pipe; only a regular file is rewritten in place")
        case S_IFDIR: throw .cannotCreate(path, "it is a directory")
        default: throw .cannotCreate(path, "it is a device or socket; only a regular file is rewritten in place")
        }
    }

    /// Writes `bytes` to `path` by the same rules in one call.
    public static func write(_ bytes: some Collection<UInt8>, to path: String, inputs: [String] = [], root: SourceRoot? = nil) throws(OutputError) {
        let out = try OutputFile(path: path, inputs: inputs, root: root)
        try out.write(bytes)
        try out.commit()
    }

    // MARK: helpers

    private static func openTemporary(
        for target: String, name: String, mode: mode_t?, owner: (uid_t, gid_t)? = nil
    ) throws(OutputError) -> (Int32, String?, String?) {
        let slash = target.lastIndex(of: "/")
        let dir = slash.map { String(target[...$0]) } ?? ""
        let base = slash.map { String(target[target.index(after: $0)...]) } ?? target
        let temp = "\(dir).\(base).tmp-\(getpid())-\(SignalCleanup.shared.nextToken())"
        SignalCleanup.shared.register(temp)
        let d = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode ?? 0o666)
        guard d >= 0 else {
            let e = errno
            SignalCleanup.shared.unregister(temp)
            throw .cannotCreate(name, reason(e))
        }
        if let mode {
            // Before any byte is written: a private file's content is never readable by others.
            _ = fchmod(d, mode)
            if let owner { _ = fchown(d, owner.0, owner.1) }  // only root may give a file away; failing keeps ours
        }
        return (d, target, temp)
    }

    /// The input (as named) that is the same file as `st`, if any; `-` means standard input.
    private static func input(among inputs: [String], sameAs st: stat) throws(OutputError) -> String? {
        for input in inputs {
            var s = stat()
            let ok = input == "-" ? fstat(0, &s) == 0 : stat(input, &s) == 0
            if ok, s.st_dev == st.st_dev, s.st_ino == st.st_ino { return input == "-" ? "standard input" : input }
        }
        return nil
    }

    static func reason(_ e: Int32) -> String { String(cString: strerror(e)) }

    /// Creates the folder `path` and its missing parents (0777 less the umask): the one place an output folder is
    /// made, so that a read-only file system, a missing permission or a file in the way is told with the folder and
    /// the system's reason (`cannot create out/words: Read-only file system`, IO102), not Foundation's
    /// "The operation could not be completed".
    public static func createFolder(_ path: String) throws(OutputError) {
        var isDir = stat()
        if stat(path, &isDir) == 0 {
            if (isDir.st_mode & S_IFMT) == S_IFDIR { return }
            throw .cannotCreate(path, "it is a file, not a folder")
        }
        let parent = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        if !parent.isEmpty, parent != path { try createFolder(parent) }
        if mkdir(path, 0o777) != 0 && errno != EEXIST { throw .cannotCreate(path, reason(errno)) }
    }

    /// A failed write as an error: `EPIPE` (the reader of a pipe went away: `| head`, `| true`, a named pipe's
    /// reader gone) is `.closedPipe`, anything else `.ioError`. The one place an output's errno becomes an outcome.
    static func writeFailure(_ name: String, _ e: Int32) -> OutputError {
        e == EPIPE ? .closedPipe(name) : .ioError(name, reason(e))
    }
}

/// Why an output could not be written; `outcome` is how the command ends.
public enum OutputError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The output names a file that is also an input (output, input as named).
    case isAnInput(String, String)
    /// The output cannot be created as asked (missing directory, no permission, a directory, a dangling link).
    case cannotCreate(String, String)
    /// Writing, flushing or closing failed (disk full, I/O error).
    case ioError(String, String)
    /// The output is a pipe whose reader went away (`forge pgn2fen big.pgn | head`): the command stops and forge
    /// ends quietly with 141, as a tool killed by SIGPIPE; no diagnostic (`diagnostics` is empty).
    case closedPipe(String)
    /// An output folder that is not forge's to fill (folder as given, why): see `OutputFolder`.
    case notForgeFolder(String, String)
    /// The output is reached through a link out of its root, to nothing, or in a loop (`SourceRoot`).
    case linkOutOfRoot(LinkOutOfRoot)

    public var outcome: CommandOutcome {
        switch self {
        case .isAnInput, .cannotCreate, .notForgeFolder, .linkOutOfRoot: .cannotCreate
        case .ioError: .ioError
        case .closedPipe: .closedPipe
        }
    }

    /// What the user is told: one diagnostic with `code` and `description`, none for a closed pipe (a tool whose
    /// reader left says nothing). Every command reports an output failure through this.
    public var diagnostics: [Diagnostic] {
        switch self {
        case .closedPipe: []
        case .isAnInput, .cannotCreate, .ioError, .notForgeFolder, .linkOutOfRoot: [Diagnostic(code, description)]
        }
    }

    /// The stable code: IO101 input as output, IO102 cannot create, IO103 write failed (a closed pipe too, though it
    /// is never printed), IO104 not forge's folder, IO105 a link out of its root.
    public var code: DiagnosticCode {
        switch self {
        case .isAnInput: IOCode.outputIsInput
        case .cannotCreate: IOCode.cannotCreate
        case .ioError, .closedPipe: IOCode.writeFailed
        case .notForgeFolder: IOCode.notForgeFolder
        case .linkOutOfRoot: IOCode.linkOutOfRoot
        }
    }

    public var description: String {
        switch self {
        case .isAnInput(let out, let input):
            input == out
                ? "refusing to write \(out): it is also an input (it would be replaced while being read)"
                : "refusing to write \(out): it is the same file as the input \(input)"
        case .cannotCreate(let out, let why): "cannot create \(out): \(why)"
        case .ioError(let out, let why): "cannot write \(out): \(why)"
        case .closedPipe(let out): "cannot write \(out): its reader closed the pipe"
        case .notForgeFolder(let out, let why): "refusing to write into \(out): \(why)"
        case .linkOutOfRoot(let problem): problem.description
        }
    }
}
