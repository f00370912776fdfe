import ExamPrepClient
import ExamPrepServer
import ExamPrepServerTestSupport
import ExamPrepTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the CLI sends where, and what it prints. The stored session once recorded no server,
/// so a later command against another URL (a missing EXAMPREP_URL, a typo) sent the bearer and
/// then the refresh token there; plain http:// was allowed to any host; and exam and course
/// text from a faculty member reached students' terminals with its escape sequences.
@Suite("The examprep CLI: where tokens go, what reaches the terminal", .hangGuard)
struct CLISafetyTests {
    static func folder() -> URL {
        FileManager.default.temporaryDirectory.appending(path: "examprep-cli-safety-\(UUID().uuidString)")
    }

    @Test func aSessionIsSentOnlyToTheServerThatIssuedIt() async throws {
        try await EndToEnd.run { server in
            let folder = Self.folder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let email = uniqueEmail("cli")
            let registered = try await CLITests.examprep(
                ["register", "--email", email, "--role", "student"], input: password + "\n", server: server.baseURL,
                configFolder: folder)
            #expect(registered.status == 0, "\(registered.stderr)")
            let loggedIn = try await CLITests.examprep(
                ["login", "--email", email], input: password + "\n", server: server.baseURL, configFolder: folder)
            #expect(loggedIn.status == 0, "\(loggedIn.stderr)")

            let elsewhere = try SilentListener()
            for command in [["whoami"], ["courses", "list"], ["logout"]] {
                let run = try await CLITests.examprep(
                    command, server: URL(string: "http://127.0.0.1:\(elsewhere.port)")!, configFolder: folder)
                #expect(run.status != 0, "\(command)")
                #expect(run.stderr.contains("issued by \(APIClient.origin(of: server.baseURL))"), "\(run.stderr)")
            }
            #expect(!elsewhere.wasContacted, "nothing, not even a connection, went to the other server")
            // The session is still there for its own server.
            let whoami = try await CLITests.examprep(["whoami"], server: server.baseURL, configFolder: folder)
            #expect(whoami.status == 0 && whoami.stdout.contains(email), "\(whoami.stderr)")
        }
    }

    @Test func plainHTTPToAnotherMachineIsRefusedBeforeAnythingIsSent() async throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try await CLITests.examprep(
            ["login", "--email", uniqueEmail("cli")], input: password + "\n", server: URL(string: "http://192.0.2.10:8080")!,
            configFolder: folder)
        #expect(run.status != 0)
        #expect(run.stderr.contains("unencrypted") && run.stderr.contains("--insecure"), "\(run.stderr)")
    }

    @Test func textFromOtherUsersReachesTheTerminalWithoutControlCharacters() async throws {
        try await EndToEnd.run { server in
            let folder = Self.folder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let faculty = server.makeClient()
            try await faculty.account.signUp(uniqueEmail("faculty"), role: .faculty)
            // Sets the window title, clears the screen and reverses the text that follows.
            let hostile = "Evil\u{1B}]0;pwned\u{07}\u{1B}[2J\u{202E}Course"
            let course = try await faculty.faculty.create(name: hostile, description: "\u{9B}31mred")

            let email = uniqueEmail("cli")
            _ = try await CLITests.examprep(
                ["register", "--email", email, "--role", "student"], input: password + "\n", server: server.baseURL, configFolder: folder)
            _ = try await CLITests.examprep(
                ["login", "--email", email], input: password + "\n", server: server.baseURL, configFolder: folder)
            let enrolled = try await CLITests.examprep(["enroll", course.courseCode], server: server.baseURL, configFolder: folder)
            let listed = try await CLITests.examprep(["courses", "list"], server: server.baseURL, configFolder: folder)
            for run in [enrolled, listed] {
                #expect(run.status == 0, "\(run.stderr)")
                #expect(run.stdout.contains("Evil]0;pwned[2JCourse"), "\(run.stdout)")
                let controls = run.stdout.unicodeScalars.filter {
                    ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) || $0.value == 0x202E
                }
                #expect(controls.isEmpty, "\(controls.map(\.value))")
            }
            // --json keeps the text as it is, escaped as JSON escapes it.
            let json = try await CLITests.examprep(["courses", "list", "--json"], server: server.baseURL, configFolder: folder)
            let courses = try ExamPrepJSON.makeDecoder().decode([EnrolledCourse].self, from: Data(json.stdout.utf8))
            #expect(courses.first?.name == hostile)
        }
    }
}

/// A TCP port that listens and never answers, to see whether anything connects to it.
private final class SilentListener {
    let descriptor: Int32
    let port: Int

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(descriptor, 8) == 0 else { throw POSIXError(.EADDRINUSE) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        self.descriptor = descriptor
        self.port = Int(UInt16(bigEndian: address.sin_port))
    }

    /// Whether a connection is waiting to be accepted.
    var wasContacted: Bool {
        let connection = accept(descriptor, nil, nil)
        guard connection >= 0 else { return false }
        close(connection)
        return true
    }

    deinit { close(descriptor) }
}
