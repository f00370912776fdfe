import ExamPrepPostgres
import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Testing

@testable import ExamPrepServer

/// The grade beside each score in the grade book (JSON and CSV) and the student's grades: on the
/// course's scale, at exact boundaries, lowered by a student's accommodation; a scale changed
/// afterwards regrades nothing (the scores stay, the grades follow).
@Suite("Grades beside scores", .hangGuard)
struct GradeBookGradeTests {
    /// Three true/false questions of 50, 23 and 27 points: 73 % for the first two right, 50 %
    /// (a band's edge) for the first alone.
    static let draft = ExamDraft(
        title: "Graded quiz",
        questions: [
            QuestionDraft(kind: .trueFalse, prompt: "Water is wet.", points: 50, answer: .bool(true)),
            QuestionDraft(kind: .trueFalse, prompt: "Ice is cold.", points: 23, answer: .bool(true)),
            QuestionDraft(kind: .trueFalse, prompt: "Fire is wet.", points: 27, answer: .bool(false)),
        ])

    /// Starts and submits an attempt with the first `right` questions answered right and the
    /// others wrong.
    static func submit(_ examID: Int, right: Int, token: String, on server: TestServer) async throws -> AttemptResult {
        let attempt = try await server.startAttempt(examID, token: token).expect(.created).decode(StudentAttempt.self)
        let answers = attempt.questions.enumerated().map { index, question in
            AnswerInput(questionId: question.id, value: index < right ? index != 2 : index == 2)
        }
        return try await server.post(APIPaths.submitAttempt(attempt.attemptId), json: SaveAnswersRequest(answers: answers), token: token)
            .expect(.ok).decode(AttemptResult.self)
    }

    @Test func theGradeStandsBesideTheScoreAndFollowsTheScaleAndTheAccommodation() async throws {
        try await TestServer.run { server in
            let (faculty, first, course) = try await server.classroom()
            let courseID = try #require(course.id)
            let second = try await server.signUp(uniqueEmail("student"), role: .student)
            try await server.enroll(course, token: second.token)
            let firstID = try #require(first.userId)
            let secondID = try #require(second.userId)
            let exam = try await server.publishedExam(Self.draft, courseID: courseID, token: faculty.token)
            _ = try await Self.submit(exam.id, right: 2, token: first.token, on: server)
            _ = try await Self.submit(exam.id, right: 1, token: second.token, on: server)
            let book = APIPaths.facultyGrades + "?courseId=\(courseID)"
            func grades() async throws -> [Int: (score: Double, grade: String?)] {
                let rows = try await server.get(book, token: faculty.token).expect(.ok).decode([GradeBookEntry].self)
                return Dictionary(uniqueKeysWithValues: rows.map { (try! #require($0.studentId), ($0.score, $0.grade)) })
            }
            // Percentages only: no grade.
            var now = try await grades()
            #expect(now[firstID]?.score == 73 && now[firstID]?.grade == nil)

            try await server.send(
                .put, APIPaths.courseGradeScale(courseID), json: GradeScaleRequest(preset: .plSchool), token: faculty.token
            )
            .expect(.ok)
            now = try await grades()
            #expect(now[firstID]?.grade == "4", "73 %")
            #expect(now[secondID]?.score == 50 && now[secondID]?.grade == "3", "50 % exactly is the band's edge")
            let mine = try await server.get(APIPaths.studentGrades, token: second.token).expect(.ok).decode([StudentGrade].self)
            #expect(mine.map(\.grade) == ["3"])

            // An accommodation lowers the second student's thresholds by 20 points: 50 % reaches 70 − 20.
            try await server.send(
                .put, APIPaths.accommodation(courseID, secondID), json: Accommodation(gradeThresholdOffsetPercent: 20),
                token: faculty.token
            ).expect(.ok)
            now = try await grades()
            #expect(now[secondID]?.grade == "4" && now[firstID]?.grade == "4")
            #expect(
                try await server.get(APIPaths.studentGrades, token: second.token).expect(.ok).decode([StudentGrade].self).map(\.grade) == [
                    "4"
                ])

            // Another scale regrades nothing: the scores stay, the grades follow.
            try await server.send(
                .put, APIPaths.courseGradeScale(courseID), json: GradeScaleRequest(preset: .letters), token: faculty.token
            )
            .expect(.ok)
            now = try await grades()
            #expect(now[firstID]?.score == 73 && now[firstID]?.grade == "C")
            #expect(now[secondID]?.score == 50 && now[secondID]?.grade == "C", "60 − 20 and 70 − 20")

            let csv = try await server.send(.get, book, token: faculty.token, headers: [.accept: "text/csv"]).expect(.ok)
            let lines = csv.text.split(separator: "\r\n")
            #expect(lines.first?.hasSuffix(",attemptId,grade") == true)
            #expect(lines.dropFirst().allSatisfy { $0.hasSuffix(",C") } && lines.count == 3)

            try await server.delete(APIPaths.courseGradeScale(courseID), token: faculty.token).expect(.ok)
            now = try await grades()
            #expect(now.values.allSatisfy { $0.grade == nil } && now[firstID]?.score == 73)
        }
    }

    @Test func aSubmittedAttemptsResultCarriesItsGrade() async throws {
        try await TestServer.run { server in
            let (faculty, student, course) = try await server.classroom()
            let courseID = try #require(course.id)
            try await server.send(
                .put, APIPaths.courseGradeScale(courseID), json: GradeScaleRequest(preset: .plUniversity), token: faculty.token
            ).expect(.ok)
            let exam = try await server.publishedExam(
                ExamDraft(title: Self.draft.title, maxAttempts: 2, questions: Self.draft.questions), courseID: courseID,
                token: faculty.token)
            let edge = try await Self.submit(exam.id, right: 1, token: student.token, on: server)
            #expect(edge.score == 50 && edge.grade == "3", "50 % is a 3 where the band starts at 50")
            let better = try await Self.submit(exam.id, right: 2, token: student.token, on: server)
            #expect(better.score == 73 && better.grade == "4")
            let read = try await server.get(APIPaths.attempt(edge.attemptId), token: student.token).expect(.ok)
                .decode(StudentAttempt.self)
            #expect(read.result?.grade == "3")
        }
    }

    @Test func anOffsetOutsideZeroToFiftyIsRefusedAndChangesNothing() async throws {
        try await TestServer.run { server in
            let (faculty, student, course) = try await server.classroom()
            let studentID = try #require(student.userId)
            let path = APIPaths.accommodation(try #require(course.id), studentID)
            try await server.send(.put, path, json: Accommodation(extraMinutes: 5, gradeThresholdOffsetPercent: 10), token: faculty.token)
                .expect(.ok)
            for offset in [-1, 51, 1000, Int(Int32.max) + 1] {
                let reply = try await server.send(
                    .put, path, json: Accommodation(extraMinutes: 30, gradeThresholdOffsetPercent: offset), token: faculty.token)
                #expect(reply.status == .badRequest && reply.error?.error == .validationFailed, "\(offset): \(reply.text)")
            }
            let roster = try await server.get(APIPaths.classList(try #require(course.id)), token: faculty.token).expect(.ok)
                .decode([CourseRosterStudent].self)
            let kept = try #require(roster.first { $0.userId == studentID }?.accommodation)
            #expect(kept.extraMinutes == 5 && kept.gradeThresholdOffsetPercent == 10)
        }
    }
}
