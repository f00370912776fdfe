import ExamPrepClient
import ExamPrepServer
import ExamPrepServerTestSupport
import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing

/// `examprep login --browser` end to end (RFC 8252): the built CLI listens on a loopback port
/// and prints the sign-in page's address; a browser (played here over real HTTP, with its
/// cookies) signs in with the school's button at the tests' OpenID provider and is sent back to
/// the CLI's loopback address, which spends the code with its PKCE verifier; the CLI is then
/// signed in as the class list's student.
@Suite("examprep login --browser", .hangGuard)
struct BrowserLoginCLITests {
    @Test func theCLISignsInThroughTheBrowserAndTheSchoolButton() async throws {
        try await TestOpenIDProvider.with { provider in
            try await EndToEnd.run(configure: { $0.schoolSignIn = provider.settings() }) { e2e in
                let email = "pupil-\(UUID().uuidString.prefix(8).lowercased())@school.example"
                let teacher = e2e.makeClient()
                let teacherEmail = uniqueEmail("teacher")
                try await teacher.account.register(email: teacherEmail, password: password, role: .faculty)
                try await teacher.account.login(email: teacherEmail, password: password)
                let course = try await teacher.faculty.create(name: "Biology", description: "Cells")
                _ = try await teacher.faculty.importClassList("email\n\(email)\n", courseId: try #require(course.id))
                try await provider.signIn(subject: "cli-pupil", email: email)

                let scratch = try scratchFolder("browser-login")
                defer { try? FileManager.default.removeItem(at: scratch) }
                let person = CLIPerson(folder: scratch.appending(path: "cli"), server: e2e.baseURL)
                let output = scratch.appending(path: "stderr")
                _ = FileManager.default.createFile(atPath: output.path, contents: nil)
                let process = try TestProcess.launch(
                    try CLITests.binary(), arguments: ["login", "--browser", "--print", "--server", e2e.baseURL.absoluteString],
                    environment: person.environment, input: .null, output: .file(try FileHandle(forWritingTo: output)),
                    error: .file(try FileHandle(forWritingTo: output)))
                defer { if process.isRunning { process.terminate() } }

                var address: String?
                try await eventually("the CLI to print the sign-in page's address") {
                    let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
                    address = text.split(whereSeparator: \.isNewline).map(String.init).first { $0.contains(AppSignIn.startPath) }
                    return address != nil
                }
                let printedAddress = try #require(address)
                let start = try #require(URLComponents(string: printedAddress))
                let redirect = try #require(start.queryItems?.first { $0.name == AppSignIn.redirectURIItem }?.value)
                #expect(redirect.hasPrefix("http://127.0.0.1:") && redirect.hasSuffix("/callback"))

                // The browser: the app's page, the sign-in page's school button, the provider, back.
                var browser = HTTPBrowser(port: try #require(e2e.baseURL.port))
                let login = try await browser.get(start.path + "?" + (start.percentEncodedQuery ?? ""))
                #expect(login.status == .seeOther)
                let loginPage = try await browser.get(try #require(login.headers[.location]))
                let button = try #require(
                    loginPage.text.range(of: "href=\"/auth/oidc/start?next=").map { range in
                        String(loginPage.text[range.lowerBound...].dropFirst(6).prefix { $0 != "\"" })
                    })
                let toProvider = try await browser.get(button)
                let callback = try await provider.authorize(try #require(toProvider.headers[.location]))
                let signedIn = try await browser.get(
                    try #require(URLComponents(string: callback)).path + "?" + (URLComponents(string: callback)?.percentEncodedQuery ?? ""))
                #expect(signedIn.status == .seeOther)
                let toApp = try await browser.get(try #require(signedIn.headers[.location]))
                let toLoopback = try #require(toApp.headers[.location])
                let loopback = try #require(URLComponents(string: toLoopback))
                #expect(loopback.port.map { redirect.contains(":\($0)/") } == true)
                var app = HTTPBrowser(port: try #require(loopback.port))
                let page = try await app.get(loopback.path + "?" + (loopback.percentEncodedQuery ?? ""))
                #expect(page.status == .ok && page.text.contains("Signed in"))

                try await eventually("the CLI to finish") { !process.isRunning }
                let printed = try String(contentsOf: output, encoding: .utf8)
                #expect(process.terminationStatus == 0, "\(printed)")
                #expect(printed.contains("Signed in as \(email) (student)."))
                let whoami = try await person.run("whoami")
                #expect(whoami.stdout.contains(email))
            }
        }
    }

    @Test func loginAsksForAnEmailOrTheBrowser() async throws {
        let scratch = try scratchFolder("browser-login-usage")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let run = try await CLITests.examprep(["login"], server: URL(string: "http://127.0.0.1:9")!, configFolder: scratch)
        #expect(run.status != 0 && run.stderr.contains("--browser"))
    }
}

/// A browser as these tests need one: real HTTP to one port, its cookies kept, no redirect followed.
struct HTTPBrowser {
    let port: Int
    var cookies: [String: String] = [:]

    struct Reply {
        var status: HTTPTypes.HTTPResponse.Status
        var headers: HTTPFields
        var text: String
    }

    mutating func get(_ path: String) async throws -> Reply {
        var headers: HTTPFields = [.userAgent: "Mozilla/5.0 HTTPBrowser"]
        if !cookies.isEmpty { headers[.cookie] = cookies.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: "; ") }
        let request = TestClient.Request(path, method: .get, authority: "127.0.0.1:\(port)", headers: headers, body: nil)
        let response = try await TestClient.withClient(host: "127.0.0.1", port: port) { client in try await client.execute(request) }
        for line in response.headers[values: .setCookie] {
            let pair = line.split(separator: ";").first ?? ""
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2 else { continue }
            cookies[String(parts[0])] = line.contains("Max-Age=0") ? nil : String(parts[1])
        }
        return Reply(status: response.status, headers: response.headers, text: String(buffer: response.body ?? ByteBuffer()))
    }
}
