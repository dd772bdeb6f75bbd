// WordFormTests: the word rule, tiers and the curation list format.
import Diagnostics
import Testing
@testable import Words

@Test func keepsLowerCaseLetters() throws {
    #expect(try WordForm.check("cat").get() == Array("cat".utf8))
}

@Test(arguments: [
    ("cat's", Rejection.apostrophe), ("don't", .apostrophe), ("café", .accent), ("naïve", .accent),
    ("kHz", .upperCase), ("OK", .upperCase), ("Paris", .upperCase), ("well-known", .hyphen),
    ("ad hoc", .space), ("3rd", .digit), ("", .empty), ("a.m", .otherCharacter), ("Cat's", .apostrophe),
])
func rejectsWithReason(entry: String, reason: Rejection) {
    #expect(throws: reason) { try WordForm.check(entry).get() }
}

@Test func tiersFollowSizeLevels() {
    #expect(Tier(level: 10) == .common)
    #expect(Tier(level: 35) == .common)
    #expect(Tier(level: 40) == .standard)
    #expect(Tier(level: 50) == .standard)
    #expect(Tier(level: 55) == .extended)
    #expect(Tier(level: 70) == .extended)
    #expect(Tier(level: 80) == .full)
    #expect(Tier(level: 95) == .insane)
    #expect(Tier(level: 96) == nil)
    #expect(Tier(name: "standard") == .standard)
    #expect(Tier(name: "huge") == nil)
}

@Test func wordListTakesSmallestLevelAndCountsRejections() {
    let entries = [
        SourceEntry(text: "cat", level: 35, file: "f.35", line: 1),
        SourceEntry(text: "cat", level: 10, file: "f.10", line: 1),
        SourceEntry(text: "cat's", level: 10, file: "f.10", line: 2),
        SourceEntry(text: "zebra", level: 50, file: "f.50", line: 1),
        SourceEntry(text: "qwxz", level: 95, file: "f.95", line: 1),
    ]
    let list = WordList(entries: entries, maxLevel: 80)
    #expect(list.words == [TieredWord("cat", .common), TieredWord("zebra", .standard)])
    #expect(list.rejected == [.apostrophe: 1])
    let all = WordList(entries: entries, maxLevel: 95)
    #expect(all.words.last == TieredWord("zebra", .standard))
    #expect(all.words.contains(TieredWord("qwxz", .insane)))
}

@Test func curationDeniesLemmasWithTheirFormsRescuesAndAdds() {
    let words = ["ass", "bitch", "bitches", "bitchy", "boner", "boners", "cat", "darkey", "darkeys", "darkies", "spiced", "spicy",
                 "peacock", "spic", "spics"]
    let list = WordList(sortedUnique: words.sorted().map { TieredWord($0, .common) })
    let allow = [CurationEntry(word: "quokka", tier: .standard, line: 2), CurationEntry(word: "spiced", line: 3),
                 CurationEntry(word: "cat", tier: .full, line: 4)]
    let (out, report) = list.curated(deny: ["bitch", "boner", "darky", "spic", "cock"], allow: allow)
    #expect(out.words.map(\.word) == ["ass", "bitchy", "cat", "peacock", "quokka", "spiced", "spicy"])
    #expect(out.words.first { $0.word == "cat" }?.tier == .full)
    #expect(report.removed == ["bitch": ["bitch", "bitches"], "boner": ["boner", "boners"],
                               "darky": ["darkey", "darkeys", "darkies"], "spic": ["spic", "spics"]])
    #expect(report.rescued == ["spic": ["spiced"]])
    #expect(report.removedCount == 9)
}

@Test(arguments: [
    ("boner", ["boner", "boners"]), ("jew", ["jew", "jews", "jewed", "jewing"]),
    ("darky", ["darky", "darkey", "darkeys", "darkie", "darkies"]), ("hottentot", ["hottentots"]),
    ("shylock", ["shylocks", "shylocked", "shylocking"]), ("spaz", ["spazzes", "spazzed", "spazzing"]),
    ("gyp", ["gyps"]), ("fellate", ["fellated", "fellates", "fellating"]),
    ("sissy", ["sissies", "sissier", "sissiest", "sissie"]), ("bitch", ["bitches", "bitching"]),
])
func denyRuleReachesInflectionsAndVariants(lemma: String, forms: [String]) {
    let all = DenyRule.forms(of: lemma)
    for f in forms { #expect(all.contains(f), "\(lemma) should reach \(f)") }
    #expect(all.contains(lemma))
}

@Test func denyRuleOnlyAppendsSuffixes() {
    for (lemma, notReached) in [("cock", ["peacock", "cockpit", "cocktail"]), ("ass", ["assess", "class", "bass"]),
                                ("jew", ["jewel", "jewish", "jewfish"]), ("bitch", ["bitchy"]), ("spic", ["spice", "aspic"])] {
        let all = DenyRule.forms(of: lemma)
        for w in notReached { #expect(!all.contains(w), "\(lemma) must not reach \(w)") }
    }
    #expect(DenyRule.index(["boner", "bone"])["boners"] == "boner")
}

@Test func curationListParsesAndReportsErrors() {
    let text = "# comment\nfuck\n\n  shit  # trailing comment\nCafé\nfuck\nbad word here\n"
    let (entries, diags) = CurationList.parse(text, file: "deny.txt", allowsTier: false)
    #expect(entries.map(\.word) == ["fuck", "shit"])
    #expect(entries.map(\.line) == [2, 4])
    #expect(diags.map(\.code.string) == ["WRD301", "WRD303", "WRD302"])
    #expect(diags[0].location == SourceLocation(file: "deny.txt", line: 5, column: 1))
    #expect(diags[1].severity == .warning)

    let (allow, adiags) = CurationList.parse("quokka standard\ncafe huge\ntiti\n", file: "allow.txt", allowsTier: true)
    #expect(allow == [CurationEntry(word: "quokka", tier: .standard, line: 1), CurationEntry(word: "titi", line: 3)])
    #expect(adiags.count == 1)
    #expect(adiags.first?.code == "WRD302")
    #expect(adiags.first?.location?.column == 6)
}
