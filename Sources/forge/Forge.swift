// forge: argument parsing and printing only; every command calls one Pipeline function.
import ArgumentParser
import Foundation
import Pipeline

@main
struct Forge: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "forge",
        abstract: "Validated, engine-checked, bundled chess-opening and word-game content.",
        discussion: ExitCodes.help([.inputErrors, .noInput, .engineUnavailable, .cannotCreate, .ioError]),
        version: ForgeVersion.text(environment: ProcessInfo.processInfo.environment),
        subcommands: [
            ValidateCommand.self,
            BuildCommand.self,
            RegenerateCommand.self,
            PGNToFENCommand.self,
            ClassifyCommand.self,
            FENToPGNCommand.self,
            AnalyzeCommand.self,
            CacheCommand.self,
            AnnotateCommand.self,
            WordsCommand.self,
            ExplainCommand.self,
            ReportCommand.self,
            PerftCommand.self,
        ]
    )

    /// Before any command: the standard descriptors are open (`StandardStream.guardClosedDescriptors`) and SIGPIPE is
    /// ignored, so a closed pipe is a write error every writer sees (`Console`), not a silent death half-way.
    static func main() {
        StandardStream.guardClosedDescriptors()
        signal(SIGPIPE, SIG_IGN)
        main(nil)
    }
}
