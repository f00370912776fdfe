import ExamPrepPostgres
import ExamPrepRules
import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import NIOCore
import Testing

@testable import ExamPrepServer

/// A class list never takes over an account that exists: a teacher's list invites it (the owner
/// accepts or declines), whatever its role; a teacher's reset link reaches only accounts their own
/// list made that never chose a password, and is audited; lists are bounded in lines and in new
/// accounts a day.
@Suite("Class lists: consent, reset links, bounds", .hangGuard)
struct ClassListConsentTests {
    static func importList(_ server: TestServer, course: Int, _ csv: String, dryRun: Bool = false, token: String) async throws
        -> TestReply
    {
        try await server.send(
            .post, APIPaths.classListImport(course) + (dryRun ? "?dryRun=true" : ""), token: token, headers: [.contentType: "text/csv"],
            body: ByteBuffer(string: csv))
    }

    static func roster(_ server: TestServer, course: Int, token: String) async throws -> [String] {
        try await server.get(APIPaths.classList(course), token: token).decode([CourseRosterStudent].self).map(\.email)
    }

    @Test func aTeachersListInvitesAnotherTeachersStudentAndCannotTakeTheAccountOver() async throws {
        try await TestServer.runWithAdmin { server, admin, _ in
            let (teacherA, teacherB) = (try await server.invitedFaculty(admin: admin), try await server.invitedFaculty(admin: admin))
            let courseA = try #require(try await server.createCourse("Physics A", token: teacherA.token).id)
            let courseB = try await server.createCourse("Physics B", token: teacherB.token)
            let email = uniqueEmail("pupil")
            let student = try await server.signUp(email, role: .student)
            let studentID = try #require(student.userId)
            try await server.post(APIPaths.enroll, json: EnrollRequest(courseCode: courseB.courseCode), token: student.token)
                .expect(.created)

            // Teacher A puts B's student on a list: invited, not enrolled, in the dry run and the import.
            let csv = "email\n\(email)\n"
            let dry = try await Self.importList(server, course: courseA, csv, dryRun: true, token: teacherA.token).expect(.ok)
                .decode(ClassListImport.self)
            #expect(dry.lines.map(\.outcome) == [.invited] && dry.enrolled == 0 && dry.invited == 1)
            let report = try await Self.importList(server, course: courseA, csv, token: teacherA.token).expect(.created)
                .decode(ClassListImport.self)
            #expect(report.lines.map(\.outcome) == [.invited] && report.links?.isEmpty != false)
            #expect(try await Self.roster(server, course: courseA, token: teacherA.token).isEmpty)

            // So A cannot make the student a reset link: not enrolled, and never A's account.
            let refused = try await server.post(APIPaths.studentResetLink(courseA, studentID), raw: "", token: teacherA.token)
            #expect(refused.status == .notFound)

            // The student sees the invitation and accepts: now enrolled.
            let invitations = try await server.get(APIPaths.courseInvitations, token: student.token).expect(.ok)
                .decode([CourseInvitation].self)
            #expect(invitations.map(\.courseId) == [courseA] && invitations.first?.courseName == "Physics A")
            try await server.post(APIPaths.acceptCourseInvitation(courseA), raw: "", token: student.token).expect(.created)
            try await server.post(APIPaths.acceptCourseInvitation(courseA), raw: "", token: student.token).expect(.notFound)
            #expect(try await Self.roster(server, course: courseA, token: teacherA.token) == [email])

            // Enrolled now, the account is still the student's own: no link for A, nor for B.
            try await server.post(APIPaths.studentResetLink(courseA, studentID), raw: "", token: teacherA.token).expect(.notFound)
            let byB = try await server.post(APIPaths.studentResetLink(try #require(courseB.id), studentID), raw: "", token: teacherB.token)
            #expect(byB.status == .notFound && byB.error?.message.contains("administrator") == true)
            _ = try await server.login(email)
        }
    }

    @Test func aStaffAddressIsAnsweredAsAStudentsAccountAndItsInvitationCannotBeAccepted() async throws {
        try await TestServer.runWithAdmin { server, admin, _ in
            let teacher = try await server.invitedFaculty(admin: admin)
            let colleagueEmail = uniqueEmail("colleague")
            let colleague = try await server.invitedFaculty(admin: admin, email: colleagueEmail)
            let studentEmail = uniqueEmail("pupil")
            _ = try await server.signUp(studentEmail, role: .student)
            let course = try #require(try await server.createCourse("Chemistry", token: teacher.token).id)
            let csv = "email\n\(colleagueEmail)\n\(studentEmail)\n"

            for dryRun in [true, false] {
                let report = try await Self.importList(server, course: course, csv, dryRun: dryRun, token: teacher.token)
                    .expect(dryRun ? .ok : .created).decode(ClassListImport.self)
                #expect(report.lines.map(\.outcome) == [.invited, .invited], "dry run \(dryRun)")
                #expect(report.rejected.isEmpty && report.invited == 2)
            }
            // A staff account has no student routes: its invitation stays unanswered.
            try await server.get(APIPaths.courseInvitations, token: colleague.token).expect(.forbidden)
            try await server.post(APIPaths.acceptCourseInvitation(course), raw: "", token: colleague.token).expect(.forbidden)
            #expect(try await Self.roster(server, course: course, token: teacher.token).isEmpty)
        }
    }

    @Test func aTeachersLinkReachesOnlyAccountsTheirOwnListMadeThatNeverChoseAPassword() async throws {
        try await TestServer.runWithAdmin { server, admin, _ in
            let teacher = try await server.invitedFaculty(admin: admin)
            let other = try await server.invitedFaculty(admin: admin)
            let course = try #require(try await server.createCourse("Biology", token: teacher.token).id)
            let (made, byAdmin) = (uniqueEmail("made"), uniqueEmail("admin-made"))
            try await Self.importList(server, course: course, "email\n\(made)\n", token: teacher.token).expect(.created)
            try await server.send(
                .post, APIPaths.adminClassListImport(course), token: admin.token, headers: [.contentType: "text/csv"],
                body: ByteBuffer(string: "email\n\(byAdmin)\n")
            ).expect(.created)
            let roster = try await server.get(APIPaths.classList(course), token: teacher.token).decode([CourseRosterStudent].self)
            let madeID = try #require(roster.first { $0.email == made }?.userId)
            let adminMadeID = try #require(roster.first { $0.email == byAdmin }?.userId)

            let link = try await server.post(APIPaths.studentResetLink(course, madeID), raw: "", token: teacher.token)
                .expect(.created).decode(OneTimeLink.self)
            try await server.post(APIPaths.studentResetLink(course, madeID), raw: "", token: other.token).expect(.notFound)
            try await server.post(APIPaths.studentResetLink(course, adminMadeID), raw: "", token: teacher.token).expect(.notFound)
            let audit = try await server.get(APIPaths.adminAudit, token: admin.token).decode([AuditEntry].self)
            #expect(audit.contains { $0.action == "made_reset_link" && $0.actorId == teacher.userId && $0.targetEmail == made })

            // Once the student chose a password, the account is theirs: no more teacher's links.
            try await server.post(
                APIPaths.completePasswordReset(token: PasswordResetTests.token(of: link)),
                json: PasswordResetCompletion(newPassword: "my own passphrase")
            ).expect(.ok)
            try await server.post(APIPaths.studentResetLink(course, madeID), raw: "", token: teacher.token).expect(.notFound)
        }
    }

    /// A teacher's list cannot hold an address against the school: an admin's invitation of an
    /// address whose list-made account never chose a password is made, and accepting it takes
    /// that account over (out of the teacher's course, the teacher's link spent).
    @Test func aListCannotPreemptAnAdminsInvitation() async throws {
        try await TestServer.runWithAdmin { server, admin, _ in
            let teacher = try await server.invitedFaculty(admin: admin)
            let course = try #require(try await server.createCourse("Art", token: teacher.token).id)
            let colleague = uniqueEmail("future-teacher")
            let report = try await Self.importList(server, course: course, "email\n\(colleague)\n", token: teacher.token)
                .expect(.created).decode(ClassListImport.self)
            let teachersLink = try #require(report.links?.first)

            let invitation = try await server.invite(colleague, role: .faculty, admin: admin)
            let accepted = try await server.post(
                APIPaths.acceptInvitation(token: invitation), json: InvitationAcceptance(password: "the colleague's passphrase")
            ).expect(.created).decode(AcceptedInvitation.self)
            #expect(accepted.role == .faculty)
            #expect(try await Self.roster(server, course: course, token: teacher.token).isEmpty)
            let spent = try await server.post(
                APIPaths.completePasswordReset(token: String(teachersLink.url.split(separator: "/").last ?? "")),
                json: PasswordResetCompletion(newPassword: "the teacher's passphrase"))
            #expect(spent.status == .gone)
            let colleagueToken = try await server.login(colleague, password: "the colleague's passphrase")
            try await server.get(APIPaths.facultyCourses, token: colleagueToken.token).expect(.ok)
        }
    }

    @Test func aListIsBoundedInLinesAndInNewAccountsPerTeacherPerDay() async throws {
        try await TestServer.run(configure: { $0.classListAccountsPerDay = 3 }) { server in
            let teacher = try await server.signUp(uniqueEmail("teacher"), role: .faculty)
            let course = try #require(try await server.createCourse("Maths", token: teacher.token).id)
            let other = try #require(try await server.createCourse("Maths 2", token: teacher.token).id)
            let list = { (count: Int) in "email\n" + (0..<count).map { _ in uniqueEmail("p") + "\n" }.joined() }
            try await Self.importList(server, course: course, list(2), token: teacher.token).expect(.created)

            // Two more would make four today: refused whole, the dry run too, in any of the teacher's courses.
            let second = list(2)
            for dryRun in [true, false] {
                let refused = try await Self.importList(server, course: other, second, dryRun: dryRun, token: teacher.token)
                #expect(refused.status == .conflict && refused.error?.error == .limitReached, "\(refused.text)")
                #expect(refused.error?.message.contains("at most 3 a day") == true)
            }
            #expect(try await Self.roster(server, course: other, token: teacher.token).isEmpty)
            try await Self.importList(server, course: other, list(1), token: teacher.token).expect(.created)

            let tooLong = try await Self.importList(
                server, course: course, list(ClassList.maxStudents + 1), dryRun: true, token: teacher.token)
            #expect(tooLong.status == .badRequest && tooLong.error?.message.contains("at most 1000 students") == true)
        }
    }

    @Test func aDeclinedInvitationIsGoneAndOnlyItsStudentAnswersIt() async throws {
        try await TestServer.run { server in
            let teacher = try await server.signUp(uniqueEmail("teacher"), role: .faculty)
            let course = try #require(try await server.createCourse("History", token: teacher.token).id)
            let email = uniqueEmail("pupil")
            let student = try await server.signUp(email, role: .student)
            let stranger = try await server.signUp(uniqueEmail("stranger"), role: .student)
            try await Self.importList(server, course: course, "email\n\(email)\n", token: teacher.token).expect(.created)
            try await server.post(APIPaths.acceptCourseInvitation(course), raw: "", token: stranger.token).expect(.notFound)
            try await server.send(.delete, APIPaths.courseInvitation(course), token: stranger.token).expect(.notFound)
            try await server.send(.delete, APIPaths.courseInvitation(course), token: student.token).expect(.ok)
            try await server.post(APIPaths.acceptCourseInvitation(course), raw: "", token: student.token).expect(.notFound)
            #expect(try await server.get(APIPaths.courseInvitations, token: student.token).decode([CourseInvitation].self).isEmpty)
            try await server.post(APIPaths.acceptCourseInvitation(999_999_999), raw: "", token: student.token).expect(.notFound)
        }
    }
}
