import ExamPrepClient
import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("HTTP client: class list requests", .hangGuard)
struct ClassListRequestTests {
    @Test("a teacher's and an admin's class list go as text/csv to their paths, a dry run with its query")
    func pathsAndBodies() async throws {
        let transport = FakeTransport { _ in HTTPResponse(status: 500, body: Data()) }
        let api = APIClient(baseURL: baseURL, transport: transport)
        let csv = "email,name\r\nada@school.example,\"Lovelace, Ada\"\r\n"
        _ = try? await api.send(.importClassList(csv, courseId: 3, dryRun: true), bearer: "t")
        _ = try? await api.send(.adminImportClassList(csv, courseId: 4), bearer: "t")
        let seen = transport.requests.map { "\($0.httpMethod ?? "") \($0.url?.path ?? "")?\($0.url?.query ?? "")" }
        #expect(
            seen.prefix(1) == ["POST /api/faculty/courses/3/roster/import?dryRun=true"]
                && seen.last == "POST /api/admin/courses/4/roster/import?", "\(seen)")
        for request in [transport.requests.first, transport.requests.last] {
            #expect(request?.value(forHTTPHeaderField: "Content-Type") == "text/csv; charset=utf-8")
            #expect(request?.httpBody == Data(csv.utf8))
        }
    }
}
