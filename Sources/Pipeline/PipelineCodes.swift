// PipelineCodes: the catalogue of the codes the pipeline itself reports: result caches (CCH1xx), builds (BLD1xx), outputs (IO1xx).
import Diagnostics

/// Codes about result cache files: `forge cache`, and results read from a cache. docs/deploy.md has the table.
public enum CacheCode {
    public static let discarded = DiagnosticCode("CCH101", .warning, "a stored result that is not true of its position: discarded and analysed again")
    public static let mixedIdentity = DiagnosticCode("CCH102", .error, "cache merge: the inputs hold results of more than one engine or profile")
    public static let conflict = DiagnosticCode("CCH103", .error, "cache merge, import-store: one position has two different results for one engine and profile")
    public static let unreadable = DiagnosticCode("CCH104", .error, "a cache file that is missing, unreadable or not a forge result cache")
    public static let cannotWrite = DiagnosticCode("CCH105", .error, "the cache merged or imported into cannot be written")
    public static let invalidEntry = DiagnosticCode("CCH106", .warning, "a stored result that no longer decodes or is not true of its position: left out of a merge")
    public static let damagedStoreLine = DiagnosticCode("CCH107", .error, "a line or file of the committed engine store that cannot be read or is not true of its position: never used")
    public static let notInStore = DiagnosticCode("CCH108", .warning, "positions the build needs that the committed engine store lacks: analysed now (run `make engine-store`)")
    public static let storeOutOfDate = DiagnosticCode("CCH109", .error, "export-store --check: the committed engine store differs from what the sources need")
    public static let notReproduced = DiagnosticCode("CCH110", .error, "verify-store: the engine, searching again, does not reproduce a stored line")
    public static let unreadablePositions = DiagnosticCode("CCH111", .error, "verify-store: the --positions file cannot be read")
    public static let noStoreFolder = DiagnosticCode("CCH112", .error, "import-store: the engine store folder is missing or not a folder")

    /// Every code above, in number order; `DiagnosticCatalogue` (Pipeline) joins the modules' lists.
    public static let all: [DiagnosticCode] = [
        discarded, mixedIdentity, conflict, unreadable, cannotWrite, invalidEntry, damagedStoreLine, notInStore, storeOutOfDate, notReproduced, unreadablePositions,
        noStoreFolder,
    ]
}

/// Codes of `forge build` itself (the stages it runs keep their own codes). docs/deploy.md has the table.
public enum BuildCode {
    public static let otherShard = DiagnosticCode("BLD100", .error, "a position left to another shard of a sharded analysis")
    public static let locked = DiagnosticCode("BLD101", .error, "another forge build holds the lock of this output directory")
    public static let strayFile = DiagnosticCode("BLD102", .warning, "a file in the bundle directory that the manifest does not list: not carried into the new bundle")
    public static let cannotWrite = DiagnosticCode("BLD103", .error, "the new bundle cannot be staged or swapped in (the previous one is left whole)")
    public static let unreadableInput = DiagnosticCode("BLD104", .error, "an input of the build cannot be read while fingerprinting it")
    public static let noAnalysis = DiagnosticCode("BLD105", .error, "a position of the library has no engine analysis, so no bundle is written (was BND401 before 2026-11)")

    /// Every code above, in number order; `DiagnosticCatalogue` (Pipeline) joins the modules' lists.
    public static let all: [DiagnosticCode] = [
        otherShard, locked, strayFile, cannotWrite, unreadableInput, noAnalysis,
    ]
}

/// The stable codes of output findings (IO1xx). docs/errors.md has them with the exit codes.
public enum IOCode {
    public static let outputIsInput = DiagnosticCode("IO101", .error, "the output is one of the inputs")
    public static let cannotCreate = DiagnosticCode("IO102", .error, "the output cannot be created")
    public static let writeFailed = DiagnosticCode("IO103", .error, "writing the output failed")
    public static let notForgeFolder = DiagnosticCode("IO104", .error, "an output folder that is not forge's: it holds other files, or is not a folder")
    public static let linkOutOfRoot = DiagnosticCode("IO105", .error, "a symbolic link that leads out of the folder it was found in, to nothing, or in a loop: neither read nor written")
    public static let lineTooLong = DiagnosticCode("IO106", .error, "a line or row longer than the reader keeps (ReadLimits): it is reported and left out")

    /// Every code above, in number order; `DiagnosticCatalogue` (Pipeline) joins the modules' lists.
    public static let all: [DiagnosticCode] = [
        outputIsInput, cannotCreate, writeFailed, notForgeFolder, linkOutOfRoot, lineTooLong,
    ]
}
