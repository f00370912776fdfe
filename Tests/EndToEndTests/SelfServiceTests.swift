import ExamPrepClient
import ExamPrepServer
import ExamPrepServerTestSupport
import ExamPrepTestSupport
import Foundation
import Testing

/// Account self-service through the client library: change password, sessions, delete account.
@Suite("End to end: account self-service", .hangGuard)
struct SelfServiceTests {
    @Test @MainActor
    func changingThePasswordEndsTheOtherDevicesButNotThisOne() async throws {
        try await EndToEnd.run { server in
            let email = uniqueEmail("change")
            let laptop = server.makeClient()
            try await laptop.account.signUp(email, role: .student)
            let phone = server.makeClient()
            try await phone.account.login(email: email, password: password)
            let phoneEvents = EventLog(phone.account.events)

            try await laptop.account.changePassword(current: password, new: "a brand new passphrase")
            #expect(try await laptop.account.loadProfile().email == email)
            await #expect(throws: APIError.self) { try await phone.account.loadProfile() }
            #expect(!phone.account.isLoggedIn)
            #expect(try await phoneEvents.snapshot(count: 1) == [.sessionExpired])

            let fresh = server.makeClient()
            await #expect(throws: APIError.self) { try await fresh.account.login(email: email, password: password) }
            try await fresh.account.login(email: email, password: "a brand new passphrase")
        }
    }

    @Test @MainActor
    func aWrongCurrentPasswordIsInvalidCredentials() async throws {
        try await EndToEnd.run { server in
            let app = server.makeClient()
            try await app.account.signUp(uniqueEmail("wrong"), role: .student)
            do {
                try await app.account.changePassword(current: "not my password", new: "a brand new passphrase")
                Issue.record("the password changed")
            } catch let error as APIError {
                #expect(error.code == .invalidCredentials)
            }
        }
    }

    @Test @MainActor
    func aDeviceCanBeSignedOutFromTheList() async throws {
        try await EndToEnd.run { server in
            let email = uniqueEmail("devices")
            let laptop = server.makeClient()
            try await laptop.account.signUp(email, role: .faculty)
            let tablet = server.makeClient()
            try await tablet.account.login(email: email, password: password)

            let sessions = try await laptop.account.loadSessions()
            #expect(sessions.count == 2)
            #expect(sessions.filter(\.current).count == 1)
            let other = try #require(sessions.first { !$0.current })
            try await laptop.account.endSession(other.id)
            #expect(laptop.account.sessions.map(\.id) == sessions.filter(\.current).map(\.id))
            await #expect(throws: APIError.self) { try await tablet.faculty.load() }
            #expect(!tablet.account.isLoggedIn)
            _ = try await laptop.faculty.load()
        }
    }

    @Test @MainActor
    func deletingTheAccountSignsOutEverywhereAndItsDataGoes() async throws {
        try await EndToEnd.run { server in
            let email = uniqueEmail("leaving")
            let app = server.makeClient()
            try await app.account.signUp(email, role: .faculty)
            _ = try await app.faculty.create(name: "Goodbye", description: "Goes with the account")
            let other = server.makeClient()
            try await other.account.login(email: email, password: password)

            try await app.account.deleteAccount(password: password)
            #expect(!app.account.isLoggedIn)
            #expect(app.session.currentSession == nil)
            await #expect(throws: APIError.self) { try await other.faculty.load() }
            let catalogue = try await server.makeClient().student.loadCatalogue()
            #expect(!catalogue.contains { $0.name == "Goodbye" })
            await #expect(throws: APIError.self) { try await server.makeClient().account.login(email: email, password: password) }
            // The address is free again.
            try await server.makeClient().account.register(email: email, password: password, role: .student)
        }
    }
}
