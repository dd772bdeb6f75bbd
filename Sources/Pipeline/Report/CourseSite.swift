// CourseSite: `forge report` — a bundle's course as a static site an author opens from file://, swapped in whole.
import CoachBundle
import Diagnostics
import Foundation

/// What `forge report` was asked to do.
public struct CourseSiteConfiguration: Sendable {
    /// The bundle folder (its `manifest.json` and `openings.sqlite`).
    public var bundleDirectory: String
    /// The site's folder: a new or empty one, or one `forge report` wrote (its `report.json`).
    public var outputDirectory: String

    public init(bundleDirectory: String, outputDirectory: String) {
        self.bundleDirectory = bundleDirectory
        self.outputDirectory = outputDirectory
    }
}

/// `report.json`, the site's marker: the files the site holds, so a second run may replace exactly those.
struct CourseSiteManifest: Codable, Sendable, Equatable {
    static let fileName = "report.json"
    static let generatorName = "forge report"
    var generator: String
    var contentVersion: String
    var files: [String]
}

/// How `forge report` went.
public struct CourseSiteReport: CommandReport {
    public struct Summary: Codable, Sendable, Equatable {
        public var openings: Int
        public var lines: Int
        public var boards: Int
        /// The pages' sizes in bytes, by file name (`index.html`, `italian-game.html`, …).
        public var pageBytes: [String: Int]
    }
    public var diagnostics: [Diagnostic]
    public var outcome: CommandOutcome
    public var typedSummary: Summary
    /// The folder written (a symbolic link's target), nil when nothing was.
    public var written: String?
}

/// Writes the course site of a bundle:
///
/// 1. The bundle folder is checked as every forge reader checks it (`BundleCheck` through `CoachBundle`, every
///    SHA-256 against its manifest): a missing or edited bundle is refused (`BND4xx`, exit 66) before anything is written.
/// 2. The output folder must not be the bundle, hold it or lie inside it (IO101 or IO102, exit 73), and must be forge's to fill
///    (`OutputFolder`, marker `report.json`; IO104, exit 73).
/// 3. Every page is made in memory, then written into a staging sibling of the folder and swapped in by one rename
///    (`StagingArea`, as `forge build` swaps a bundle): a reader sees the old site or the new one, never half of one.
///
/// The same bundle gives the same bytes: nothing on a page depends on the clock, the machine or the locale.
///
/// ```swift
/// let r = CourseSite.run(CourseSiteConfiguration(bundleDirectory: "data/bundle", outputDirectory: "site"))
/// r.typedSummary.openings   // 10; site/index.html links site/italian-game.html, …
/// ```
public enum CourseSite {
    public static func run(_ config: CourseSiteConfiguration) -> CourseSiteReport {
        let empty = CourseSiteReport.Summary(openings: 0, lines: 0, boards: 0, pageBytes: [:])
        func failed(_ d: [Diagnostic], _ outcome: CommandOutcome) -> CourseSiteReport {
            CourseSiteReport(diagnostics: d, outcome: outcome, typedSummary: empty)
        }
        let coach: CoachBundle
        do throws(CoachBundleError) {
            coach = try CoachBundle(directory: config.bundleDirectory, verification: .checksums)
        } catch {
            return failed([error.diagnostic], .noInput)
        }
        let out: String
        do throws(OutputError) {
            try refuseOverlap(out: config.outputDirectory, bundle: config.bundleDirectory)
            out = try OutputFolder.claim(config.outputDirectory, marker: .courseSite, insideBundleRefused: true)
        } catch {
            return failed(error.diagnostics, error.outcome)
        }
        let openings: [CourseOpening]
        let info: CoachBundleInfo
        do throws(CoachBundleError) {
            openings = try CourseReader(coach: coach).openings()
            info = try coach.info()
        } catch {
            return failed([error.diagnostic], .inputErrors)
        }
        let files = pages(openings, info: info)
        let manifest = CourseSiteManifest(generator: CourseSiteManifest.generatorName, contentVersion: info.contentVersion,
                                          files: files.map(\.name))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            let staging = try StagingArea(BundlePaths(out))
            for f in files { try staging.stage(Array(f.text.utf8), as: f.name) }
            try staging.stage(Array(try encoder.encode(manifest)) + [0x0A], as: CourseSiteManifest.fileName)
            try staging.commit()
        } catch {
            let e = OutputError.ioError(out, "\(error)")
            return failed(e.diagnostics, e.outcome)
        }
        let summary = CourseSiteReport.Summary(
            openings: openings.count, lines: openings.reduce(0) { $0 + $1.lines.count },
            boards: openings.reduce(0) { $0 + $1.lines.reduce(0) { $0 + $1.plies.count } },
            pageBytes: Dictionary(files.map { ($0.name, $0.text.utf8.count) }, uniquingKeysWith: { a, _ in a }))
        return CourseSiteReport(diagnostics: [], outcome: .ok, typedSummary: summary, written: out)
    }

    /// The site's files: `index.html` and one page per opening, named after its slug.
    static func pages(_ openings: [CourseOpening], info: CoachBundleInfo) -> [(name: String, text: String)] {
        var used: Set<String> = ["index", "report"]
        var named: [(CourseOpening, page: String)] = []
        for o in openings {
            let name = pageName(o.opening.slug, avoiding: used)
            used.insert(name)
            named.append((o, page: name + ".html"))
        }
        return [("index.html", CoursePages.index(named, info: info))] + named.map { ($0.page, CoursePages.opening($0.0)) }
    }

    /// A page's file name from a slug: its lowercase letters, digits and hyphens only (a slug is a bundle's text, never a
    /// path), numbered when two slugs come out the same.
    static func pageName(_ slug: String, avoiding used: Set<String>) -> String {
        let kept = String(slug.lowercased().unicodeScalars.filter { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }.map(Character.init))
        let base = kept.isEmpty ? "opening" : kept
        var name = base, n = 2
        while used.contains(name) {
            name = "\(base)-\(n)"
            n += 1
        }
        return name
    }

    /// The site's folder is not the bundle, does not hold it and is not inside it: the swap would replace or remove it.
    static func refuseOverlap(out: String, bundle: String) throws(OutputError) {
        guard let b = SourceRoot.realPath(bundle) else { return }
        let o = resolvedAllowingMissing(out)
        if o == b { throw .isAnInput(out, bundle) }
        if b.hasPrefix(o.hasSuffix("/") ? o : o + "/") || o.hasPrefix(b + "/") {
            throw .cannotCreate(out, "it \(o.hasPrefix(b + "/") ? "lies inside" : "holds") the bundle \(bundle), which the report reads "
                                + "and the site's swap would change; choose another --out")
        }
    }

    /// The real path of `path`, or of its nearest existing ancestor followed by the rest.
    static func resolvedAllowingMissing(_ path: String) -> String {
        var head = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var tail: [String] = []
        while !head.isEmpty && head != "/" {
            if let real = SourceRoot.realPath(head) { return ([real] + tail.reversed()).joined(separator: "/") }
            tail.append((head as NSString).lastPathComponent)
            head = (head as NSString).deletingLastPathComponent
        }
        return "/" + tail.reversed().joined(separator: "/")
    }
}
