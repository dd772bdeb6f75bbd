// forge build: what `make build-data` runs — validate, analyse (cached), write data/bundle/.
import ArgumentParser
import Foundation
import Pipeline

struct BuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Validate the openings, analyse every position (cached), and write the bundle deterministically.",
        discussion: "Exit status: 0 bundle written or up to date; 1 validation or write errors; 69 no usable engine.")

    @Option(help: "The opening sources.")
    var openings = "openings"

    @Option(help: "The bundle directory.")
    var out = "data/bundle"

    @Option(help: "The SCOWL word lists (for the word dictionaries).")
    var scowl = "/usr/share/dict/scowl"

    @Flag(help: "Build the opening bundle only, not the word dictionaries.")
    var noWords = false

    @Option(help: "The name list's folder (lichess's chess-openings, a.tsv … e.tsv).")
    var names = "data/chess-openings"

    @Flag(help: "Print every transposed position, the name list's too (the curriculum's are always printed).")
    var allTranspositions = false

    @OptionGroup var engineOptions: EngineOptions

    func run() throws {
        let config = BuildConfiguration(openingsPath: openings, outputDirectory: out, engine: engineOptions.configuration,
                                        showProgress: isatty(2) == 1,
                                        sourceDateEpoch: ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"],
                                        words: noWords ? nil : WordsSourceOptions(scowlDirectory: scowl), namesPath: names)
        let report: BuildReport
        do { report = try Build.run(config) } catch {
            printError(error.text)
            throw ExitCode(engineUnavailable)
        }
        for d in report.diagnostics { printError(d.text) }
        let sites = report.transpositionSites
        let curriculum = sites.filter(\.inCurriculum)
        if !sites.isEmpty {
            print("transpositions: \(sites.count) positions reached by more than one move order, \(curriculum.count) of them in the curriculum")
            for site in allTranspositions ? sites : curriculum { print("  " + site.text) }
        }
        print(report.summary)
        if report.failed { throw ExitCode.failure }
    }
}
