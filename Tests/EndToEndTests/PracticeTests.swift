import ExamPrepClient
import ExamPrepServerTestSupport
import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import Testing

/// Practice through the client library, on the real server and PostgreSQL: only questions the
/// faculty member opened, none an open exam could show, each answer checked at once, and
/// nothing of it in grades, attempts or the grade book.
@Suite("End to end: practice", .hangGuard)
@MainActor
struct PracticeTests {
    /// Four bank questions: three of topic "Algebra" (one below it, in "Algebra/Groups"), one
    /// of "Geometry".
    static let bank: [QuestionDraft] = [
        QuestionDraft(
            kind: .singleChoice, prompt: "2 + 2 = ?", points: 2,
            choices: [Choice(id: "a", text: "4", feedback: "Yes."), Choice(id: "b", text: "5", feedback: "Count again.")],
            answer: .text("a"), generalFeedback: "Addition.", topic: "Algebra"),
        QuestionDraft(kind: .trueFalse, prompt: "0 is even.", points: 1, answer: .bool(true), topic: "Algebra"),
        QuestionDraft(
            kind: .shortAnswer, prompt: "The group of integers under addition is called?", points: 1, answer: .texts(["Z", "integers"]),
            topic: "Algebra/Groups"),
        QuestionDraft(kind: .trueFalse, prompt: "A square has four sides.", points: 1, answer: .bool(true), topic: "Geometry"),
    ]

    static func fillBank(_ room: Classroom) async throws -> [Question] {
        let courseId = try #require(room.course.id)
        var created: [Question] = []
        for draft in bank { created.append(try await room.faculty.faculty.createQuestion(draft, courseId: courseId)) }
        return created
    }

