import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Testing

@testable import ExamPrepServer

/// An attempt's log on /teach (issue 67): an event about a question names it as its student saw
/// it ("Question 4"), never by its id; a save says how many answers, never the device's
/// sequence number; each detail in the reader's language.
@Suite("Teach pages: an attempt's log", .hangGuard)
struct AttemptLogPagesTests {
    @Test("a flag names the question by its number in the attempt, a save its answers, an extension its minutes; in English and Polish")
    func logInBothLanguages() async throws {
        try await TestServer.run { server in
            var (browser, faculty) = try await TeachCoursePagesTests.teacher(server)
            _ = try await TeachCoursePagesTests.createCourse(&browser, name: "Log")
            let course = try #require(try await server.get(APIPaths.facultyCourses, token: faculty.token).decode([Course].self).first)
            let exam = try await server.publishedExam(
                ExamFixtures.everyKind(timeLimitMinutes: 30), courseID: course.id ?? 0, token: faculty.token)
            let student = try await server.signUp(uniqueEmail("student"), role: .student)
            try await server.enroll(course, token: student.token)
            let attempt = try await server.startAttempt(exam.id, token: student.token).expect(.created).decode(StudentAttempt.self)
            let fourth = try #require(attempt.questions.dropFirst(3).first)
            var answer = try #require(ExamFixtures.rightAnswers(attempt.questions).dropFirst(3).first)
            answer.sequence = 1_795_933_674_709
            try await server.send(
                .put, APIPaths.attemptAnswers(attempt.attemptId), json: SaveAnswersRequest(answers: [answer]), token: student.token
            ).expect(.ok)
            try await server.send(.put, APIPaths.attemptFlag(attempt.attemptId, fourth.id), token: student.token).expect(.ok)
            let page = "/teach/attempts/\(attempt.attemptId)"
            try await browser.get(page).expect(.ok)
            try await browser.follow(try await browser.post(page + "/extend", [("minutes", "5")]).expect(.seeOther))

            #expect(browser.page.contains("<td>Question 4</td>"))
            #expect(browser.page.contains("<td>1 answer saved</td>") && browser.page.contains("<td>Extended by 5 minutes</td>"))
            #expect(!browser.page.contains("question \(fourth.id)") && !browser.page.contains("sequence"))
            #expect(!browser.page.contains("1795933674709"))

            try await browser.post("/language", [("language", "pl"), ("back", page)]).expect(.seeOther)
            try await browser.get(page).expect(.ok)
            #expect(browser.page.contains("<td>Pytanie 4</td>"))
            #expect(browser.page.contains("<td>Zapisano 1 odpowiedź</td>") && browser.page.contains("<td>Przedłużono o 5 minut</td>"))
        }
    }

    @Test("stored details are read back from the forms the server writes, anything else is left as stored")
    func detailsAreReadBack() {
        #expect(AttemptLogDetail("question 17") == .question(id: 17))
        #expect(AttemptLogDetail("3 answers, sequence 1795933674709") == .answers(count: 3))
        #expect(AttemptLogDetail("1 answer") == .answers(count: 1))
        #expect(AttemptLogDetail("+10 min") == .extended(minutes: 10))
        #expect(
            AttemptLogDetail("4 saves within a minute; the last: 2 answers, sequence 9") == .repeated(saves: 4, last: .answers(count: 2)))
        for stored in [
            "question １７", "question -1", "3 answers, sequence", "+ min", "answer", "", "\(FuzzText.combining)", "\"question 1\"",
        ] {
            #expect(AttemptLogDetail(stored) == .stored(stored))
        }
        let catalogue = Catalogue.of(.en)
        #expect(AttemptLogDetail("question 17").text(catalogue, numbers: [17: 4]) == "Question 4")
        #expect(AttemptLogDetail("question 18").text(catalogue, numbers: [17: 4]) == "A question no longer in the attempt")
        #expect(
            AttemptLogDetail("2 saves within a minute; the last: 1 answer, sequence 5").text(Catalogue.of(.pl), numbers: [:])
                == "2 zapisy w ciągu minuty; ostatni: Zapisano 1 odpowiedź")
    }
}
