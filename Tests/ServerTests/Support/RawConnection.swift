import ExamPrepTestSupport
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A TCP connection to the test server that sends exactly the bytes a test gives it, as a
/// misbehaving client would (half a request, a head without its body). The socket does not
/// block: reads poll it from the test's task, so they end when the test is cancelled
/// (`CancellationError`) or at their deadline (`WaitTimedOut`).
final class RawConnection: Sendable {
    let descriptor: Int32

    init(port: Int) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure("socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0, fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw Failure("connect: \(reason)")
        }
    }

    deinit { close(descriptor) }

    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// Ends the connection as a client that goes away does (the descriptor is closed in deinit).
    func hangUp() {
        shutdown(descriptor, Int32(SHUT_RDWR))
    }

    func send(_ text: String) throws {
        let bytes = Array(text.utf8)
        let sent = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        guard sent == bytes.count else { throw Failure("send: \(String(cString: strerror(errno)))") }
    }

    /// Everything the server sends until it closes the connection (or `limit` bytes).
    func readUntilClosed(limit: Int = 1 << 20, within timeout: Duration = defaultWaitLimit) async throws -> String {
        var received: [UInt8] = []
        try await read(within: timeout, "the server to close the connection") { chunk in
            received += chunk
            return received.count >= limit
        }
        return String(decoding: received, as: UTF8.self)
    }

    /// The first answer's head (up to the blank line), without waiting for the connection to
    /// close; what arrived when the server closed the connection before a whole head.
    func readHead(within timeout: Duration = defaultWaitLimit) async throws -> String {
        var received: [UInt8] = []
        try await read(within: timeout, "the head of an answer", bytesAtATime: 1) { byte in
            received += byte
            return received.suffix(4) == [13, 10, 13, 10]
        }
        return String(decoding: received, as: UTF8.self)
    }

    /// Hands what arrives to `consume` until it returns true or the server closes the connection.
    private func read(
        within timeout: Duration, _ what: String, bytesAtATime size: Int = 4096, _ consume: ([UInt8]) -> Bool
    ) async throws {
        let deadline = ContinuousClock.now + timeout
        var buffer = [UInt8](repeating: 0, count: size)
        while true {
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count > 0 {
                if consume(Array(buffer[0..<count])) { return }
            } else if count == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
                return  // closed (or reset) by the server
            } else {
                guard ContinuousClock.now < deadline else { throw WaitTimedOut(what, after: timeout) }
                try await Task.sleep(for: .milliseconds(2))
            }
        }
    }
}
