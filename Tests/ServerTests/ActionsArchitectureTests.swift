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

    static let app = actions.deletingLastPathComponent()

    /// The Swift files under `folder` (its subfolders too), by path from Server/App.
    static func sources(under folder: URL) -> [String] {
        let walker = FileManager.default.enumerator(atPath: folder.path)
        return (walker?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".swift") }.sorted()
    }

    @Test("the password rule is checked by the use cases: no controller or page calls PasswordRule.check itself")
    func onePasswordRule() throws {
        var found: [String] = []
        for folder in ["Controllers", "Pages"] {
            for file in Self.sources(under: Self.app.appendingPathComponent(folder)) {
                let text = try String(contentsOf: Self.app.appendingPathComponent(folder).appendingPathComponent(file), encoding: .utf8)
                if text.contains("PasswordRule.check(") { found.append("\(folder)/\(file)") }
            }
        }
        #expect(Self.sources(under: Self.app.appendingPathComponent("Pages")).count >= 20)
        #expect(found.isEmpty, "these call the password rule themselves, not a use case (AccountActions, InvitationActions): \(found)")
    }

    @Test("the password rule is written once, in Rules/PasswordRule.swift: no other file under Server/ says its sentences")
    func passwordRuleWrittenOnce() throws {
        let server = Self.app.deletingLastPathComponent()
        var found: [String] = []
        for file in Self.sources(under: server) {
            let text = try String(contentsOf: server.appendingPathComponent(file), encoding: .utf8)
            let rule = ["\"validation.password-", "newPassword(_", "func check(_ password"]
            if rule.contains(where: { text.contains($0) }) { found.append(file) }
        }
        #expect(Self.sources(under: server).count >= 100)
        #expect(found == ["Rules/PasswordRule.swift"], "the password rule is written outside PasswordRule: \(found)")
    }
}
