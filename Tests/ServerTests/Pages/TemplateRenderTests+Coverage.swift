import ExamPrepShared
import Foundation
import Testing

@testable import ExamPrepServer

/// Every template has a render test: each page template is drawn by one of these tests, and
/// each partial or parent (`{{> csrf}}`, `{{<layout}}`) is drawn by a page that names it, so the
/// next template cannot ship without one.
extension TemplateRenderTests {
    static let pagesFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

    /// The templates in `Server/Templates`, by name.
    static func templateFiles() throws -> Set<String> {
        let folder = TemplateCheckTests.repository.appendingPathComponent("Server/Templates")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".mustache") }
        return Set(files.map { String($0.dropLast(".mustache".count)) })
    }

    /// The templates these tests draw (read from the source of `TemplateRenderTests*.swift`),
    /// with every partial and parent they name, all the way down.
    static func templatesCovered() throws -> (drawn: Set<String>, covered: Set<String>) {
        var drawn: Set<String> = []
        for file in try FileManager.default.contentsOfDirectory(atPath: pagesFolder.path)
        where file.hasPrefix("TemplateRenderTests") && file.hasSuffix(".swift") {
            drawn.formUnion(templatesDrawn(in: try String(contentsOf: pagesFolder.appendingPathComponent(file), encoding: .utf8)))
        }
        var covered: Set<String> = []
        var next = Array(drawn)
        while let name = next.popLast() {
            guard covered.insert(name).inserted else { continue }
            next += TemplateCheck.references(in: template(name)).map(\.name)
        }
        return (drawn, covered)
    }

    @Test("every template in Server/Templates is drawn by a render test, itself or through a page that names it")
    func everyTemplateHasARenderTest() throws {
        let templates = try Self.templateFiles()
        let (drawn, covered) = try Self.templatesCovered()
        #expect(templates.count >= 50, "\(templates.sorted())")
        #expect(drawn.count >= 40, "\(drawn.sorted())")
        #expect(templates.subtracting(covered).isEmpty, "templates without a render test: \(templates.subtracting(covered).sorted())")
        #expect(drawn.subtracting(templates).isEmpty, "drawn but not templates: \(drawn.subtracting(templates).sorted())")
    }

    @Test("the list of templates drawn is read from the tests' calls of draw")
    func theDrawnNamesAreRead() {
        let source = #"try Self.draw("teach", role: .faculty) ; try Self.draw(\#n  "admin-erase", [page]); draw(x)"#
        #expect(Self.templatesDrawn(in: source) == ["teach", "admin-erase"])
    }
}
