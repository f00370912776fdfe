import ExamPrepShared
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The app's end of a browser sign-in (RFC 8252 §7.3): a listener on 127.0.0.1 at a port the
/// system picks, which waits for the browser to come back to `/callback` with the `state` it
/// was given and answers it with a short page. Requests for anything else, or with another
/// state, are answered 404/400 and the wait goes on. Blocking socket calls run on a thread of
/// their own, never on Swift's cooperative pool.
final class LoopbackReceiver: @unchecked Sendable {
    // `@unchecked`: `listener` is set once in `init` and only read (and closed once, by the
    // waiting thread) afterwards.
    private let listener: Int32
    let port: Int

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// What the browser brought back.
    enum Answer: Sendable, Equatable {
        case code(String)
        case refused(String)
    }

    init() throws {
        #if os(Linux)
            let stream = Int32(SOCK_STREAM.rawValue)
        #else
            let stream = SOCK_STREAM
        #endif
        let descriptor = socket(AF_INET, stream, 0)
        guard descriptor >= 0 else { throw Failure(description: CLILanguage.text("cli-account.loopback.no-socket")) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && listen(descriptor, 8) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard bound else {
            close(descriptor)
            throw Failure(description: CLILanguage.text("cli-account.loopback.no-listen"))
        }
        listener = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    var redirectURI: String { "http://127.0.0.1:\(port)/callback" }

    /// Waits (at most `seconds`) for the browser's `/callback` with `state`.
    func wait(state: String, seconds: Int) async throws -> Answer {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread { [self] in
                defer { close(listener) }
                continuation.resume(
                    with: Result { try self.receive(state: state, until: Date().addingTimeInterval(TimeInterval(seconds))) })
            }
            thread.start()
        }
    }

    private func receive(state: String, until deadline: Date) throws -> Answer {
        while true {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { throw Failure(description: CLILanguage.text("cli-account.loopback.too-late")) }
            var watched = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&watched, 1, Int32(min(left, 1) * 1000)) > 0 else { continue }
            let client = accept(listener, nil, nil)
            guard client >= 0 else { continue }
            defer { close(client) }
            var timeout = timeval(tv_sec: 5, tv_usec: 0)
            setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            guard let target = Self.requestTarget(client), let url = URLComponents(string: "http://127.0.0.1" + target),
                url.path == "/callback"
            else {
                Self.reply(client, status: "404 Not Found", text: CLILanguage.text("cli-account.loopback.not-found"))
                continue
            }
            let items = url.queryItems ?? []
            let value = { (name: String) in items.first { $0.name == name }?.value }
            guard value("state") == state else {
                Self.reply(client, status: "400 Bad Request", text: CLILanguage.text("cli-account.loopback.foreign"))
                continue
            }
            if let code = value("code"), !code.isEmpty {
                Self.reply(client, status: "200 OK", text: CLILanguage.text("cli-account.loopback.done"))
                return .code(code)
            }
            Self.reply(client, status: "400 Bad Request", text: CLILanguage.text("cli-account.loopback.unfinished"))
            return .refused(value("error") ?? CLILanguage.text("cli-account.loopback.no-code"))
        }
    }

    /// The target of the request line ("/callback?code=…"), read up to the first line's end.
    private static func requestTarget(_ client: Int32) -> String? {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1024)
        while bytes.count < 8192, !bytes.contains(UInt8(ascii: "\n")) {
            let count = read(client, &buffer, buffer.count)
            guard count > 0 else { break }
            bytes += buffer[0..<count]
        }
        guard let line = String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline).first else { return nil }
        let parts = line.split(separator: " ")
        guard parts.count == 3, parts[0] == "GET" else { return nil }
        return String(parts[1])
    }

    private static func reply(_ client: Int32, status: String, text: String) {
        let body = "<!doctype html><html lang=\"\(CLILanguage.current.rawValue)\"><title>ExamPrep</title><p>\(text)</p></html>"
        let response =
            "HTTP/1.1 \(status)\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: \(body.utf8.count)\r\n"
            + "Connection: close\r\nCache-Control: no-store\r\n\r\n\(body)"
        _ = response.utf8CString.withUnsafeBufferPointer { write(client, $0.baseAddress, $0.count - 1) }
    }
}
