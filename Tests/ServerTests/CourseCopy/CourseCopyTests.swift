import ExamPrepPostgres
import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Testing

@testable import ExamPrepServer

/// `GET /api/faculty/courses/{courseId}/export` and `POST /api/faculty/courses/import` over
/// HTTP: a course goes to one file (settings, bank with its pictures, exams, grade scale; no
/// student, attempt or accommodation) and back as a new course of whoever imports it.
@Suite("Course copy", .hangGuard)
struct CourseCopyTests {
    @Test func aCourseGoesToAFileAndBackAsANewCourseWithoutItsStudents() async throws {
        try await TestServer.runWithDatabase { server, pool in
            let source = try await CopiedCourse.make(on: server)
            let reply = try await source.export(on: server).expect(.ok)
            #expect(reply.headers[.contentDisposition]?.hasPrefix("attachment; filename=") == true)
            let file = try reply.decode(CourseExportFile.self)
            #expect(file.format == "examprep-course" && file.version == 1)
            #expect(file.course.name == "Physics 1" && file.course.description == "About Physics 1")
            #expect(file.gradeScale?.preset == .plSchool && file.gradeScale?.bands.count == 6)
            #expect(file.questions.count == CopiedCourse.bankSize)
            #expect(file.questions.filter { $0.topic == "mechanics/forces" }.count == 4)
            #expect(Set(file.questions.map(\.kind)).isSuperset(of: [.singleChoice, .multipleChoice, .trueFalse, .shortAnswer]))
            #expect(file.exams.map(\.title) == ["Forces"] && file.exams.first?.draws.first?.fromBank.count == 2)
            #expect(file.exams.first?.policy?.review.afterSubmit.contains(.correctness) == true)
            #expect(file.pictures.map(\.sha256) == [source.picture.sha256] && file.pictures.first?.type == "image/png")
            #expect(file.pictures.first.flatMap { Data(base64Encoded: $0.data) }.map(Array.init) == TestPictures.png(width: 40, height: 30))
            // Nobody's data: not the student's address, not the accommodation's note.
            #expect(!reply.text.contains("@example.com") && !reply.text.contains("private note"))
            #expect(!reply.text.contains("studentId") && !reply.text.contains("enrollment"))

            // Another teacher imports it: a new course of theirs with a new code, no students.
            let other = try await server.signUp(uniqueEmail("next-year"), role: .faculty)
            let created = try await CopiedCourse.importFile(reply.body, token: other.token, title: "Physics 1 – 2027", on: server)
                .expect(.created).decode(CourseImportResponse.self)
            #expect(created.course.name == "Physics 1 – 2027" && created.course.userId == other.userId)
            #expect(created.course.courseCode != source.course.courseCode && created.course.enrollmentCount == 0)
            #expect(created.questions == CopiedCourse.bankSize && created.exams == 1 && created.pictures == 1)
            let newID = try #require(created.course.id)
            let bank = try await server.get(APIPaths.courseQuestions(newID), token: other.token).expect(.ok).decode([Question].self)
            let pictured = try #require(bank.first { $0.image != nil })
            #expect(pictured.image?.mediaId != source.picture.id && pictured.image?.alt == "A bulb \"lit\"\u{301}")
            #expect(pictured.choices?.last?.image?.mediaId == pictured.image?.mediaId)
            try await server.get(APIPaths.media(try #require(pictured.image?.mediaId)), token: other.token).expect(.ok)
            let exams = try await server.get(APIPaths.facultyExams + "?courseId=\(newID)", token: other.token).expect(.ok)
                .decode([ExamSummary].self)
            #expect(exams.map(\.status) == [.draft] && exams.first?.attemptCount == 0)
            let scale = try await server.get(APIPaths.courseGradeScale(newID), token: other.token).expect(.ok).decode(GradeScale.self)
            #expect(scale.preset == .plSchool)
            let accommodations: Int = try await pool.query(
                "SELECT count(*) AS n FROM accommodations WHERE course_id = \(newID)"
            ).single().decode("n")
            #expect(accommodations == 0)

            // Its own export is the same file but for the ids of its pictures.
            let again = try await server.get(APIPaths.courseExport(newID), token: other.token).expect(.ok).decode(CourseExportFile.self)
            #expect(again.questions.map(\.prompt) == file.questions.map(\.prompt) && again.exams == file.exams)
            #expect(again.pictures.map(\.data) == file.pictures.map(\.data))
        }
    }

    @Test func anotherTeachersCourseIsNotFoundAndAStudentIsForbidden() async throws {
        try await TestServer.run { server in
            let (faculty, student, course) = try await server.classroom()
            let courseID = try #require(course.id)
            try await server.get(APIPaths.courseExport(courseID), token: faculty.token).expect(.ok)
            let other = try await server.signUp(uniqueEmail("other"), role: .faculty)
            let refused = try await server.get(APIPaths.courseExport(courseID), token: other.token).expect(.notFound)
            #expect(refused.error?.error == .notFound)
            try await server.get(APIPaths.courseExport(courseID), token: student.token).expect(.forbidden)
            try await CopiedCourse.importFile(Data("{}".utf8), token: student.token, on: server).expect(.forbidden)
            try await server.get(APIPaths.courseExport(courseID)).expect(.unauthorized)
        }
    }

    @Test func theSameNameTwiceIsAConflictAndNothingIsWritten() async throws {
        try await TestServer.runWithDatabase { server, pool in
            let (faculty, _, course) = try await server.classroom("Chemistry")
            let file = try await server.get(APIPaths.courseExport(try #require(course.id)), token: faculty.token).expect(.ok)
            let before = try await CopiedCourse.rowCounts(in: pool)
            let taken = try await CopiedCourse.importFile(file.body, token: faculty.token, on: server).expect(.conflict)
            #expect(taken.error?.message.contains("Chemistry") == true)
            #expect(try await CopiedCourse.rowCounts(in: pool) == before)
            try await CopiedCourse.importFile(file.body, token: faculty.token, title: "Chemistry 2", on: server).expect(.created)
        }
    }
}
