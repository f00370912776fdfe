import ExamPrepTestSupport
import Foundation
import Testing

/// The CLI speaks the locale's language, as POSIX orders the variables: `LC_ALL`, then
/// `LC_MESSAGES`, then `LANG`.
@Suite("The CLI's language", .hangGuard)
struct CLILanguageTests {
    func help(_ environment: [String: String]) async throws -> String {
        let run = try await CLITests.run(try CLITests.binary(), ["--help"], environment: environment, input: nil)
        #expect(run.status == 0)
        return run.stdout
    }

    @Test("LANG=pl_PL.UTF-8 examprep --help is Polish; LC_ALL and LC_MESSAGES come first; C or another language is English")
    func helpFollowsTheLocale() async throws {
        let polish = "Korzystaj z serwera ExamPrep z wiersza poleceń."
        let english = "Use an ExamPrep server from the command line."
        let polishHelp = try await help(["LANG": "pl_PL.UTF-8"])
        #expect(polishHelp.contains(polish))
        #expect(polishHelp.contains("Zapisz się na kurs jego kodem (uczeń)."))
        #expect(polishHelp.contains("Adres serwera"))
        #expect(try await help(["LANG": "pl_PL.UTF-8", "LC_ALL": "C"]).contains(english))
        #expect(try await help(["LANG": "en_GB.UTF-8", "LC_MESSAGES": "pl_PL"]).contains(polish))
        #expect(try await help(["LANG": "en_GB.UTF-8", "LC_ALL": "", "LC_MESSAGES": "pl"]).contains(polish))
        for other in ["de_DE.UTF-8", "C", "POSIX", "", "pl\u{301}\"'", String(repeating: "p", count: 2000)] {
            #expect(try await help(["LANG": other]).contains(english), "LANG=\(other.prefix(12))")
        }
        #expect(try await help([:]).contains(english))
    }
}
