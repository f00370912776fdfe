import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Logging
import Testing

@testable import ExamPrepServer

/// Hole 8: the development JWT secret was written world-readable and narrowed afterwards.
/// It is created 0600 with O_EXCL, and a secret file others can read is refused, as ssh
/// refuses such keys.
@Suite("Abuse: the development JWT secret", .hangGuard)
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

    /// The file must never be readable by others, not even for the moment between writing it
    /// and narrowing its mode. The kernel's record of the folder shows how it came to be: a
    /// file made in place (not renamed into place) whose mode never changed afterwards and
    /// that ends 0600 was 0600 from its first byte. (The code before the fix wrote a
    /// world-readable temporary file, renamed it to `jwt-secret` and narrowed it then.)
    @Test func aNewSecretIsPrivateFromTheMomentItIsCreated() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "examprep-secret-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        #if os(Linux)
            let events = try DirectoryEvents(watching: folder)
        #endif
        _ = try SigningKeySource.keys(for: Self.configuration(folder), logger: Logger(label: "test"))
        #if os(Linux)
            let seen = try events.take()
            #expect(seen == [.init(kind: .created, name: "jwt-secret")], "the folder saw: \(seen)")
        #endif
        let mode = try FileManager.default.attributesOfItem(atPath: folder.appending(path: "jwt-secret").path)[.posixPermissions]
        #expect((mode as? NSNumber)?.intValue == 0o600)
    }
}
