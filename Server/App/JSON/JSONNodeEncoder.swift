import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// An `Encoder` that builds a `JSONNode` tree. With `JSONNodeWriter` it is how the server
/// writes its responses: the same bytes as `ExamPrepJSON.makeEncoder()` (sorted keys,
/// unescaped slashes, ISO 8601 dates, base64 data), for a fraction of the CPU time (the
/// Foundation encoder was a fifth of a protected request's cost). `ResponseJSONTests`
/// holds the two to the same output.
final class JSONNodeEncoder: Encoder {
    /// The value encoded so far; nil until something is encoded (then `{}` is written).
    var node: JSONNode?
    private let parent: JSONNodeEncoder?
    private let key: (any CodingKey)?

    init(parent: JSONNodeEncoder? = nil, key: (any CodingKey)? = nil) {
        self.parent = parent
        self.key = key
    }

    /// Encodes `value` to UTF-8 JSON.
    static func encode(_ value: some Encodable) throws -> [UInt8] {
        let encoder = JSONNodeEncoder()
        let node = try encoder.box(value, key: nil)
        var writer = JSONNodeWriter()
        writer.write(node)
        return writer.bytes
    }

    // Kept as links to the parent and built only when asked for (by an error message).
    var codingPath: [any CodingKey] {
        var path: [any CodingKey] = []
        var encoder: JSONNodeEncoder? = self
        while let current = encoder {
            if let key = current.key { path.append(key) }
            encoder = current.parent
        }
        return path.reversed()
    }

    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(KeyedContainer<Key>(encoder: self, box: objectBox()))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        UnkeyedContainer(encoder: self, box: arrayBox())
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueContainer(encoder: self)
    }

    private func objectBox() -> JSONObjectBox {
        if case .object(let box) = node { return box }
        let box = JSONObjectBox()
        node = .object(box)
        return box
    }

    private func arrayBox() -> JSONArrayBox {
        if case .array(let box) = node { return box }
        let box = JSONArrayBox()
        node = .array(box)
        return box
    }

    /// The node of a nested value. Strings, integers and dates skip the nested encoder.
    func box<T: Encodable>(_ value: T, key: (any CodingKey)?) throws -> JSONNode {
        if T.self == String.self, let string = value as? String { return .string(string) }
        if T.self == Int.self, let integer = value as? Int { return .integer(Int64(integer)) }
        if T.self == Date.self, let date = value as? Date {
            guard let text = Self.iso8601(date) else {
                var path = codingPath
                if let key { path.append(key) }
                throw EncodingError.invalidValue(date, .init(codingPath: path, debugDescription: "The date is beyond any calendar."))
            }
            return .string(text)
        }
        if T.self == Data.self, let data = value as? Data { return .string(data.base64EncodedString()) }
        if T.self == URL.self, let url = value as? URL { return .string(url.absoluteString) }
        let nested = JSONNodeEncoder(parent: self, key: key)
        try value.encode(to: nested)
        return nested.node ?? .object(JSONObjectBox())
    }

    static func number<F: BinaryFloatingPoint & LosslessStringConvertible>(
        _ value: F, encoder: JSONNodeEncoder, key: (any CodingKey)?
    ) throws -> JSONNode {
        guard value.isFinite else {
            var path = encoder.codingPath
            if let key { path.append(key) }
            throw EncodingError.invalidValue(
                value, .init(codingPath: path, debugDescription: "Unable to encode \(value) directly in JSON."))
        }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        return .number(text)
    }

    /// `2026-11-22T10:15:00Z`: UTC, whole seconds, as `Date.formatted(.iso8601)` writes it for
    /// the dates of today, but in the proleptic Gregorian calendar for every year, as
    /// PostgreSQL counts them (Foundation switches to the Julian calendar before 1583, which
    /// would move 0001-01-01 to 0000-12-30): year 0 is `0000`, the year before it `-0001`. The
    /// server's one way of writing a date for a client. Nil for a date no calendar can place
    /// (not a number, or billions of years away), which nothing the server stores can be.
    static func iso8601(_ date: Date) -> String? {
        guard var time = time_t(exactly: date.timeIntervalSince1970.rounded(.down)) else { return nil }
        var parts = tm()
        guard gmtime_r(&time, &parts) != nil else { return nil }
        let year = Int(parts.tm_year) + 1900
        var text = (year < 0 ? "-" + pad(-year, 4) : pad(year, 4)) + "-" + pad(Int(parts.tm_mon) + 1, 2) + "-" + pad(Int(parts.tm_mday), 2)
        text += "T" + pad(Int(parts.tm_hour), 2) + ":" + pad(Int(parts.tm_min), 2) + ":" + pad(Int(parts.tm_sec), 2) + "Z"
        return text
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.utf8.count >= width ? digits : String(repeating: "0", count: width - digits.utf8.count) + digits
    }
}
