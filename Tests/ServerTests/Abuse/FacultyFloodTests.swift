import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Testing

@testable import ExamPrepServer

/// Anyone can register as faculty. Unlimited code rotation answered, call after call, with a
/// code that was free at that moment, so a few million calls mapped which codes are taken
/// (undoing the enrollment-guess limit); unlimited exam creation let one account store drafts
/// of a megabyte each. Both are limited per faculty member with the defaults, and a course's
/// exams are capped.
@Suite("Abuse: a faculty account flooding codes and exams", .hangGuard)
struct FacultyFloodTests {
    @Test func codeRotationIsLimitedWithTheDefaults() async throws {
        try await TestServer.run(configure: { $0.limits = RateLimiter.Limits() }) { server in
            let faculty = try await server.signUp(uniqueEmail(), role: .faculty)
            let course = try await server.createCourse("Rotating", token: faculty.token)
            let limit = RateLimiter.Limits().codeRotationsPerFaculty
            var codes: Set<String> = []
            for _ in 0..<limit.maxAttempts {
                let recoded = try await server.post(APIPaths.courseCode(course.id!), raw: "", token: faculty.token).expect(.created)
                codes.insert(try recoded.decode(Course.self).courseCode)
            }
            let refused = try await server.post(APIPaths.courseCode(course.id!), raw: "", token: faculty.token)
            #expect(refused.status == .tooManyRequests)
            #expect(Int(refused.headers[.retryAfter] ?? "").map { (1...limit.windowSeconds).contains($0) } == true)
            #expect(refused.error?.message.contains("new course codes (at most 10 in an hour)") == true, "\(refused.text)")
            #expect(codes.count >= limit.maxAttempts - 1, "each rotation gave a new code")
        }
    }

    @Test func examCreationIsLimitedWithTheDefaults() async throws {
        try await TestServer.run(configure: { $0.limits = RateLimiter.Limits() }) { server in
            let faculty = try await server.signUp(uniqueEmail(), role: .faculty)
            let course = try await server.createCourse("Exams", token: faculty.token)
            let limit = RateLimiter.Limits().examCreationsPerFaculty
            for index in 0..<limit.maxAttempts {
                _ = try await server.createExam(ExamFixtures.everyKind(title: "Exam \(index)"), courseID: course.id!, token: faculty.token)
            }
            let refused = try await server.post(APIPaths.courseExams(course.id!), json: ExamFixtures.everyKind(), token: faculty.token)
            #expect(refused.status == .tooManyRequests)
            #expect(refused.headers[.retryAfter] != nil)
            #expect(refused.error?.message.contains("new exams") == true, "\(refused.text)")
        }
    }

    @Test func aCoursesExamsAndTheirQuestionsAreCapped() async throws {
        try await TestServer.run(configure: {
            $0.examCaps = ExamCaps(examsPerCourse: 3, questionsPerCourse: 10)
        }) { server in
            let faculty = try await server.signUp(uniqueEmail(), role: .faculty)
            let course = try await server.createCourse("Capped", token: faculty.token)
            // everyKind has 4 questions: two exams hold 8.
            let first = try await server.createExam(ExamFixtures.everyKind(), courseID: course.id!, token: faculty.token)
            _ = try await server.createExam(ExamFixtures.everyKind(), courseID: course.id!, token: faculty.token)
            let tooManyQuestions = try await server.post(
                APIPaths.courseExams(course.id!), json: ExamFixtures.everyKind(), token: faculty.token)
            #expect(tooManyQuestions.status == .conflict)
            #expect(tooManyQuestions.error?.error == .limitReached)
            // Rewriting a draft counts its new questions in place of its old ones.
            var shorter = ExamFixtures.everyKind()
            shorter.questions = Array(shorter.questions.prefix(1))
            try await server.send(.put, APIPaths.facultyExam(first.id), json: shorter, token: faculty.token).expect(.ok)
            _ = try await server.createExam(ExamFixtures.everyKind(), courseID: course.id!, token: faculty.token)
            var one = ExamFixtures.everyKind()
            one.questions = Array(one.questions.prefix(1))
            let tooManyExams = try await server.post(APIPaths.courseExams(course.id!), json: one, token: faculty.token)
            #expect(tooManyExams.status == .conflict)
            #expect(tooManyExams.error?.message.contains("3 exams") == true, "\(tooManyExams.text)")
            let grown = try await server.send(.put, APIPaths.facultyExam(first.id), json: ExamFixtures.everyKind(), token: faculty.token)
            #expect(grown.status == .conflict, "a rewrite may not pass the question cap either")
        }
    }
}
