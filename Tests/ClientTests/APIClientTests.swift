import ExamPrepClient
import ExamPrepTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("HTTP client", .hangGuard)
struct APIClientTests {
    @Test("a non-2xx answer becomes a typed error with the server's status, code and message")
    func serverErrorIsTyped() async throws {
        let transport = FakeTransport { _ in failure(409, .emailTaken, "This email is already registered.") }
        let api = APIClient(baseURL: baseURL, transport: transport)

        let error = await #expect(throws: APIError.self) {
            try await api.send(.register(RegistrationRequest(email: "ada@example.org", password: "correct horse", role: .student)))
        }
        #expect(error?.status == 409)
        #expect(error?.code == .emailTaken)
        #expect(error?.localizedDescription == "This email is already registered.")
    }

    @Test("the app's language goes with every request as Accept-Language; none when the app has none")
    func acceptLanguage() async throws {
        let transport = FakeTransport { _ in HTTPResponse(status: 200, body: Data("[]".utf8)) }
        _ = try await APIClient(baseURL: baseURL, transport: transport, language: .pl).send(.catalogue)
        _ = try await APIClient(baseURL: baseURL, transport: transport).send(.catalogue)
        #expect(transport.requests.map { $0.value(forHTTPHeaderField: "Accept-Language") } == ["pl", nil])
    }

    @Test("an answer that is not the promised JSON is its own error, not a crash or an empty value")
    func undecodableBody() async throws {
        let transport = FakeTransport { _ in HTTPResponse(status: 200, body: Data("<html>gateway</html>".utf8)) }
        let api = APIClient(baseURL: baseURL, transport: transport)

        let error = await #expect(throws: APIError.self) { try await api.send(.catalogue) }
        guard case .undecodableBody(let status, _) = error else {
            Issue.record("expected undecodableBody, got \(String(describing: error))")
            return
        }
        #expect(status == 200)
    }

    @Test("a 502 from a proxy without the error body is reported as unreadable, with its status")
    func nonJSONErrorPage() async throws {
        let transport = FakeTransport { _ in HTTPResponse(status: 502, body: Data("Bad Gateway".utf8)) }
        let api = APIClient(baseURL: baseURL, transport: transport)

        let error = await #expect(throws: APIError.self) { try await api.send(.catalogue) }
        #expect(error?.status == 502)
        #expect(error?.code == nil)
    }

    @Test("no connection is a transport error")
    func transportFailure() async throws {
        let transport = FakeTransport { _ in throw URLError(.cannotConnectToHost) }
        let api = APIClient(baseURL: baseURL, transport: transport)

        let error = await #expect(throws: APIError.self) { try await api.send(.catalogue) }
        guard case .transport = error else {
            Issue.record("expected transport, got \(String(describing: error))")
            return
        }
    }

    @Test("requests use the shared paths, send one JSON Content-Type only with a body, and decode the shared DTOs")
    func requestShape() async throws {
        let transport = FakeTransport { request in
            request.path == APIPaths.facultyCourses
                ? json(CreateCourseResponse(course: algebra), status: 201)
                : json([CatalogueCourse(id: 1, name: "Algebra", description: "Groups", facultyId: 7)])
        }
        let api = APIClient(baseURL: baseURL, transport: transport)

        let created = try await api.send(.createCourse(CreateCourseRequest(name: "Algebra", description: "Groups")), bearer: "t")
        #expect(created.course.courseCode == "ALGB")
        let catalogue = try await api.send(.catalogue)
        #expect(catalogue.map(\.name) == ["Algebra"])

        let post = try #require(transport.requests.first)
        #expect(post.httpMethod == "POST")
        #expect(post.url?.absoluteString == "http://exams.test:8080/api/faculty/courses")
        #expect(post.value(forHTTPHeaderField: "Content-Type") == "application/json")
        #expect(try post.decodedBody(CreateCourseRequest.self) == CreateCourseRequest(name: "Algebra", description: "Groups"))
        let get = try #require(transport.requests.last)
        #expect(get.value(forHTTPHeaderField: "Content-Type") == nil)
        #expect(get.bearer == nil)
    }
}

@Suite("Lists in pages", .hangGuard)
struct PagedListTests {
    @Test("a list follows the server's Link from page to page and keeps the query")
    @MainActor
    func followsLinks() async throws {
        let store = InMemorySessionStore(session(token: "t", expiresIn: 900))
        let biology = Course(id: 2, name: "Biology", description: "Cells", courseCode: "BIOL", userId: 7, enrollmentCount: 0)
        let transport = FakeTransport { request in
            guard request.path == APIPaths.facultyCourses else { return notFound }
            let query = request.url?.query() ?? ""
            if query.contains("cursor=next-page") { return json([biology]) }
            var first = json([algebra])
            first.headers["link"] = #"</api/faculty/courses?limit=1&cursor=next-page>; rel="next""#
            return first
        }
        let client = ExamPrepClient(baseURL: baseURL, store: store, transport: transport)
        let courses = try await client.faculty.load()
        #expect(courses.map(\.name) == ["Algebra", "Biology"])
        #expect(transport.requests.count == 2)
        #expect(transport.requests.allSatisfy { $0.bearer == "t" })
    }

    @Test("a Link header names its next page")
    func parsesLinks() {
        #expect(LinkHeader.next(in: #"</a?cursor=x>; rel="next""#) == "/a?cursor=x")
        #expect(LinkHeader.next(in: #"</a?p=1>; rel="prev", </a?p=3>; rel="next""#) == "/a?p=3")
        #expect(LinkHeader.next(in: #"</a?p=1>; rel="prev""#) == nil)
        #expect(LinkHeader.next(in: "nonsense") == nil)
    }
}
