// StagingArea: a bundle's new files, written completely beside it before any of them replaces an old one.
import Foundation

/// `data/bundle/.staging/` holds the new artifacts until all are written; `commit` renames them into place.
/// A staging folder left by a killed build is removed when the next build starts.
struct StagingArea {
    let bundle: String
    let root: String

    init(bundle: String) throws {
        self.bundle = bundle
        root = bundle + "/.staging"
        try? FileManager.default.removeItem(atPath: root)
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    func path(for rel: String) -> String { root + "/" + rel }

    func stage(_ bytes: [UInt8], as rel: String) throws {
        let p = path(for: rel)
        try FileManager.default.createDirectory(atPath: (p as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: p))
    }

    /// Moves the staged files over the bundle's, in `order` (put the manifest last), then removes the staging folder.
    func commit(order: [String]) throws {
        for rel in order {
            let target = bundle + "/" + rel
            try FileManager.default.createDirectory(atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            if rename(path(for: rel), target) != 0 {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: target])
            }
        }
        try? FileManager.default.removeItem(atPath: root)
    }
}
