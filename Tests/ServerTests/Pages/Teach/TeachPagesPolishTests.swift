import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Testing

@testable import ExamPrepServer

/// A teacher's authoring pages in Polish: the courses, a course, the exam editor and an exam,
/// the bank with an upload's check, a question, a class list's check and a course's deletion,
/// with Polish plurals ("3 pytania", "1 pytanie", "2 zapisy") and no English left.
@Suite("Teach pages in Polish", .hangGuard)
struct TeachPagesPolishTests {
    @Test("a teacher's courses, exams, bank, question, class list and deletion in Polish")
    func authoringInPolish() async throws {
        try await TestServer.run { server in
            var (browser, faculty, course) = try await TeachExamPagesTests.courseWithBank(server)
            let courseID = course.id ?? 0
            try await browser.post("/language", [("language", "pl"), ("back", "/teach")]).expect(.seeOther)

            try await browser.get("/teach").expect(.ok)
            #expect(browser.page.contains(">Twoje kursy</caption>") && browser.page.contains(">Utwórz kurs</button>"))
            try await browser.get("/teach/courses/\(courseID)").expect(.ok)
            #expect(browser.page.contains("Uczniowie zapisują się kodem") && browser.page.contains("Zapisanych uczniów: 0."))
            #expect(browser.page.contains(">Na kurs nie zapisano jeszcze żadnego ucznia.</p>"))
            for english in ["Students enroll", "Import a class list", "Save course", "Time zone"] {
                #expect(!browser.page.contains(english), "\(english) left in English")
            }

            // The editor and an exam written with it.
            try await browser.get("/teach/courses/\(courseID)/exams/new").expect(.ok)
            #expect(browser.page.contains("<h1>Nowy egzamin</h1>") && browser.page.contains(">najwyższa</option>"))
            #expect(browser.page.contains("jednokrotnego wyboru · 1 pkt") && browser.page.contains(">Zestaw 1</legend>"))
            let bank = try await server.get(APIPaths.courseQuestions(courseID), token: faculty.token).decode([Question].self)
            let angles = try #require(bank.first { $0.name == "Angles" })
            let refused = try await browser.post(
                "/teach/courses/\(courseID)/exams",
                TeachExamPagesTests.examFields(title: "Sprawdzian", fixed: [angles.id], slotTopic: "algebra", slotCount: "x"))
            #expect(refused.status == .badRequest && browser.page.contains("Pole „Zestaw 1: liczba pytań” musi być liczbą."))
            let created = try await browser.post(
                "/teach/courses/\(courseID)/exams",
                TeachExamPagesTests.examFields(title: "Sprawdzian", fixed: [angles.id], slotTopic: "algebra", slotCount: "2")
            ).expect(.seeOther)
            try await browser.follow(created).expect(.ok)
            #expect(browser.page.contains("Zapisano egzamin.") && browser.page.contains("<strong>szkic</strong>"))
            #expect(browser.page.contains("<li>3 pytania, 5 punktów</li>") && browser.page.contains("<li>2 dozwolone podejścia</li>"))
            #expect(browser.page.contains("<li>1 stałe pytanie, 1 zestaw losowany z banku</li>"))
            #expect(browser.page.contains("<li>otwarcie: wt., 15 cze 2027") && browser.page.contains("<li>zamknięcie: wt., 15 cze 2027"))
            try await browser.get("/teach/courses/\(courseID)/exams").expect(.ok)
            #expect(browser.page.contains("0 rozpoczętych podejść") && browser.page.contains("<td>szkic</td>"))

            // The bank, an upload's check and a question.
            try await browser.get("/teach/courses/\(courseID)/questions").expect(.ok)
            #expect(browser.page.contains("<h1>Bank pytań</h1>") && browser.page.contains("Otwórz w ćwiczeniach: wszystkie pytania"))
            try await browser.upload(
                "/teach/courses/\(courseID)/questions/import", [("format", "gift"), ("step", "check")],
                file: ("file", "bank.gift.txt", TeachBankPagesTests.gift)
            ).expect(.ok)
            #expect(
                browser.page.contains("Zostaną zaimportowane 3 pytania; pominięte: 1.") && browser.page.contains(">Importuj 3 pytania<"))
            try await browser.get("/teach/questions/\(angles.id)").expect(.ok)
            #expect(browser.page.contains("<li>numeryczne</li>") && browser.page.contains("<li>1 punkt</li>"))
            #expect(browser.page.contains("<li>kategoria: geometry</li>") && browser.page.contains(">Zapisz pytanie</button>"))

            // A class list's check, and what deleting the course takes.
            let list = "email,name\nada@example.com,Ada\nnot-an-address,Bob\n"
            try await browser.upload("/teach/courses/\(courseID)/roster/import", [("text", list), ("step", "check")]).expect(.ok)
            #expect(browser.page.contains("Nic nie zostało jeszcze zapisane: 1 nowe konto do utworzenia"))
            #expect(browser.page.contains("1 wiersz odrzucony.") && browser.page.contains("Nowe konto i zapis na kurs"))
            try await browser.get("/teach/courses/\(courseID)/delete").expect(.ok)
            #expect(browser.page.contains("<h1>Usunąć kurs Exams?</h1>") && browser.page.contains("<li>1 egzamin</li>"))
            #expect(
                browser.page.contains("<li>3 pytania w banku pytań</li>") && browser.page.contains("<li>0 zapisów uczniów na kurs</li>"))
        }
    }
}
