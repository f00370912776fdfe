import ExamPrepShared
import Foundation
import HTTPTypes
import NIOCore

extension TestServer {
    @discardableResult
    func send(
        _ method: HTTPRequest.Method, _ path: String, json: some Encodable, token: String? = nil, headers: HTTPFields = [:]
    ) async throws -> TestReply {
        let data = try ExamPrepJSON.makeEncoder().encode(json)
        return try await send(method, path, token: token, headers: headers, body: ByteBuffer(bytes: data))
    }

    @discardableResult
    func delete(_ path: String, token: String? = nil) async throws -> TestReply {
        try await send(.delete, path, token: token)
    }

    func createExam(_ draft: ExamDraft, courseID: Int, token: String) async throws -> Exam {
        try await post(APIPaths.courseExams(courseID), json: draft, token: token).expect(.created).decode(Exam.self)
    }

    /// Creates and publishes an exam in the course.
    func publishedExam(_ draft: ExamDraft = ExamFixtures.everyKind(), courseID: Int, token: String) async throws -> Exam {
        let exam = try await createExam(draft, courseID: courseID, token: token)
        return try await send(.post, APIPaths.publishExam(exam.id), token: token).expect(.ok).decode(Exam.self)
    }

    func enroll(_ course: Course, token: String) async throws {
        try await post(APIPaths.enroll, json: EnrollRequest(courseCode: course.courseCode), token: token).expect(.created)
    }

    /// A faculty member with a course, and a student enrolled in it.
    func classroom(_ name: String = "Course") async throws -> (faculty: LoginResponse, student: LoginResponse, course: Course) {
        let faculty = try await signUp(uniqueEmail("faculty"), role: .faculty)
        let course = try await createCourse(name, token: faculty.token)
        let student = try await signUp(uniqueEmail("student"), role: .student)
        try await enroll(course, token: student.token)
        return (faculty, student, course)
    }

    func startAttempt(_ examID: Int, token: String) async throws -> TestReply {
        try await send(.post, APIPaths.examAttempts(examID), token: token)
    }
}

/// Exams for tests.
enum ExamFixtures {
    /// One question of each kind; 7 points in all. Its results show each question's
    /// correctness right after submitting, which the tests read (the default is the score only).
    static func everyKind(
        title: String = "Midterm", timeLimitMinutes: Int? = nil, maxAttempts: Int? = nil, opensAt: Date? = nil, closesAt: Date? = nil
    ) -> ExamDraft {
        ExamDraft(
            title: title, instructions: "Answer every question.", timeLimitMinutes: timeLimitMinutes, opensAt: opensAt,
            closesAt: closesAt, maxAttempts: maxAttempts, policy: ExamPolicy(review: ReviewOptions(afterSubmit: [.score, .correctness])),
            questions: [
                QuestionDraft(
                    kind: .singleChoice, prompt: "2 + 2 = ?", points: 1,
                    choices: [Choice(id: "a", text: "3"), Choice(id: "b", text: "4")], answer: .text("b")),
                QuestionDraft(
                    kind: .multipleChoice, prompt: "Which are prime?", points: 2,
                    choices: [Choice(id: "a", text: "2"), Choice(id: "b", text: "3"), Choice(id: "c", text: "4")],
                    answer: .texts(["a", "b"])),
                QuestionDraft(kind: .trueFalse, prompt: "Water is wet.", points: 1, answer: .bool(true)),
                QuestionDraft(kind: .shortAnswer, prompt: "German for anger?", points: 3, answer: .texts(["Ärger", "Wut"])),
            ])
    }

    /// The ids a student sees for the choices of `question` with these texts (aliases, not
    /// the author's ids).
    static func choiceIDs(_ question: StudentQuestion, _ texts: [String]) -> [String] {
        texts.compactMap { text in question.choices?.first { $0.text == text }?.id }
    }

    /// The right answers to `everyKind`'s questions, spelt as a student might (the short
    /// answer decomposed, in another case, with spaces around).
    static func rightAnswers(_ questions: [StudentQuestion]) -> [AnswerInput] {
        questions.map { question in
            switch question.kind {
            case .singleChoice: AnswerInput(questionId: question.id, choiceIds: choiceIDs(question, ["4"]))
            case .multipleChoice: AnswerInput(questionId: question.id, choiceIds: choiceIDs(question, ["3", "2"]))
            case .trueFalse: AnswerInput(questionId: question.id, value: true)
            case .shortAnswer: AnswerInput(questionId: question.id, text: "  A\u{308}RGER ")
            case .numerical, .matching, .essay, .description: AnswerInput(questionId: question.id)
            }
        }
    }

    /// Wrong answers to every question.
    static func wrongAnswers(_ questions: [StudentQuestion]) -> [AnswerInput] {
        questions.map { question in
            switch question.kind {
            case .singleChoice: AnswerInput(questionId: question.id, choiceIds: choiceIDs(question, ["3"]))
            case .multipleChoice: AnswerInput(questionId: question.id, choiceIds: choiceIDs(question, ["2"]))
            case .trueFalse: AnswerInput(questionId: question.id, value: false)
            case .shortAnswer: AnswerInput(questionId: question.id, text: "Freude")
            case .numerical, .matching, .essay, .description: AnswerInput(questionId: question.id)
            }
        }
    }

    /// Whether a JSON value holds an `answer` key anywhere.
    static func containsAnswerKey(_ json: Any) -> Bool {
        if let object = json as? [String: Any] {
            return object.keys.contains("answer") || object.values.contains(where: containsAnswerKey)
        }
        if let array = json as? [Any] { return array.contains(where: containsAnswerKey) }
        return false
    }
}
