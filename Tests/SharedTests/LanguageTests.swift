import ExamPrepShared
import Testing

/// The languages' plural rules (CLDR's, tested where Polish turns), the choice a browser's
/// `Accept-Language` makes, and the language of a POSIX locale.
@Suite("Languages")
struct LanguageTests {
    @Test(arguments: [
        (0, PluralCategory.many), (1, .one), (2, .few), (4, .few), (5, .many), (12, .many), (14, .many), (21, .many),
        (22, .few), (25, .many), (112, .many), (122, .few), (104, .few), (1_000_001, .many), (-2, .few),
    ])
    func polishCountsAsATeacherWrites(number: Int, category: PluralCategory) {
        #expect(Language.pl.pluralCategory(number) == category, "\(number)")
    }

    @Test(arguments: [0, 2, 4, 5, 12, 14, 21, 22, 25, 112, 122])
    func englishHasOneAndOther(number: Int) {
        #expect(Language.en.pluralCategory(number) == .other)
        #expect(Language.en.pluralCategory(1) == .one)
    }

    @Test func aFractionIsOtherAndAWholeDoubleCountsAsItsInteger() {
        #expect(Language.pl.pluralCategory(12.5) == .other)
        #expect(Language.en.pluralCategory(1.5) == .other)
        #expect(Language.pl.pluralCategory(22.0) == .few)
        #expect(Language.pl.pluralCategory(Double.nan) == .other && Language.pl.pluralCategory(Double.infinity) == .other)
    }

    @Test(arguments: [
        ("pl", [Language.pl]), ("pl-PL,pl;q=0.9,en-US;q=0.8,en;q=0.7", [.pl, .en]), ("en-GB, pl;q=0.5", [.en, .pl]),
        ("de-DE,de;q=0.9", []), ("en;q=0.1, pl;q=0.9", [.pl, .en]), ("*", []), ("pl;q=0, en", [.en]), ("PL-pl", [.pl]),
        ("", []), (";;;", []), ("pl;q=2", []), ("pl;q=abc", []), ("pl;x=1", []), ("p\u{301}l", []), ("pl\"", []),
        ("en;q=0.5,pl;q=0.5", [.en, .pl]), (String(repeating: "pl,", count: 400), []), ("pl-toolongsubtag", []),
    ])
    func acceptLanguageRanksOurLanguagesAndIgnoresTheRest(header: String, languages: [Language]) {
        #expect(AcceptLanguage.languages(header) == languages, "\(header)")
    }

    @Test(arguments: [
        ("pl_PL.UTF-8", Language.pl as Language?), ("pl_PL@euro", .pl), ("en_GB.UTF-8", .en), ("pl", .pl), ("C", nil), ("POSIX", nil),
        ("", nil), ("de_DE.UTF-8", nil), ("C.UTF-8", nil),
    ])
    func posixLocalesNameTheirLanguage(locale: String, language: Language?) {
        #expect(Language(posixLocale: locale) == language, "\(locale)")
    }
}
