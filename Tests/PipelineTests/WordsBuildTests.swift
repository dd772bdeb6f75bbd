// WordsBuildTests: `forge words build/lookup/solve` over the fixture SCOWL directory, and over the real lists with the real deny list.
import Diagnostics
import Foundation
import Testing
import Words
@testable import Pipeline

/// The fixtures live with the Words tests (Tests/WordsTests/Fixtures); the repository root is three levels up.
let wordsRepoRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let wordsFixtures = wordsRepoRoot.appendingPathComponent("Tests/WordsTests/Fixtures")

func wordsTempDir() throws -> String {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("words-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    return dir.path
}

func fixtureBuild(region: String = "american", maxLevel: Int = 80, out: String) -> WordsBuildReport {
    WordsBuild.run(WordsBuildConfiguration(
        source: WordsSourceOptions(scowlDirectory: wordsFixtures.path + "/scowl", region: region, maxLevel: maxLevel,
                                   curationDirectory: wordsFixtures.path + "/curation"),
        outputDirectory: out))
}

func lines(_ path: String) throws -> [String] {
    try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
}

@Test func fixtureBuildWritesListsDawgAndCounts() throws {
    let out = try wordsTempDir()
    let report = fixtureBuild(out: out)
    #expect(report.diagnostics.isEmpty)
    let words = try lines(out + "/words.txt")
    #expect(words == words.sorted())
    #expect(words.contains("cat") && words.contains("zyzzyva") && words.contains("color") && words.contains("quokka"))
    #expect(words.contains("ass"))  // rescued by allow.txt
    for absent in ["fuck", "fucks", "fucking", "boner", "boners", "darkey", "darkeys", "bitch", "cat's", "café", "cafe", "khz", "colour", "paris", "qwxz", "x-ray", "3rd", "well-known"] {
        #expect(!words.contains(absent), "\(absent)")
    }
    #expect(try lines(out + "/anagrams.txt").allSatisfy { (3...7).contains($0.count) })
    // Each game's list holds exactly the kept words some board of the game can hold.
    for game in WordGame.allCases {
        #expect(try lines(out + "/\(game.rawValue).txt") == words.filter { game.canPlay($0) }, "\(game.title)")
    }
    #expect(WordsListSpec.all.map(\.game) == [nil, .wordHunt, .anagrams, .wordBites])
    // 16 cells, one of them a `qu`: 17 letters with one `qu` fit, 22 letters do not.
    #expect(words.contains("disqualifications") && words.contains("counterrevolutionaries"))
    #expect(try lines(out + "/wordhunt.txt").contains("disqualifications"))
    #expect(try !lines(out + "/wordhunt.txt").contains("counterrevolutionaries"))
    #expect(try lines(out + "/wordhunt.txt").allSatisfy { WordGame.wordHunt.cells(of: $0) <= 16 })
    #expect(try lines(out + "/wordhunt.txt").contains("zyzzyva"))
    #expect(try !lines(out + "/anagrams.txt").contains("a"))
    #expect(try !lines(out + "/wordbites.txt").contains("a"))
    #expect(try lines(out + "/words.common.txt") == words.filter { ["a", "cat", "cats", "dog", "dogs", "the", "apple", "tea", "ass", "catalog", "eat", "ate",
        "seat", "east", "eats", "sea", "sat", "set", "rest", "stare", "tears", "rates", "color", "colors"].contains($0) })
    #expect(try lines(out + "/words.standard.txt").contains("quokka"))

    let dict = try WordDictionary(contentsOf: URL(fileURLWithPath: out + "/words.dawg"))
    #expect(dict.allWords().map(\.word) == words)
    #expect(dict.tier(of: "quokka") == .standard)
    #expect(dict.tier(of: "zebra") == .standard)

    let counts = try JSONDecoder().decode(WordsCounts.self, from: Data(contentsOf: URL(fileURLWithPath: out + "/counts.json")))
    #expect(counts.lists["words"]?.total == words.count)
    #expect(counts.lists["words"]?.byTier.values.reduce(0, +) == words.count)
    // fuck, fucks, fucking (lemma fuck), bitch, boner, boners, darkey, darkeys (lemma darky).
    #expect(counts.curation.denied == 8)
    #expect(counts.curation.lemmasThatRemoved == 4)
    #expect(counts.curation.added == 1)
    #expect(report.denyReport.removed == ["fuck": ["fuck", "fucking", "fucks"], "bitch": ["bitch"], "boner": ["boner", "boners"],
                                          "darky": ["darkey", "darkeys"]])
    #expect(report.denyReportLines(lemmas: report.denyLemmas) == [
        "fuck: removed fuck, fucking, fucks", "fucks: removed nothing (no form of it is in the sources read)",
        "bitch: removed bitch", "ass: removed nothing; allow.txt keeps ass",
        "boner: removed boner, boners", "darky: removed darkey, darkeys",
    ])
    #expect(counts.source.dropped["apostrophe"] == 1)
    #expect(counts.dawg.bytes == (try Data(contentsOf: URL(fileURLWithPath: out + "/words.dawg"))).count)
}

