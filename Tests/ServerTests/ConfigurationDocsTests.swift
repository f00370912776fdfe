import ExamPrepTestSupport
import Foundation
import Testing

@testable import ExamPrepServer

/// docs/CONFIGURATION.md is written from the settings' declarations; a setting added or
/// changed without regenerating it fails here.
@Suite("The configuration reference", .hangGuard)
struct ConfigurationDocsTests {
    static let page = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "docs/CONFIGURATION.md")

    @Test func docsConfigurationIsWhatTheDeclarationsSay() throws {
        let onDisk = try String(contentsOf: Self.page, encoding: .utf8)
        #expect(
            onDisk == AppConfiguration.settingsMarkdown,
            "docs/CONFIGURATION.md is stale: run `swift run examprep-server settings --markdown > docs/CONFIGURATION.md`")
    }

    @Test func everySettingIsDocumentedOnceWithItsDefaultAndRange() {
        let names = ServerSettings.all.map(\.environmentName)
        #expect(Set(names).count == names.count, "a setting is declared twice")
        for setting in ServerSettings.all {
            #expect(AppConfiguration.settingsMarkdown.contains("`\(setting.environmentName)`"))
            #expect(AppConfiguration.settingsHelp.contains("\(setting.environmentName)"))
            #expect(!setting.defaultText.isEmpty && !setting.allowedText.isEmpty && !setting.help.isEmpty)
        }
    }
}
