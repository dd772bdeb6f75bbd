// forge build: what `make build-data` runs — validate, analyse (cached), write data/bundle/.
import ArgumentParser
import Foundation
import Pipeline

struct BuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Validate the openings, analyse every position (cached), and write the bundle deterministically.",
        discussion: """
            Nothing changed since the last build (sources, name list, word lists, engine, profile, forge itself): \
            nothing is parsed and no file is touched. Otherwise the new bundle is written beside the old one and \
            swapped in at once; a lock (.NAME.lock beside the bundle) keeps a second build out.
            With --shard K/N: only analyse shard K of N into the cache (--cache, default analysis.shard-K-of-N.sqlite); \
            no bundle. `forge cache merge` joins the shard caches; see docs/deploy.md.

            """ + ExitCodes.help([.inputErrors, .engineUnavailable, .cannotCreate],
                                 notes: [.ok: "bundle written or up to date", .inputErrors: "validation errors",
                                         .cannotCreate: "the bundle cannot be written, --out is not a bundle folder, or another build holds the lock"]))

    @Option(help: "The opening sources.")
    var openings = "openings"

    @Option(help: "The bundle folder: a new or empty one, or a bundle (its manifest.json); anything else is refused (exit 73).")
    var out = "data/bundle"

    @Option(help: "The SCOWL word lists (for the word dictionaries).")
    var scowl = "/usr/share/dict/scowl"

    @Flag(help: "Build the opening bundle only, not the word dictionaries.")
    var noWords = false

    @OptionGroup var nameList: NameListOption

    @Flag(help: "Print where the results came from, what the notes cost, and the curriculum's transposed positions.")
    var verbose = false

    @Flag(help: "With --verbose: every transposed position, the name list's too.")
    var allTranspositions = false

    @Option(help: "Only analyse shard K of N (positions split by their Polyglot key) into the cache; write no bundle.")
    var shard: String?

    @OptionGroup var engineOptions: EngineOptions

    @OptionGroup var report: ReportOptions

    func validate() throws {
        if let shard { do { _ = try AnalysisShard(parsing: shard) } catch { throw ValidationError(error.description) } }
        if shard != nil, engineOptions.noCache { throw ValidationError("--shard writes its results to a cache: it cannot run with --no-cache") }
    }

    func run() throws {
        let shard = shard.flatMap { try? AnalysisShard(parsing: $0) }
        let config = BuildConfiguration(openingsPath: openings, outputDirectory: out, engine: engineOptions.configuration(shard: shard, openings: openings),
                                        progress: report.progress,
                                        sourceDateEpoch: ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"],
                                        words: noWords || shard != nil ? nil : WordsSourceOptions(scowlDirectory: scowl, curationDirectory: ForgeData.resolve(explicit: nil, default: WordsSourceOptions.curationFolder)),
                                        nameListPath: nameList.path, shard: shard)
        let result = Build.run(config)
        try report.finish(result, command: "build") {
            guard result.outcome != .engineUnavailable else { return }
            if verbose {
                let sites = result.transpositionSites
                let curriculum = sites.filter(\.inCurriculum)
                if !sites.isEmpty {
                    printLine("transpositions: \(sites.count) positions reached by more than one move order, \(curriculum.count) of them in the curriculum")
                    for site in allTranspositions ? sites : curriculum { printLine("  " + site.text) }
                }
                printLine(result.details)
            }
            printLine(result.summary)
            if let content = result.content { printLine("content: " + content.summary) }
        }
    }
}
