import ExamPrepTestSupport
import Foundation
import Testing

/// The CLI speaks the locale's language, as POSIX orders the variables: `LC_ALL`, then
/// `LC_MESSAGES`, then `LANG`.
@Suite("The CLI's language", .hangGuard)
struct CLILanguageTests {
    func help(_ environment: [String: String], of command: [String] = []) async throws -> String {
        let run = try await CLITests.run(try CLITests.binary(), command + ["--help"], environment: environment, input: nil)
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

    @Test("a subcommand's help, its discussion and every option's help are Polish under LANG=pl_PL.UTF-8 and English otherwise")
    func subcommandHelpFollowsTheLocale() async throws {
        // ArgumentParser wraps the help at 80 columns: compared with single spaces.
        func words(_ text: String) -> String { text.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
        let polish = words(try await help(["LANG": "pl_PL.UTF-8"], of: ["questions", "import"]))
        #expect(polish.contains("Zaimportuj plik GIFT (Moodle) lub Aiken do banku pytań kursu."))
        #expect(polish.contains("Importowane są wszystkie pytania z pliku albo żadne"))
        #expect(polish.contains("Odczytaj plik i pokaż raport; niczego nie importuj."))
        #expect(polish.contains("Kurs: jego identyfikator albo kod"))
        #expect(!polish.contains("Read the file and report"))
        let english = words(try await help(["LANG": "C"], of: ["questions", "import"]))
        #expect(english.contains("Import a GIFT (Moodle) or Aiken file into a course's bank."))
        #expect(english.contains("Read the file and report; import nothing."))
        #expect(english.contains("The course: its id or its code"))
    }
}
