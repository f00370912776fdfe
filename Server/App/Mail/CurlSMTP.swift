import CCurl
import Foundation
import NIOPosix

/// Sends mail through libcurl's SMTP client (`SMTP_URL`, `MAIL_FROM`). libcurl speaks SMTP
/// with AUTH, STARTTLS and implicit TLS, checks the server's certificate, and dot-stuffs the
/// body; we only build the message. Each delivery is one blocking `curl_easy_perform`, run on
/// NIO's thread pool, never on the cooperative pool or an event loop.
///
/// `smtp://` requires STARTTLS (the password and the links never cross the network in clear),
/// except to a server on this machine (loopback), where TLS is used if offered; `smtps://`
/// is TLS from the start.
struct CurlSMTP: MailTransport {
    /// The server's URL without its user and password (`smtp://host:587`).
    let serverURL: String
    let user: String?
    let password: String?
    let from: String
    let requiresTLS: Bool

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    init(url: URL, from: String) {
        var components = URLComponents(url: url, resolvingAgainstBaseURL: false) ?? URLComponents()
        user = components.user.flatMap { $0.removingPercentEncoding ?? $0 }
        password = components.password.flatMap { $0.removingPercentEncoding ?? $0 }
        components.user = nil
        components.password = nil
        serverURL = components.string ?? ""
        self.from = from
        let host = (url.host ?? "").lowercased()
        requiresTLS = !["localhost", "127.0.0.1", "::1", "[::1]"].contains(host)
    }

    func deliver(_ message: MailMessage) async throws {
        guard !message.to.contains(where: \.isNewline), !from.contains(where: \.isNewline) else {
            throw Failure(description: "an address holds a line break")
        }
        let payload = Self.render(message, from: from, date: Date())
        let transport = self
        try await NIOThreadPool.singleton.runIfActive { try transport.perform(payload: payload, to: message.to) }
    }

    /// The message as RFC 5322 text with CRLF line ends: plain UTF-8 text.
    static func render(_ message: MailMessage, from: String, date: Date) -> [UInt8] {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss '+0000'"
        let domain = from.split(separator: "@").last.map(String.init) ?? "localhost"
        let headers = [
            "From: <\(from)>", "To: <\(message.to)>", "Subject: \(encodedWords(message.subject))", "Date: \(formatter.string(from: date))",
            "Message-ID: <\(UUID().uuidString.lowercased())@\(domain)>", "MIME-Version: 1.0",
            "Content-Type: text/plain; charset=utf-8", "Content-Transfer-Encoding: 8bit",
        ]
        let body = message.text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\r\n")
        return Array((headers.joined(separator: "\r\n") + "\r\n\r\n" + body + "\r\n").utf8)
    }

    /// A header's text as RFC 2047 encoded words when it is not plain printable ASCII (a course's
    /// name in Polish), at most 75 characters each, folded onto lines of their own; line breaks
    /// are spaces, so no text a user typed can start a header of its own.
    static func encodedWords(_ text: String) -> String {
        let flat = String(text.map { $0.isNewline ? " " : $0 })
        guard !flat.unicodeScalars.allSatisfy({ $0.isASCII && $0.value >= 0x20 && $0.value < 0x7F }) else { return flat }
        // 45 bytes are 60 base64 characters: with "=?UTF-8?B?" and "?=", 72. A character's
        // bytes stay in one word.
        var words: [String] = []
        var chunk: [UInt8] = []
        for character in flat {
            let bytes = Array(String(character).utf8)
            if chunk.count + bytes.count > 45, !chunk.isEmpty {
                words.append("=?UTF-8?B?" + Data(chunk).base64EncodedString() + "?=")
                chunk = []
            }
            chunk += bytes
        }
        if !chunk.isEmpty { words.append("=?UTF-8?B?" + Data(chunk).base64EncodedString() + "?=") }
        return words.joined(separator: "\r\n ")
    }

    /// One SMTP session that sends `payload` to `recipient` (blocking).
    private func perform(payload: [UInt8], to recipient: String) throws {
        guard let curl = curl_easy_init() else { throw Failure(description: "libcurl could not start") }
        defer { curl_easy_cleanup(curl) }
        let recipients = curl_slist_append(nil, "<\(recipient)>")
        defer { curl_slist_free_all(recipients) }
        let reader = PayloadReader(payload)
        let context = Unmanaged.passRetained(reader)
        defer { context.release() }

        var codes = [
            examprep_curl_set_string(curl, CURLOPT_URL, serverURL),
            examprep_curl_set_string(curl, CURLOPT_MAIL_FROM, "<\(from)>"),
            examprep_curl_set_pointer(curl, CURLOPT_MAIL_RCPT, recipients.map(UnsafeMutableRawPointer.init)),
            examprep_curl_set_long(curl, CURLOPT_USE_SSL, Int(requiresTLS ? CURLUSESSL_ALL.rawValue : CURLUSESSL_TRY.rawValue)),
            examprep_curl_set_long(curl, CURLOPT_UPLOAD, 1),
            examprep_curl_set_read_function(curl) { buffer, size, count, context in
                PayloadReader.read(into: buffer, size: size, count: count, context: context)
            },
            examprep_curl_set_pointer(curl, CURLOPT_READDATA, context.toOpaque()),
            examprep_curl_set_long(curl, CURLOPT_NOSIGNAL, 1),
            examprep_curl_set_long(curl, CURLOPT_CONNECTTIMEOUT, 10),
            examprep_curl_set_long(curl, CURLOPT_TIMEOUT, 60),
        ]
        if let user { codes.append(examprep_curl_set_string(curl, CURLOPT_USERNAME, user)) }
        if let password { codes.append(examprep_curl_set_string(curl, CURLOPT_PASSWORD, password)) }
        if let failed = codes.first(where: { $0 != CURLE_OK }) { throw Failure(description: Self.text(failed)) }
        let code = curl_easy_perform(curl)
        guard code == CURLE_OK else { throw Failure(description: Self.text(code)) }
    }

    private static func text(_ code: CURLcode) -> String {
        curl_easy_strerror(code).map { String(cString: $0) } ?? "libcurl error \(code.rawValue)"
    }
}

/// The message handed to libcurl piece by piece. Touched only by the one thread that runs
/// `curl_easy_perform`, while that call lasts.
private final class PayloadReader: @unchecked Sendable {
    let bytes: [UInt8]
    var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// libcurl's read callback: copies the next piece into `buffer`; 0 at the end.
    static func read(into buffer: UnsafeMutablePointer<CChar>?, size: Int, count: Int, context: UnsafeMutableRawPointer?) -> Int {
        guard let buffer, let context else { return 0 }
        let reader = Unmanaged<PayloadReader>.fromOpaque(context).takeUnretainedValue()
        let length = min(size * count, reader.bytes.count - reader.offset)
        guard length > 0 else { return 0 }
        reader.bytes.withUnsafeBufferPointer { source in
            guard let base = source.baseAddress else { return }
            UnsafeMutableRawPointer(buffer).copyMemory(from: base + reader.offset, byteCount: length)
        }
        reader.offset += length
        return length
    }
}
