import ExamPrepShared
import Foundation
import HTTPTypes
import NIOCore

/// A browser as the page tests need one: it keeps the cookies the server sets, reads the CSRF
/// token out of the last page, and posts forms as a browser does (same-origin, form-encoded).
struct TestBrowser {
    let server: TestServer
    var cookies: [String: String] = [:]
    /// The last page's HTML.
    var page = ""
    var userAgent = "Mozilla/5.0 (X11; Linux x86_64) TestBrowser"

    init(_ server: TestServer) { self.server = server }

    /// The `Set-Cookie` lines of the last reply.
    var lastSetCookies: [String] = []

    @discardableResult
    mutating func get(_ path: String, headers: HTTPFields = [:]) async throws -> TestReply {
        try await send(.get, path, headers: headers)
    }

    /// Posts `fields` (with the page's CSRF token unless `csrf` says otherwise).
    @discardableResult
    mutating func post(_ path: String, _ fields: [(String, String)], csrf: String? = nil, headers: HTTPFields = [:]) async throws
        -> TestReply
    {
        var all = fields
        if let token = csrf ?? csrfToken { all.insert(("csrf", token), at: 0) }
        var headers = headers
        if headers[.contentType] == nil { headers[.contentType] = "application/x-www-form-urlencoded" }
        if headers[HTTPField.Name("Sec-Fetch-Site")!] == nil { headers[HTTPField.Name("Sec-Fetch-Site")!] = "same-origin" }
        return try await send(.post, path, headers: headers, body: ByteBuffer(string: Self.encode(all)))
    }

    /// Posts `fields` as `multipart/form-data`, as a form with a file input does (`file` is
    /// (field name, file name, content)); with the page's CSRF token unless `csrf` says otherwise.
    @discardableResult
    mutating func upload(_ path: String, _ fields: [(String, String)], file: (String, String, String)? = nil, csrf: String? = nil)
        async throws -> TestReply
    {
        let boundary = "----TestBrowser\(UUID().uuidString.prefix(12))"
        var body = ""
        var all = fields
        if let token = csrf ?? csrfToken { all.insert(("csrf", token), at: 0) }
        for (name, value) in all {
            body += "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n"
        }
        if let (name, filename, content) = file {
            body += "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"; filename=\"\(filename)\"\r\n"
            body += "Content-Type: text/plain\r\n\r\n\(content)\r\n"
        }
        body += "--\(boundary)--\r\n"
        let headers: HTTPFields = [
            .contentType: "multipart/form-data; boundary=\(boundary)", HTTPField.Name("Sec-Fetch-Site")!: "same-origin",
        ]
        return try await send(.post, path, headers: headers, body: ByteBuffer(string: body))
    }

    @discardableResult
    mutating func send(_ method: HTTPRequest.Method, _ path: String, headers: HTTPFields = [:], body: ByteBuffer? = nil) async throws
        -> TestReply
    {
        var headers = headers
        if !cookies.isEmpty { headers[.cookie] = cookies.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: "; ") }
        if headers[.userAgent] == nil { headers[.userAgent] = userAgent }
        let reply = try await server.send(method, path, headers: headers, body: body)
        lastSetCookies = reply.headers[values: .setCookie]
        for line in lastSetCookies {
            let pair = line.split(separator: ";").first ?? ""
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2 else { continue }
            if line.contains("Max-Age=0") { cookies[String(parts[0])] = nil } else { cookies[String(parts[0])] = String(parts[1]) }
        }
        if reply.headers[.contentType]?.hasPrefix("text/html") == true { page = reply.text }
        return reply
    }

    /// Follows a 303 to its page.
    @discardableResult
    mutating func follow(_ reply: TestReply) async throws -> TestReply {
        guard reply.status == .seeOther, let location = reply.headers[.location] else { return reply }
        return try await get(location)
    }

    /// The CSRF token of the last page's forms.
    var csrfToken: String? { Self.value(of: "csrf", in: page) }

    /// The `value` of the first input named `name` in `html`.
    static func value(of name: String, in html: String) -> String? {
        guard let range = html.range(of: "name=\"\(name)\" value=\"") else { return nil }
        let rest = html[range.upperBound...]
        return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
    }

    /// Signs up a student through the pages (`/register`), signed in afterwards.
    mutating func registerStudent(_ email: String, password: String = "correct horse battery") async throws {
        try await get("/register")
        let reply = try await post("/register", [("email", email), ("password", password)])
        try await follow(reply.expect(.seeOther))
    }

    static func encode(_ fields: [(String, String)]) -> String {
        let allowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        return fields.map { name, value in
            (name.addingPercentEncoding(withAllowedCharacters: allowed) ?? "") + "="
                + (value.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")
        }.joined(separator: "&")
    }
}
