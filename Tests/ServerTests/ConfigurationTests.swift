import ExamPrepPostgres
import ExamPrepTestSupport
import Foundation
import Logging
import NIOCore
import Testing

@testable import ExamPrepServer

@Suite("Configuration", .hangGuard)
struct ConfigurationTests {
    @Test func environmentVariablesAreReadAndCheckedWithOneLineErrors() throws {
        let configuration = try AppConfiguration(environment: [
            "PORT": "9090", "HOST": "0.0.0.0", "ACCESS_TOKEN_TTL": "60", "PASSWORD_HASH_SCHEME": "bcrypt",
            "PASSWORD_HASH_COST": "10", "LOGIN_MAX_FAILURES": "3", "DATABASE_URL": "postgres://u:p@db:5432/exams",
        ])
        #expect(configuration.port == 9090 && configuration.host == "0.0.0.0")
        #expect(configuration.accessTokenLifetime == 60)
        #expect(configuration.hashScheme == .bcrypt(cost: 10))
        #expect(configuration.limits.loginPerAccountAndAddress.maxAttempts == 3)
        guard case .external = configuration.database else {
            Issue.record("DATABASE_URL was not used")
            return
        }
        let failures: [([String: String], String)] = [
            (["PORT": "http"], "PORT (--port) must be a whole number from 0 to 65535, got http"),
            (["ENV": "staging"], "ENV (--env) must be one of development, production, got staging"),
            (["PASSWORD_HASH_SCHEME": "md5"], "PASSWORD_HASH_SCHEME (--password-hash-scheme) must be one of yescrypt, bcrypt, got md5"),
            (
                ["PASSWORD_HASH_SCHEME": "bcrypt", "PASSWORD_HASH_COST": "2"],
                "PASSWORD_HASH_SCHEME must be yescrypt (cost 1-11) or bcrypt (cost 4-31), got bcrypt cost 2"
            ),
            (["DATABASE_URL": "mysql://x"], "DATABASE_URL is not a postgres:// URL"),
        ]
        for (environment, message) in failures {
            #expect {
                try AppConfiguration(environment: environment)
            } throws: { error in
                (error as? ConfigurationError)?.description.hasPrefix(message) == true
            }
        }
    }

    @Test func thePoolFitsTheEmbeddedDatabasesCoresAndIsTenForOneElsewhere() throws {
        let cores = System.coreCount
        #expect(try AppConfiguration(environment: [:]).poolSize == min(10, max(8, 4 * cores)))
        #expect(try AppConfiguration(environment: ["DATABASE_URL": "postgres://u:p@db:5432/exams"]).poolSize == 10)
        #expect(try AppConfiguration(environment: ["DATABASE_POOL_SIZE": "7"]).poolSize == 7)
    }

    @Test func severalDatabaseHostsMustFollowThePrimaryAndReportsMayReadFromAStandby() throws {
        let primary = "postgres://u@db1:5432,db2:5432/exams?target_session_attrs=read-write"
        let standbyFirst = "postgres://u@db2:5432,db1:5432/exams?target_session_attrs=prefer-standby"
        let configuration = try AppConfiguration(environment: ["DATABASE_URL": primary, "DATABASE_READ_URL": standbyFirst])
        guard case .external(let database) = configuration.database else {
            Issue.record("DATABASE_URL was not used")
            return
        }
        #expect(database.hostCount == 2 && database.opensOnPrimary)
        #expect(configuration.readDatabase?.hostCount == 2 && configuration.readDatabase?.targetSessionAttributes == "prefer-standby")
        #expect(configuration.readDatabase?.applicationName == AppConfiguration.readPoolApplicationName)
        #expect(configuration.settingsInForce.contains("DATABASE_READ_URL=PostgresConfiguration(dbname=\(standbyFirst)"))
        #expect(try AppConfiguration(environment: ["DATABASE_URL": primary]).readDatabase == nil)

        let failures: [([String: String], String)] = [
            (["DATABASE_URL": "postgres://u@db1,db2/exams"], "DATABASE_URL names 2 hosts without target_session_attrs=read-write"),
            (
                ["DATABASE_URL": "postgres://u@db1,db2,db3/exams?target_session_attrs=any"],
                "DATABASE_URL names 3 hosts without target_session_attrs=read-write"
            ),
            (["DATABASE_READ_URL": standbyFirst], "DATABASE_READ_URL needs DATABASE_URL"),
            (["DATABASE_URL": primary, "DATABASE_READ_URL": "mysql://x"], "DATABASE_READ_URL is not a postgres:// URL"),
        ]
        for (environment, message) in failures {
            #expect {
                try AppConfiguration(environment: environment)
            } throws: { error in
                (error as? ConfigurationError)?.description.hasPrefix(message) == true
            }
        }
        var warnings: [String] = []
        _ = try AppConfiguration.load(
            arguments: ["--database-read-url", "postgres://u:secret@db2/exams"], environment: ["DATABASE_URL": primary],
            warnings: { warnings.append($0) })
        #expect(warnings.count == 1 && warnings.first?.hasPrefix("--database-read-url carries a password") == true)
    }

    @Test func flagsWinOverTheEnvironmentAndBadFlagsStopTheStart() throws {
        let configuration = try AppConfiguration.load(
            arguments: ["--port", "7070", "--host=0.0.0.0", "--login-max-failures", "4"],
            environment: ["PORT": "9090", "HOST": "127.0.0.1", "ACCESS_TOKEN_TTL": "120"])
        #expect(configuration.port == 7070)
        #expect(configuration.host == "0.0.0.0")
        #expect(configuration.accessTokenLifetime == 120)
        #expect(configuration.limits.loginPerAccountAndAddress.maxAttempts == 4)

        let failures: [([String], String)] = [
            (["--prot", "80"], "unknown setting --prot; examprep-server --help lists them"),
            (["--port", "80", "--port", "81"], "--port is given twice"),
            (["--port"], "--port needs a value"),
            (["--jwt-secret", "x"], "JWT_SECRET has no flag (it would show in ps); set it in the environment or a file"),
            (["8080"], "unexpected argument '8080'; settings are flags such as --port 9000"),
            (["--database-pool-size", "0"], "DATABASE_POOL_SIZE (--database-pool-size) must be a whole number from 1 to 500, got 0"),
        ]
        for (arguments, message) in failures {
            #expect {
                try AppConfiguration.load(arguments: arguments, environment: [:])
            } throws: { error in
                (error as? ConfigurationError)?.description == message
            }
        }
    }

    @Test func productionRefusesToStartWithoutAnAdequateSecret() throws {
        var configuration = AppConfiguration()
        configuration.mode = .production
        #expect(throws: ConfigurationError.self) { try SigningKeySource.keys(for: configuration, logger: Logger(label: "test")) }
        configuration.jwtSecret = Array("too short".utf8)
        #expect(throws: ConfigurationError.self) { try SigningKeySource.keys(for: configuration, logger: Logger(label: "test")) }
        configuration.jwtSecret = Array(repeating: UInt8(ascii: "k"), count: 32)
        #expect(try SigningKeySource.keys(for: configuration, logger: Logger(label: "test")).signing.secret.count == 32)
    }

    @Test func developmentKeepsAGeneratedSecretPrivateAcrossRestarts() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "examprep-secret-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        var configuration = AppConfiguration()
        configuration.dataDirectory = folder
        let first = try SigningKeySource.keys(for: configuration, logger: Logger(label: "test"))
        let second = try SigningKeySource.keys(for: configuration, logger: Logger(label: "test"))
        #expect(first.signing == second.signing)
        #expect(first.signing.secret.count >= 32)
        let attributes = try FileManager.default.attributesOfItem(atPath: folder.appending(path: "jwt-secret").path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
    }
}
