import Crypto
import Foundation

/// One forward-only schema change: a file of `sql/`, embedded in the binary at build time.
public struct Migration: Sendable, Hashable {
    /// The file name, e.g. `001_roles_and_users.sql`; migrations apply in name order.
    public let name: String
    public let sql: String
    /// SHA-256 (lower-case hex) of the SQL, with CRLF line ends read as LF so that a
    /// checkout with Windows line ends is not mistaken for a changed file.
    public let checksum: String

    public init(name: String, sql: String) {
        self.name = name
        self.sql = sql
        self.checksum = Self.checksum(of: sql)
    }

    /// Every `sql/*.sql` of the package, in name order, as embedded when this binary was built.
    /// Independent of the working directory: the files travel inside the binary.
    public static var bundled: [Migration] {
        embeddedFiles
            .map { Migration(name: $0.name, sql: $0.contents) }
            .sorted { $0.name < $1.name }
    }

    static func checksum(of sql: String) -> String {
        let normalised = sql.replacingOccurrences(of: "\r\n", with: "\n")
        return SHA256.hash(data: Data(normalised.utf8))
            .map { byte in
                let hex = String(byte, radix: 16)
                return byte < 0x10 ? "0" + hex : hex
            }
            .joined()
    }
}
