// BuildInputs: what each part of the bundle is built from, fingerprinted by content before anything is parsed.
import BundleStore
import Diagnostics
import Foundation
import UCIEngine
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The version of forge's own output rules: part of every fingerprint, so a forge that writes
/// other bytes rebuilds. Bump it with any change to what a build writes.
public let forgeBuildVersion = "contentforge-build 3"

/// A file's size, modification time and inode: when all three are unchanged, the content hash
/// recorded with them is trusted (as `git status` does); otherwise the file is read and hashed.
struct FileStamp: Codable, Hashable, Sendable {
    var bytes: Int64
    var modifiedNanoseconds: Int64
    var inode: UInt64

    /// The stamp of a regular file (following symbolic links), nil for anything else.
    static func of(_ path: String) -> FileStamp? {
        var s = stat()
        guard stat(path, &s) == 0, (s.st_mode & S_IFMT) == S_IFREG else { return nil }
        #if canImport(Darwin)
        let t = s.st_mtimespec
        #else
        let t = s.st_mtim
        #endif
        return FileStamp(bytes: Int64(s.st_size), modifiedNanoseconds: Int64(t.tv_sec) * 1_000_000_000 + Int64(t.tv_nsec),
                         inode: UInt64(s.st_ino))
    }
}

/// A hashed input file, with the stamp it had when hashed.
struct HashedFile: Codable, Hashable, Sendable {
    var stamp: FileStamp
    var sha256: String
}

/// The parts of a bundle, each rebuilt only when its own inputs change.
enum BundlePart: String, CaseIterable, Codable, Sendable {
    /// openings.sqlite, openings.bin, fen/: from the sources, the name list, the engine and its profile.
    case openings
    /// words/: from the SCOWL lists and the curation lists.
    case words

    /// The part an artifact (a path in the bundle) belongs to.
    static func of(artifact rel: String) -> BundlePart { rel.hasPrefix("words/") ? .words : .openings }
}

/// The inputs of each part: files and settings. Their fingerprint is a SHA-256 over the settings and
/// every file's path and content hash.
struct BuildInputs {
    var files: [BundlePart: [String]] = [:]
    var settings: [BundlePart: [String]] = [:]

    /// The inputs `config` names. Nothing is parsed: directories are listed, the engine located.
    static func of(_ config: BuildConfiguration) -> BuildInputs {
        var inputs = BuildInputs()
        var ignored: [Diagnostic] = []  // a missing openings folder is reported by the build itself
        var openings = LibraryFiles.discover([config.openingsPath], diagnostics: &ignored)
        if let names = config.nameListPath { openings += regularFiles(under: names) }
        inputs.files[.openings] = openings
        inputs.settings[.openings] = [
            forgeBuildVersion, "executable \(executableStamp)", "schema \(BundleSchema.version)",
            engineSetting(config.engine), "profile \(config.engine.profile.key)",
            "thresholds \(config.thresholds.errorCentipawns) \(config.thresholds.warningCentipawns)",
            "date \(config.sourceDateEpoch ?? "-")",
        ]
        if let words = config.words {
            var files: [String] = []
            for list in words.wordLists {
                for level in WordsSourceOptions.levels where level <= words.maxLevel {
                    let path = (words.scowlDirectory as NSString).appendingPathComponent("\(list).\(level)")
                    if FileStamp.of(path) != nil { files.append(path) }
                }
            }
            files += ["deny.txt", "allow.txt"].map { (words.curationDirectory as NSString).appendingPathComponent($0) }
            inputs.files[.words] = files
            inputs.settings[.words] = [forgeBuildVersion, "executable \(executableStamp)", "region \(words.region)",
                                       "level \(words.maxLevel)", "scowl \(words.scowlDirectory)"]
        }
        return inputs
    }

