import Foundation
import PackagePlugin

/// Embeds files of the package into a target as Swift source (`embeddedFiles`), so they
/// travel inside the binary — no resource bundle to lose when the binary is copied:
/// the catalogues of sentences (`Shared/Catalogues`) into the shared module; `sql/*.sql` into the migrator; `openapi.yaml`, the pages' templates (`Server/Templates`) and
/// their stylesheet and script (`Server/Assets`, the script's files in `Server/Assets/js`) into the server.
@main
struct EmbedFiles: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) async throws -> [Command] {
        let files = try Self.files(for: target.name, in: context.package.directoryURL)
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedFiles.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(files.count) files into \(target.name)",
                executable: try context.tool(named: "EmbedFilesTool").url,
                arguments: [output.path] + files.map(\.path),
                inputFiles: files,
                outputFiles: [output]
            )
        ]
    }

    private static func files(for target: String, in package: URL) throws -> [URL] {
        switch target {
        case "ExamPrepMigrations":
            return try FileManager.default
                .contentsOfDirectory(at: package.appending(path: "sql"), includingPropertiesForKeys: nil)
                .filter { $0.pathExtension == "sql" }
                .sorted { $0.lastPathComponent < $1.lastPathComponent }
        case "ExamPrepShared":
            // The catalogues of every sentence a person reads, a file per language.
            return try FileManager.default
                .contentsOfDirectory(at: package.appending(path: "Shared/Catalogues"), includingPropertiesForKeys: nil)
                .filter { $0.pathExtension == "catalogue" }
                .sorted { $0.lastPathComponent < $1.lastPathComponent }
        case "ExamPrepServer":
            // The OpenAPI document, the pages' templates, their stylesheet and script (its files in
            // `Server/Assets/js`, joined at start by `PageAssets`).
            let pages = try ["Server/Templates", "Server/Assets", "Server/Assets/js"].flatMap { folder in
                try FileManager.default
                    .contentsOfDirectory(at: package.appending(path: folder), includingPropertiesForKeys: nil)
                    .filter { ["mustache", "css", "js"].contains($0.pathExtension) }
                    .sorted { $0.lastPathComponent < $1.lastPathComponent }
            }
            return [package.appending(path: "openapi.yaml")] + pages
        default:
            throw PluginError(description: "EmbedFiles does not know what to embed into \(target)")
        }
    }
}

struct PluginError: Error, CustomStringConvertible {
    var description: String
}
