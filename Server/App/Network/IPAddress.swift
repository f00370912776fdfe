#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// An IPv4 or IPv6 address as bytes (4 or 16). An IPv4-mapped IPv6 address
/// (`::ffff:192.0.2.1`, as dual-stack sockets report IPv4 peers) is read as the IPv4 address.
struct IPAddress: Sendable, Hashable, CustomStringConvertible {
    let bytes: [UInt8]

    fileprivate init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    init?(_ text: some StringProtocol) {
        let text = String(text)
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            bytes = withUnsafeBytes(of: &v4) { Array($0) }
            return
        }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, text, &v6) == 1 else { return nil }
        let raw = withUnsafeBytes(of: &v6) { Array($0) }
        if raw.prefix(10).allSatisfy({ $0 == 0 }) && raw[10] == 0xff && raw[11] == 0xff {
            bytes = Array(raw.suffix(4))
        } else {
            bytes = raw
        }
    }

    var description: String {
        if bytes.count == 4 { return bytes.map(String.init).joined(separator: ".") }
        var groups: [String] = []
        for index in stride(from: 0, to: 16, by: 2) {
            groups.append(String(UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1]), radix: 16))
        }
        return groups.joined(separator: ":")
    }
}

/// A block of addresses such as `10.0.0.0/8`, `fd00::/8` or a single `192.0.2.7`.
struct AddressBlock: Sendable, Hashable, CustomStringConvertible {
    let network: IPAddress
    let prefixLength: Int

    init?(_ text: some StringProtocol) {
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard let address = IPAddress(parts[0]) else { return nil }
        let bits = address.bytes.count * 8
        if parts.count == 2 {
            guard let length = Int(parts[1]), (0...bits).contains(length) else { return nil }
            prefixLength = length
        } else {
            prefixLength = bits
        }
        network = address
    }

    /// The block of `prefixLength` bits around `address` (its host bits cleared).
    init(network address: IPAddress, prefixLength: Int) {
        let length = max(0, min(prefixLength, address.bytes.count * 8))
        var remaining = length
        let masked = address.bytes.map { byte -> UInt8 in
            defer { remaining = max(0, remaining - 8) }
            return remaining >= 8 ? byte : byte & ~(0xff >> UInt8(remaining))
        }
        self.network = IPAddress(bytes: masked)
        self.prefixLength = length
    }

    func contains(_ address: IPAddress) -> Bool {
        guard address.bytes.count == network.bytes.count else { return false }
        var remaining = prefixLength
        for (mine, theirs) in zip(network.bytes, address.bytes) where remaining > 0 {
            let mask: UInt8 = remaining >= 8 ? 0xff : ~(0xff >> UInt8(remaining))
            if mine & mask != theirs & mask { return false }
            remaining -= 8
        }
        return true
    }

    var description: String { "\(network)/\(prefixLength)" }
}
