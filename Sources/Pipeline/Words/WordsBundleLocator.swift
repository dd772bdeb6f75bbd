// WordsBundleLocator: finds words.dawg from anywhere (option, FORGE_BUNDLE, then where ForgeData finds forge's data), and says where it looked.
import Diagnostics
import Foundation
import Words

/// Where `words.dawg` is, or every place that was tried.
public struct WordsDictionaryLocation: Sendable, Equatable {
    public var path: String?
    /// Every path tried, in order (the found one last).
    public var tried: [String]
}

public enum WordsBundleLocator {
    /// The environment variable naming the bundle directory (the one holding `words/`), or a
    /// `.dawg` file itself.
    public static let environmentVariable = "FORGE_BUNDLE"
    /// The dictionary's place inside a repository checkout.
    public static let relativePath = "data/bundle/words/words.dawg"

    /// Looks for the dictionary, in this order:
    /// 1. `explicit` (`--dawg FILE`), and only it when given;
    /// 2. `$FORGE_BUNDLE/words/words.dawg` (or `$FORGE_BUNDLE` when it names a `.dawg` file), and only it when set:
    ///    a `FORGE_BUNDLE` that holds no dictionary (`/dev/null`, a typo) is WRD510, never a silent `data/bundle`;
    /// 3. `data/bundle/words/words.dawg` wherever `ForgeData` finds forge's data (`$FORGE_SHARE`, the working
    ///    directory and its parents, an installed forge's `share/contentforge`, the checkout `.build/release/forge`
    ///    was built in).
    public static func locate(explicit: String?, environment: [String: String], currentDirectory: String,
                              executablePath: String?, exists: (String) -> Bool) -> WordsDictionaryLocation {
        var tried: [String] = []
        func attempt(_ path: String) -> Bool {
            let p = (path as NSString).standardizingPath
            guard !tried.contains(p) else { return false }
            tried.append(p)
            return exists(p)
        }
        if let explicit {
            let p = explicit.hasPrefix("/") ? explicit : (currentDirectory as NSString).appendingPathComponent(explicit)
            return WordsDictionaryLocation(path: attempt(p) ? tried.last : nil, tried: tried)
        }
        if let bundle = environment[environmentVariable], !bundle.isEmpty {
            let base = bundle.hasPrefix("/") ? bundle : (currentDirectory as NSString).appendingPathComponent(bundle)
            let p = base.hasSuffix(".dawg") ? base : (base as NSString).appendingPathComponent("words/words.dawg")
            return WordsDictionaryLocation(path: attempt(p) ? tried.last : nil, tried: tried)
        }
        let found = ForgeData.locate(relativePath, environment: environment, currentDirectory: currentDirectory,
                                     executablePath: executablePath, exists: { p in !tried.contains(p) && exists(p) })
        return WordsDictionaryLocation(path: found.path, tried: tried + found.tried.filter { !tried.contains($0) })
    }

    /// A relative directory such as `data/words` as it is, when it exists under the working directory; else
    /// where `ForgeData` finds it; else unchanged.
    static func locateDirectory(_ relative: String) -> String {
        guard !relative.hasPrefix("/"), !FileManager.default.fileExists(atPath: relative) else { return relative }
        return ForgeData.locate(relative).path ?? relative
    }

    /// `locate` with this process's environment, working directory and executable.
    static func locate(explicit: String?) -> WordsDictionaryLocation {
        locate(explicit: explicit, environment: ProcessInfo.processInfo.environment,
               currentDirectory: FileManager.default.currentDirectoryPath,
               executablePath: ForgeData.executablePath, exists: { FileManager.default.fileExists(atPath: $0) })
    }

    /// WRD510: no dictionary; the message lists every place tried and how to point at one.
    static func notFound(_ location: WordsDictionaryLocation, explicit: Bool) -> Diagnostic {
        let looked = location.tried.count <= 6 ? location.tried : Array(location.tried.prefix(5)) + ["… (\(location.tried.count - 5) more parent directories)"]
        return Diagnostic(WordsCode.noDictionary, explicit ? "expected a words.dawg at \(location.tried.first ?? "?"), found no file"
                : "expected a words.dawg, found none; looked in: " + looked.joined(separator: ", "),
            notes: ["pass --dawg FILE, set \(environmentVariable)=DIR (the bundle directory holding words/words.dawg), or run `forge words build` in the repository"])
    }

    /// Opens the located dictionary: WRD510 when there is none, WRD601–607 when it is not an
    /// intact words.dawg (missing is exit 66, damaged exit 1 for the executable).
    static func open(explicit: String?) -> Result<(WordDictionary, String), WordsOpenFailure> {
        let location = locate(explicit: explicit)
        guard let path = location.path else {
            return .failure(WordsOpenFailure(diagnostic: notFound(location, explicit: explicit != nil), missing: true))
        }
        // Only a regular file is mapped: a folder gives a Cocoa error, a FIFO blocks or reads as "permission".
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue || !isRegularFile(path) {
            let found = isFolder.boolValue ? "a folder" : "not a regular file (a pipe, a device or a socket)"
            let hint = isFolder.boolValue ? ["a bundle folder holds it at words/words.dawg: pass --dawg \(path)/words/words.dawg"] : []
            return .failure(WordsOpenFailure(
                diagnostic: Diagnostic(WordsCode.noDictionary, "expected a words.dawg file at \(path), found \(found)", notes: hint), missing: true))
        }
        do {
            return .success((try WordDictionary(contentsOf: URL(fileURLWithPath: path)), path))
        } catch {
            return .failure(WordsOpenFailure(
                diagnostic: Diagnostic(error.code, error.description, at: SourceLocation(file: path, line: 1, column: 1),
                                       notes: ["rebuild it with `forge words build`, or download it again"]),
                missing: false))
        }
    }
}

/// True when `path` (links followed) is a regular file.
private func isRegularFile(_ path: String) -> Bool {
    (try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType) == .typeRegular
}

/// Why no dictionary could be used.
public struct WordsOpenFailure: Error, Sendable {
    public var diagnostic: Diagnostic
    /// No file at all (exit 66) rather than a bad one (exit 1).
    public var missing: Bool
}
