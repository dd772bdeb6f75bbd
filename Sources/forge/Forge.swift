// forge: argument parsing and printing only; every command calls one Pipeline function.
import ArgumentParser

@main
struct Forge: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "forge",
        abstract: "Validated, engine-checked, bundled chess-opening and word-game content.",
        subcommands: [
            ValidateCommand.self,
            BuildCommand.self,
            RegenerateCommand.self,
            PGNToFENCommand.self,
            FENToPGNCommand.self,
            AnalyzeCommand.self,
            CacheCommand.self,
            AnnotateCommand.self,
            WordsCommand.self,
            PerftCommand.self,
            BundleBenchCommand.self,
        ]
    )
}
