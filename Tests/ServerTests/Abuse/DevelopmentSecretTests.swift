import Foundation
import HTTPTypes
import Logging
import Testing

@testable import ExamPrepServer

/// Hole 8: the development JWT secret was written world-readable and narrowed afterwards.
/// It is created 0600 with O_EXCL, and a secret file others can read is refused, as ssh
/// refuses such keys.
@Suite("Abuse: the development JWT secret", .timeLimit(.minutes(1)))
struct DevelopmentSecretTests {
    static func configuration(_ folder: URL) -> AppConfiguration {
        var configuration = AppConfiguration()
        configuration.dataDirectory = folder
        return configuration
    }

    @Test func aSecretFileOthersCanReadIsRefusedWithTheFix() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "examprep-secret-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appending(path: "jwt-secret")
        _ = try SigningKeySource.keys(for: Self.configuration(folder), logger: Logger(label: "test"))
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path)
        #expect {
            try SigningKeySource.keys(for: Self.configuration(folder), logger: Logger(label: "test"))
        } throws: { error in
            (error as? ConfigurationError)?.description
                == "\(file.path) can be read by other users (mode 644); fix it with: chmod 600 \(file.path)"
        }
    }

    @Test func aNewSecretIsCreatedPrivate() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "examprep-secret-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try SigningKeySource.keys(for: Self.configuration(folder), logger: Logger(label: "test"))
        let mode = try FileManager.default.attributesOfItem(atPath: folder.appending(path: "jwt-secret").path)[.posixPermissions]
        #expect((mode as? NSNumber)?.intValue == 0o600)
    }
}
