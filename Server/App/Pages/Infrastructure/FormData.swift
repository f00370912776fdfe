import ExamPrepRules
import Foundation

/// A form's fields (`application/x-www-form-urlencoded`, or the parts of a `multipart/form-data`
/// upload), in the order sent; a name may come more than once (checkboxes). Everything a browser
/// can send is read or refused with `InvalidInput` (a 400 page): bytes that are not UTF-8, broken
/// percent escapes; but an upload's part that is not UTF-8 is kept as bytes only (`bytes`,
/// `text`), for the page that takes it to read or refuse.
struct FormData: Sendable {
    private(set) var fields: [(name: String, value: String)] = []
    /// An upload's parts as sent, by name (empty for a URL-encoded form).
    private var parts: [MultipartForm.Part] = []

    init() {}

    init(_ fields: [(name: String, value: String)]) { self.fields = fields }

    /// An upload's parts: those that are UTF-8 text are its fields; every one keeps its bytes.
    init(parts: [MultipartForm.Part]) {
        self.parts = parts
        self.fields = parts.compactMap { part in part.text.map { (part.name, $0) } }
    }

    /// The bytes of the upload's first part named `name`, as sent; nil when there is none (or
    /// the form was URL-encoded).
    func bytes(_ name: String) -> [UInt8]? {
        parts.first { $0.name == name }?.bytes
    }

    /// The text of the field `name`; refused (400) when it is an upload's part that is not UTF-8.
    func text(_ name: String) throws -> String? {
        if let part = parts.first(where: { $0.name == name }), part.text == nil { throw InvalidInput("page.file-not-utf8") }
        return self[name]
    }

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
