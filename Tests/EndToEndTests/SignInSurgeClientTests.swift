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
@Suite("End to end: a sign-in surge, from the client", .hangGuard)
struct SignInSurgeClientTests {
    static let password = "correct horse battery"

    /// One hashing thread that the test holds while it wants sign-ins shed, and no wait
    /// allowed: a sign-in arriving while the thread is held is shed every time, however loaded
    /// the machine.
    static func oneHeldHashingThread(_ hold: HashingHold) -> (inout AppConfiguration) -> Void {
        { configuration in
            configuration.hashingHold = hold
            configuration.hashThreads = 1
            configuration.hashMaxWait = .zero
        }
    }

    /// Registers `email` (sent again until the server's own measuring hash at start is done).
    @MainActor
    static func register(_ email: String, on server: EndToEnd) async throws {
        let app = server.makeClient()
        try await eventually("\(email) registered") {
            (try? await app.account.register(email: email, password: password, role: .student)) != nil
        }
    }

    /// Starts `signIn` while the only hashing thread is held, frees the thread once the server
    /// has shed a sign-in, and returns what `signIn` returned.
    @MainActor
    static func signInShedOnce<Value: Sendable>(
        _ server: EndToEnd, _ hold: HashingHold, _ signIn: @escaping @Sendable @MainActor () async throws -> Value
    ) async throws -> Value {
        let shed = #"examprep_password_hashing_jobs{outcome="shed"}"#
        let before = try await server.metric(shed)
        let signingIn = try await hold.whileOccupying {
            let signingIn = Task { @MainActor in try await signIn() }
            try await eventually("a sign-in shed") { try await server.metric(shed) > before }
            return signingIn
        }
        return try await signingIn.value
    }

    @Test func aShedLoginWaitsInLineAndGetsIn() async throws {
        let hold = HashingHold()
        try await EndToEnd.run(configure: Self.oneHeldHashingThread(hold)) { server in
            let student = uniqueEmail("pupil")
            try await Self.register(student, on: server)

            let app = server.makeClient(store: InMemorySessionStore())
            let events = EventLog(app.account.events)
            _ = try await Self.signInShedOnce(server, hold) { try await app.account.login(email: student, password: Self.password) }
            #expect(app.account.isLoggedIn)
            let seen = try await events.snapshot(count: 2)
            guard case .waitingInLine(let seconds) = seen.first else {
                Issue.record("the first event is not a wait in line: \(seen)")
                return
            }
            #expect(seconds >= 1)
            #expect(seen.last == .signedIn)
        }
    }

    @Test func theCommandLineSaysTheStudentIsInLine() async throws {
        let hold = HashingHold()
        try await EndToEnd.run(configure: Self.oneHeldHashingThread(hold)) { server in
            let student = uniqueEmail("pupil")
            try await Self.register(student, on: server)
            let folder = try scratchFolder("surge")
            defer { try? FileManager.default.removeItem(at: folder) }

            let login = try await Self.signInShedOnce(server, hold) {
                try await CLITests.examprep(
                    ["login", "--email", student], input: Self.password + "\n", server: server.baseURL, configFolder: folder)
            }
            #expect(login.status == 0, "\(login.stderr)")
            #expect(login.stderr.contains("you are in line. Trying again in"), "\(login.stderr)")
            #expect(!login.stderr.contains("error"), "\(login.stderr)")
            #expect(login.stdout.contains("Signed in as \(student)"), "\(login.stdout)")
        }
    }
}
