import ExamPrepClient
import ExamPrepServer
import ExamPrepServerTestSupport
import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import Testing

/// Issue 42: in a sign-in surge the server sheds a login its hashing queue cannot start in time
/// (503 with `Retry-After`). A student must be told to wait, never that it failed: the client
/// library waits in line and sends the login again by itself, saying so through its events, and
/// the CLI prints that the student is in line.
@Suite("End to end: a sign-in surge, from the client", .timeLimit(.minutes(4)))
struct SignInSurgeClientTests {
    static let password = "correct horse battery"

    /// A server whose one hashing thread takes about two seconds a hash and lets nobody wait:
    /// a sign-in arriving while another hashes is shed every time.
    static func oneSlowHashingThread(_ configuration: inout AppConfiguration) {
        try? configuration.setHashScheme("yescrypt", cost: 11)
        configuration.hashThreads = 1
        configuration.hashMaxWait = .zero
    }

    /// Registers `email` (sent again until the server's own measuring hash at start is done).
    @MainActor
    static func register(_ email: String, on server: EndToEnd) async throws {
        let app = server.makeClient()
        try await eventually("\(email) registered") {
            (try? await app.account.register(email: email, password: password, role: .student)) != nil
        }
    }

    /// A login by someone else that holds the only hashing thread; returns once it does.
    @MainActor
    static func holdTheHashingThread(_ server: EndToEnd, as email: String) async throws -> Task<Void, any Error> {
        let holder = server.makeClient()
        let holding = Task { @MainActor in _ = try await holder.account.login(email: email, password: password) }
        try await eventually("a login on the hashing thread") { try await server.metric("examprep_password_hashing_queue_depth") >= 1 }
        return holding
    }

    @Test func aShedLoginWaitsInLineAndGetsIn() async throws {
        try await EndToEnd.run(configure: Self.oneSlowHashingThread) { server in
            let (student, other) = (uniqueEmail("pupil"), uniqueEmail("other"))
            try await Self.register(student, on: server)
            try await Self.register(other, on: server)
            let holding = try await Self.holdTheHashingThread(server, as: other)

            let app = server.makeClient(store: InMemorySessionStore())
            let events = EventLog(app.account.events)
            try await app.account.login(email: student, password: Self.password)
            #expect(app.account.isLoggedIn)
            let seen = try await events.snapshot(count: 2)
            guard case .waitingInLine(let seconds) = seen.first else {
                Issue.record("the first event is not a wait in line: \(seen)")
                return
            }
            #expect(seconds >= 1)
            #expect(seen.last == .signedIn)
            try await holding.value
        }
    }

    @Test func theCommandLineSaysTheStudentIsInLine() async throws {
        try await EndToEnd.run(configure: Self.oneSlowHashingThread) { server in
            let (student, other) = (uniqueEmail("pupil"), uniqueEmail("other"))
            try await Self.register(student, on: server)
            try await Self.register(other, on: server)
            let folder = try scratchFolder("surge")
            defer { try? FileManager.default.removeItem(at: folder) }
            let holding = try await Self.holdTheHashingThread(server, as: other)

            let login = try await CLITests.examprep(
                ["login", "--email", student], input: Self.password + "\n", server: server.baseURL, configFolder: folder)
            #expect(login.status == 0, "\(login.stderr)")
            #expect(login.stderr.contains("you are in line. Trying again in"), "\(login.stderr)")
            #expect(!login.stderr.contains("error"), "\(login.stderr)")
            #expect(login.stdout.contains("Signed in as \(student)"), "\(login.stdout)")
            try await holding.value
        }
    }
}
