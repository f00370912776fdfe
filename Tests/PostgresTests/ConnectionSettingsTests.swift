import ExamPrepTestSupport
import Testing

@testable import ExamPrepPostgres

/// A half-open connection (the database's host vanished, a network that black-holes
/// packets) was noticed only when the kernel gave up, after about fifteen minutes: every
/// connection, the listener's included, now asks for TCP keepalives and a user timeout.
@Suite("Connection settings", .hangGuard)
struct ConnectionSettingsTests {
    @Test func everyConnectionAsksForKeepalivesAndAUserTimeout() throws {
        for configuration in [
            try PostgresConfiguration(url: "postgres://app@db.example:5432/examprep"),
            PostgresConfiguration(socketDirectory: "/tmp", user: "app", database: "examprep"),
        ] {
            let keywords = Dictionary(configuration.connectionKeywords.map { ($0.key, $0.value) }, uniquingKeysWith: { $1 })
            #expect(keywords["keepalives"] == "1")
            #expect(keywords["keepalives_idle"] == "30")
            #expect(keywords["keepalives_interval"] == "10")
            #expect(keywords["keepalives_count"] == "3")
            #expect(keywords["tcp_user_timeout"] == "60000")
        }
    }

    /// A URL may still choose its own (they come before the URL, which libpq reads last).
    @Test func aURLMayOverrideThem() throws {
        let configuration = try PostgresConfiguration(url: "postgres://app@db.example/examprep?keepalives_idle=5")
        let keys = configuration.connectionKeywords.map(\.key)
        let firstURL = try #require(keys.firstIndex(of: "dbname"))
        #expect(keys.firstIndex(of: "keepalives_idle")! < firstURL)
    }
}
