import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import NIOCore
import Testing

@testable import ExamPrepServer

/// The pages' script is written as files of one behaviour each (`Server/Assets/js`) and served
/// as one file: each file once, in the order `PageAssets.scriptModules` gives, each small,
/// none leaking a global of its own.
@Suite("Script modules", .hangGuard)
struct ScriptModulesTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Server/Assets/js")

    /// The script's files in the repository, by name.
    static func files() throws -> [String: String] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".js") }
        return try Dictionary(
            uniqueKeysWithValues: names.map { ($0, try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8)) })
    }

    @Test("the served script holds every file of Server/Assets/js once, in the listed order, and nothing else")
    func servedInOrder() throws {
        let files = try Self.files()
        #expect(Set(files.keys) == Set(PageAssets.scriptModules), "every file is listed once, and every listed file exists")
        #expect(Set(PageAssets.scriptModules).count == PageAssets.scriptModules.count)
        let served = String(buffer: PageAssets().script.body)
        var rest = served[...]
        for name in PageAssets.scriptModules {
            let text = try #require(files[name])
            #expect(served.ranges(of: text).count == 1, "\(name) is served once")
            let found = try #require(rest.range(of: text), "\(name) comes after the files listed before it")
            let between = rest[..<found.lowerBound].trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(between.isEmpty, "nothing comes between the files before \(name)")
            rest = rest[found.upperBound...]
        }
        #expect(rest.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "nothing comes after the last file")
    }

    @Test("each file is under 150 lines, strict, and registers on the one namespace (no global of its own)")
    func eachFileSmallAndEnclosed() throws {
        for (name, text) in try Self.files() {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
            #expect(lines < 150, "\(name) has \(lines) lines")
            #expect(text.contains("\"use strict\";"), "\(name) is strict")
            // Top-level code is one function called at once: nothing outside it declares a name.
            let code = text.split(separator: "\n").filter { !$0.hasPrefix("//") }
            #expect(code.first?.hasPrefix("(function (") == true, "\(name) starts its function at once")
            #expect(code.last.map { $0 == "})();" || $0.hasPrefix("})(window.ExamPrep") } == true, "\(name) ends it")
            #expect(!code.contains { $0.hasPrefix("var ") || $0.hasPrefix("function ") || $0.hasPrefix("let ") })
        }
    }

    @Test("the page's script changes its name when one file changes")
    func hashCoversEveryFile() throws {
        let files = embeddedFiles
        let changed = files.map { file in
            (name: file.name, contents: file.name == "flags.js" ? file.contents + "\n" : file.contents)
        }
        #expect(PageAssets(files: files).script.path != PageAssets(files: changed).script.path)
        #expect(PageAssets(files: files).stylesheet.path == PageAssets(files: changed).stylesheet.path)
    }
}
