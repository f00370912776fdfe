import Foundation
import PackagePlugin

/// Embeds every `sql/*.sql` file of the package into the target as Swift source, so the
/// migrations travel inside the binary (no resource bundle to lose when it is copied).
@main
struct EmbedMigrations: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) async throws -> [Command] {
        let sqlDirectory = context.package.directoryURL.appending(path: "sql")
        let files = try FileManager.default
            .contentsOfDirectory(at: sqlDirectory, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "sql" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedMigrations.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(files.count) SQL migrations",
                executable: try context.tool(named: "EmbedMigrationsTool").url,
                arguments: [output.path] + files.map(\.path),
                inputFiles: files,
                outputFiles: [output]
            )
        ]
    }
}
