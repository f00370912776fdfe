import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Testing

@testable import ExamPrepServer

/// Names in the grade book (issue 67, items 2 and 3): the page names each student (name and
/// number, the address for one without a name), sorted by surname as Polish sorts (L, Ł, Z),
/// and lists every enrolled student, with a dash for an exam they did not sit; the CSV has a
/// row for such an exam too, its grade's cells empty.
@Suite("Teach pages: names in the grade book", .hangGuard)
struct TeachGradeBookNamesTests {
    @Test func everyEnrolledStudentIsListedBySurnameWithADashForAnExamNotSat() async throws {
        try await TestServer.run { server in
            var (teacher, faculty) = try await TeachCoursePagesTests.teacher(server)
            let course = try await server.createCourse("Klasa 2b", token: faculty.token)
            let courseID = try #require(course.id)
            let quiz = try await server.publishedExam(
                ExamDraft(
                    title: "Kartkówka",
                    questions: [QuestionDraft(kind: .trueFalse, prompt: "Burza grzmi.", points: 2, answer: .bool(true))]),
                courseID: courseID, token: faculty.token)
            let test = try await server.publishedExam(
                ExamDraft(
                    title: "Sprawdzian", questions: [QuestionDraft(kind: .trueFalse, prompt: "Śnieg pada.", points: 1, answer: .bool(true))]
                ),
                courseID: courseID, token: faculty.token)
            let people: [(name: String, exams: [Exam])] = [
                ("Ewa Zając", [quiz, test]), ("Piotr Łuczak", []), ("Jan Lis", [quiz]),
            ]
            var emails: [String: String] = [:]
            for person in people {
                let email = uniqueEmail("uczen")
                emails[person.name] = email
                let student = try await server.signUp(email, role: .student)
                try await server.send(.put, APIPaths.meName, json: NameSettingRequest(name: person.name), token: student.token).expect(.ok)
                try await server.enroll(course, token: student.token)
                for exam in person.exams {
                    let attempt = try await server.startAttempt(exam.id, token: student.token).expect(.created).decode(StudentAttempt.self)
                    let answers = attempt.questions.map { AnswerInput(questionId: $0.id, value: true) }
                    try await server.send(
                        .put, APIPaths.attemptAnswers(attempt.attemptId), json: SaveAnswersRequest(answers: answers), token: student.token
                    )
                    .expect(.ok)
                    try await server.post(APIPaths.submitAttempt(attempt.attemptId), raw: "", token: student.token).expect(.ok)
                }
            }

            try await teacher.get("/teach/courses/\(courseID)/grades").expect(.ok)
            let page = teacher.page
            let order = ["Jan Lis", "Piotr Łuczak", "Ewa Zając"].compactMap { page.range(of: "<th scope=\"row\">\($0)</th>")?.lowerBound }
            #expect(order.count == 3 && order == order.sorted(), "by surname, Ł between L and Z")
            #expect(!page.contains("<th scope=\"row\">\(emails["Jan Lis"] ?? "-")"), "the name, not the address")
            let luczak = page.components(separatedBy: "<th scope=\"row\">Piotr Łuczak</th>")
            #expect(luczak.count == 3, "a row for each exam Łuczak did not sit")
            #expect(
                luczak.dropFirst().allSatisfy {
                    $0.hasPrefix("<td>Kartkówka</td><td>-</td>") || $0.hasPrefix("<td>Sprawdzian</td><td>-</td>")
                })
            #expect(page.components(separatedBy: "<th scope=\"row\">").count == 7, "six lines: three students, two exams")

            try await teacher.get("/teach/courses/\(courseID)/grades?exam=\(test.id)").expect(.ok)
            #expect(teacher.page.components(separatedBy: "<th scope=\"row\">").count == 4, "everyone, for one exam")
            #expect(teacher.page.contains("<th scope=\"row\">Jan Lis</th><td>Sprawdzian</td><td>-</td>"))

            let csv = try await server.send(
                .get, APIPaths.facultyGrades + "?courseId=\(courseID)&locale=en", token: faculty.token, headers: [.accept: "text/csv"]
            ).expect(.ok).text
            let rows = csv.split(separator: "\r\n").dropFirst().map(String.init)
            #expect(rows.count == 6)
            #expect(
                rows.map { $0.prefix { $0 != "," } } == ["Jan Lis", "Jan Lis", "Piotr Łuczak", "Piotr Łuczak", "Ewa Zając", "Ewa Zając"])
            let notSat = try #require(rows.first { $0.hasPrefix("Jan Lis,") && $0.contains("Sprawdzian") })
            let cells = notSat.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            #expect(cells.count == 12 && cells[2] == emails["Jan Lis"] && cells[3] == "Sprawdzian")
            #expect(cells[4...7].allSatisfy(\.isEmpty) && cells[10].isEmpty && cells[11].isEmpty, "a spreadsheet's empty cells: \(cells)")
            #expect(cells[9] == "\(test.id)" && !cells[8].isEmpty)
            let pageCSV = try await teacher.get("/teach/courses/\(courseID)/grades.csv").expect(.ok).text
            #expect(pageCSV.split(separator: "\r\n").count == 7)
        }
    }
}
