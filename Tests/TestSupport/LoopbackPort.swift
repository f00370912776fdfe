import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Ports for the servers the tests start (an SMTP sink, an OpenID provider): on loopback unless
/// another IPv4 address of this machine is named.
public enum LoopbackPort {
    /// Ports `free` has handed out in this test process.
    private static let handedOut = Mutex<Set<Int>>([])

    /// A port of `host` nobody listens on right now, and that `free` never handed out before in
    /// this process: the kernel may give a port it just gave to a test whose helper has not
    /// bound it yet, and two helpers on one port each find the other's listening (a reset mail
    /// went to another test's OpenID provider, whose test then found its provider gone).
    public static func free(on host: String = "127.0.0.1") -> Int? {
        for _ in 0..<64 {
            guard let port = unbound(on: host) else { return nil }
            if handedOut.withLock({ $0.insert(port).inserted }) { return port }
        }
        return nil
    }

    /// A port of `host` the kernel chooses as unbound right now.
    private static func unbound(on host: String) -> Int? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var address = ipv4(host, port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        return bound ? Int(UInt16(bigEndian: address.sin_port)) : nil
    }

    /// Whether something accepts connections on `port` of `host`.
    public static func accepts(_ port: Int, on host: String = "127.0.0.1") -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = ipv4(host, port: port)
        return withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }

    /// `host` as an IPv4 socket address (loopback when it is not one).
    public static func ipv4(_ host: String, port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        if inet_pton(AF_INET, host, &address.sin_addr) != 1 { address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian }
        return address
    }
}
