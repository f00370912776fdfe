import Foundation
import Testing

/// The use cases (`Server/App/Actions/`) know no HTTP: no file there imports Hummingbird or
/// HTTPTypes or names `HTTPFailure`, `PageFailure` or an HTTP status. A refusal is a
/// refusal type of its own carrying its sentence (`ActionRefusal`, `StudentPracticeActions.Refusal`,
/// …), which the API's controllers and the pages each answer as they answer.
@Suite("Architecture: the use cases know no HTTP")
struct ActionsArchitectureTests {
    static let actions = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Server/App/Actions")

    /// What a use case may not say: the HTTP libraries and the faces' own types.
    static let forbidden = ["import Hummingbird", "import HTTPTypes", "HTTPFailure", "PageFailure", "HTTPResponse"]

    @Test("no file of Server/App/Actions imports Hummingbird or names HTTPFailure")
    func actionsKnowNoHTTP() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.actions.path).filter { $0.hasSuffix(".swift") }
        #expect(files.count >= 8)
        var found: [String] = []
        for file in files.sorted() {
            let text = try String(contentsOf: Self.actions.appendingPathComponent(file), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                for word in Self.forbidden where line.contains(word) { found.append("\(file):\(number + 1): \(word)") }
            }
        }
        #expect(found.isEmpty, "the use cases name HTTP: \(found)")
    }
}
