import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import Testing

/// Every refusal a person reads is named by a key of the catalogues, never written in place:
/// the first text given to `InvalidInput`, `HTTPFailure`, `PageFailure` (and their shorthands
/// `.validation`, `.notFound`, `.conflict`, `.badRequest`) and to `Message` in the server's
/// sources is a key both catalogues hold. A sentence written in place would reach a Polish
/// reader in English.
@Suite("Message keys", .hangGuard)
struct MessageKeyTests {
    static let folders = ["Server/App", "Server/Exams", "Server/Rules"]

    /// The literal first text of each such call, with where it is: `(file:line, text)`.
    static func literals(in source: String, file: String) -> [(place: String, text: String)] {
        let call =
            /(?:InvalidInput|HTTPFailure|PageFailure|\.validation|\.notFound|\.conflict|\.badRequest|Message)\((?:\s*\.[A-Za-z]+\s*,)*\s*"((?:[^"\\]|\\.)*)"/
        var found: [(String, String)] = []
        for (number, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("//") { continue }
            for match in line.matches(of: call) {
                found.append(("\(file):\(number + 1)", String(match.output.1)))
            }
        }
        return found
    }

    @Test func everyRefusalIsAKeyOfBothCatalogues() throws {
        var missing: [String] = []
        for folder in Self.folders {
            let root = TemplateTextTests.repository.appendingPathComponent(folder)
            guard let walker = FileManager.default.enumerator(atPath: root.path) else { continue }
            for case let path as String in walker where path.hasSuffix(".swift") {
                let source = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
                for (place, text) in Self.literals(in: source, file: folder + "/" + path) where !Self.isKey(text) {
                    missing.append("\(place): \"\(text)\"")
                }
            }
        }
        #expect(
            missing.isEmpty, Comment(rawValue: "\(missing.count) texts are no key of both catalogues:\n" + missing.joined(separator: "\n")))
    }

    /// A key of both catalogues, itself or as a counted sentence (`key.one` …).
    static func isKey(_ text: String) -> Bool {
        [Catalogue.of(.en), Catalogue.of(.pl)].allSatisfy { catalogue in
            catalogue.text(text) != nil || catalogue.text(text + ".other") != nil
        }
    }

    @Test func theCheckFindsSentencesWrittenInPlace() {
        let source = """
            throw InvalidInput("The title is required.")
            throw HTTPFailure(.conflict, .conflict, "errors.collided")
            // throw InvalidInput("a comment")
            .validation("Bad \\(x).", ["a": 1])
            """
        let texts = Self.literals(in: source, file: "x.swift").map(\.text)
        #expect(texts == ["The title is required.", "errors.collided", "Bad \\(x)."])
        #expect(!Self.isKey("The title is required.") && Self.isKey("errors.collided") && Self.isKey("start.no-attempts-left"))
    }
}
