import ExamPrepRules
import ExamPrepShared
import Foundation

/// A form sent as `multipart/form-data` (RFC 7578): the upload pages' file inputs. Every part
/// becomes a field with its bytes as sent (a file's content is its value, its file name is
/// dropped); a part that is not UTF-8 text has no text (nil), so that the page that takes it
/// decides (a class list in another encoding is read as such; a bank's file is refused). A
/// malformed body or more than `maxParts` parts is refused with `InvalidInput` (a 400 page).
enum MultipartForm {
    static let maxParts = 50

    /// The `boundary` parameter of a `multipart/form-data` content type; nil for another type.
    static func boundary(of contentType: String?) -> String? {
        guard let contentType else { return nil }
        let parameters = Self.parameters(contentType)
        guard parameters.first?.name.lowercased() == "multipart/form-data" else { return nil }
        guard let boundary = parameters.first(where: { $0.name.lowercased() == "boundary" })?.value,
            (1...70).contains(boundary.utf8.count)
        else { return nil }
        return boundary
    }

    /// One part: its name, its text (nil when its bytes are not UTF-8), and its bytes as sent.
    struct Part: Sendable {
        var name: String
        var text: String?
        var bytes: [UInt8]
    }

    static func fields(_ body: [UInt8], boundary: String) throws -> [Part] {
        let malformed = InvalidInput("page.form-unreadable")
        let delimiter = Array(("--" + boundary).utf8)
        let separator = Array(("\r\n--" + boundary).utf8)
        guard var index = Self.find(delimiter, in: body, from: 0) else { throw malformed }
        index += delimiter.count
        var fields: [Part] = []
        while true {
            // After a delimiter: "--" ends the body, CRLF starts a part.
            guard index + 2 <= body.count else { throw malformed }
            if body[index] == UInt8(ascii: "-"), body[index + 1] == UInt8(ascii: "-") { return fields }
            guard body[index] == 13, body[index + 1] == 10 else { throw malformed }
            index += 2
            guard let headersEnd = Self.find(Array("\r\n\r\n".utf8), in: body, from: index),
                let end = Self.find(separator, in: body, from: headersEnd + 4)
            else { throw malformed }
            guard fields.count < maxParts else { throw InvalidInput("page.form-too-many-fields", ["max": .integer(maxParts)]) }
            let headers = String(decoding: body[index..<headersEnd], as: UTF8.self)
            guard let name = Self.fieldName(headers) else { throw malformed }
            let bytes = Array(body[(headersEnd + 4)..<end])
            fields.append(Part(name: name, text: String(validating: bytes, as: UTF8.self), bytes: bytes))
            index = end + separator.count
        }
    }

    /// The `name` of a part's `Content-Disposition: form-data; name="…"`.
    private static func fieldName(_ headers: String) -> String? {
        for line in headers.split(separator: "\r\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces).lowercased() == "content-disposition" else { continue }
            let parameters = Self.parameters(String(parts[1]))
            guard parameters.first?.name.lowercased() == "form-data" else { return nil }
            return parameters.first { $0.name.lowercased() == "name" }?.value
        }
        return nil
    }

    /// `type; a=b; c="d;e"` as [(type, ""), (a, b), (c, d;e)]: quoted values may hold `;`.
    private static func parameters(_ header: String) -> [(name: String, value: String)] {
        var result: [(name: String, value: String)] = []
        var current = ""
        var quoted = false
        var escaped = false
        var pieces: [String] = []
        for character in header {
            if escaped {
                current.append(character)
                escaped = false
            } else if quoted && character == "\\" {
                escaped = true
            } else if character == "\"" {
                quoted.toggle()
            } else if character == ";" && !quoted {
                pieces.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        pieces.append(current)
        for piece in pieces {
            let pair = piece.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = pair[0].trimmingCharacters(in: .whitespaces)
            let value = pair.count > 1 ? pair[1].trimmingCharacters(in: .whitespaces) : ""
            result.append((name, value))
        }
        return result
    }

    /// The first index of `needle` in `haystack` at or after `start`.
    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, haystack.count >= needle.count else { return nil }
        var index = start
        let last = haystack.count - needle.count
        while index <= last {
            if haystack[index] == first, haystack[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}
