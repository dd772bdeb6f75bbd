// forge report: a bundle's course as a static site (index.html and a page per opening) an author opens from file://.
import ArgumentParser
import Pipeline

struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write the bundle's course as a static site: index.html and one page per opening, boards and notes on every line.",
        discussion: """
            The bundle is checked first (every file's SHA-256 against its manifest). The site needs no server, script or
            network: open DIR/index.html in a browser. DIR is replaced whole in one swap; it must be new, empty or a site
            forge report wrote (its report.json), and never the bundle, inside it or around it.

            """ + ExitCodes.help([.inputErrors, .noInput, .cannotCreate, .ioError],
                                 notes: [.noInput: "the bundle is missing or does not match its manifest"]))

    @Argument(help: ArgumentHelp("The bundle folder (its manifest.json and openings.sqlite).", valueName: "bundle-dir"))
    var bundle: String

    @Option(help: ArgumentHelp("The site's folder.", valueName: "dir"))
    var out: String

    @OptionGroup var report: ReportOptions

    func run() throws {
        let result = CourseSite.run(CourseSiteConfiguration(bundleDirectory: bundle, outputDirectory: out))
        try report.finish(result, command: "report") {
            guard let written = result.written else { return }
            let s = result.typedSummary
            printLine("wrote \(written): \(s.openings) openings, \(s.lines) lines, \(s.boards) boards; open \(written)/index.html")
        }
    }
}