    @Test func aPracticeSessionAnswersAtOnceAndLeavesTheGradeBookUnchanged() async throws {
        try await EndToEnd.run { server in
            let room = try await Classroom.open(server)
            let courseId = try #require(room.course.id)
            let bank = try await Self.fillBank(room)
            let student = room.student.student

            // Before anything is opened, nothing is offered.
            #expect(try await student.startPractice(courseId: courseId).questions.isEmpty)

            // An exam taken and graded first: the grade book practice must leave alone.
            let exam = try await room.publish(TrueFalseExam.draft(questions: 2))
            let attempt = try await student.startAttempt(examId: exam.id)
            _ = try await student.submit(attempt.attemptId, finalAnswers: TrueFalseExam.answers(attempt, right: 1))
            let gradeBook = try await room.faculty.faculty.loadGradeBook(courseId)
            let grades = try await student.loadGrades()
            let attempts = try await room.faculty.faculty.loadAttempts(examId: exam.id)
            #expect(gradeBook.count == 1 && grades.count == 1 && attempts.count == 1)

            // The faculty member opens the topic Algebra (and what is below it).
            #expect(try await room.faculty.faculty.setPractice(true, courseId: courseId, topic: "Algebra") == 3)
            let marked = try await room.faculty.faculty.loadQuestions(courseId: courseId)
            #expect(marked.filter { $0.practice == true }.map(\.id).sorted() == bank.prefix(3).map(\.id).sorted())
            #expect(marked.allSatisfy { $0.version == 1 }, "opening for practice makes no new version")

            let session = try await student.startPractice(courseId: courseId)
            #expect(Set(session.questions.map(\.id)) == Set(bank.prefix(3).map(\.id)))
            #expect(student.practice == session)

            // Each answer is checked at once: right or wrong, points, feedback, the right answer.
            let choice = try #require(session.questions.first { $0.kind == .singleChoice })
            let wrong = try await student.answerPractice(
                PracticeAnswer(questionId: choice.id, choiceIds: try choice.choiceIDs("5")), practiceId: session.practiceId)
            #expect(!wrong.correct && wrong.points == 0 && wrong.maxPoints == 2)
            #expect(wrong.feedback == "Count again.\n\nAddition.")
            // The right answer as an exam's review shows it: under the ids the session shows.
            #expect(wrong.rightAnswer == .text(try choice.choiceIDs("4")[0]), "the right answer as an exam's review shows it")
            #expect(wrong.rating == .again && wrong.nextReview.intervalDays == 1)
            let short = try #require(session.questions.first { $0.kind == .shortAnswer })
            let right = try await student.answerPractice(
                PracticeAnswer(questionId: short.id, text: "  INTEGERS "), practiceId: session.practiceId)
            #expect(right.correct && right.points == 1 && right.rightAnswer == .texts(["Z", "integers"]))
            #expect(student.practiceFeedback[short.id] == right)

            // The same question again in this session: 409; in a new session it may be answered.
            await #expect(throws: APIError.self) {
                try await student.answerPractice(PracticeAnswer(questionId: short.id, text: "Z"), practiceId: session.practiceId)
            }

            // A topic takes the topics below it, not names that merely begin the same.
            let groups = try await student.startPractice(courseId: courseId, topic: "Algebra/Groups")
            #expect(groups.questions.map(\.id) == [bank[2].id])
            #expect(try await student.startPractice(courseId: courseId, count: 1).questions.count == 1)
            #expect(try await student.startPractice(courseId: courseId, topic: "Algebr").questions.isEmpty)

            // Nothing of it reached grades, attempts or the grade book.
            #expect(try await room.faculty.faculty.loadGradeBook(courseId) == gradeBook)
            #expect(try await student.loadGrades() == grades)
            #expect(try await room.faculty.faculty.loadAttempts(examId: exam.id) == attempts)
            #expect(try await room.faculty.faculty.loadExams(courseId: courseId).map(\.attemptCount) == [1])
            #expect(try await student.loadExams().map(\.attemptsUsed) == [1])

            // Closing the topic again takes it out of practice.
            #expect(try await room.faculty.faculty.setPractice(false, courseId: courseId, topic: "Algebra/Groups") == 1)
            #expect(!(try await student.startPractice(courseId: courseId).questions.map(\.id).contains(bank[2].id)))
        }
    }

    @Test func questionsAnOpenExamCouldShowAreNotOfferedWhileItIsOpen() async throws {
        try await EndToEnd.run { server in
            let room = try await Classroom.open(server)
            let courseId = try #require(room.course.id)
            let bank = try await Self.fillBank(room)
            let faculty = room.faculty.faculty
            #expect(try await faculty.setPractice(true, courseId: courseId) == 4)
            let student = room.student.student
            let all = Set(bank.map(\.id))
            #expect(Set(try await student.startPractice(courseId: courseId).questions.map(\.id)) == all)

            // Answered wrong once: a mistake that can be practised.
            let first = try await student.startPractice(courseId: courseId, topic: "Algebra/Groups")
            _ = try await student.answerPractice(PracticeAnswer(questionId: bank[2].id, text: "N"), practiceId: first.practiceId)
            #expect(try await student.loadMistakes().map(\.practiceable) == [true])

            // An exam that draws from Algebra/Groups, open now: its questions leave practice.
            let drawing = try await room.publish(
                ExamDraft(
                    title: "Groups quiz", questions: [],
                    draws: [ExamDrawSlot(position: 0, fromBank: BankDraw(topic: "Algebra/Groups", count: 1))]))
            #expect(Set(try await student.startPractice(courseId: courseId).questions.map(\.id)) == all.subtracting([bank[2].id]))
            #expect(try await student.loadMistakes().map(\.practiceable) == [false], "listed, not offered")
            #expect(try await student.practiseMistakes(courseId: courseId).questions.isEmpty)

            // A draft or an exam that opens later keeps nothing out.
            let later = ExamDraft(
                title: "Later", opensAt: Date().addingTimeInterval(86_400 * 30), questions: [],
                draws: [ExamDrawSlot(position: 0, fromBank: BankDraw(topic: "Geometry", count: 1))])
            _ = try await faculty.createExam(later, in: courseId)
            _ = try await room.publish(later)
            #expect(Set(try await student.startPractice(courseId: courseId).questions.map(\.id)) == all.subtracting([bank[2].id]))

            // A question an attempt of the open exam drew stays out, even once it moved to a
            // topic the exam does not draw from; when the exam closes, it comes back.
            let attempt = try await student.startAttempt(examId: drawing.id)
            #expect(attempt.questions.count == 1)
            var moved = Self.bank[2]
            moved.topic = "Elsewhere"
            moved.practice = true
            let replaced = try await faculty.replaceQuestion(bank[2].id, with: moved)
            #expect(replaced.version == 2 && replaced.topic == "Elsewhere")
            #expect(!(try await student.startPractice(courseId: courseId).questions.map(\.id).contains(bank[2].id)))
            _ = try await faculty.closeExam(drawing.id)
            #expect(try await student.loadMistakes().map(\.practiceable) == [true])
            let after = try await student.startPractice(courseId: courseId)
            #expect(Set(after.questions.map(\.id)) == all)
            #expect(after.questions.first { $0.id == bank[2].id }?.prompt == moved.prompt, "the current version is offered")
        }
    }

    @Test func aStudentPractisesOnlyCoursesTheyAreEnrolledIn() async throws {
        try await EndToEnd.run { server in
            let room = try await Classroom.open(server)
            let courseId = try #require(room.course.id)
            _ = try await Self.fillBank(room)
            _ = try await room.faculty.faculty.setPractice(true, courseId: courseId)
            let session = try await room.student.student.startPractice(courseId: courseId, count: 1)
            let question = try #require(session.questions.first)

            let other = server.makeClient()
            try await other.account.signUp(uniqueEmail("other"), role: .student)
            await #expect(throws: APIError.self) { try await other.student.startPractice(courseId: courseId) }
            await #expect(throws: APIError.self) {
                try await other.student.answerPractice(PracticeAnswer(questionId: question.id, value: true), practiceId: session.practiceId)
            }
            // Leaving the course ends its sessions for the student.
            try await room.student.student.unenroll(courseId)
            do {
                _ = try await room.student.student.answerPractice(
                    PracticeAnswer(questionId: question.id, value: true), practiceId: session.practiceId)
                Issue.record("a session of a course the student left was answered")
            } catch let error as APIError {
                #expect(error.status == 404)
            }
        }
    }
}
