import ExamPrepClient
import ExamPrepServer
import ExamPrepServerTestSupport
import Foundation
import Testing

@Suite("End to end: the longest happy path", .timeLimit(.minutes(3)))
struct HappyPathTests {
    @Test
    func facultyAndStudentFromRegistrationToLogoutAndBack() async throws {
        let clock = TestClock()
        try await EndToEnd.run(configure: { $0.clock = clock.serverClock }) { server in
            try await Self.walk(server, clock: clock)
        }
    }

    @MainActor
    static func walk(_ server: EndToEnd, clock: TestClock) async throws {
        // Faculty registers, logs in and creates two courses.
        let facultyApp = server.makeClient(clock: clock)
        let facultyEmail = uniqueEmail("faculty")
        try await facultyApp.account.signUp(facultyEmail, role: .faculty)
        #expect(facultyApp.account.isLoggedIn)
        #expect(facultyApp.account.role == .faculty)
        let algebra = try await facultyApp.faculty.create(name: "Algebra", description: "Groups and rings")
        _ = try await facultyApp.faculty.create(name: "Biology", description: "Cells")
        #expect(facultyApp.faculty.courses.map(\.name) == ["Algebra", "Biology"])

        // Student registers, logs in, reads the catalogue, enrolls by code, lists own courses.
        let studentApp = server.makeClient(clock: clock)
        let events = EventLog(studentApp.account.events)
        let studentEmail = uniqueEmail("student")
        try await studentApp.account.signUp(studentEmail, role: .student)
        let catalogue = try await studentApp.student.loadCatalogue()
        #expect(catalogue.contains { $0.name == "Algebra" })
        let enrollment = try await studentApp.student.enroll(code: algebra.courseCode.lowercased())
        #expect(enrollment.course.name == "Algebra")
        #expect(try await studentApp.student.load().map(\.courseCode) == [algebra.courseCode])

        // Faculty sees the enrollment.
        let courses = try await facultyApp.faculty.load()
        #expect(courses.first { $0.name == "Algebra" }?.enrollmentCount == 1)

        // The access token expires (the server's and the apps' clocks move on by 16 minutes);
        // the next call refreshes without the caller noticing.
        let before = try #require(studentApp.session.currentSession?.accessToken)
        clock.advance(by: 16 * 60)
        #expect(try await studentApp.student.load().count == 1)
        #expect(studentApp.session.currentSession?.accessToken != before)

        // Logout; the next protected call fails as signed out; a login restores access.
        try await studentApp.account.logout()
        #expect(!studentApp.account.isLoggedIn)
        await #expect(throws: APIError.self) { try await studentApp.student.load() }
        do {
            _ = try await studentApp.student.load()
        } catch let error as APIError {
            guard case .notSignedIn = error else { throw error }
        }
        try await studentApp.account.login(email: studentEmail, password: password)
        #expect(try await studentApp.student.load().count == 1)
        #expect(await events.snapshot(count: 4) == [.signedIn, .tokenRefreshed, .signedOut, .signedIn])
    }
}
