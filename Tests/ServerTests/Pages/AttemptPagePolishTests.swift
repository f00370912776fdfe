import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Testing

@testable import ExamPrepServer

/// The attempt in Polish: the controls' names of the contract, counts by the Polish plural
/// rules, the script's texts in the page, nothing left in English.
@Suite("Attempt pages in Polish", .hangGuard)
struct AttemptPagePolishTests {
    /// Three questions of 1, 2 and 5 points: "1 punkt", "2 punkty", "5 punktów".
    static func exam() -> ExamDraft {
        ExamDraft(
            title: "Sprawdzian", instructions: "Powodzenia.", timeLimitMinutes: 60,
            questions: [
                QuestionDraft(
                    kind: .singleChoice, prompt: "2 + 2 = ?", points: 1,
                    choices: [Choice(id: "a", text: "3"), Choice(id: "b", text: "4")], answer: .text("b")),
                QuestionDraft(kind: .trueFalse, prompt: "Woda jest mokra.", points: 2, answer: .bool(true)),
                QuestionDraft(
                    kind: .numerical, prompt: "Pi?", points: 5, answer: .numbers([NumericalAnswer(value: 3.14, tolerance: 0.005)])),
            ])
    }

    @Test("the attempt, its summary and its review in Polish: the contract's names, Polish plurals, the script's texts")
    func anAttemptInPolish() async throws {
        try await TestServer.run { server in
            let faculty = try await server.signUp(uniqueEmail("teacher"), role: .faculty)
            let course = try await server.createCourse("Matematyka", token: faculty.token)
            let exam = try await server.publishedExam(Self.exam(), courseID: try #require(course.id), token: faculty.token)
            var browser = TestBrowser(server)
            try await browser.registerStudent(uniqueEmail("pupil"))
            try await browser.post("/language", [("language", "pl"), ("back", "/courses")]).expect(.seeOther)
            try await browser.post("/courses", [("courseCode", course.courseCode)]).expect(.seeOther)
            let attemptPath = try #require(try await browser.post("/exams/\(exam.id)/attempts", []).expect(.seeOther).headers[.location])

            try await browser.get(attemptPath).expect(.ok)
            var page = browser.page
            #expect(page.contains("<title>Pytanie 1 z 3 · Sprawdzian"))
            for name in [">Dalej</button>", ">Oznacz do przejrzenia</button>", ">Zakończ podejście</button>", ">Ukryj zegar</button>"] {
                #expect(page.contains(name), "\(name)")
            }
            #expect(page.contains("(1 punkt)") && page.contains(">Pytanie 1, bez odpowiedzi</a>"))
            #expect(page.contains(#"data-saved="Zapisano {time}""#) && page.contains(#"data-label="Pozostały czas: {time}""#))
            #expect(page.contains(#"data-on="Usuń oznaczenie""#) && page.contains(#"data-left-1="Została 1 minuta.""#))
            for english in [">Next<", ">Finish attempt<", "Hide timer", "Question", "Saved", "Time left", "not answered"] {
                #expect(!page.contains(english), "\(english) left in English")
            }

            // Answer and flag the first; the others stay unanswered.
            let question = try #require(TestBrowser.value(of: "question", in: page))
            let four = try #require(AttemptPageTests.choice("4", in: page))
            let fields = [("question", question), ("key", TestBrowser.value(of: "key", in: page) ?? ""), ("choice", four)]
            try await browser.follow(try await browser.post(attemptPath, fields + [("go", "flag")]).expect(.seeOther))
            page = browser.page
            #expect(page.contains(">Usuń oznaczenie</button>") && page.contains(">Pytanie 1, z odpowiedzią, oznaczone</a>"))
            try await browser.get(attemptPath + "?q=2").expect(.ok)
            #expect(browser.page.contains("(2 punkty)") && browser.page.contains(">Wstecz</button>"))
            #expect(browser.page.contains(">Prawda</label>") && browser.page.contains(">Fałsz</label>"))
            try await browser.get(attemptPath + "?q=3").expect(.ok)
            #expect(browser.page.contains("(5 punktów)") && browser.page.contains("Twoja odpowiedź (liczba)"))
            let number = [
                ("question", try #require(TestBrowser.value(of: "question", in: browser.page))), ("number", "pi"), ("go", "next"),
            ]
            try await browser.post(attemptPath, number).expect(.badRequest)
            #expect(browser.page.contains("Wpisz liczbę, np. 42, -3,5 albo 1e6."))
            // A saved number is shown again with the decimal comma.
            try await browser.post(attemptPath, [number[0], ("number", "3,5"), ("go", "previous")]).expect(.seeOther)
            try await browser.get(attemptPath + "?q=3").expect(.ok)
            #expect(browser.page.contains(#"value="3,5""#))

            try await browser.get(attemptPath + "/summary").expect(.ok)
            page = browser.page
            #expect(page.contains("<title>Podsumowanie · Sprawdzian") && page.contains(">Prześlij wszystko i zakończ</button>"))
            #expect(page.contains("<strong>2</strong> z 3 z odpowiedzią · <strong>1</strong> bez odpowiedzi"))
            #expect(page.contains("2 odpowiedzi stają się ostateczne"))
            #expect(page.contains("1 pytanie pozostaje bez odpowiedzi") && page.contains("1 pytanie jest nadal oznaczone do przejrzenia"))

            try await browser.follow(try await browser.post(attemptPath + "/submit", []).expect(.seeOther)).expect(.ok)
            #expect(browser.page.contains("Podejście zostało przesłane. Odpowiedzi są ostateczne."))
            #expect(browser.page.contains("Przegląd podejścia 1"))
            try await browser.get("/attempts/999999").expect(.notFound)
            #expect(browser.page.contains("Nie masz podejścia nr 999999."))
        }
    }

    @Test("practice and the admin page in Polish: their words, the tables' names, a form's notice and refusal")
    func practiceAndAdminInPolish() async throws {
        try await TestServer.runWithAdmin { server, admin, _ in
            var student = TestBrowser(server)
            try await student.registerStudent(uniqueEmail("pupil"))
            try await student.post("/language", [("language", "pl"), ("back", "/practice")]).expect(.seeOther)
            try await student.get("/practice").expect(.ok)
            #expect(student.page.contains("<title>Ćwiczenia · ExamPrep</title>") && student.page.contains("<h2>Dzisiejsze powtórki</h2>"))
            #expect(student.page.contains("Na dziś nie ma nic do powtórki.") && student.page.contains("Brak błędów do przejrzenia."))
            try await student.post("/practice", [("mode", "all")]).expect(.badRequest)
            #expect(student.page.contains("Wybierz kurs."))

            let adminEmail = try await server.get(APIPaths.me, token: admin.token).decode(UserProfile.self).email
            var (browser, _) = try await AccountPagesTests.signedIn(server, adminEmail, password: TestServer.adminPassword)
            try await browser.post("/language", [("language", "pl"), ("back", "/admin")]).expect(.seeOther)
            try await browser.get("/admin").expect(.ok)
            #expect(browser.page.contains("<h1>Administracja</h1>") && browser.page.contains(">Zaproś nauczyciela lub administratora</h2>"))
            #expect(browser.page.contains("<td>administrator</td><td>aktywne</td>"))
            try await browser.post("/admin/invitations", [("email", "nie-adres"), ("role", "faculty")]).expect(.badRequest)
            try await browser.post("/admin/invitations", [("email", adminEmail), ("role", "faculty")]).expect(.conflict)
            #expect(browser.page.contains("ma już konto."))
            try await browser.post("/admin/users/999999/enable", []).expect(.notFound)
            #expect(browser.page.contains("Nie ma konta nr 999999."))
        }
    }
}
