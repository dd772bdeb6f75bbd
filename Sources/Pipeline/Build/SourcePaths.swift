// SourcePaths: the one rule for how the bundle names an input file — relative to the folder it was found under.

/// How a bundle names the files it was built from: relative to the openings folder (and, for the name list, to
/// the name list's folder), never as the path the build was given. The same sources built as
/// `--openings /abs/path/openings` on a cluster node and as `--openings openings` at a desk give the same
/// `opening.source_file`, `library_entry.source_file`, `meta.source_hash` and `meta.content_version`, so the
/// same bytes.
///
///     let paths = SourcePaths(openings: "/srv/x/openings/", nameList: "data/chess-openings")
///     paths.recorded("/srv/x/openings/coach/italian-game.pgn")  // "coach/italian-game.pgn"
///     paths.hashed("data/chess-openings/a.tsv")                  // "names/a.tsv"
struct SourcePaths: Sendable {
    /// The openings folder (or one source file) as given; trailing slashes do not matter.
    let openings: String
    /// The name list's folder as given, nil when the build has none.
    let nameList: String?

    init(openings: String, nameList: String?) {
        self.openings = Self.trimmed(openings)
        self.nameList = nameList.map(Self.trimmed)
    }

    /// The path a bundle records for a file under the openings folder (`coach/italian-game.pgn`). A build of one
    /// file records its name.
    func recorded(_ file: String) -> String {
        Self.relative(file, under: openings)
    }

    /// The path `SourceHash` hashes for a build input: an opening source as `recorded`, a name-list file as
    /// `names/` and its path in the list's folder (the two never collide: sources are `.pgn`/`.fen` files and
    /// the reasons file, the list's files are `.tsv` files under `names/`).
    func hashed(_ file: String) -> String {
        if let nameList, file.hasPrefix(nameList + "/") { return "names/" + Self.relative(file, under: nameList) }
        return recorded(file)
    }

    /// `file` without the `root/` it starts with; the last component when it is the root itself or lies elsewhere.
    static func relative(_ file: String, under root: String) -> String {
        if !root.isEmpty, file.hasPrefix(root + "/") {
            var rest = Substring(file.dropFirst(root.count + 1))
            while rest.hasPrefix("./") { rest = rest.dropFirst(2) }
            while rest.hasPrefix("/") { rest = rest.dropFirst() }
            return String(rest)
        }
        return String(file.split(separator: "/").last ?? Substring(file))
    }

    /// `path` without its trailing slashes (`/` itself stays).
    static func trimmed(_ path: String) -> String {
        var p = Substring(path)
        while p.count > 1, p.hasSuffix("/") { p = p.dropLast() }
        return String(p)
    }
}
