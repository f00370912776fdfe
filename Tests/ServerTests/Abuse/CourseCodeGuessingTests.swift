import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Testing

@testable import ExamPrepServer

/// Hole 2: one student token walked the 26⁴ course codes at ~2,900 guesses per second, and
/// every hit enrolled it. Unknown codes are now limited per student and per client address.
@Suite("Abuse: guessing course codes", .hangGuard)
struct CourseCodeGuessingTests {
    /// Codes that no course has (the real ones are random; these are fixed and distinct).
    static func unknownCodes(_ count: Int, avoiding real: Set<String>) -> [String] {
        var codes: [String] = []
        var index = 0
        while codes.count < count {
            let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
            let code = String([letters[(index / 676) % 26], letters[(index / 26) % 26], letters[index % 26], "Q"])
            if !real.contains(code) { codes.append(code) }
            index += 1
        }
        return codes
    }

    @Test func theEleventhUnknownCodeOfAStudentIs429AndStopsEvenARealCode() async throws {
        try await TestServer.run { server in
            let faculty = try await server.signUp(uniqueEmail(), role: .faculty)
            let course = try await server.createCourse("Real", token: faculty.token)
            let student = try await server.signUp(uniqueEmail(), role: .student)
            for code in Self.unknownCodes(10, avoiding: [course.courseCode]) {
                try await server.post(APIPaths.enroll, json: EnrollRequest(courseCode: code), token: student.token).expect(.notFound)
            }
            let limited = try await server.post(APIPaths.enroll, json: EnrollRequest(courseCode: course.courseCode), token: student.token)
            #expect(limited.status == .tooManyRequests)
            #expect(limited.error?.error == .rateLimited)
            #expect((1...900).contains(Int(limited.headers[.retryAfter] ?? "") ?? 0))
        }
    }

    @Test func realCodesDoNotCountAndTheLimitHoldsPerAddressAcrossStudents() async throws {
        try await TestServer.run(configure: { $0.setTrustedProxies(["127.0.0.1"]) }) { server in
            let faculty = try await server.signUp(uniqueEmail(), role: .faculty)
            var real: [String] = []
            for index in 0..<12 { real.append(try await server.createCourse("Course \(index)", token: faculty.token).courseCode) }
            let student = try await server.signUp(uniqueEmail(), role: .student)
            for code in real {
                try await server.post(APIPaths.enroll, json: EnrollRequest(courseCode: code), token: student.token, from: "198.51.100.1")
                    .expect(.created)
            }
            // Five students from one address share its ten guesses.
            var statuses: [Int] = []
            for index in 0..<12 {
                let guesser = try await server.signUp(uniqueEmail(), role: .student)
                let code = Self.unknownCodes(12, avoiding: Set(real))[index]
                statuses.append(
                    try await server.post(APIPaths.enroll, json: EnrollRequest(courseCode: code), token: guesser.token, from: "203.0.113.9")
                        .status.code)
            }
            #expect(statuses.filter { $0 == 404 }.count == 10)
            #expect(statuses.suffix(2) == [429, 429])
        }
    }

    /// A real code is looked up first and never counted: ten parallel enrollments with it after
    /// two typos all get their answer (one enrolls, the rest are already enrolled), none a 429
    /// (before, the ten in flight counted against the limit with the two typos).
    @Test func parallelTriesOfTheRightCodeAfterTyposAreNeverRefused() async throws {
        try await TestServer.run { server in
            let faculty = try await server.signUp(uniqueEmail(), role: .faculty)
            let course = try await server.createCourse("Real", token: faculty.token)
            let student = try await server.signUp(uniqueEmail(), role: .student)
            for code in Self.unknownCodes(2, avoiding: [course.courseCode]) {
                try await server.post(APIPaths.enroll, json: EnrollRequest(courseCode: code), token: student.token).expect(.notFound)
            }
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<10 {
                    group.addTask {
                        try await server.post(APIPaths.enroll, json: EnrollRequest(courseCode: course.courseCode), token: student.token)
                            .status.code
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == 201 }.count == 1 && statuses.filter { $0 == 409 }.count == 9, "\(statuses.sorted())")
            // The two typos are still counted: eight more unknown codes reach the limit.
            let more = Self.unknownCodes(11, avoiding: [course.courseCode])
            for code in more[2..<10] {
                try await server.post(APIPaths.enroll, json: EnrollRequest(courseCode: code), token: student.token).expect(.notFound)
            }
            try await server.post(APIPaths.enroll, json: EnrollRequest(courseCode: more[10]), token: student.token)
                .expect(.tooManyRequests)
        }
    }
}
