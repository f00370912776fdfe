import ExamPrepPostgres
import ExamPrepServerTestSupport
import ExamPrepShared
import Foundation
import HTTPTypes
import Logging
import Testing

@testable import ExamPrepServer

extension TestServer {
    /// The password of every admin these tests make.
    static let adminPassword = "admin passphrase 1"

    /// Boots a server with the default faculty registration (`invite`), after making an admin
    /// with `examprep-server create-admin`'s code on its database; `body` gets the server, the
    /// admin's login and a pool on the database.
    @discardableResult
    static func runWithAdmin<Value: Sendable>(
        configure: (inout AppConfiguration) -> Void = { _ in }, logger: Logger? = nil,
        _ body: @escaping @Sendable (TestServer, LoginResponse, PostgresPool) async throws -> Value
    ) async throws -> Value {
        var configuration = try await LiveServer.configuration()
        configuration.facultyRegistration = .invite
        configure(&configuration)
        let adminEmail = uniqueEmail("admin")
        let created = try await AdminCreation.create(email: adminEmail, password: adminPassword, configuration: configuration)
        guard case .created = created else { throw NotExternal() }
        guard case .external(let database) = configuration.database else { throw NotExternal() }
        let patience = LiveServer.patience(for: configuration)
        return try await LiveServer.run(configuration, logger: logger) { client in
            let server = TestServer(client: client, patience: patience)
            let admin = try await server.login(adminEmail, password: adminPassword)
            var logger = Logger(label: "examprep.test.sql")
            logger.logLevel = .warning
            return try await PostgresPool(configuration: database, maxConnections: 2, logger: logger).whileRunning { pool in
                try await body(server, admin, pool)
            }
        }
    }

    /// Invites `email` as `role` and returns the link's token (the last segment of its URL).
    func invite(_ email: String, role: Role = .faculty, admin: LoginResponse) async throws -> String {
        let link = try await post(APIPaths.adminInvitations, json: InvitationRequest(email: email, role: role), token: admin.token)
            .expect(.created).decode(OneTimeLink.self)
        return String(link.url.split(separator: "/").last ?? "")
    }

    /// A faculty account made by invitation, signed in.
    func invitedFaculty(admin: LoginResponse, email: String = uniqueEmail("teacher")) async throws -> LoginResponse {
        let token = try await invite(email, admin: admin)
        try await post(APIPaths.acceptInvitation(token: token), json: InvitationAcceptance(password: "correct horse battery"))
            .expect(.created)
        return try await login(email)
    }
}
