import Foundation

/// An answer that is not JSON: the client hands its body over as it came.
public protocol RawResponseBody: Decodable, Sendable {
    init(body: Data)
}

/// A CSV document from the server (the grade book with `Accept: text/csv`), UTF-8.
public struct CSVDocument: RawResponseBody, Hashable {
    /// The document's text, without the byte order mark spreadsheets need.
    public var text: String
    /// The bytes as sent, to save as a file.
    public var data: Data

    public init(body: Data) {
        data = body
        let text = String(decoding: body, as: UTF8.self)
        self.text = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
    }

    public init(from decoder: any Decoder) throws {
        self.init(body: Data(try decoder.singleValueContainer().decode(String.self).utf8))
    }
}

/// A plain-text document from the server (a question bank exported as GIFT), UTF-8.
public struct TextDocument: RawResponseBody, Hashable {
    public var text: String

    public init(body: Data) {
        text = String(decoding: body, as: UTF8.self)
    }

    public init(from decoder: any Decoder) throws {
        text = try decoder.singleValueContainer().decode(String.self)
    }
}

/// An SVG picture from the server (an exam's score histogram with `Accept: image/svg+xml`), UTF-8,
/// standalone: save `data` as a `.svg` file or show it as it is.
public struct SVGDocument: RawResponseBody, Hashable {
    public var text: String
    public var data: Data

    public init(body: Data) {
        data = body
        text = String(decoding: body, as: UTF8.self)
    }

    public init(from decoder: any Decoder) throws {
        self.init(body: Data(try decoder.singleValueContainer().decode(String.self).utf8))
    }
}
