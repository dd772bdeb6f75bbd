// InputPaths: the inputs of the reading commands (pgn2fen, fen2pgn, classify, annotate, analyze) — files, `-`, folders.
import Foundation

public enum InputPaths {
    /// Every input as given, a folder replaced by the files under it (at any depth) whose names end in one of
    /// `extensions`, in sorted order so the output does not depend on the file system's order. A folder with
    /// no such file is kept as it is: reading it then reports the problem.
    ///
    /// ```swift
    /// InputPaths.expand(["games/", "-"], extensions: ["pgn"])  // ["games/a.pgn", "games/sub/b.pgn", "-"]
    /// ```
    public static func expand(_ inputs: [String], extensions: [String]) -> [String] {
        inputs.flatMap { input -> [String] in
            var isDirectory: ObjCBool = false
            guard input != "-", FileManager.default.fileExists(atPath: input, isDirectory: &isDirectory), isDirectory.boolValue,
                  let walker = FileManager.default.enumerator(atPath: input) else { return [input] }
            let base = input.hasSuffix("/") ? String(input.dropLast()) : input
            var files: [String] = []
            for case let rel as String in walker where extensions.contains(where: { rel.lowercased().hasSuffix("." + $0) }) {
                files.append(base + "/" + rel)
            }
            return files.isEmpty ? [input] : files.sorted()
        }
    }
}
