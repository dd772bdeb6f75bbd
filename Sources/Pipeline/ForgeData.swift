// ForgeData: the one place that decides where forge's own data (the name list, the word curation, the dictionary) is found.
import Foundation

/// Where a file of forge's own data is, or every place that was tried.
public struct DataLocation: Sendable, Equatable {
    public var path: String?
    /// Every path tried, in order (the found one last).
    public var tried: [String]
}

/// Finds forge's data by its path in the repository (`data/chess-openings`, `data/words`,
/// `data/bundle/words/words.dawg`), the same way for every command. In order, under:
/// 1. `$FORGE_SHARE`, a folder laid out as `make install` lays it out;
/// 2. the working directory and each of its parents (a checkout you are in);
/// 3. `share/contentforge` beside the executable's folder (`$PREFIX/bin/forge` finds `$PREFIX/share/contentforge`);
/// 4. each parent of the executable's folder (`.build/release/forge` finds the checkout it was built in).
///
///     ForgeData.locate("data/chess-openings", environment: [:], currentDirectory: "/tmp/empty",
///                      executablePath: "/opt/cf/bin/forge", exists: fileExists).path
///     // "/opt/cf/share/contentforge/data/chess-openings"
public enum ForgeData {
    /// The environment variable naming a folder laid out as an installed forge's share folder.
    public static let environmentVariable = "FORGE_SHARE"
    /// Where `make install` puts the data, relative to `PREFIX`.
    public static let installedFolder = "share/contentforge"

    /// The folders searched, in order (standardised, each once).
    public static func roots(environment: [String: String], currentDirectory: String, executablePath: String?) -> [String] {
        var out: [String] = []
        func add(_ path: String) {
            let p = (path as NSString).standardizingPath
            if !out.contains(p) { out.append(p) }
        }
        func absolute(_ p: String) -> String { p.hasPrefix("/") ? p : (currentDirectory as NSString).appendingPathComponent(p) }
        func selfAndParents(_ start: String) -> [String] {
            var dirs: [String] = []
            var dir = (start as NSString).standardizingPath
            while true {
                dirs.append(dir)
                let parent = (dir as NSString).deletingLastPathComponent
                if parent == dir || parent.isEmpty { break }
                dir = parent
            }
            return dirs
        }
        if let share = environment[environmentVariable], !share.isEmpty { add(absolute(share)) }
        selfAndParents(currentDirectory).forEach(add)
        if let exe = executablePath, !exe.isEmpty {
            let bin = (absolute(exe) as NSString).deletingLastPathComponent
            add(((bin as NSString).deletingLastPathComponent as NSString).appendingPathComponent(installedFolder))
            selfAndParents(bin).forEach(add)
        }
        return out
    }

    /// The first `root/relative` that exists, with every path tried.
    public static func locate(_ relative: String, environment: [String: String], currentDirectory: String,
                              executablePath: String?, exists: (String) -> Bool) -> DataLocation {
        var tried: [String] = []
        for root in roots(environment: environment, currentDirectory: currentDirectory, executablePath: executablePath) {
            let p = (root as NSString).appendingPathComponent(relative)
            tried.append(p)
            if exists(p) { return DataLocation(path: p, tried: tried) }
        }
        return DataLocation(path: nil, tried: tried)
    }

    /// `locate` with this process's environment, working directory and executable.
    public static func locate(_ relative: String) -> DataLocation {
        locate(relative, environment: ProcessInfo.processInfo.environment, currentDirectory: FileManager.default.currentDirectoryPath,
               executablePath: executablePath, exists: { FileManager.default.fileExists(atPath: $0) })
    }

    /// A path an option gave (used as given), or the data file `relative` where `locate` finds it; when it is nowhere,
    /// `relative` itself, so the command's own error names it.
    public static func resolve(explicit: String?, default relative: String) -> String {
        if let explicit { return explicit }
        return locate(relative).path ?? relative
    }

    /// The running executable (its real path: a symbolic link in `bin/` still finds the data beside the real file).
    static var executablePath: String? {
        guard let path = Bundle.main.executablePath ?? CommandLine.arguments.first else { return nil }
        return (path as NSString).resolvingSymlinksInPath
    }
}
