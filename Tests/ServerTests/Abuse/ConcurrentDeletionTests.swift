import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Testing

@testable import ExamPrepServer

/// Every resource that can be deleted, read by twenty requests while one request deletes it,
/// round after round. A faculty account once took the process down this way: the exam's
/// ownership was checked in one statement and the exam loaded in a second, which found no row
/// and trapped. Each read must answer as if it came wholly before or wholly after the delete
/// (200 or 404, or 401 once the account is gone), and the server must be up afterwards.
@Suite("Abuse: reads racing a delete", .hangGuard)
struct ConcurrentDeletionTests {
    static let rounds = 8
    static let readers = 20

    /// Fires `readers` GETs of each of `reads` together with one `delete`, and returns the
    /// statuses of the reads and of the delete.
    static func race(
        _ server: TestServer, reads: [String], token: String, delete: @escaping @Sendable () async throws -> TestReply
    ) async throws -> (reads: [Int], delete: Int) {
        try await withThrowingTaskGroup(of: (Bool, Int).self) { group in
            for index in 0..<readers {
                let path = reads[index % reads.count]
                group.addTask { (false, try await server.get(path, token: token).status.code) }
            }
            group.addTask { (true, try await delete().status.code) }
            var readStatuses: [Int] = []
            var deleteStatus = 0
            for try await (isDelete, status) in group {
                if isDelete { deleteStatus = status } else { readStatuses.append(status) }
            }
            return (readStatuses, deleteStatus)
        }
    }

    static func expectAlive(_ server: TestServer) async throws {
        try await server.get(APIPaths.health).expect(.ok)
    }

    @Test func anExamReadWhileItIsDeleted() async throws {
        try await TestServer.run { server in
            let faculty = try await server.signUp(uniqueEmail("faculty"), role: .faculty)
            let course = try await server.createCourse("Races", token: faculty.token)
            for _ in 0..<Self.rounds {
                let exam = try await server.createExam(ExamFixtures.everyKind(), courseID: course.id!, token: faculty.token)
                let outcome = try await Self.race(
                    server, reads: [APIPaths.facultyExam(exam.id), APIPaths.facultyExams + "?courseId=\(course.id!)"],
                    token: faculty.token
                ) { try await server.delete(APIPaths.facultyExam(exam.id), token: faculty.token) }
                #expect(outcome.delete == 200)
                #expect(outcome.reads.allSatisfy { [200, 404].contains($0) }, "\(outcome.reads)")
            }
            try await Self.expectAlive(server)
        }
    }

    @Test func aCourseWithAttemptsReadWhileItIsDeleted() async throws {
        try await TestServer.run { server in
            for round in 0..<Self.rounds {
                let (faculty, student, course) = try await server.classroom("Course \(round)")
                let exam = try await server.publishedExam(courseID: course.id!, token: faculty.token)
                let attempt = try await server.startAttempt(exam.id, token: student.token).expect(.created).decode(StudentAttempt.self)
                let facultyReads = try await Self.race(
                    server,
                    reads: [
                        APIPaths.roster(course.id!), APIPaths.facultyExam(exam.id), APIPaths.facultyGrades + "?courseId=\(course.id!)",
                    ],
                    token: faculty.token
                ) {
                    // The student's reads of the attempt race the same delete.
                    async let studentRead = server.get(APIPaths.attempt(attempt.attemptId), token: student.token)
                    let deleted = try await server.delete(APIPaths.facultyCourse(course.id!), token: faculty.token)
                    #expect([200, 404].contains(try await studentRead.status.code))
                    return deleted
                }
                #expect(facultyReads.delete == 200)
                #expect(facultyReads.reads.allSatisfy { [200, 404].contains($0) }, "\(facultyReads.reads)")
            }
            try await Self.expectAlive(server)
        }
    }

    @Test func aStudentRemovedFromTheRosterWhileTheRosterIsRead() async throws {
        try await TestServer.run { server in
            let (faculty, _, course) = try await server.classroom()
            for _ in 0..<Self.rounds {
                let student = try await server.signUp(uniqueEmail("student"), role: .student)
                try await server.enroll(course, token: student.token)
                let me = try await server.get(APIPaths.me, token: student.token).decode(UserProfile.self)
                let outcome = try await Self.race(server, reads: [APIPaths.roster(course.id!)], token: faculty.token) {
                    try await server.delete(APIPaths.rosterStudent(course.id!, me.id), token: faculty.token)
                }
                #expect(outcome.delete == 200)
                #expect(outcome.reads.allSatisfy { $0 == 200 }, "\(outcome.reads)")
            }
            try await Self.expectAlive(server)
        }
    }

    @Test func aStudentLeavingACourseWhileReadingTheirCoursesAndExams() async throws {
        try await TestServer.run { server in
            let (faculty, student, course) = try await server.classroom()
            _ = try await server.publishedExam(courseID: course.id!, token: faculty.token)
            for round in 0..<Self.rounds {
                if round > 0 { try await server.enroll(course, token: student.token) }
                let outcome = try await Self.race(server, reads: [APIPaths.studentCourses, APIPaths.studentExams], token: student.token) {
                    try await server.delete(APIPaths.studentCourse(course.id!), token: student.token)
                }
                #expect(outcome.delete == 200)
                #expect(outcome.reads.allSatisfy { $0 == 200 }, "\(outcome.reads)")
            }
            try await Self.expectAlive(server)
        }
    }

    @Test func aSessionEndedWhileTheListIsRead() async throws {
        try await TestServer.run { server in
            let email = uniqueEmail()
            let reader = try await server.signUp(email, role: .student)
            for _ in 0..<Self.rounds {
                let other = try await server.login(email)
                let sessions = try await server.get(APIPaths.meSessions, token: other.token).decode([SessionInfo].self)
                let otherID = try #require(sessions.first { $0.current }?.id)
                let outcome = try await Self.race(server, reads: [APIPaths.meSessions, APIPaths.me], token: reader.token) {
                    try await server.delete(APIPaths.meSession(otherID), token: reader.token)
                }
                #expect(outcome.delete == 200)
                #expect(outcome.reads.allSatisfy { $0 == 200 }, "\(outcome.reads)")
            }
            try await Self.expectAlive(server)
        }
    }

    @Test func anAccountDeletedWhileItsOwnerReads() async throws {
        try await TestServer.run { server in
            for round in 0..<Self.rounds {
                let (faculty, student, course) = try await server.classroom("Course \(round)")
                let exam = try await server.publishedExam(courseID: course.id!, token: faculty.token)
                try await server.startAttempt(exam.id, token: student.token).expect(.created)
                let outcome = try await Self.race(
                    server, reads: [APIPaths.me, APIPaths.studentExams, APIPaths.studentGrades, APIPaths.meSessions],
                    token: student.token
                ) {
                    try await server.send(
                        .delete, APIPaths.me, json: DeleteAccountRequest(password: "correct horse battery"), token: student.token)
                }
                #expect(outcome.delete == 200)
                #expect(outcome.reads.allSatisfy { [200, 401].contains($0) }, "\(outcome.reads)")
                // The attempt that was open is graded and stays in the grade book.
                let book = try await server.get(APIPaths.facultyGrades + "?courseId=\(course.id!)", token: faculty.token)
                    .expect(.ok).decode([GradeBookEntry].self)
                #expect(book.map(\.email) == [GradeBookEntry.deletedAccount])
            }
            try await Self.expectAlive(server)
        }
    }
}
