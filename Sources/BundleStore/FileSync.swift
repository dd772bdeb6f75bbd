// FileSync: the two POSIX calls an atomic replace needs (fsync and rename), as BundleErrors.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `fsync` and `rename`, which Foundation does not offer as such (its move refuses to replace).
enum FileSync {
    /// Flushes a file, or a directory's entries, to stable storage.
    static func sync(path: String) throws(BundleError) {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw error(path, "open for sync") }
        defer { close(fd) }
        guard fsync(fd) == 0 else { throw error(path, "sync") }
    }

    /// Renames `source` over `destination` in one step: readers see the old file or the new one.
    static func rename(_ source: String, to destination: String) throws(BundleError) {
        #if canImport(Glibc)
        let result = Glibc.rename(source, destination)
        #elseif canImport(Musl)
        let result = Musl.rename(source, destination)
        #else
        let result = Darwin.rename(source, destination)
        #endif
        guard result == 0 else { throw error(destination, "rename \(source) into place") }
    }

    private static func error(_ path: String, _ operation: String) -> BundleError {
        .fileSystem(path: path, operation: operation, message: String(cString: strerror(errno)))
    }
}
