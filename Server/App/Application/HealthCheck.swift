import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// `examprep-server healthcheck`: asks the running server's `GET /ready` over loopback and
/// says whether it answered 200 within the timeout. For a container's HEALTHCHECK, whose
/// image has no curl: one plain HTTP/1.1 request on a socket, nothing else. It blocks its
/// thread (the command's main thread) for at most `timeout`.
public enum HealthCheck {
    public enum Outcome: Sendable, Equatable {
        case ready
        /// The server answered with another status (503 while PostgreSQL is unreachable).
        case notReady(status: Int)
        case unreachable(String)
    }

    /// The address to ask for a server listening on `host`: loopback for the wildcard.
    public static func targetHost(forListening host: String) -> String {
        switch host {
        case "", "0.0.0.0": "127.0.0.1"
        case "::", "[::]": "::1"
        default: host
        }
    }

    public static func check(host: String, port: Int, timeout: Duration = .seconds(2)) -> Outcome {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var found: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &found) == 0, let address = found else {
            return .unreachable("cannot resolve \(host)")
        }
        defer { freeaddrinfo(found) }
        let descriptor = socket(address.pointee.ai_family, address.pointee.ai_socktype, address.pointee.ai_protocol)
        guard descriptor >= 0 else { return .unreachable("socket: \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        var limit = timeval(tv_sec: Int(timeout.components.seconds), tv_usec: Int(timeout.components.attoseconds / 1_000_000_000_000))
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        guard connect(descriptor, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0 else {
            return .unreachable("cannot connect to \(host):\(port): \(String(cString: strerror(errno)))")
        }
        let request = Array("GET /ready HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n".utf8)
        guard request.withUnsafeBytes({ send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) == request.count else {
            return .unreachable("cannot send: \(String(cString: strerror(errno)))")
        }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 256)
        while !received.contains(UInt8(ascii: "\n")) {
            let count = recv(descriptor, &buffer, buffer.count, 0)
            guard count > 0 else { return .unreachable(count == 0 ? "the server closed the connection" : "no answer within \(timeout)") }
            received += buffer[0..<count]
        }
        // "HTTP/1.1 200 OK"
        let statusLine = String(decoding: received.prefix { $0 != UInt8(ascii: "\r") && $0 != UInt8(ascii: "\n") }, as: UTF8.self)
        let parts = statusLine.split(separator: " ")
        guard parts.count >= 2, let status = Int(parts[1]) else { return .unreachable("not an HTTP answer: \(statusLine)") }
        return status == 200 ? .ready : .notReady(status: status)
    }
}
