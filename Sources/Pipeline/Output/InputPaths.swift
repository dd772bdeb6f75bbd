// InputPaths: the inputs of the reading commands (pgn2fen, fen2pgn, classify, annotate, analyze) — files, `-`, folders.
import Diagnostics
import Foundation

public enum InputPaths {
    /// Every input as given, a folder replaced by the files under it (at any depth) whose names end in one of
    /// `extensions`, in sorted order so the output does not depend on the file system's order. A folder with
    /// no such file is kept as it is: reading it then reports the problem.
    ///
    /// A folder is walked by `SourceRoot`, the rule validate and build read their library by: a file under it that is
    /// a symbolic link out of the folder, to nothing or in a loop is not an input but one IO105 in `refused` (a
    /// folder of games holding `zz.pgn -> /etc/passwd` never prints that file's first line). A file named directly
    /// is read as named.
    ///
    /// ```swift
    /// InputPaths.expand(["games/", "-"], extensions: ["pgn"]).paths  // ["games/a.pgn", "games/sub/b.pgn", "-"]
    /// ```
    public static func expand(_ inputs: [String], extensions: [String]) -> (paths: [String], refused: [Diagnostic]) {
        var refused: [Diagnostic] = []
        let paths = inputs.flatMap { input -> [String] in
            var isDirectory: ObjCBool = false
            guard input != "-", FileManager.default.fileExists(atPath: input, isDirectory: &isDirectory), isDirectory.boolValue else { return [input] }
            let found = SourceRoot(input).files(extensions: extensions)
            refused += found.refused.map { Diagnostic(IOCode.linkOutOfRoot, $0.description) }
            return found.files.isEmpty && found.refused.isEmpty ? [input] : found.files
        }
        return (paths, refused)
    }
}
