// BundleInstallerTests: an update installs whole or not at all, even when the installing process is killed at any step.
import Foundation
import Testing

@testable import BundleStore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite struct BundleInstallerTests {
    static let sourceVariable = "BUNDLESTORE_INSTALL_SOURCE"
    static let rootVariable = "BUNDLESTORE_INSTALL_ROOT"
    static let stopVariable = "BUNDLESTORE_INSTALL_STOP_AT"
    static let markerVariable = "BUNDLESTORE_INSTALL_MARKER"

    @Test func anUpdateInstallsReopensAndRemovesTheOldVersion() throws {
        let scratch = try makeScratchDirectory()
        defer { removeScratchDirectory(scratch) }
        let (a, b) = try twoBundles(in: scratch)
        let root = scratch + "/root"
        var steps: [BundleInstallStep] = []
        let first = try BundleInstaller.install(from: a.directory, into: root) { steps.append($0) }
        #expect(steps == BundleInstallStep.allCases)
        #expect(first.manifest == a.manifest)
        #expect(try first.openings().map(\.name) == ["A"])
        let second = try BundleInstaller.install(from: b.directory, into: root)
        #expect(try second.openings().map(\.name) == ["B"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: root).sorted() == ["current", "versions"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/versions").count == 1)
        // Installing what is installed changes nothing and still checks it.
        let again = try BundleInstaller.install(from: b.directory, into: root)
        #expect(again.manifest == b.manifest)
    }

    @Test func aDownloadThatDoesNotMatchItsManifestIsRefusedAndTheInstalledOneStays() throws {
        let scratch = try makeScratchDirectory()
        defer { removeScratchDirectory(scratch) }
        let (a, b) = try twoBundles(in: scratch)
        let root = scratch + "/root"
        try BundleInstaller.install(from: a.directory, into: root)
        try editDatabase(b.directory + "/openings.sqlite", "UPDATE opening SET name = 'C' WHERE id = 1")
        do {
            try BundleInstaller.install(from: b.directory, into: root)
            Issue.record("an edited download was installed")
        } catch {
            #expect(error.code == BundleCode.artifactsDoNotMatch)
        }
        let current = try OpeningsBundle(directory: BundleInstaller.currentDirectory(root: root), verification: .checksums)
        #expect(try current.openings().map(\.name) == ["A"])
    }

    /// In a normal run: nothing to do. As the child of `aKilledInstallLeavesTheOldBundleOrTheNew` (the variables set):
    /// installs, and at the step named, says so in the marker file and waits to be killed.
    @Test func childInstalls() throws {
        let environment = ProcessInfo.processInfo.environment
        guard let source = environment[Self.sourceVariable], let root = environment[Self.rootVariable],
              let stop = environment[Self.stopVariable].flatMap(BundleInstallStep.init(rawValue:)),
              let marker = environment[Self.markerVariable]
        else { return }
        try BundleInstaller.install(from: source, into: root) { step in
            guard step == stop else { return }
            _ = FileManager.default.createFile(atPath: marker, contents: Data(step.rawValue.utf8))
            while true { pause() }
        }
    }

    #if os(Linux)
    @Test(.timeLimit(.minutes(5)))
    func aKilledInstallLeavesTheOldBundleOrTheNew() throws {
        let scratch = try makeScratchDirectory()
        defer { removeScratchDirectory(scratch) }
        let (a, b) = try twoBundles(in: scratch)
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        for step in BundleInstallStep.allCases where step != .cleaned {
            let root = scratch + "/root-\(step.rawValue)"
            try BundleInstaller.install(from: a.directory, into: root)
            let marker = scratch + "/marker-\(step.rawValue)"
            let child = Process()
            child.executableURL = URL(fileURLWithPath: executable)
            child.arguments = ["--testing-library", "swift-testing", "--filter", "BundleInstallerTests/childInstalls"]
            child.environment = ProcessInfo.processInfo.environment.merging([
                Self.sourceVariable: b.directory, Self.rootVariable: root, Self.stopVariable: step.rawValue,
                Self.markerVariable: marker,
            ]) { $1 }
            child.standardOutput = FileHandle.nullDevice
            child.standardError = FileHandle.nullDevice
            try child.run()
            // The event: the child has finished `step` and is waiting (a loaded machine may take long to get there).
            let deadline = Date().addingTimeInterval(120)
            while Date() < deadline, child.isRunning, !FileManager.default.fileExists(atPath: marker) { usleep(2000) }
            #expect(FileManager.default.fileExists(atPath: marker), "the child never reached \(step)")
            kill(child.processIdentifier, SIGKILL)
            child.waitUntilExit()
            #expect(child.terminationReason == .uncaughtSignal)

            let current = try OpeningsBundle(directory: BundleInstaller.currentDirectory(root: root), verification: .checksums)
            let expected = step == .swapped ? b : a
            #expect(current.manifest == expected.manifest, "killed after \(step)")
            #expect(try current.openings().map(\.name) == (step == .swapped ? ["B"] : ["A"]), "killed after \(step)")
            // The next install finishes the job and removes what the killed one left.
            let next = try BundleInstaller.install(from: b.directory, into: root)
            #expect(try next.openings().map(\.name) == ["B"])
            #expect(try FileManager.default.contentsOfDirectory(atPath: root).sorted() == ["current", "versions"], "after \(step)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/versions").count == 1, "after \(step)")
        }
    }
    #endif

    private func twoBundles(in scratch: String) throws -> (a: (directory: String, manifest: Manifest), b: (directory: String, manifest: Manifest)) {
        let a = scratch + "/a", b = scratch + "/b"
        try FileManager.default.createDirectory(atPath: a, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: b, withIntermediateDirectories: true)
        let manifestA = try writeBundleFolder(syntheticContent(positions: 200, openingName: "A"), to: a)
        let manifestB = try writeBundleFolder(syntheticContent(positions: 200, openingName: "B"), to: b)
        return ((a, manifestA), (b, manifestB))
    }
}
