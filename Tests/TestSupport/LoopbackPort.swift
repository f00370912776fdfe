import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Ports for the servers the tests start (an SMTP sink, an OpenID provider): on loopback unless
/// another IPv4 address of this machine is named.
public enum LoopbackPort {
    /// A port of `host` nobody listens on right now.
    public static func free(on host: String = "127.0.0.1") -> Int? {
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
