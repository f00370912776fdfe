import ExamPrepClient
import ExamPrepTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("HTTP client: the teaching loop's requests", .hangGuard)
struct ExamRequestTests {
    @Test("course and exam calls use their methods and shared paths")
    func methodsAndPaths() async throws {
        let transport = FakeTransport { _ in HTTPResponse(status: 200, body: Data(#"{"success":true}"#.utf8)) }
        let api = APIClient(baseURL: baseURL, transport: transport)
        _ = try await api.send(.deleteCourse(7), bearer: "t")
        _ = try await api.send(.removeStudent(3, fromCourse: 7), bearer: "t")
        _ = try await api.send(.unenroll(7), bearer: "t")
        _ = try await api.send(.deleteExam(9), bearer: "t")
        let seen = transport.requests.map { "\($0.httpMethod ?? "") \($0.path)" }
        #expect(
            seen == [
                "DELETE /api/faculty/courses/7", "DELETE /api/faculty/courses/7/students/3", "DELETE /api/students/courses/7",
                "DELETE /api/faculty/exams/9",
            ])
        #expect(transport.requests.allSatisfy { $0.httpBody == nil && $0.value(forHTTPHeaderField: "Content-Type") == nil })
    }

    @Test("a submit without final answers sends no body; with them, the answers")
    func submitBody() async throws {
        let result = #"{"attemptId":4,"score":1,"maxScore":2,"submittedAt":"2026-11-22T10:15:00Z","autoSubmitted":false,"results":[]}"#
        let transport = FakeTransport { _ in HTTPResponse(status: 200, body: Data(result.utf8)) }
        let api = APIClient(baseURL: baseURL, transport: transport)
        _ = try await api.send(.submitAttempt(4), bearer: "t")
        _ = try await api.send(.submitAttempt(4, finalAnswers: [AnswerInput(questionId: 1, value: true)]), bearer: "t")
        #expect(transport.requests.map(\.path) == ["/api/students/attempts/4/submit", "/api/students/attempts/4/submit"])
        #expect(transport.requests[0].httpBody == nil)
        let sent = try JSONDecoder().decode(SaveAnswersRequest.self, from: try #require(transport.requests[1].httpBody))
        #expect(sent.answers == [AnswerInput(questionId: 1, value: true)])
    }

    @Test("the grade book as CSV asks for text/csv and keeps the bytes, without the byte order mark in the text")
    func csv() async throws {
        let body = Data("\u{FEFF}studentId,email\r\n1,a@b.c\r\n".utf8)
        let transport = FakeTransport { _ in HTTPResponse(status: 200, headers: ["Content-Type": "text/csv"], body: body) }
        let api = APIClient(baseURL: baseURL, transport: transport)
        let document = try await api.send(.gradeBookCSV(courseId: 5), bearer: "t")
        #expect(document.text == "studentId,email\r\n1,a@b.c\r\n")
        #expect(document.data == body)
        let request = try #require(transport.requests.first)
        #expect(request.value(forHTTPHeaderField: "Accept") == "text/csv")
        #expect(request.url?.query() == "courseId=5")
    }

    @Test("a right answer decodes from each of its JSON shapes")
    func answers() throws {
        let decoded = try JSONDecoder().decode([QuestionAnswer].self, from: Data(#"["b", ["a","c"], true]"#.utf8))
        #expect(decoded == [.text("b"), .texts(["a", "c"]), .bool(true)])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(QuestionAnswer.self, from: Data("42".utf8)) }
    }
}
