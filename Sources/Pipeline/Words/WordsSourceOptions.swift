// WordsSourceOptions: where the word sources are (SCOWL directory, region, size level, curation lists) and reading them.
import Diagnostics
import Foundation
import Words

/// The SCOWL region whose `-words` lists join `english-words`.
public enum WordsRegion: String, Sendable, CaseIterable {
    case american, british, canadian, australian
}

/// The inputs of every `forge words` command that reads the sources.
public struct WordsSourceOptions: Sendable {
    public var scowlDirectory: String
    public var region: String
    public var maxLevel: Int
    /// Holds deny.txt and allow.txt.
    public var curationDirectory: String

    public init(scowlDirectory: String = "/usr/share/dict/scowl", region: String = "american", maxLevel: Int = 80,
                curationDirectory: String = WordsSourceOptions.curationFolder) {
        self.scowlDirectory = scowlDirectory
        self.region = region
        self.maxLevel = maxLevel
        self.curationDirectory = curationDirectory
    }

    /// The curation lists' folder in the repository (and in an installed forge's data: `ForgeData`).
    public static let curationFolder = "data/words"

    /// The SCOWL size levels.
    public static let levels = [10, 20, 35, 40, 50, 55, 60, 70, 80, 95]

    /// Checks the options themselves: WRD313 unknown region, WRD314 level out of range.
    func validate() -> [Diagnostic] {
        var d: [Diagnostic] = []
        if WordsRegion(rawValue: region) == nil {
            d.append(Diagnostic(WordsCode.badRegion, "expected a region (\(WordsRegion.allCases.map(\.rawValue).joined(separator: ", "))), found \"\(region)\""))
        }
        if !(10...95).contains(maxLevel) {
            d.append(Diagnostic(WordsCode.badMaxLevel, "expected a SCOWL size level from 10 to 95, found \(maxLevel)"))
        }
        return d
    }

    /// The list names (`english-words`, `american-words`) whose entries are read as words.
    var wordLists: [String] { ["english-words", "\(region)-words"] }
}

/// A read source list file.
struct WordsSourceFile {
    var name: String
    var level: Int
    var entries: [SourceEntry]
}

enum WordsSourceReader {
    /// Reads `<list>.<level>` for each list and each level ≤ `maxLevel` that exists.
    /// WRD310 when the directory is missing, WRD311 when no list of a name exists,
    /// WRD312 when a file is unreadable or not UTF-8.
    static func read(lists: [String], in directory: String, maxLevel: Int, required: Bool = true) -> (files: [WordsSourceFile], diagnostics: [Diagnostic]) {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDir), isDir.boolValue else {
            return ([], [Diagnostic(WordsCode.noSCOWL, "expected a SCOWL directory (install Debian's scowl package or pass --scowl DIR), found nothing at \(directory)")])
        }
        var files: [WordsSourceFile] = []
        var diags: [Diagnostic] = []
        for list in lists {
            var any = false
            for level in WordsSourceOptions.levels where level <= maxLevel {
                let name = "\(list).\(level)"
                let path = (directory as NSString).appendingPathComponent(name)
                guard FileManager.default.fileExists(atPath: path) else { continue }
                any = true
                guard let data = FileManager.default.contents(atPath: path) else {
                    diags.append(Diagnostic(WordsCode.unreadableSource, "cannot read \(path)", at: SourceLocation(file: path, line: 1, column: 1)))
                    continue
                }
                guard let text = String(validating: data, as: UTF8.self) else {
                    diags.append(Diagnostic(WordsCode.unreadableSource, "expected UTF-8 text, found other bytes", at: SourceLocation(file: path, line: 1, column: 1)))
                    continue
                }
                var entries: [SourceEntry] = []
                var line = 0
                for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
                    line += 1
                    let e = raw.hasSuffix("\r") ? raw.dropLast() : raw[...]
                    if e.isEmpty { continue }
                    entries.append(SourceEntry(text: String(e), level: level, file: name, line: line))
                }
                files.append(WordsSourceFile(name: name, level: level, entries: entries))
            }
            if !any && required {
                diags.append(Diagnostic(WordsCode.noSCOWLLists, "expected SCOWL lists named \(list).<level> in \(directory), found none"))
            }
        }
        return (files, diags)
    }

    /// Reads deny.txt and allow.txt from the curation directory. A missing file is an error (WRD315).
    static func curation(in directory: String) -> (deny: [CurationEntry], allow: [CurationEntry], diagnostics: [Diagnostic]) {
        var diags: [Diagnostic] = []
        func load(_ name: String, allowsTier: Bool) -> [CurationEntry] {
            let path = (directory as NSString).appendingPathComponent(name)
            guard let data = FileManager.default.contents(atPath: path), let text = String(validating: data, as: UTF8.self) else {
                diags.append(Diagnostic(WordsCode.noCurationList, "expected the curation list \(path) (UTF-8 text), found none"))
                return []
            }
            let (entries, d) = CurationList.parse(text, file: path, allowsTier: allowsTier)
            diags += d
            return entries
        }
        let deny = load("deny.txt", allowsTier: false)
        let allow = load("allow.txt", allowsTier: true)
        return (deny, allow, diags)
    }
}
