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
            PerftCommand.self,
        ]
    )
}
