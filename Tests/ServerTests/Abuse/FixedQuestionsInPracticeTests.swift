import ExamPrepServerTestSupport
import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import NIOCore
import Testing

@testable import ExamPrepServer

/// Item 4 of "Robustness, round four": while an exam was open with students yet to sit it,
/// "Open all questions for practice" warned about the questions its draws could take, yet a
/// student's practice session served four of the exam's fixed questions with their right
/// answers: the exam's own questions are copies of bank questions, and practice only left out
/// what the exam's draws could take and its attempts had drawn. No question of an exam that
/// can still be answered is practised, fixed or drawn, however it was opened for practice; the
/// lists of mistakes and due reviews follow the same rule.
@Suite("Abuse: an open exam's fixed questions in practice", .hangGuard)
struct FixedQuestionsInPracticeTests {
    static func question(_ prompt: String, practice: Bool? = nil) -> QuestionDraft {
        QuestionDraft(
            kind: .singleChoice, prompt: prompt, points: 1, choices: [Choice(id: "a", text: "Yes"), Choice(id: "b", text: "No")],
            answer: .text("a"), topic: "Mechanics", practice: practice)
    }

    /// The prompts a practice session offers now.
    static func practised(_ server: TestServer, courseID: Int, token: String) async throws -> Set<String> {
        Set(
            try await server.post(APIPaths.coursePractice(courseID), json: PracticeRequest(count: 50), token: token)
                .expect(.created).decode(PracticeSession.self).questions.map(\.prompt))
    }

    @Test func anOpenExamsFixedQuestionsAreNotPractisedHoweverTheyWereOpened() async throws {
        let clock = TestClock()
        try await AttemptTests.run(clock: clock) { server in
            let (faculty, student, course) = try await server.classroom()
            let courseID = try #require(course.id)
            let bank = APIPaths.courseQuestions(courseID)
            // Opened for practice four ways: when written, by the practice route, by an edit of
            // the question's flag, by an import with practice; a fifth the exam does not hold.
            let written = try await server.post(bank, json: Self.question("Written open?", practice: true), token: faculty.token)
                .expect(.created).decode(Question.self)
            let marked = try await server.post(bank, json: Self.question("Marked open?"), token: faculty.token)
                .expect(.created).decode(Question.self)
            try await server.post(
                APIPaths.practiceQuestions(courseID), json: PracticeMarking(questionIds: [marked.id], practice: true), token: faculty.token
            ).expect(.ok)
            let edited = try await server.post(bank, json: Self.question("Edited open?"), token: faculty.token)
                .expect(.created).decode(Question.self)
            try await server.send(
                .put, APIPaths.facultyQuestion(edited.id), json: Self.question("Edited open?", practice: true), token: faculty.token
            )
            .expect(.ok)
            try await server.send(
                .post, APIPaths.importQuestions(courseID) + "?practice=true", token: faculty.token,
                headers: [.contentType: "text/plain; charset=utf-8"],
                body: ByteBuffer(string: "$CATEGORY: Mechanics\n\nImported open? {=Yes ~No}\n")
            ).expect(.created)
            try await server.post(bank, json: Self.question("Not in the exam?", practice: true), token: faculty.token).expect(.created)
            let all: Set = ["Written open?", "Marked open?", "Edited open?", "Imported open?", "Not in the exam?"]
            #expect(try await Self.practised(server, courseID: courseID, token: student.token) == all)

            // Practised before the exam: answered wrong, a mistake due for review tomorrow.
            let before = try await server.post(APIPaths.coursePractice(courseID), json: PracticeRequest(count: 50), token: student.token)
                .expect(.created).decode(PracticeSession.self)
            let shown = try #require(before.questions.first { $0.prompt == "Written open?" })
            let wrong = try #require(shown.choices?.first { $0.text == "No" }?.id)
            try await server.post(
                APIPaths.practiceAnswers(before.practiceId), json: PracticeAnswer(questionId: shown.id, choiceIds: [wrong]),
                token: student.token
            ).expect(.ok)

            // The exam holds four of them as its own questions (copies, as the editor, a client
            // or an exam file writes them), open for two days; nobody has started it.
            let fixed = ["Written open?", "Marked open?", "Edited open?", "Imported open?"].map { Self.question($0) }
            let exam = try await server.publishedExam(
                ExamDraft(title: "Mechanics", closesAt: clock.now.addingTimeInterval(2 * 86_400), questions: fixed), courseID: courseID,
                token: faculty.token)

            // Opening everything for practice warns of all four; practice offers none of them.
            let opened = try await server.post(
                APIPaths.practiceQuestions(courseID), json: PracticeMarking(practice: true), token: faculty.token
            ).expect(.ok).decode(PracticeMarkingResult.self)
            #expect(opened.heldBack == 4)
            #expect(try await Self.practised(server, courseID: courseID, token: student.token) == ["Not in the exam?"])
            // A session from before the exam no longer checks them (it would tell the right answer).
            let markedShown = try #require(before.questions.first { $0.prompt == "Marked open?" })
            let yes = try #require(markedShown.choices?.first { $0.text == "Yes" }?.id)
            let late = try await server.post(
                APIPaths.practiceAnswers(before.practiceId), json: PracticeAnswer(questionId: markedShown.id, choiceIds: [yes]),
                token: student.token)
            #expect(late.status == .conflict, "\(late.text)")
            // The mistake is listed, but not to be practised; tomorrow it is not due while the exam is open.
            let mistakes = try await server.get(APIPaths.mistakes, token: student.token).expect(.ok).decode([Mistake].self)
            #expect(mistakes.map(\.questionId) == [written.id] && mistakes.first?.practiceable == false)
            clock.advance(by: 86_400 + 3_600)
            #expect(try await server.get(APIPaths.reviewDue, token: student.token).expect(.ok).decode([DueReview].self).isEmpty)

            // Once the exam is over, all of them come back.
            try await server.send(.post, APIPaths.closeExam(exam.id), token: faculty.token).expect(.ok)
            #expect(try await Self.practised(server, courseID: courseID, token: student.token) == all)
            #expect(
                try await server.get(APIPaths.reviewDue, token: student.token).decode([DueReview].self).map(\.questionId) == [written.id])
            #expect(try await server.get(APIPaths.mistakes, token: student.token).decode([Mistake].self).first?.practiceable == true)
        }
    }
}
