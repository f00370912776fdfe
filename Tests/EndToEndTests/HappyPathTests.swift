import ExamPrepClient
import ExamPrepServer
import ExamPrepServerTestSupport
import ExamPrepTestSupport
import Foundation
import Testing

@Suite("End to end: the longest happy path", .hangGuard)
struct HappyPathTests {
    @Test
    func facultyAndStudentFromRegistrationToLogoutAndBack() async throws {
        let clock = TestClock()
        try await EndToEnd.run(configure: { $0.clock = clock.serverClock }) { server in
            try await Self.walk(server, clock: clock)
        }
    }

    @MainActor
    static func walk(_ server: EndToEnd, clock: TestClock) async throws {
        // Faculty registers, logs in and creates two courses.
        let facultyApp = server.makeClient(clock: clock)
        let facultyEmail = uniqueEmail("faculty")
        try await facultyApp.account.signUp(facultyEmail, role: .faculty)
        #expect(facultyApp.account.isLoggedIn)
        #expect(facultyApp.account.role == .faculty)
        let algebra = try await facultyApp.faculty.create(name: "Algebra", description: "Groups and rings")
        _ = try await facultyApp.faculty.create(name: "Biology", description: "Cells")
        #expect(facultyApp.faculty.courses.map(\.name) == ["Algebra", "Biology"])

        // Student registers, logs in, reads the catalogue, enrolls by code, lists own courses.
        let studentApp = server.makeClient(clock: clock)
        let events = EventLog(studentApp.account.events)
        let studentEmail = uniqueEmail("student")
        try await studentApp.account.signUp(studentEmail, role: .student)
        let catalogue = try await studentApp.student.loadCatalogue()
        #expect(catalogue.contains { $0.name == "Algebra" })
        let enrollment = try await studentApp.student.enroll(code: algebra.courseCode.lowercased())
        #expect(enrollment.course.name == "Algebra")
        #expect(try await studentApp.student.load().map(\.courseCode) == [algebra.courseCode])

        // Faculty sees the enrollment.
        let courses = try await facultyApp.faculty.load()
        #expect(courses.first { $0.name == "Algebra" }?.enrollmentCount == 1)

        // The teaching loop: an exam with one question of each kind, taken and graded.
        try await Self.takeAnExam(faculty: facultyApp, student: studentApp, course: algebra, studentEmail: studentEmail)

        // The access token expires (the server's and the apps' clocks move on by 16 minutes);
        // the next call refreshes without the caller noticing.
        let before = try #require(studentApp.session.currentSession?.accessToken)
        clock.advance(by: 16 * 60)
        #expect(try await studentApp.student.load().count == 1)
        #expect(studentApp.session.currentSession?.accessToken != before)

        // Logout; the next protected call fails as signed out; a login restores access.
        try await studentApp.account.logout()
        #expect(!studentApp.account.isLoggedIn)
        await #expect(throws: APIError.self) { try await studentApp.student.load() }
        do {
            _ = try await studentApp.student.load()
        } catch let error as APIError {
            guard case .notSignedIn = error else { throw error }
        }
        try await studentApp.account.login(email: studentEmail, password: password)
        #expect(try await studentApp.student.load().count == 1)
        #expect(try await events.snapshot(count: 4) == [.signedIn, .tokenRefreshed, .signedOut, .signedIn])
    }

    @MainActor
    static func takeAnExam(faculty: ExamPrepClient, student: ExamPrepClient, course: Course, studentEmail: String) async throws {
        let courseID = try #require(course.id)
        let draft = ExamDraft(
            title: "Algebra quiz", instructions: "One question of each kind.", timeLimitMinutes: 30, maxAttempts: 2,
            questions: [
                QuestionDraft(
                    kind: .singleChoice, prompt: "The neutral element of addition?", points: 1,
                    choices: [Choice(id: "a", text: "0"), Choice(id: "b", text: "1")], answer: .text("a")),
                QuestionDraft(
                    kind: .multipleChoice, prompt: "Which are groups under addition?", points: 2,
                    choices: [Choice(id: "z", text: "Integers"), Choice(id: "n", text: "Naturals"), Choice(id: "q", text: "Rationals")],
                    answer: .texts(["z", "q"])),
                QuestionDraft(kind: .trueFalse, prompt: "Every group is abelian.", points: 1, answer: .bool(false)),
                QuestionDraft(kind: .shortAnswer, prompt: "A group with one element is called…", points: 2, answer: .texts(["trivial"])),
            ])
        let exam = try await faculty.faculty.createExam(draft, in: courseID)
        #expect(exam.status == .draft && exam.totalPoints == 6)
        #expect(try await faculty.faculty.publishExam(exam.id).status == .published)
        #expect(faculty.faculty.exams.first { $0.id == exam.id }?.status == .published)

        let open = try await student.student.loadExams()
        #expect(open.map(\.id) == [exam.id])
        let attempt = try await student.student.startAttempt(examId: exam.id)
        #expect(attempt.deadline != nil && attempt.questions.count == 4)
        let ids = attempt.questions.map(\.id)
        // Choices by their text: the ids a student sees are aliases of the attempt.
        let (neutral, groups) = (attempt.questions[0], attempt.questions[1])

        // Saved twice: a first try, then the student changes their mind.
        try await student.student.save(
            [
                AnswerInput(questionId: ids[0], choiceIds: try neutral.choiceIDs("1")),
                AnswerInput(questionId: ids[1], choiceIds: try groups.choiceIDs("Integers")), AnswerInput(questionId: ids[2], value: true),
            ], in: attempt.attemptId)
        let saved = try await student.student.save(
            [
                AnswerInput(questionId: ids[0], choiceIds: try neutral.choiceIDs("0")),
                AnswerInput(questionId: ids[1], choiceIds: try groups.choiceIDs("Rationals", "Integers")),
                AnswerInput(questionId: ids[2], value: false), AnswerInput(questionId: ids[3], text: " Trivial "),
            ], in: attempt.attemptId)
        #expect(saved.saved == 4)
        #expect(try await student.student.startAttempt(examId: exam.id).attemptId == attempt.attemptId)

        let result = try await student.student.submit(attempt.attemptId)
        #expect(result.score == 6 && result.maxScore == 6)
        #expect(student.student.attempt?.result == result)
        let grades = try await student.student.loadGrades()
        #expect(grades.map(\.score) == [6])

        let book = try await faculty.faculty.loadGradeBook(courseID)
        #expect(book.count == 1)
        let entry = try #require(book.first)
        #expect(entry.email == studentEmail && entry.examTitle == "Algebra quiz" && entry.score == 6 && entry.maxScore == 6)

        let csv = try await faculty.faculty.gradeBookCSV(courseID)
        #expect(csv.data.starts(with: [0xEF, 0xBB, 0xBF]))
        let rows = csv.text.split(separator: "\r\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        #expect(
            rows.first == [
                "name", "studentNumber", "email", "examTitle", "percent", "score", "maxScore", "submittedAt", "studentId", "examId",
                "attemptId", "grade",
            ])
        let row = try #require(rows.dropFirst().first)
        #expect(
            Array(row.prefix(7)) == ["", "", entry.email, entry.examTitle, "100", "6", "6"]
                && Array(row.suffix(4)) == [entry.studentId.map(String.init) ?? "", "\(entry.examId)", "\(entry.attemptId)", ""])
        // The time a person reads, in the course's zone, as a spreadsheet takes it.
        #expect(row.count == 12 && row[7].wholeMatch(of: /\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/) != nil, "\(row)")
        #expect(rows.count == 2)
    }
}
