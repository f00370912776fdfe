import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A TCP connection to the test server that sends exactly the bytes a test gives it, as a
/// misbehaving client would (half a request, a head without its body). Blocking socket calls
/// run on a thread of their own, never on the test's.
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
        guard connected == 0 else {
            close(descriptor)
            throw Failure("connect: \(String(cString: strerror(errno)))")
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
    func readUntilClosed(limit: Int = 1 << 20) async -> String {
        let descriptor = descriptor
        return await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                var received: [UInt8] = []
                var buffer = [UInt8](repeating: 0, count: 4096)
                while received.count < limit {
                    let count = recv(descriptor, &buffer, buffer.count, 0)
                    if count <= 0 { break }
                    received += buffer[0..<count]
                }
                continuation.resume(returning: String(decoding: received, as: UTF8.self))
            }
        }
    }

    /// The first answer's head (up to the blank line), without waiting for the connection to close.
    func readHead() async -> String {
        let descriptor = descriptor
        return await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                var received: [UInt8] = []
                var byte: UInt8 = 0
                while recv(descriptor, &byte, 1, 0) == 1 {
                    received.append(byte)
                    if received.suffix(4) == [13, 10, 13, 10] { break }
                }
                continuation.resume(returning: String(decoding: received, as: UTF8.self))
            }
        }
    }
}
