// OutputFolder: the one rule for a folder forge fills (`build --out`, `words build --out`): forge's own, or nothing.
import BundleStore
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A folder a command fills with files of its own and may empty first (the bundle swap removes the
/// old contents). It is claimed before a byte is written, by one rule (docs/errors.md, "Output folders"):
///
/// 1. A folder that does not exist, or an empty one, is forge's to fill.
/// 2. A folder that holds the marker forge writes into it (`manifest.json` that reads as a bundle
///    manifest, `counts.json` that reads as a words build's counts, `report.json` of `forge report`) is forge's to replace — a bundle only
///    when every other file in it is one its manifest lists (a copied manifest does not make the user's
///    other files forge's to remove).
/// 3. Anything else — a folder of someone's files, a regular file, a device, a link to nothing — is
///    refused (IO104, exit 73); nothing is read, written or removed.
/// 4. A symbolic link is resolved once: the folder it names is claimed, locked and replaced, the link
///    stays, and two builds through two names of one folder take the same lock.
///
/// ```swift
/// let bundle = try OutputFolder.claim("data/bundle", marker: .bundleManifest)  // "data/bundle", or a link's target
/// ```
public enum OutputFolder {
    /// The file that makes a folder forge's.
    public enum Marker: Sendable {
        /// `manifest.json` of a bundle (`forge build`).
        case bundleManifest
        /// `counts.json` of a words build (`forge words build`).
        case wordsCounts
        /// `report.json` of a course site (`forge report`).
        case courseSite

        var fileName: String {
            switch self {
            case .bundleManifest: "manifest.json"
            case .wordsCounts: "counts.json"
            case .courseSite: CourseSiteManifest.fileName
            }
        }

        /// The files under `folder` (relative paths, sorted) that the marker `data` does not list: for a bundle,
        /// every file but `manifest.json` and its artifacts; a words build's counts list no files, so none.
        func unlisted(in folder: String, marker data: Data) -> [String] {
            switch self {
            case .bundleManifest:
                guard let manifest = try? Manifest(json: data), let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
                var strays: [String] = []
                for case let rel as String in walker where rel != fileName && manifest.artifacts[rel] == nil {
                    var st = stat()
                    if lstat(folder + "/" + rel, &st) == 0, (st.st_mode & S_IFMT) == S_IFDIR { continue }
                    strays.append(rel)
                }
                return strays.sorted()
            case .wordsCounts: return []
            case .courseSite:
                guard let site = try? JSONDecoder().decode(CourseSiteManifest.self, from: data),
                      let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
                return walker.compactMap { $0 as? String }.filter { $0 != fileName && !site.files.contains($0) }.sorted()
            }
        }

        /// True when `data` is the file forge writes under this name, read by the type that writes it (a
        /// `manifest.json` of another tool does not decode as a bundle `Manifest`).
        func recognises(_ data: Data) -> Bool {
            switch self {
            case .bundleManifest: (try? Manifest(json: data)) != nil
            case .wordsCounts: (try? JSONDecoder().decode(WordsCounts.self, from: data)) != nil
            case .courseSite: (try? JSONDecoder().decode(CourseSiteManifest.self, from: data))?.generator == CourseSiteManifest.generatorName
            }
        }
    }

    /// Claims `path` for a command that writes `marker`; returns the path to use from now on (a symbolic link's
    /// target, else `path` without a trailing slash). `insideBundleRefused`: a folder inside a bundle (its parent
    /// holds a bundle manifest) is refused too, since only `forge build`'s swap may change a bundle.
    public static func claim(_ path: String, marker: Marker, insideBundleRefused: Bool = false) throws(OutputError) -> String {
        guard !path.isEmpty else { throw .notForgeFolder(path, "the path is empty") }
        var given = path
        while given.count > 1 && given.hasSuffix("/") { given.removeLast() }
        var st = stat()
        guard lstat(given, &st) == 0 else {
            guard errno == ENOENT else { throw .cannotCreate(given, OutputFile.reason(errno)) }
            try refuseInsideBundle(given, insideBundleRefused)
            return given
        }
        var real = given
        if (st.st_mode & S_IFMT) == S_IFLNK {
            guard let resolved = realpath(given, nil) else {
                throw .notForgeFolder(given, "it is a symbolic link to nothing (\(OutputFile.reason(errno)))")
            }
            real = String(cString: resolved)
            free(resolved)
            guard stat(real, &st) == 0 else { throw .cannotCreate(given, OutputFile.reason(errno)) }
        }
        guard (st.st_mode & S_IFMT) == S_IFDIR else {
            throw .notForgeFolder(given, "it is \(kind(st.st_mode)), not a folder; forge writes \(marker.fileName) and its files into a folder of their own")
        }
        try refuseInsideBundle(real, insideBundleRefused)
        let entries: [String]
        do { entries = try FileManager.default.contentsOfDirectory(atPath: real).sorted() } catch {
            throw .cannotCreate(given, "its entries cannot be listed: \(error.localizedDescription)")
        }
        if entries.isEmpty { return real }
        if entries.contains(marker.fileName), let data = FileManager.default.contents(atPath: real + "/" + marker.fileName),
           marker.recognises(data) {
            let strays = marker.unlisted(in: real, marker: data)
            guard strays.isEmpty else {
                // A copied bundle among an app's own files (`cp -r data/bundle/* MyApp/Resources/`): the swap would
                // remove them, so nothing is touched until they are moved out.
                let shown = strays.prefix(3).joined(separator: ", ") + (strays.count > 3 ? ", … (\(strays.count) files)" : "")
                throw .notForgeFolder(given, "it holds files its \(marker.fileName) does not list (\(shown)); forge replaces the whole folder, "
                                      + "so they would be lost: move them out, or choose another --out")
            }
            return real
        }
        let shown = entries.prefix(3).joined(separator: ", ") + (entries.count > 3 ? ", … (\(entries.count) entries)" : "")
        let found = entries.contains(marker.fileName) ? "its \(marker.fileName) is not one forge wrote" : "it has no \(marker.fileName) of forge's"
        throw .notForgeFolder(given, "it holds files that are not forge's (\(shown)) and \(found); "
                              + "forge writes only into a new folder, an empty one, or one it wrote before; choose another --out")
    }

    private static func refuseInsideBundle(_ path: String, _ refused: Bool) throws(OutputError) {
        guard refused else { return }
        let parent = path.contains("/") ? (path as NSString).deletingLastPathComponent : "."
        guard let data = FileManager.default.contents(atPath: (parent.isEmpty ? "/" : parent) + "/manifest.json"),
              Marker.bundleManifest.recognises(data) else { return }
        throw .notForgeFolder(path, "it is inside the bundle \(parent.isEmpty ? "/" : parent), which only `forge build` changes "
                              + "(in one swap, so the bundle always matches its manifest); choose another --out")
    }

    private static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFREG: "a file"
        case S_IFCHR, S_IFBLK: "a device"
        case S_IFIFO: "a named pipe"
        case S_IFSOCK: "a socket"
        default: "not a folder"
        }
    }
}
