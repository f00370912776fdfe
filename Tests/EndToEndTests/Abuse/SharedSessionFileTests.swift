import ExamPrepClient
import ExamPrepServer
import ExamPrepServerTestSupport
import ExamPrepTestSupport
import Foundation
import Testing

/// Hole 11: two `examprep` processes sharing one session file both spent its refresh token,
/// which the server rightly took for theft and answered by ending the session. A refresh
/// now locks the file across processes and reads it again once locked.
@Suite("Abuse: one session file, two processes", .hangGuard)
struct SharedSessionFileTests {
    @Test
    func twoClientsOnOneSessionFileRefreshOnceAndBothStaySignedIn() async throws {
        let clock = TestClock()
        try await EndToEnd.run(configure: { $0.clock = clock.serverClock }) { server in
            let folder = FileManager.default.temporaryDirectory.appending(path: "examprep-shared-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: folder) }
            // Two processes: two session managers, each with its own view of the same file.
            let managers = (0..<2).map { _ in
                SessionManager(
                    api: APIClient(baseURL: server.baseURL), store: FileSessionStore(directory: folder), refreshLeeway: 30,
                    now: { clock.now })
            }
            let email = uniqueEmail("shared")
            let api = managers[0].api
            _ = try await api.send(.register(RegistrationRequest(email: email, password: password, role: .faculty)))
            try await managers[0].signIn(with: try await api.send(.login(LoginRequest(email: email, password: password))), email: email)

            clock.advance(by: 15 * 60)  // both see an expired access token
            let refreshesBefore = try await server.requestCount(route: "/api/token/refresh")
            let profiles = try await withThrowingTaskGroup(of: String.self) { group in
                for manager in managers {
                    group.addTask { try await manager.send(.me).email }
                }
                var emails: [String] = []
                for try await email in group { emails.append(email) }
                return emails
            }
            #expect(profiles == [email, email])
            #expect(try await server.requestCount(route: "/api/token/refresh") - refreshesBefore == 1)
            #expect(managers[1].currentSession != nil, "still signed in")
        }
    }
}
