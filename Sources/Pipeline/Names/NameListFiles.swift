// NameListFiles: finds and reads the vendored name list (data/chess-openings/*.tsv) for the build, validate and classify.
import BundleStore
import Diagnostics
import Foundation
import Openings
import UCIEngine

/// The name list's files on disk: lichess's chess-openings, vendored in `data/chess-openings/` (docs/names.md).
public enum NameListFiles {
    /// Where `forge` looks when no other folder is given.
    public static let defaultDirectory = "data/chess-openings"

    /// The list's data files in `directory`: every `*.tsv`, sorted (`a.tsv` … `e.tsv`), as full paths.
    /// These are the build's hashed inputs for names, beside the opening sources.
    public static func files(in directory: String) throws(Diagnostic) -> [String] {
        let base = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: base) else {
            throw Diagnostic(NameCode.noNameList, "no name list: cannot read the folder \(base) (expected lichess's a.tsv … e.tsv there)",
                             notes: ["forge looks for data/chess-openings under $\(ForgeData.environmentVariable), this folder and its parents, "
                                     + "and \(ForgeData.installedFolder) beside its bin/ folder (make install puts it there); or pass --names FOLDER"])
        }
        let tsv = names.filter { $0.hasSuffix(".tsv") }.sorted().map { base + "/" + $0 }
        guard !tsv.isEmpty else {
            throw Diagnostic(NameCode.noNameList, "no name list: \(base) holds no .tsv file (expected lichess's a.tsv … e.tsv)")
        }
        return tsv
    }

    /// Reads and replays the list in `directory`. Throws `NAM100` when the folder or a file cannot be read;
    /// problems inside the files (`NAM110`–`NAM112`) come back with the list, which holds every good row.
    public static func load(_ directory: String) throws(Diagnostic) -> (list: NameList, files: [String], diagnostics: [Diagnostic]) {
        let paths = try files(in: directory)
        var texts: [(file: String, text: String)] = []
        for path in paths {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw Diagnostic(NameCode.noNameList, "cannot read \(path)")
            }
            guard let text = String(data: data, encoding: .utf8) else {
                throw Diagnostic(NameCode.noNameList, "\(path) is not UTF-8 text")
            }
            texts.append((path, text))
        }
        let (list, problems) = NameList.read(texts)
        return (list, paths, problems)
    }
}

extension AnalysisProfile {
    /// The node budget of the name table's positions (about 12,000, none of them in the curriculum): one
    /// thread, MultiPV 3 like every profile, at a budget chosen so that CI builds twice from an empty cache
    /// well inside its limit (docs/names.md has the measurement). The profile key records it with every row.
    public static let nameTableNodes = 20_000

    /// The profile of the name table's positions: `defaultProfile` with the name table's node budget.
    public static func nameTable(like defaultProfile: AnalysisProfile) -> AnalysisProfile {
        AnalysisProfile(nodes: nameTableNodes, multiPV: defaultProfile.multiPV, hashMegabytes: defaultProfile.hashMegabytes)
    }
}

extension NameListFiles {
    /// The list in `directory`, or an empty list when none is given; a folder that cannot be read is a `NAM100` error.
    static func loadIfGiven(_ directory: String?) -> (list: NameList, files: [String], diagnostics: [Diagnostic]) {
        guard let directory else { return (NameList(), [], []) }
        do throws(Diagnostic) {
            return try load(directory)
        } catch {
            return (NameList(), [], [error])
        }
    }
}

/// The name list and the authored names' reasons, as the validator's name checks get them.
struct LoadedNames {
    var list: NameList
    var listFiles: [String]
    var reasons: [NameReason]
    /// The reasons files read (hashed with the sources by the build).
    var reasonFiles: [String]
    var diagnostics: [Diagnostic]
}

extension NameListFiles {
    /// The reasons file's name at the root of a library folder (`openings/names-reasons.tsv`).
    public static let reasonsFileName = "names-reasons.tsv"

    /// The list in `directory` (nil: none, and no checks) and the reasons files at the root of every folder in
    /// `libraryPaths`.
    static func loadForChecks(_ directory: String?, libraryPaths: [String]) -> LoadedNames? {
        guard let directory else { return nil }
        let loaded = loadIfGiven(directory)
        var out = LoadedNames(list: loaded.list, listFiles: loaded.files, reasons: [], reasonFiles: [], diagnostics: loaded.diagnostics)
        for path in libraryPaths {
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir), isDir.boolValue else { continue }
            let file = (path.hasSuffix("/") ? String(path.dropLast()) : path) + "/" + reasonsFileName
            guard let data = FileManager.default.contents(atPath: file) else { continue }
            let (reasons, problems) = NameReason.read(String(decoding: data, as: UTF8.self), file: file)
            out.reasons += reasons
            out.reasonFiles.append(file)
            out.diagnostics += problems
        }
        return out
    }
}

extension NameListFiles {
    /// The key table of the list in `directory` (what `forge classify` looks up), compiled once per list: the table is
    /// kept in forge's cache folder as `names-DIGEST.bin`, named and stamped with the SHA-256 of the list's files, and
    /// read back instead of replaying 3,600 lines of SAN at every run (docs/benchmarks.md). A list with problems is
    /// read (and its diagnostics returned) every time and never kept; a kept table that is damaged, of another list or
    /// of another format is ignored and rewritten. The cache folder is held to the rules of `CacheFolder`; when it cannot
    /// be used the list is simply read.
    public static func loadKeyTable(_ directory: String, cacheDirectory: String? = nil) throws(Diagnostic)
        -> (table: NameKeyTable, files: [String], diagnostics: [Diagnostic]) {
        let paths = try files(in: directory)
        var contents: [(path: String, data: Data)] = []
        var hash = SHA256Hash()
        for path in paths {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw Diagnostic(NameCode.noNameList, "cannot read \(path)")
            }
            hash.update(Array((path as NSString).lastPathComponent.utf8) + [0])
            hash.update(data)
            contents.append((path, data))
        }
        let digest = hash.digest()
        let folder = cacheDirectory ?? EngineConfiguration.defaultCacheDirectory
        let chosenByForge = cacheDirectory == nil && (ProcessInfo.processInfo.environment["FORGE_CACHE"] ?? "").isEmpty
        let kept = folder + "/names-" + digest.prefix(8).map { String(format: "%02x", $0) }.joined() + ".bin"
        if let bytes = FileManager.default.contents(atPath: kept), let table = NameKeyTable(decoding: [UInt8](bytes), sourceDigest: digest) {
            return (table, paths, [])
        }
        var texts: [(file: String, text: String)] = []
        for (path, data) in contents {
            guard let text = String(data: data, encoding: .utf8) else { throw Diagnostic(NameCode.noNameList, "\(path) is not UTF-8 text") }
            texts.append((path, text))
        }
        let (list, problems) = NameList.read(texts)
        let table = NameKeyTable(list)
        if problems.isEmpty, CacheFolder.prepare(forFile: kept, chosenByForge: chosenByForge) == nil {
            try? OutputFile.write(table.encoded(sourceDigest: digest), to: kept)
        }
        return (table, paths, problems)
    }
}
