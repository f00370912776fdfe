import Foundation

/// A form's fields (`application/x-www-form-urlencoded`), in the order sent; a name may come
/// more than once (checkboxes). Everything a browser can send is read or refused with
/// `InvalidInput` (a 400 page): bytes that are not UTF-8, broken percent escapes.
struct FormData: Sendable {
    private(set) var fields: [(name: String, value: String)] = []

    init() {}

    init(_ fields: [(name: String, value: String)]) { self.fields = fields }

    init(encoded body: some Collection<UInt8>) throws {
        guard !body.isEmpty else { return }
        for pair in body.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            let name = try Self.decode(parts[parts.startIndex])
            let value = parts.count > 1 ? try Self.decode(parts[parts.index(after: parts.startIndex)]) : ""
            fields.append((name, value))
        }
    }

    /// The first value of `name`.
    subscript(name: String) -> String? {
        fields.first { $0.name == name }?.value
    }

    /// Every value of `name`, in order.
    func all(_ name: String) -> [String] {
        fields.filter { $0.name == name }.map(\.value)
    }

    private static func decode(_ bytes: some Collection<UInt8>) throws -> String {
        let plus = bytes.map { $0 == UInt8(ascii: "+") ? UInt8(ascii: " ") : $0 }
        guard let text = String(validating: plus, as: UTF8.self), let decoded = text.removingPercentEncoding else {
            throw InvalidInput("page.form-not-utf8")
        }
        return decoded
    }
}
