// BundleInstaller: an app's update in one call: verify the download, copy it in, swap it in atomically, reopen.
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where an install is; reported to the install's `progress` (an app calls `CoachBundle.update(from:into:progress:)`)
/// as each step ends.
public enum BundleInstallStep: String, Sendable, CaseIterable {
    /// The download passed ``BundleVerification/checksums``.
    case verified
    /// Its files are copied into the root's hidden staging folder, synced and checked again.
    case staged
    /// The staging folder is renamed to its version's folder (`versions/<id>`).
    case stored
    /// A new `current` link to it exists under a temporary name.
    case linked
    /// The link is renamed over `current`: readers now open the new bundle.
    case swapped
    /// Older versions and leftovers of interrupted installs are removed.
    case cleaned
}

/// The bundles an app keeps in one root folder: `root/current` is a link to `root/versions/<id>`, a whole bundle
/// folder. An update is one call, and an interrupted one (the app killed at any step) leaves `current` at the old
/// bundle or the new one, never between:
///
///     let coach = try CoachBundle.update(from: downloadFolder, into: appSupport + "/openings")
///     // later launches:
///     let coach = try CoachBundle(directory: BundleInstaller.currentDirectory(root: appSupport + "/openings"))
///
/// The steps (each named in ``BundleInstallStep``): verify the download in full (every SHA-256; a mismatch is refused
/// with `BND415` and nothing is touched); copy the files its manifest lists into `root/.staging-<id>`, sync them and
/// check the copy in full again; rename it to `root/versions/<id>`; write a link to it under a temporary name and
/// rename it over `root/current` (one `rename`, atomic); sync the root; remove other versions and leftovers; reopen.
/// `<id>` is the first 16 hex digits of the SHA-256 of the manifest, so the same bundle installs into one folder.
public enum BundleInstaller {
    /// The link readers open.
    public static let currentName = "current"
    /// The folder of installed versions.
    public static let versionsName = "versions"
    static let stagingPrefix = ".staging-"
    static let linkPrefix = ".current-"

    /// The bundle folder `root/current` points at (`root/current` itself: the path stays valid across updates for
    /// one open, and the next open follows the new link).
    public static func currentDirectory(root: String) -> String { root + "/" + currentName }

    /// Installs the bundle folder at `source` into `root` (created if missing) and opens it. See the type's steps.
    @discardableResult
    package static func install(
        from source: String, into root: String, progress: (BundleInstallStep) -> Void = { _ in }
    ) throws(BundleError) -> OpeningsBundle {
        let checked = try BundleCheck.check(directory: source, verification: .checksums)
        progress(.verified)
        let id = SHA256Hash.hexDigest(of: Data(checked.manifest.json.utf8)).prefix(16)
        let versions = root + "/" + versionsName
        try makeDirectory(versions)
        let version = versions + "/" + id
        if BundleCheck.fileSize(version + "/" + BundleCheck.manifestName) == nil {
            let staging = root + "/" + stagingPrefix + id
            try removeItem(staging)
            try makeDirectory(staging)
            try copyArtifacts(of: checked, into: staging)
            _ = try BundleCheck.check(directory: staging, verification: .checksums)
            progress(.staged)
            try removeItem(version)
            try FileSync.rename(staging, to: version)
            try FileSync.sync(path: versions)
        } else {
            // Installed before (an install killed after this step, or the same bundle again): check it in full.
            _ = try BundleCheck.check(directory: version, verification: .checksums)
            progress(.staged)
        }
        progress(.stored)
        let link = root + "/" + linkPrefix + id
        try removeItem(link)
        do {
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: versionsName + "/" + id)
        } catch {
            throw .fileSystem(path: link, operation: "create a link", message: "\(error)")
        }
        progress(.linked)
        try FileSync.rename(link, to: currentDirectory(root: root))
        try FileSync.sync(path: root)
        progress(.swapped)
        try removeLeftovers(root: root, keeping: String(id))
        progress(.cleaned)
        return try OpeningsBundle(directory: currentDirectory(root: root), verification: .manifest)
    }

    /// Copies every file the manifest lists (and the manifest) into `destination`, each synced.
    static func copyArtifacts(of checked: CheckedBundle, into destination: String) throws(BundleError) {
        let paths = checked.manifest.artifacts.keys.sorted() + [BundleCheck.manifestName]
        for path in paths {
            let target = destination + "/" + path
            let parent = (target as NSString).deletingLastPathComponent
            try makeDirectory(parent)
            do {
                try FileManager.default.copyItem(atPath: checked.directory + "/" + path, toPath: target)
            } catch {
                throw .fileSystem(path: target, operation: "copy \(checked.directory)/\(path)", message: "\(error)")
            }
            try FileSync.sync(path: target)
        }
        try FileSync.sync(path: destination)
    }

    /// Removes every version but `id`, and staging folders and links of interrupted installs.
    static func removeLeftovers(root: String, keeping id: String) throws(BundleError) {
        let versions = root + "/" + versionsName
        for name in (try? FileManager.default.contentsOfDirectory(atPath: versions)) ?? [] where name != id {
            try removeItem(versions + "/" + name)
        }
        for name in (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        where name.hasPrefix(stagingPrefix) || name.hasPrefix(linkPrefix) {
            try removeItem(root + "/" + name)
        }
    }

    private static func makeDirectory(_ path: String) throws(BundleError) {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw .fileSystem(path: path, operation: "create the folder", message: "\(error)")
        }
    }

    /// Removes a file, link or folder if it exists (a link itself, never what it points at).
    private static func removeItem(_ path: String) throws(BundleError) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        do {
            try FileManager.default.removeItem(atPath: path)
        } catch {
            throw .fileSystem(path: path, operation: "remove", message: "\(error)")
        }
    }
}