    /// The fingerprint of every part, hashing only files whose stamp differs from `known`; also
    /// returns every input's stamp and hash, to be recorded for the next build. A file that cannot
    /// be read gets no hash: its part cannot be up to date.
    func fingerprints(known: [String: HashedFile]) -> (parts: [BundlePart: String], files: [String: HashedFile]) {
        var parts: [BundlePart: String] = [:]
        var hashed: [String: HashedFile] = [:]
        for part in BundlePart.allCases {
            guard let files = files[part] else { continue }
            var hasher = SHA256Hash()
            for s in settings[part] ?? [] { hasher.update(Array(("setting " + s + "\n").utf8)) }
            var complete = true
            for path in files.sorted() {
                let digest: String?
                if let stamp = FileStamp.of(path) {
                    if let k = known[path], k.stamp == stamp {
                        digest = k.sha256
                    } else if let data = FileManager.default.contents(atPath: path) {
                        digest = SHA256Hash.hexDigest(of: data)
                    } else {
                        digest = nil
                    }
                    if let digest { hashed[path] = HashedFile(stamp: stamp, sha256: digest) }
                } else {
                    digest = nil
                }
                guard let digest else {
                    complete = false
                    continue
                }
                hasher.update(Array("file \(path) \(digest)\n".utf8))
            }
            parts[part] = complete ? hasher.hexDigest() : "incomplete " + UUID().uuidString
        }
        return (parts, hashed)
    }

    /// Every regular file under `directory` (not starting with a dot), or the file itself.
    static func regularFiles(under directory: String) -> [String] {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDir) else { return [] }
        guard isDir.boolValue else { return [directory] }
        let base = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        guard let walker = FileManager.default.enumerator(atPath: base) else { return [] }
        var out: [String] = []
        for case let rel as String in walker where !rel.split(separator: "/").contains(where: { $0.hasPrefix(".") }) {
            if FileStamp.of(base + "/" + rel) != nil { out.append(base + "/" + rel) }
        }
        return out.sorted()
    }

    /// The engine `engine` locates, with its file's stamp: `engine PATH BYTES MTIME INODE` (another binary at the same path
    /// is another engine).
    static func engineSetting(_ engine: EngineConfiguration) -> String {
        let enginePath = (try? EngineLocator.locate(explicitPath: engine.enginePath)) ?? "(no engine)"
        let engineStamp = FileStamp.of(enginePath).map { "\($0.bytes) \($0.modifiedNanoseconds) \($0.inode)" } ?? "missing"
        return "engine \(enginePath) \(engineStamp)"
    }

    /// The running executable's stamp: a rebuilt forge (another binary) never trusts an old fingerprint.
    static let executableStamp: String = {
        guard let path = Bundle.main.executablePath, let s = FileStamp.of(path) else { return "unknown" }
        return "\(s.bytes) \(s.modifiedNanoseconds) \(s.inode)"
    }()
}

/// `.NAME.state.json` beside the bundle: the fingerprints the bundle was built from, every input's
/// stamp and hash, and every bundle file's stamp. It is written after the new bundle is in place and
/// removed before, so it never describes a bundle it was not written for. It is not part of the
/// bundle (its stamps differ between machines) and is only ever a shortcut: without it, the build
/// compares the bundle by content.
struct BuildState: Codable, Sendable {
    var version = 1
    var parts: [String: String]
    var inputs: [String: HashedFile]
    /// Every file of the bundle directory, `manifest.json` included.
    var artifacts: [String: FileStamp]

    static func read(_ path: String) -> BuildState? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return try? JSONDecoder().decode(BuildState.self, from: data)
    }

    func write(_ path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let tmp = path + ".tmp-\(getpid())"
        try encoder.encode(self).write(to: URL(fileURLWithPath: tmp))
        guard rename(tmp, path) == 0 else {
            try? FileManager.default.removeItem(atPath: tmp)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
        }
    }

    /// Every regular file under the bundle directory (relative paths) with its stamp; dot-files included, so a stray one is seen.
    static func listing(of bundle: String) -> [String: FileStamp] {
        guard let walker = FileManager.default.enumerator(atPath: bundle) else { return [:] }
        var out: [String: FileStamp] = [:]
        for case let rel as String in walker {
            var isDir: ObjCBool = false
            let full = bundle + "/" + rel
            if FileManager.default.fileExists(atPath: full, isDirectory: &isDir), isDir.boolValue { continue }
            // A symbolic link or a device counts too (as a stamp that matches nothing).
            out[rel] = FileStamp.of(full) ?? FileStamp(bytes: -1, modifiedNanoseconds: -1, inode: 0)
        }
        return out
    }
}
