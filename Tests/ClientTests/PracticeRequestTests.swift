import ExamPrepClient
import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("HTTP client: practice and review requests", .hangGuard)
struct PracticeRequestTests {
    @Test("practice, answers, due reviews, mistakes and marking use their methods, paths and queries")
    func methodsAndPaths() async throws {
        let transport = FakeTransport { _ in HTTPResponse(status: 200, body: Data("[]".utf8)) }
        let api = APIClient(baseURL: baseURL, transport: transport)
        _ = try? await api.send(.startPractice(courseId: 3, PracticeRequest(topic: "Algebra", onlyMistakes: true)), bearer: "t")
        _ = try? await api.send(.answerPractice(PracticeAnswer(questionId: 5, value: true, answerSeconds: 4.5), practiceId: 8), bearer: "t")
        _ = try await api.send(.dueReviews(courseId: 3), bearer: "t")
        _ = try await api.send(.mistakes(), bearer: "t")
        _ = try? await api.send(.markPractice(PracticeMarking(topic: "Algebra", practice: true), courseId: 3), bearer: "t")
        let seen = transport.requests.map { "\($0.httpMethod ?? "") \($0.url?.path ?? "")?\($0.url?.query ?? "")" }
        #expect(
            seen == [
                "POST /api/students/courses/3/practice?", "POST /api/students/practice/8/answers?",
                "GET /api/students/review/due?limit=200&courseId=3", "GET /api/students/mistakes?limit=200",
                "POST /api/faculty/courses/3/questions/practice?",
            ])
        let started = try JSONDecoder().decode(PracticeRequest.self, from: try #require(transport.requests[0].httpBody))
        #expect(started == PracticeRequest(topic: "Algebra", onlyMistakes: true))
        let answered = try JSONDecoder().decode(PracticeAnswer.self, from: try #require(transport.requests[1].httpBody))
        #expect(answered.answerSeconds == 4.5 && answered.response == AnswerInput(questionId: 5, value: true))
    }
}
