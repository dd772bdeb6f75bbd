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

@Test func curationDeniesRescuesAndAdds() {
    let list = WordList(sortedUnique: [TieredWord("ass", .common), TieredWord("bitch", .common), TieredWord("cat", .common)])
    let allow = [CurationEntry(word: "ass", line: 1), CurationEntry(word: "quokka", tier: .standard, line: 2),
                 CurationEntry(word: "absent", line: 3), CurationEntry(word: "cat", tier: .full, line: 4)]
    let out = list.curated(deny: ["ass", "bitch"], allow: allow)
    #expect(out.words == [TieredWord("ass", .common), TieredWord("cat", .full), TieredWord("quokka", .standard)])
}

@Test func curationListParsesAndReportsErrors() {
    let text = "# comment\nfuck\n\n  shit  # trailing comment\nCafé\nfuck\nbad word here\n"
    let (entries, diags) = CurationList.parse(text, file: "deny.txt", allowsTier: false)
    #expect(entries.map(\.word) == ["fuck", "shit"])
    #expect(entries.map(\.line) == [2, 4])
    #expect(diags.map(\.code) == ["WRD301", "WRD303", "WRD302"])
    #expect(diags[0].location == SourceLocation(file: "deny.txt", line: 5, column: 1))
    #expect(diags[1].severity == .warning)

    let (allow, adiags) = CurationList.parse("quokka standard\ncafe huge\ntiti\n", file: "allow.txt", allowsTier: true)
    #expect(allow == [CurationEntry(word: "quokka", tier: .standard, line: 1), CurationEntry(word: "titi", line: 3)])
    #expect(adiags.count == 1)
    #expect(adiags.first?.code == "WRD302")
    #expect(adiags.first?.location?.column == 6)
}
