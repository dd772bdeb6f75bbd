// WordsBuildTests: `forge words build/lookup/solve` over the fixture SCOWL directory, and over the real lists with the real deny list.
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
    for absent in ["fuck", "fucks", "bitch", "cat's", "café", "cafe", "khz", "colour", "paris", "qwxz", "x-ray", "3rd", "well-known"] {
        #expect(!words.contains(absent), "\(absent)")
    }
    #expect(try lines(out + "/anagrams.txt").allSatisfy { (3...7).contains($0.count) })
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
    #expect(counts.curation.denied == 3)
    #expect(counts.curation.added == 1)
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
    #expect(fixtureBuild(region: "martian", out: out).diagnostics.map(\.code) == ["WRD313"])
    #expect(fixtureBuild(maxLevel: 99, out: out).diagnostics.map(\.code) == ["WRD314"])
    let missing = WordsBuild.run(WordsBuildConfiguration(source: WordsSourceOptions(scowlDirectory: "/nonexistent"), outputDirectory: out))
    #expect(missing.diagnostics.first?.code == "WRD310")
    #expect(try FileManager.default.contentsOfDirectory(atPath: out).isEmpty)
}

@Test func lookupGivesTierOrReasons() {
    func look(_ w: String) -> WordsLookupReport {
        WordsLookup.run(WordsLookupConfiguration(word: w, source: WordsSourceOptions(
            scowlDirectory: wordsFixtures.path + "/scowl", curationDirectory: wordsFixtures.path + "/curation")))
    }
    #expect(look("cat").isWord)
    #expect(look("cat").output.hasPrefix("cat: common"))
    #expect(look("cat's").output.contains("apostrophe"))
    #expect(look("fuck").output.contains("denied by"))
    #expect(look("cafe").output.contains("accented"))
    #expect(look("khz").output.contains("capital"))
    #expect(look("paris").output.contains("proper names are not read"))
    #expect(look("colour").output.contains("british-words.10"))
    #expect(look("qwxz").output.contains("above --max-level 80"))
    #expect(look("quokka").output.contains("added by"))
    #expect(!look("zzzz").isWord)
    #expect(look("").diagnostics.first?.code == "WRD321")
}

@Test func solveFormatsAndRejectsBadInput() throws {
    let out = try wordsTempDir()
    _ = fixtureBuild(out: out)
    let dawg = out + "/words.dawg"
    let hunt = WordsSolve.run(WordsSolveConfiguration(game: .wordHunt("star/eatx/xxxx/xxxx"), dawgPath: dawg, json: true))
    #expect(!hunt.badInput)
    let rows = try JSONSerialization.jsonObject(with: Data(hunt.output.utf8)) as? [[String: Any]]
    // s t a r / e a t x: "rates" runs r(3) a(2) t(1) e(4) s(0); "stare" would need r next to e.
    let first = rows?.first
    #expect(first?["word"] as? String == "rates")
    #expect(first?["path"] as? [Int] == [3, 2, 1, 4, 0])
    #expect(first?["score"] as? Int == 800)
    #expect(first?["tier"] as? String == "common")
    #expect(rows?.contains { $0["word"] as? String == "stare" } == false)
    let bites = WordsSolve.run(WordsSolveConfiguration(game: .wordBites(["st", "a", "r", "e"]), dawgPath: dawg))
    #expect(bites.output.split(separator: "\n").contains { $0.hasPrefix("stare") && $0.hasSuffix("st+a+r+e") })
    #expect(WordsSolve.run(WordsSolveConfiguration(game: .wordHunt("abc"), dawgPath: dawg)).badInput)
    #expect(WordsSolve.run(WordsSolveConfiguration(game: .anagrams("ab!"), dawgPath: dawg)).diagnostics.first?.code == "WRD321")
    #expect(WordsSolve.run(WordsSolveConfiguration(game: .wordBites(["abc"]), dawgPath: dawg)).diagnostics.first?.code == "WRD322")
    let missing = WordsSolve.run(WordsSolveConfiguration(game: .anagrams("abc"), dawgPath: out + "/none.dawg"))
    #expect(!missing.badInput && missing.diagnostics.first?.code == "WRD330")
}

/// The real sources and the real curation lists: no denied word anywhere in the bundle.
@Test func realBuildShipsNoDeniedWord() throws {
    let scowl = "/usr/share/dict/scowl"
    guard FileManager.default.fileExists(atPath: scowl + "/english-words.10") else { return }
    let curation = wordsRepoRoot.appendingPathComponent("data/words").path
    let out = try wordsTempDir()
    let report = WordsBuild.run(WordsBuildConfiguration(source: WordsSourceOptions(curationDirectory: curation), outputDirectory: out))
    #expect(report.diagnostics.isEmpty, "\(report.diagnostics.map(\.text))")
    let deny = Set(try lines(curation + "/deny.txt").filter { !$0.hasPrefix("#") })
    let allow = Set(try lines(curation + "/allow.txt").filter { !$0.hasPrefix("#") }.compactMap { $0.split(separator: " ").first.map(String.init) })
    let denied = deny.subtracting(allow)
    #expect(denied.count > 400)
    for name in try FileManager.default.contentsOfDirectory(atPath: out) where name.hasSuffix(".txt") {
        let hits = try lines(out + "/" + name).filter { denied.contains($0) }
        #expect(hits.isEmpty, "\(name): \(hits.prefix(5))")
    }
    let dict = try WordDictionary(contentsOf: URL(fileURLWithPath: out + "/words.dawg"))
    for w in denied { #expect(!dict.contains(w), "\(w)") }
    for w in ["the", "cat", "house", "water", "apple", "ass", "cock", "titi"] { #expect(dict.tier(of: w) != nil, "\(w)") }
    for w in ["the", "and", "house", "water", "people", "walked"] { #expect(dict.tier(of: w) == .common, "\(w)") }
    for w in ["cafe", "khz", "colour", "dont", "fuck", "nigger", "bitch", "spic"] { #expect(!dict.contains(w), "\(w)") }

    // Every deny.txt entry is a word of some SCOWL words list (the list holds what the sources contain).
    var scowlWords: Set<String> = []
    for f in try FileManager.default.contentsOfDirectory(atPath: scowl) where f.contains("-words.") && !f.contains("variant") {
        for l in try lines(scowl + "/" + f) { scowlWords.insert(l.lowercased()) }
    }
    #expect(deny.subtracting(scowlWords).isEmpty, "\(deny.subtracting(scowlWords).sorted().prefix(5))")
}
