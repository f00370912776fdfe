import ExamPrepClient
import ExamPrepServer
import ExamPrepServerTestSupport
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One sign-in for an app, its web views and the terminal (issue 38), through the real client
/// and the real `examprep` against the real server over HTTP.
@Suite("End to end: one sign-in across app, web views and terminal", .hangGuard)
struct HybridAppTests {
    @Test("the client's cookies open the pages as its own session, one session listed; its sign-out closes them")
    func webViewCookies() async throws {
        try await EndToEnd.run { server in
            let app = server.makeClient()
            let email = uniqueEmail("hybrid")
            try await app.account.signUp(email, role: .student)
            let cookies = try await app.account.webSessionCookies()
            let cookie = try #require(cookies.first)
            #expect(cookies.count == 1 && cookie.name == "examprep_session" && cookie.isHTTPOnly && cookie.path == "/")
            #expect(cookie.domain == "127.0.0.1" && !cookie.isSecure)
            #expect(try await app.account.loadSessions().count == 1)

            let page = try await server.page("/courses", cookies: cookies)
            #expect(page.status == .ok && page.text.contains(email))

            try await app.account.logout()
            let webView = try await server.page("/courses", cookies: cookies, userAgent: "ExamPrep iOS (Turbo Native)")
            #expect(webView.status == .unauthorized)
            #expect(webView.text.contains("\"error\":\"unauthorized\"") || webView.text.contains("\"error\" : \"unauthorized\""))
            let browser = try await server.page("/courses", cookies: cookies)
            #expect(browser.status == .seeOther && browser.headers[.location] == "/login?next=/courses")
        }
    }

    @Test("examprep open --print makes a link that signs a browser in once; without --print it goes to xdg-open")
    func openFromTheTerminal() async throws {
        try await EndToEnd.run { server in
            let folder = FileManager.default.temporaryDirectory.appending(path: "examprep-open-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let email = uniqueEmail("open")
            try await server.makeClient().account.register(email: email, password: password, role: .student)
            func cli(_ arguments: [String], path: String = "/usr/bin:/bin", input: String = "") async throws -> CLITests.Run {
                try await CLITests.run(
                    try CLITests.binary(), arguments + ["--server", server.baseURL.absoluteString],
                    environment: ["EXAMPREP_CONFIG_DIR": folder.appending(path: "config").path, "PATH": path], input: input)
            }
            #expect(try await cli(["login", "--email", email], input: password + "\n").status == 0)

            let printed = try await cli(["open", "--print", "/grades"])
            #expect(printed.status == 0, "\(printed.stderr)")
            let url = printed.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(url.hasPrefix(server.baseURL.absoluteString + "/sign-in/") && url.hasSuffix("?next=/grades"))
            let landed = try await server.page(url)
            #expect(landed.status == .seeOther && landed.headers[.location] == "/grades")
            let session = try #require(landed.headers[values: .setCookie].first { $0.hasPrefix("examprep_session=") })
            let grades = try await server.page("/grades", cookie: String(session.split(separator: ";")[0]))
            #expect(grades.status == .ok && grades.text.contains(email))
            #expect(try await server.page(url).status == .gone)

            // The system's opener gets the link as its one argument.
            let bin = folder.appending(path: "bin")
            try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
            let opener = bin.appending(path: "xdg-open")
            try "#!/bin/sh\nprintf '%s' \"$*\" > \"\(folder.path)/opened\"\n".write(to: opener, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: opener.path)
            let opened = try await cli(["open"], path: bin.path)
            #expect(opened.status == 0 && opened.stdout.isEmpty, "\(opened.stderr)")
            let handed = try String(contentsOf: folder.appending(path: "opened"), encoding: .utf8)
            #expect(handed.hasPrefix(server.baseURL.absoluteString + "/sign-in/"))
            #expect(try await server.page(handed).headers[.location] == "/courses")

            // Without an opener the link is printed, with the reason.
            let unopened = try await cli(["open"], path: folder.appending(path: "nowhere").path)
            #expect(unopened.status == 0 && unopened.stderr.contains("xdg-open was not found"))
            #expect(unopened.stdout.contains("/sign-in/"))
            #expect(try await cli(["open", "https://evil.example/"]).status != 0)
        }
    }
}

extension EndToEnd {
    struct PageReply: Sendable {
        var status: HTTPTypes.HTTPResponse.Status
        var headers: HTTPFields
        var text: String
    }

    /// `GET` of a page (a path, or a whole URL of this server) over real HTTP, with `cookies` as a
    /// web view would send them; redirects are not followed.
    func page(_ target: String, cookies: [HTTPCookie] = [], cookie: String? = nil, userAgent: String = "Mozilla/5.0 (WebView)")
        async throws -> PageReply
    {
        var headers: HTTPFields = [.userAgent: userAgent]
        if let line = cookie ?? HTTPCookie.requestHeaderFields(with: cookies)["Cookie"] { headers[.cookie] = line }
        let path = target.hasPrefix("/") ? target : String(target.dropFirst(baseURL.absoluteString.count))
        let response = try await client.execute(uri: path, method: .get, headers: headers, body: nil)
        return PageReply(status: response.status, headers: response.headers, text: String(buffer: response.body))
    }
}
