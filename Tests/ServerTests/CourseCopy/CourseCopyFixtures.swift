import ExamPrepPostgres
import ExamPrepShared
import Foundation
import HTTPTypes
import NIOCore

@testable import ExamPrepServer

/// A course worth copying: a bank of every kind with topics and pictures, an exam of its own
/// questions and a draw from the bank, a grade scale, and a student who enrolled, attempted
/// and has an accommodation (none of which a copy may carry).
struct CopiedCourse {
    var faculty: LoginResponse
    var student: LoginResponse
    var course: Course
    var courseID: Int
    var picture: Media

    static let bankSize = 5

    static func make(on server: TestServer) async throws -> CopiedCourse {
        let (faculty, student, course) = try await server.classroom("Physics 1")
        let courseID = course.id ?? 0
        let picture = try await MediaRouteTests.upload(
            TestPictures.png(width: 40, height: 30), type: "image/png", courseID: courseID, token: faculty.token, on: server
        ).expect(.created).decode(Media.self)
        let image = QuestionImage(mediaId: picture.id, alt: "A bulb \"lit\"\u{301}")
        var bank = ExamFixtures.everyKind().questions.map { question in
            var question = question
            // Not the exam's own questions (a draw never takes those).
            question.prompt += " (bank)"
            question.topic = "mechanics/forces"
            question.tags = ["week1"]
            return question
        }
        bank.append(QuestionImageTests.draft(image, choices: [nil, image]))
        for question in bank {
            try await server.post(APIPaths.courseQuestions(courseID), json: question, token: faculty.token).expect(.created)
        }
        var exam = ExamFixtures.everyKind(title: "Forces")
        exam.draws = [ExamDrawSlot(position: 4, fromBank: BankDraw(topic: "mechanics", count: 2))]
        let published = try await server.publishedExam(exam, courseID: courseID, token: faculty.token)
        try await server.send(.put, APIPaths.courseGradeScale(courseID), json: GradeScaleRequest(preset: .plSchool), token: faculty.token)
            .expect(.ok)
        try await server.startAttempt(published.id, token: student.token).expect(.created)
        let studentID = student.userId ?? 0
        try await server.send(
            .put, APIPaths.accommodation(courseID, studentID), json: Accommodation(extraMinutes: 15, note: "private note"),
            token: faculty.token
        ).expect(.ok)
        return CopiedCourse(faculty: faculty, student: student, course: course, courseID: courseID, picture: picture)
    }

    /// The course's file as the export gives it.
    func export(on server: TestServer, token: String? = nil) async throws -> TestReply {
        try await server.get(APIPaths.courseExport(courseID), token: token ?? faculty.token)
    }

    /// Posts `body` as a course file.
    static func importFile(
        _ body: Data, token: String, headers: HTTPFields = [.contentType: "application/json"], title: String? = nil, on server: TestServer
    ) async throws -> TestReply {
        let path =
            APIPaths.courseImport
            + (title.map { "?title=" + ($0.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "") } ?? "")
        return try await server.send(.post, path, token: token, headers: headers, body: ByteBuffer(bytes: body))
    }

    /// How many rows each table a course import writes holds.
    static func rowCounts(in pool: PostgresPool) async throws -> [Int] {
        let row = try await pool.query(
            """
            SELECT (SELECT count(*) FROM courses) AS courses, (SELECT count(*) FROM questions) AS questions,
                   (SELECT count(*) FROM exams) AS exams, (SELECT count(*) FROM course_media) AS media,
                   (SELECT count(*) FROM course_grade_scales) AS scales, (SELECT count(*) FROM exam_draws) AS draws
            """
        ).single()
        return try ["courses", "questions", "exams", "media", "scales", "draws"].map { try row.decode($0, as: Int.self) }
    }
}
