import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Testing

@testable import ExamPrepServer

@Suite("Course management", .hangGuard)
struct CourseManagementTests {
    @Test func facultyEditsACourseAndANameTakenIs409() async throws {
        try await TestServer.run { server in
            let faculty = try await server.signUp(uniqueEmail(), role: .faculty)
            let algebra = try await server.createCourse("Algebra", token: faculty.token)
            _ = try await server.createCourse("Biology", token: faculty.token)
            let path = APIPaths.facultyCourse(try #require(algebra.id))

            let renamed = try await server.send(.patch, path, json: UpdateCourseRequest(name: "  Linear algebra "), token: faculty.token)
                .expect(.ok).decode(Course.self)
            #expect(renamed.name == "Linear algebra")
            #expect(renamed.description == algebra.description)
            #expect(renamed.courseCode == algebra.courseCode)

            let described = try await server.send(.patch, path, json: UpdateCourseRequest(description: "Vectors"), token: faculty.token)
                .expect(.ok).decode(Course.self)
            #expect(described.name == "Linear algebra" && described.description == "Vectors")

            let taken = try await server.send(.patch, path, json: UpdateCourseRequest(name: "BIOLOGY"), token: faculty.token)
            #expect(taken.status == .conflict)
            #expect(taken.error?.error == .conflict)
            let invalid = try await server.send(.patch, path, json: UpdateCourseRequest(name: "x"), token: faculty.token)
            #expect(invalid.status == .badRequest)

            let other = try await server.signUp(uniqueEmail(), role: .faculty)
            let notYours = try await server.send(.patch, path, json: UpdateCourseRequest(name: "Mine now"), token: other.token)
            #expect(notYours.status == .notFound)
            try await server.send(.patch, APIPaths.facultyCourse(999_999), json: UpdateCourseRequest(), token: faculty.token)
                .expect(.notFound)
        }
    }

    @Test func aNewCodeReplacesTheOldOneAndEnrolledStudentsStay() async throws {
        try await TestServer.run { server in
            let (faculty, student, course) = try await server.classroom()
            let recoded = try await server.send(.post, APIPaths.courseCode(course.id!), token: faculty.token)
                .expect(.created).decode(Course.self)
            #expect(recoded.courseCode != course.courseCode)
            #expect(recoded.courseCode.count == 4)
            #expect(recoded.enrollmentCount == 1)

            let newcomer = try await server.signUp(uniqueEmail(), role: .student)
            try await server.post(APIPaths.enroll, json: EnrollRequest(courseCode: course.courseCode), token: newcomer.token)
                .expect(.notFound)
            try await server.post(APIPaths.enroll, json: EnrollRequest(courseCode: recoded.courseCode), token: newcomer.token)
                .expect(.created)
            let mine = try await server.get(APIPaths.studentCourses, token: student.token).expect(.ok).decode([EnrolledCourse].self)
            #expect(mine.map(\.courseCode) == [recoded.courseCode])

            let other = try await server.signUp(uniqueEmail(), role: .faculty)
            try await server.send(.post, APIPaths.courseCode(course.id!), token: other.token).expect(.notFound)
        }
    }

    @Test func theRosterAndRemovingAStudent() async throws {
        try await TestServer.run { server in
            let (faculty, student, course) = try await server.classroom()
            let courseID = try #require(course.id)
            let roster = try await server.get(APIPaths.roster(courseID), token: faculty.token).expect(.ok).decode([RosterEntry].self)
            #expect(roster.map(\.id) == [student.userId])

            let other = try await server.signUp(uniqueEmail(), role: .faculty)
            try await server.get(APIPaths.roster(courseID), token: other.token).expect(.notFound)
            try await server.delete(APIPaths.rosterStudent(courseID, student.userId!), token: other.token).expect(.notFound)

            try await server.delete(APIPaths.rosterStudent(courseID, student.userId!), token: faculty.token).expect(.ok)
            #expect(try await server.get(APIPaths.roster(courseID), token: faculty.token).decode([RosterEntry].self).isEmpty)
            try await server.delete(APIPaths.rosterStudent(courseID, student.userId!), token: faculty.token).expect(.notFound)
            #expect(try await server.get(APIPaths.studentCourses, token: student.token).decode([EnrolledCourse].self).isEmpty)
        }
    }

    @Test func theRosterPagesLikeEveryList() async throws {
        try await TestServer.run { server in
            let (faculty, _, course) = try await server.classroom()
            for _ in 0..<2 {
                let student = try await server.signUp(uniqueEmail(), role: .student)
                try await server.enroll(course, token: student.token)
            }
            let first = try await server.get(APIPaths.roster(course.id!) + "?limit=2", token: faculty.token).expect(.ok)
            #expect(try first.decode([RosterEntry].self).count == 2)
            let next = try #require(ListTests.next(first))
            #expect(try await server.get(next, token: faculty.token).decode([RosterEntry].self).count == 1)
        }
    }

    @Test func aStudentUnenrolls() async throws {
        try await TestServer.run { server in
            let (_, student, course) = try await server.classroom()
            try await server.delete(APIPaths.studentCourse(course.id!), token: student.token).expect(.ok)
            try await server.delete(APIPaths.studentCourse(course.id!), token: student.token).expect(.notFound)
            #expect(try await server.get(APIPaths.studentCourses, token: student.token).decode([EnrolledCourse].self).isEmpty)
            // Enrolling again works.
            try await server.enroll(course, token: student.token)
        }
    }

    @Test func deletingACourseTakesItsEnrollmentsExamsAndAttempts() async throws {
        try await TestServer.run { server in
            let (faculty, student, course) = try await server.classroom()
            let courseID = try #require(course.id)
            let exam = try await server.publishedExam(courseID: courseID, token: faculty.token)
            let attempt = try await server.startAttempt(exam.id, token: student.token).expect(.created).decode(StudentAttempt.self)
            try await server.send(
                .put, APIPaths.attemptAnswers(attempt.attemptId),
                json: SaveAnswersRequest(answers: ExamFixtures.rightAnswers(attempt.questions)), token: student.token
            ).expect(.ok)

            let other = try await server.signUp(uniqueEmail(), role: .faculty)
            try await server.delete(APIPaths.facultyCourse(courseID), token: other.token).expect(.notFound)

            try await server.delete(APIPaths.facultyCourse(courseID), token: faculty.token).expect(.ok)
            try await server.delete(APIPaths.facultyCourse(courseID), token: faculty.token).expect(.notFound)
            try await server.get(APIPaths.facultyExam(exam.id), token: faculty.token).expect(.notFound)
            try await server.get(APIPaths.attempt(attempt.attemptId), token: student.token).expect(.notFound)
            #expect(try await server.get(APIPaths.studentCourses, token: student.token).decode([EnrolledCourse].self).isEmpty)
            #expect(try await server.get(APIPaths.studentExams, token: student.token).decode([StudentExamSummary].self).isEmpty)
            #expect(try await server.get(APIPaths.facultyCourses, token: faculty.token).decode([Course].self).isEmpty)
        }
    }

    @Test func anotherMethodOnTheEnrollPathIs405NotAnId() async throws {
        try await TestServer.run { server in
            let reply = try await server.send(.delete, APIPaths.enroll)
            #expect(reply.status == .methodNotAllowed)
            #expect(reply.headers[.allow] == "POST")
        }
    }
}
