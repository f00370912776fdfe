import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Logging
import NIOCore
import Testing

@testable import ExamPrepServer

@Suite("Courses, catalogue and enrollment", .hangGuard)
struct CourseTests {
    @Test func facultyCreatesCoursesWithUniqueFourLetterCodes() async throws {
        try await TestServer.run { server in
            let faculty = try await server.signUp(uniqueEmail(), role: .faculty)
            let first = try await server.createCourse("Algebra", token: faculty.token)
            let second = try await server.createCourse("Biology", token: faculty.token)
            for course in [first, second] {
                #expect(course.courseCode.count == 4)
                #expect(course.courseCode.allSatisfy { $0.isASCII && $0.isUppercase })
                #expect(course.enrollmentCount == 0)
                #expect(course.userId == faculty.userId)
            }
            #expect(first.courseCode != second.courseCode)
            let listed = try await server.get(APIPaths.facultyCourses, token: faculty.token).expect(.ok).decode([Course].self)
            #expect(listed.map(\.name) == ["Algebra", "Biology"])
        }
    }

    @Test func aSecondCourseOfTheSameNameIsAConflictRegardlessOfCase() async throws {
        try await TestServer.run { server in
            let faculty = try await server.signUp(uniqueEmail(), role: .faculty)
            let other = try await server.signUp(uniqueEmail(), role: .faculty)
            _ = try await server.createCourse("Chemistry", token: faculty.token)
            let duplicate = try await server.post(
                APIPaths.facultyCourses, json: CreateCourseRequest(name: "CHEMISTRY", description: "again"), token: faculty.token)
            #expect(duplicate.status == .conflict)
            #expect(duplicate.error?.error == .conflict)
            // Another faculty member may use the name.
            _ = try await server.createCourse("Chemistry", token: other.token)
        }
    }

    @Test(arguments: [
        (#"{"name":"A","description":"long enough"}"#, "Name must be 2 to 100 characters."),
        (#"{"name":"Fine name","description":" "}"#, "Description must be 2 to 1000 characters."),
        (#"{"name":"Fine name"}"#, "'description' is required."),
    ])
    func invalidCoursesGetAClear400(body: String, message: String) async throws {
        try await TestServer.run { server in
            let faculty = try await server.signUp(uniqueEmail(), role: .faculty)
            let reply = try await server.post(APIPaths.facultyCourses, raw: body, token: faculty.token)
            #expect(reply.status == .badRequest)
            #expect(reply.error?.message == message)
        }
    }

    @Test func studentsEnrollByCodeInAnyCaseOnce() async throws {
        try await TestServer.run { server in
            let faculty = try await server.signUp(uniqueEmail(), role: .faculty)
            let course = try await server.createCourse("Databases", token: faculty.token)
            let student = try await server.signUp(uniqueEmail(), role: .student)

            let enrolled = try await server.post(
                APIPaths.enroll, json: EnrollRequest(courseCode: course.courseCode.lowercased()), token: student.token
            ).expect(.created).decode(EnrollResponse.self)
            #expect(enrolled.enrollment.course.name == "Databases")
            #expect(enrolled.enrollment.course.courseCode == course.courseCode)

            let again = try await server.post(APIPaths.enroll, json: EnrollRequest(courseCode: course.courseCode), token: student.token)
            #expect(again.status == .conflict)

            let mine = try await server.get(APIPaths.studentCourses, token: student.token).expect(.ok).decode([EnrolledCourse].self)
            #expect(mine.map(\.id) == [course.id])
            let facultyView = try await server.get(APIPaths.facultyCourses, token: faculty.token).decode([Course].self)
            #expect(facultyView.first?.enrollmentCount == 1)
        }
    }

    @Test func unknownAndMalformedCodes() async throws {
        try await TestServer.run { server in
            let student = try await server.signUp(uniqueEmail(), role: .student)
            let unknown = try await server.post(APIPaths.enroll, json: EnrollRequest(courseCode: "QQQQ"), token: student.token)
            #expect(unknown.status == .notFound)
            #expect(unknown.error?.error == .notFound)
            for code in ["ABC", "ABCDE", "AB1D", "ÄBCD", ""] {
                let reply = try await server.post(APIPaths.enroll, json: EnrollRequest(courseCode: code), token: student.token)
                #expect(reply.status == .badRequest, "code \(code)")
            }
        }
    }

    @Test func tenConcurrentEnrollmentsMakeOne() async throws {
        try await TestServer.run { server in
            let faculty = try await server.signUp(uniqueEmail(), role: .faculty)
            let course = try await server.createCourse("Physics", token: faculty.token)
            let student = try await server.signUp(uniqueEmail(), role: .student)
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<10 {
                    group.addTask {
                        try await server.post(APIPaths.enroll, json: EnrollRequest(courseCode: course.courseCode), token: student.token)
                            .status.code
                    }
                }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == 201 }.count == 1)
            #expect(statuses.filter { $0 == 409 }.count == 9)
        }
    }

    @Test func theCatalogueNeverShowsCodes() async throws {
        try await TestServer.run { server in
            let faculty = try await server.signUp(uniqueEmail(), role: .faculty)
            let course = try await server.createCourse("History", token: faculty.token)
            let all = try await server.get(APIPaths.catalogue).expect(.ok)
            #expect(all.array?.isEmpty == false)
            #expect(all.array?.allSatisfy { $0["courseCode"] == nil } == true)
            #expect(!all.text.contains(course.courseCode))
            let entries = try await server.get(APIPaths.facultyCatalogue(faculty.userId!)).expect(.ok).decode([CatalogueCourse].self)
            #expect(entries.map(\.name) == ["History"])
            #expect(entries.first?.facultyId == faculty.userId)
            try await server.get(APIPaths.catalogue + "/abc").expect(.badRequest)
            try await server.get(APIPaths.catalogue + "/0").expect(.badRequest)
            try await server.get(APIPaths.catalogue + "/99999999999999999999999").expect(.badRequest)
        }
    }

    @Test func rolesAndProfile() async throws {
        try await TestServer.run { server in
            let roles = try await server.get(APIPaths.roles).expect(.ok).decode([RoleInfo].self)
            #expect(roles == [RoleInfo(id: 1, name: "faculty"), RoleInfo(id: 2, name: "student")])
            let email = uniqueEmail()
            let login = try await server.signUp(email, role: .student)
            let me = try await server.get(APIPaths.me, token: login.token).expect(.ok).decode(UserProfile.self)
            #expect(me == UserProfile(id: login.userId!, email: email, role: .student))
        }
    }
}