@Test func buildIsDeterministic() throws {
    let a = try wordsTempDir(), b = try wordsTempDir()
    _ = fixtureBuild(out: a)
    _ = fixtureBuild(out: b)
    let names = try FileManager.default.contentsOfDirectory(atPath: a).sorted()
    #expect(names == (try FileManager.default.contentsOfDirectory(atPath: b).sorted()))
    for n in names { #expect(FileManager.default.contents(atPath: a + "/" + n) == FileManager.default.contents(atPath: b + "/" + n), "\(n)") }
}

@Test func regionAndLevelChooseTheLists() throws {
    let out = try wordsTempDir()
    _ = fixtureBuild(region: "british", maxLevel: 95, out: out)
    let words = try lines(out + "/words.txt")
    #expect(words.contains("colour") && words.contains("qwxz") && !words.contains("color"))
    #expect(FileManager.default.fileExists(atPath: out + "/words.full.txt"))
}

@Test func badOptionsAndMissingSourcesAreReported() throws {
    let out = try wordsTempDir()
    #expect(fixtureBuild(region: "martian", out: out).diagnostics.map(\.code.string) == ["WRD313"])
    #expect(fixtureBuild(maxLevel: 99, out: out).diagnostics.map(\.code.string) == ["WRD314"])
    let missing = WordsBuild.run(WordsBuildConfiguration(source: WordsSourceOptions(scowlDirectory: "/nonexistent"), outputDirectory: out))
    #expect(missing.diagnostics.first?.code == "WRD310")
    #expect(try FileManager.default.contentsOfDirectory(atPath: out).isEmpty)
}

func fixtureSource() -> WordsSourceOptions {
    WordsSourceOptions(scowlDirectory: wordsFixtures.path + "/scowl", curationDirectory: wordsFixtures.path + "/curation")
}

@Test func lookupAnswersFromTheDictionaryAlone() throws {
    let out = try wordsTempDir()
    _ = fixtureBuild(out: out)
    let dawg = out + "/words.dawg"
    // No SCOWL, no curation files: words.dawg is enough.
    let noSources = WordsSourceOptions(scowlDirectory: "/nonexistent/scowl", curationDirectory: "/nonexistent/words")
    func look(_ w: String, _ source: WordsSourceOptions = noSources, json: Bool = false) -> WordsLookupReport {
        WordsLookup.run(WordsLookupConfiguration(word: w, dawgPath: dawg, source: source, json: json))
    }
    let cat = look("cat")
    #expect(cat.isWord && cat.diagnostics.isEmpty)
    #expect(cat.output.hasPrefix("cat: common\n"))
    #expect(cat.output.contains("Word Hunt: yes, 100 points"))
    #expect(cat.output.contains("Anagrams: yes, 100 points"))
    let zyzzyva = look("zyzzyva")
    #expect(zyzzyva.isWord)
    #expect(zyzzyva.output.contains("Word Hunt: no, only with --tier full (default standard); 1800 points"))
    #expect(zyzzyva.output.contains("Anagrams: no, only with --tier full (default standard); 3000 points"))
    #expect(look("counterrevolutionaries").output.contains("Word Hunt: no, a Word Hunt grid has 16 cells and this word needs 22"))
    let json = try JSONSerialization.jsonObject(with: Data(look("quokka", json: true).output.utf8)) as? [String: Any]
    #expect(json?["tier"] as? String == "standard")
    #expect((json?["games"] as? [[String: Any]])?.map { $0["accepted"] as? Bool } == [true, true, true])
    let boners = look("boners")
    #expect(!boners.isWord)
    #expect(boners.output.contains("no SCOWL lists at /nonexistent/scowl"))
    // With the sources at hand, the reasons.
    #expect(look("boners", fixtureSource()).output.contains("denied as a form of \"boner\""))
    #expect(look("fuck", fixtureSource()).output.contains("denied by"))
    #expect(look("cat's", fixtureSource()).output.contains("apostrophe"))
    #expect(look("cafe", fixtureSource()).output.contains("accented"))
    #expect(look("khz", fixtureSource()).output.contains("capital"))
    #expect(look("paris", fixtureSource()).output.contains("proper names are not read"))
    #expect(look("colour", fixtureSource()).output.contains("british-words.10"))
    #expect(look("qwxz", fixtureSource()).output.contains("above --max-level 80"))
    #expect(look("").diagnostics.first?.code == "WRD321")
    let missing = WordsLookup.run(WordsLookupConfiguration(word: "cat", dawgPath: out + "/none.dawg"))
    #expect(missing.missingDictionary && missing.diagnostics.first?.code == "WRD510")
    #expect(missing.diagnostics.first?.message.contains(out + "/none.dawg") == true)
}

@Test func locatorLooksWhereItSaysInOrder() {
    let have: Set<String> = ["/repo/data/bundle/words/words.dawg", "/bundle/words/words.dawg", "/x/y.dawg"]
    func locate(_ explicit: String?, _ env: [String: String], cwd: String, exe: String? = nil) -> WordsDictionaryLocation {
        WordsBundleLocator.locate(explicit: explicit, environment: env, currentDirectory: cwd, executablePath: exe, exists: have.contains)
    }
    #expect(locate("/x/y.dawg", [:], cwd: "/repo").path == "/x/y.dawg")
    #expect(locate("y.dawg", [:], cwd: "/x").path == "/x/y.dawg")
    #expect(locate("/x/none.dawg", ["FORGE_BUNDLE": "/bundle"], cwd: "/repo") == WordsDictionaryLocation(path: nil, tried: ["/x/none.dawg"]))
    #expect(locate(nil, ["FORGE_BUNDLE": "/bundle"], cwd: "/repo").path == "/bundle/words/words.dawg")
    #expect(locate(nil, ["FORGE_BUNDLE": "/x/y.dawg"], cwd: "/tmp").path == "/x/y.dawg")
    #expect(locate(nil, [:], cwd: "/repo/Sources/Words").path == "/repo/data/bundle/words/words.dawg")
    #expect(locate(nil, [:], cwd: "/tmp", exe: "/repo/.build/release/forge").path == "/repo/data/bundle/words/words.dawg")
    let none = locate(nil, [:], cwd: "/tmp/a")
    #expect(none.path == nil)
    #expect(none.tried == ["/tmp/a/data/bundle/words/words.dawg", "/tmp/data/bundle/words/words.dawg", "/data/bundle/words/words.dawg"])
}

/// A set `FORGE_BUNDLE` that holds no dictionary is the only place looked (WRD510 names it), even where a checkout's
/// `data/bundle` would be found. Before, `FORGE_BUNDLE=/dev/null` silently used `data/bundle`.
@Test func aSetForgeBundleThatIsNoBundleIsNotFoundNotSkipped() {
    let have: Set<String> = ["/repo/data/bundle/words/words.dawg"]
    let got = WordsBundleLocator.locate(explicit: nil, environment: ["FORGE_BUNDLE": "/dev/null"], currentDirectory: "/repo",
                                        executablePath: nil, exists: have.contains)
    #expect(got == WordsDictionaryLocation(path: nil, tried: ["/dev/null/words/words.dawg"]))
    let d = WordsBundleLocator.notFound(got, explicit: false)
    #expect(d.code.string == "WRD510")
    #expect(d.message.contains("/dev/null/words/words.dawg"))
}

@Test func solveScoresSortsAndRejectsBadInput() throws {
    let out = try wordsTempDir()
    _ = fixtureBuild(out: out)
    let dawg = out + "/words.dawg"
    let hunt = WordsSolve.run(WordsSolveConfiguration(game: .wordHunt, input: ["star", "eatx", "xxxx", "xxxx"], dawgPath: dawg, json: true))
    #expect(!hunt.badInput && hunt.diagnostics.isEmpty)
    let rows = try JSONSerialization.jsonObject(with: Data(hunt.output.utf8)) as? [[String: Any]]
    // s t a r / e a t x: "rates" runs r(3) a(2) t(1) e(4) s(0); "stare" would need r next to e.
    let first = rows?.first
    #expect(first?["word"] as? String == "rates")
    #expect(first?["path"] as? [Int] == [3, 2, 1, 4, 0])
    #expect(first?["score"] as? Int == 800)
    #expect(first?["tier"] as? String == "common")
    #expect(rows?.contains { $0["word"] as? String == "stare" } == false)
    #expect(rows?.map { $0["score"] as? Int ?? 0 } == rows?.map { $0["score"] as? Int ?? 0 }.sorted(by: >))
    // One argument or four give the same grid.
    let text = WordsSolve.run(WordsSolveConfiguration(game: .wordHunt, input: ["star/eatx/xxxx/xxxx"], dawgPath: dawg))
    #expect(text.output.split(separator: "\n").first?.hasPrefix("# Word Hunt: ") == true)
    #expect(text.output.split(separator: "\n").dropFirst().first == "rates   800  common     3-2-1-4-0")
    // A wider tier marks what it adds.
    let wide = WordsSolve.run(WordsSolveConfiguration(game: .anagrams, input: ["zyzvvaz"], dawgPath: dawg, maxTier: .full))
    #expect(wide.output.contains("* marks words beyond the default tier standard"))
    #expect(WordsSolve.run(WordsSolveConfiguration(game: .anagrams, input: ["zyzvvaz"], dawgPath: dawg)).output.split(separator: "\n").count == 1)
    let ana = WordsSolve.run(WordsSolveConfiguration(game: .anagrams, input: ["staret"], dawgPath: dawg, json: true))
    let anaRows = try JSONSerialization.jsonObject(with: Data(ana.output.utf8)) as? [[String: Any]]
    #expect(anaRows?.first?["word"] as? String == "rates")
    #expect(anaRows?.first?["score"] as? Int == 1200)
    #expect(anaRows?.allSatisfy { ($0["word"] as? String)?.count ?? 9 <= 6 } == true)
    let bites = WordsSolve.run(WordsSolveConfiguration(game: .wordBites, input: ["h:st", "a", "r", "e"], dawgPath: dawg))
    #expect(bites.output.split(separator: "\n").contains { $0.hasPrefix("stare") && $0.hasSuffix("across  h:st+a+r+e") })
    #expect(WordsSolve.run(WordsSolveConfiguration(game: .wordHunt, input: ["abc"], dawgPath: dawg)).badInput)
    #expect(WordsSolve.run(WordsSolveConfiguration(game: .anagrams, input: ["ab!def"], dawgPath: dawg)).diagnostics.first?.code == "WRD321")
    #expect(WordsSolve.run(WordsSolveConfiguration(game: .anagrams, input: [String(repeating: "a", count: 20)], dawgPath: dawg)).diagnostics.first?.code == "WRD501")
    #expect(WordsSolve.run(WordsSolveConfiguration(game: .wordBites, input: ["abc"], dawgPath: dawg)).diagnostics.first?.code == "WRD322")
    #expect(WordsSolve.run(WordsSolveConfiguration(game: .wordBites, input: ["er"], dawgPath: dawg)).diagnostics.first?.code == "WRD502")
    let missing = WordsSolve.run(WordsSolveConfiguration(game: .anagrams, input: ["abcdef"], dawgPath: out + "/none.dawg"))
    #expect(!missing.badInput && missing.missingDictionary && missing.diagnostics.first?.code == "WRD510")
}

@Test func damagedDictionaryIsAnErrorNotAnAnswer() throws {
    let out = try wordsTempDir()
    _ = fixtureBuild(out: out)
    let good = try Data(contentsOf: URL(fileURLWithPath: out + "/words.dawg"))
    func solve(_ bytes: Data) throws -> WordsSolveReport {
        let path = out + "/damaged.dawg"
        try bytes.write(to: URL(fileURLWithPath: path))
        return WordsSolve.run(WordsSolveConfiguration(game: .wordHunt, input: ["star", "eatx", "xxxx", "xxxx"], dawgPath: path))
    }
    var flipped = good
    flipped[good.count / 2] ^= 0x10
    let f = try solve(flipped)
    #expect(f.output.isEmpty && !f.missingDictionary && f.diagnostics.first?.code == "WRD607")
    #expect(f.diagnostics.first?.location?.file == out + "/damaged.dawg")
    #expect(try solve(good.prefix(good.count - 3)).diagnostics.first?.code == "WRD605")
    #expect(try solve(good.prefix(10)).diagnostics.first?.code == "WRD602")
    #expect(try solve(Data("not a dictionary at all, just some text that is long enough to have a header".utf8)).diagnostics.first?.code == "WRD603")
    let lookup = WordsLookup.run(WordsLookupConfiguration(word: "cat", dawgPath: out + "/damaged.dawg"))
    #expect(!lookup.isWord && lookup.diagnostics.first?.code == "WRD603")
}

/// Lines of a list file without comments and blank lines (first field).
func listEntries(_ path: String) throws -> [String] {
    try lines(path).compactMap { l in
        let t = l.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return t.split(separator: " ").first.map(String.init)
    }
}

/// The real sources and the real curation lists: no denied word and no word of never.txt
/// anywhere in the bundle, at any tier, from any solver.
@Test func realBuildShipsNoDeniedWordAndNoNeverWord() throws {
    let scowl = "/usr/share/dict/scowl"
    guard FileManager.default.fileExists(atPath: scowl + "/english-words.10") else { return }
    let curation = wordsRepoRoot.appendingPathComponent("data/words").path
    let out = try wordsTempDir()
    let report = WordsBuild.run(WordsBuildConfiguration(source: WordsSourceOptions(curationDirectory: curation), outputDirectory: out))
    #expect(report.diagnostics.isEmpty, "\(report.diagnostics.map(\.text))")
    let lemmas = try listEntries(curation + "/deny.txt")
    let allow = Set(try listEntries(curation + "/allow.txt"))
    let denied = Set(DenyRule.index(lemmas).keys).subtracting(allow)
    let never = try listEntries(wordsFixtures.path + "/never.txt")
    #expect(never.count > 70)
    #expect(Set(never).isSubset(of: denied), "\(Set(never).subtracting(denied).sorted())")
    #expect(report.denyReport.removed["boner"] == ["boner", "boners"])
    #expect(report.denyReport.removed["jew"] == ["jew", "jewed", "jewing", "jews"])
    #expect(report.denyReport.removed["darky"] == ["darkey", "darkeys", "darkie", "darkies", "darky"])

    // Every list, every tier file.
    let txt = try FileManager.default.contentsOfDirectory(atPath: out).filter { $0.hasSuffix(".txt") }
    #expect(txt.count >= 16)
    for name in txt {
        let hits = try lines(out + "/" + name).filter { denied.contains($0) }
        #expect(hits.isEmpty, "\(name): \(hits.prefix(5))")
    }
    // The dictionary, at every tier.
    let dawg = out + "/words.dawg"
    let dict = try WordDictionary(contentsOf: URL(fileURLWithPath: dawg))
    for w in never { #expect(dict.tier(of: w) == nil, "\(w)") }
    #expect(dict.allWords().filter { denied.contains($0.word) }.isEmpty)
    for w in ["the", "cat", "house", "water", "apple", "ass", "cock", "titi", "spiced", "assess", "jewel", "peacock"] {
        #expect(dict.tier(of: w) != nil, "\(w)")
    }
    for w in ["the", "and", "house", "water", "people", "walked"] { #expect(dict.tier(of: w) == .common, "\(w)") }
    for w in ["cafe", "khz", "colour", "dont"] { #expect(!dict.contains(w), "\(w)") }

    // All three solvers at the widest tier, on boards that hold each word.
    for w in never {
        let letters = Array(w)
        var output: [String] = []
        // Word Hunt: the word snakes along the rows (0-1-2-3, 7-6-5-4, …), padded with q.
        if letters.count <= 16 {
            var cells = [Character](repeating: "q", count: 16)
            for (i, c) in letters.enumerated() { let r = i / 4, k = i % 4; cells[r * 4 + (r % 2 == 0 ? k : 3 - k)] = c }
            output.append(WordsSolve.run(WordsSolveConfiguration(game: .wordHunt, input: [String(cells)], dawgPath: dawg, maxTier: .insane, json: true)).output)
        }
        if (3...7).contains(letters.count) {
            let rack = String(letters) + String(repeating: "q", count: max(0, 6 - letters.count))
            output.append(WordsSolve.run(WordsSolveConfiguration(game: .anagrams, input: [rack], dawgPath: dawg, maxTier: .insane, json: true)).output)
        }
        if letters.count <= 9 {
            output.append(WordsSolve.run(WordsSolveConfiguration(game: .wordBites, input: letters.map { String($0) }, dawgPath: dawg, maxTier: .insane, json: true)).output)
        }
        for o in output {
            let rows = try JSONSerialization.jsonObject(with: Data(o.utf8)) as? [[String: Any]] ?? []
            let found = rows.compactMap { $0["word"] as? String }
            #expect(!found.contains(w), "\(w) came out of a solver")
            #expect(found.allSatisfy { !denied.contains($0) }, "\(found.filter { denied.contains($0) })")
        }
    }
    // The solvers do find words on those boards: the checks above are not vacuous.
    let control = WordsSolve.run(WordsSolveConfiguration(game: .anagrams, input: ["bonerq"], dawgPath: dawg, maxTier: .insane, json: true))
    #expect(control.output.contains("\"bone\""))
}

/// deny.txt holds lemmas: every entry is a word of some SCOWL list, and none is already
/// derived from another entry without adding a word of its own.
@Test func denyListIsLemmasOfSCOWLWords() throws {
    let scowl = "/usr/share/dict/scowl"
    guard FileManager.default.fileExists(atPath: scowl + "/english-words.10") else { return }
    let lemmas = try listEntries(wordsRepoRoot.appendingPathComponent("data/words/deny.txt").path)
    var scowlWords: Set<String> = []
    for f in try FileManager.default.contentsOfDirectory(atPath: scowl) where f.contains("-words.") {
        for l in try lines(scowl + "/" + f) { scowlWords.insert(l.lowercased()) }
    }
    #expect(Set(lemmas).subtracting(scowlWords).isEmpty, "\(Set(lemmas).subtracting(scowlWords).sorted().prefix(5))")
    #expect(Set(lemmas).count == lemmas.count)
    let families = Dictionary(uniqueKeysWithValues: lemmas.map { ($0, DenyRule.forms(of: $0).intersection(scowlWords)) })
    var redundant: [String] = []
    for l in lemmas {
        let covering = lemmas.filter { $0 != l && $0.count < l.count && DenyRule.forms(of: $0).contains(l) }
        if !covering.isEmpty, families[l, default: []].isSubset(of: covering.reduce(into: Set<String>()) { $0.formUnion(families[$1, default: []]) }) {
            redundant.append(l)
        }
    }
    #expect(redundant.isEmpty, "derived from another lemma: \(redundant)")
}

/// `words lookup $'ca\x1bt'`: the word is shown as typed with its ESC escaped (`Echo`), never raw (before: the ESC
/// reached the terminal); with the sources at hand the reason quotes it escaped too.
@Test func lookupShowsAControlCharacterEscaped() throws {
    let out = try wordsTempDir()
    _ = fixtureBuild(out: out)
    for source in [WordsSourceOptions(scowlDirectory: "/nonexistent/scowl", curationDirectory: "/nonexistent/words"), fixtureSource()] {
        let r = WordsLookup.run(WordsLookupConfiguration(word: "ca\u{1B}t", dawgPath: out + "/words.dawg", source: source))
        #expect(!r.isWord)
        #expect(!r.output.unicodeScalars.contains { $0.value == 0x1B }, "\(r.output)")
        #expect(r.output.hasPrefix("ca\\u{1B}t: not a word\n"), "\(r.output)")
    }
}

/// A folder that cannot be made is told with the folder and the system's reason (IO102, `OutputFile.createFolder`, used
/// by words build and the build lock), not Foundation's "The operation could not be completed".
@Test func anOutputFolderThatCannotBeMadeNamesItsPathAndReason() throws {
    let dir = try wordsTempDir()
    let file = dir + "/in-the-way"
    #expect(FileManager.default.createFile(atPath: file, contents: Data("x".utf8)))
    do throws(OutputError) {
        try OutputFile.createFolder(file + "/words")
        Issue.record("created a folder under a file")
    } catch {
        #expect(error.description == "cannot create \(file): it is a file, not a folder")
        #expect(error.code.string == "IO102")
    }
    try OutputFile.createFolder(dir + "/a/b")
    var isDir: ObjCBool = false
    #expect(FileManager.default.fileExists(atPath: dir + "/a/b", isDirectory: &isDir) && isDir.boolValue)
}
