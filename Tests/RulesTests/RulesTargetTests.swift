import Foundation
import Testing

/// The input rules are a target of their own (`ExamPrepRules`, `Server/Rules`) that builds
/// without the server: this test target depends on it and not on `ExamPrepServer`, and no file
/// of it reaches for the database, HTTP, logging or the server's settings.
@Suite("Rules: a pure target, built without the app")
struct RulesTargetTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The modules a file of the rules may import.
    static let allowed: Set<String> = ["ExamPrepShared", "ExamPrepExams", "ExamPrepFormulas", "Foundation"]

    /// The Swift files of `folder` (from the repository), with their text.
    static func sources(_ folder: String) throws -> [(name: String, text: String)] {
        let root = repository.appendingPathComponent(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        return try names.filter { $0.hasSuffix(".swift") }.sorted().map {
            ($0, try String(contentsOf: root.appendingPathComponent($0), encoding: .utf8))
        }
    }

    @Test("every file of Server/Rules imports only Shared, Exams, Formulas and Foundation")
    func importsNothingOfTheApp() throws {
        let files = try Self.sources("Server/Rules")
        #expect(files.count >= 15, "\(files.map(\.name))")
        var found: [String] = []
        for (name, text) in files {
            for line in text.split(separator: "\n") {
                guard let match = line.firstMatch(of: /^\s*(?:@\w+\s+)*import\s+(?:\w+\s+)?(\w+)/) else { continue }
                if !Self.allowed.contains(String(match.output.1)) { found.append("\(name): \(line)") }
            }
        }
        #expect(found.isEmpty, "the rules import what the app holds: \(found)")
    }

    @Test("the package builds ExamPrepRules from Shared, Exams and Formulas, and tests it without ExamPrepServer")
    func declaredAlone() throws {
        let package = try String(contentsOf: Self.repository.appendingPathComponent("Package.swift"), encoding: .utf8)
        /// The declaration of the target named `name`, up to the next one's name.
        func declaration(_ name: String) -> Substring? {
            guard let start = package.range(of: "name: \"\(name)\"") else { return nil }
            let rest = package[start.upperBound...]
            return rest[..<(rest.range(of: "name: ")?.lowerBound ?? rest.endIndex)]
        }
        let rules = try #require(declaration("ExamPrepRules"))
        #expect(rules.contains(#"dependencies: ["ExamPrepShared", "ExamPrepExams", "ExamPrepFormulas"]"#), "\(rules)")
        #expect(rules.contains(#"path: "Server/Rules""#))
        let tests = try #require(declaration("ExamPrepRulesTests"))
        #expect(tests.contains("\"ExamPrepRules\"") && !tests.contains("ExamPrepServer"), "\(tests)")
    }
}
