import ExamPrepPostgres
import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import NIOCore
import Testing

@testable import ExamPrepServer

/// `GET`/`PUT`/`DELETE /api/faculty/courses/{courseId}/grade-scale` over HTTP: a preset or bands
/// are set and read back, every refusal is a 400 that changes nothing, another teacher's course
/// is 404 and nothing changes, and each change (never a refusal) is logged with the course.
@Suite("Grade scale routes", .hangGuard)
struct GradeScaleRouteTests {
    /// Bodies a teacher may send that are refused, each for its own reason.
    static let refused: [String] = [
        #"{}"#,
        #"{"bands": [{"minPercent": 0, "grade": "1"}], "preset": "letters"}"#,
        #"{"preset": "pl-kindergarten"}"#,
        #"{"preset": null, "bands": null}"#,
        #"{"bands": []}"#,
        #"{"bands": {"minPercent": 0, "grade": "1"}}"#,
        #"{"bands": [{"minPercent": 0, "grade": "1"}, {"minPercent": 50, "grade": "3"}, {"minPercent": 30, "grade": "2"}]}"#,
        #"{"bands": [{"minPercent": 10, "grade": "1"}, {"minPercent": 50, "grade": "2"}]}"#,
        #"{"bands": [{"minPercent": 0, "grade": "1"}, {"minPercent": 100.01, "grade": "2"}]}"#,
        #"{"bands": [{"minPercent": 0, "grade": "1"}, {"minPercent": 101, "grade": "2"}]}"#,
        #"{"bands": [{"minPercent": 0, "grade": "1"}, {"minPercent": -5, "grade": "2"}]}"#,
        #"{"bands": [{"minPercent": 0, "grade": "1"}, {"minPercent": 50, "grade": "2"}, {"minPercent": 50, "grade": "3"}]}"#,
        #"{"bands": [{"minPercent": 0, "grade": "1"}, {"minPercent": 50, "grade": "1"}]}"#,
        #"{"bands": [{"minPercent": 0, "grade": "1"}, {"minPercent": 50, "grade": " 1 "}]}"#,
        #"{"bands": [{"minPercent": 0, "grade": ""}]}"#,
        #"{"bands": [{"minPercent": 0, "grade": "   "}]}"#,
        #"{"bands": [{"minPercent": 0, "grade": "123456789012345678901"}]}"#,
        #"{"bands": [{"minPercent": 0, "grade": "1\u0007"}]}"#,
        #"{"bands": [{"minPercent": 0, "grade": "1"}, {"minPercent": 50.001, "grade": "2"}]}"#,
        #"{"bands": [{"minPercent": "0", "grade": "1"}]}"#,
        #"{"bands": [{"minPercent": 0}]}"#,
        #"{"bands": [{"minPercent": 0, "grade": null}]}"#,
        #"{"bands": [{"minPercent": 0, "grade": 1}]}"#,
        #"{"bands": [{"grade": "1"}]}"#,
        #"null"#,
        #"[]"#,
        #"{"bands": [{"minPercent": 0, "grade": "1"}"#,
        "{\"bands\": [" + (0..<31).map { #"{"minPercent": \#($0), "grade": "g\#($0)"}"# }.joined(separator: ",") + "]}",
    ]

    @Test func aPresetOrBandsAreSetReadAndClearedAndEachChangeIsLogged() async throws {
        try await TestServer.runWithDatabase { server, pool in
            let (faculty, _, course) = try await server.classroom()
            let courseID = try #require(course.id)
            let path = APIPaths.courseGradeScale(courseID)
            #expect(try await server.get(path, token: faculty.token).expect(.ok).decode(GradeScale.self) == GradeScale(bands: []))

            let preset = try await server.send(.put, path, json: GradeScaleRequest(preset: .plSchool), token: faculty.token)
                .expect(.ok).decode(GradeScale.self)
            #expect(preset == GradeScalePreset.plSchool.scale)
            #expect(try await server.get(path, token: faculty.token).expect(.ok).decode(GradeScale.self) == GradeScalePreset.plSchool.scale)

            let bands = [GradeBand(minPercent: 0, grade: "ndst"), GradeBand(minPercent: Decimal(string: "50.5")!, grade: "dst")]
            let set = try await server.send(.put, path, json: GradeScaleRequest(bands: bands), token: faculty.token).expect(.ok)
            #expect(try set.decode(GradeScale.self) == GradeScale(bands: bands))
            #expect(set.object?["preset"] == nil)
            #expect(try await server.get(path, token: faculty.token).expect(.ok).decode(GradeScale.self) == GradeScale(bands: bands))

            #expect(try await server.delete(path, token: faculty.token).expect(.ok).decode(GradeScale.self) == GradeScale(bands: []))
            #expect(try await server.get(path, token: faculty.token).expect(.ok).decode(GradeScale.self) == GradeScale(bands: []))
            // Clearing what is already clear changes nothing, and logs nothing.
            try await server.delete(path, token: faculty.token).expect(.ok)
            let log = try await pool.query(
                "SELECT preset, bands IS NULL AS cleared FROM course_grade_scale_changes WHERE course_id = \(courseID) ORDER BY id")
            #expect(try log.map { try $0.decode("preset", as: String?.self) } == ["pl-school", nil, nil])
            #expect(try log.map { try $0.decode("cleared", as: Bool.self) } == [false, false, true])
        }
    }

    @Test func everyRefusalIsA400ThatChangesNothing() async throws {
        try await TestServer.runWithDatabase { server, pool in
            let (faculty, _, course) = try await server.classroom()
            let courseID = try #require(course.id)
            let path = APIPaths.courseGradeScale(courseID)
            try await server.send(.put, path, json: GradeScaleRequest(preset: .plUniversity), token: faculty.token).expect(.ok)
            for body in Self.refused {
                let reply = try await server.send(.put, path, token: faculty.token, body: ByteBuffer(string: body))
                #expect(reply.status == .badRequest, "\(body): \(reply.text)")
                #expect(reply.error?.error == .validationFailed, "\(body)")
            }
            #expect(
                try await server.get(path, token: faculty.token).expect(.ok).decode(GradeScale.self) == GradeScalePreset.plUniversity.scale)
            let logged = try await pool.query("SELECT count(*) AS n FROM course_grade_scale_changes WHERE course_id = \(courseID)")
            #expect(try logged.single().decode("n", as: Int.self) == 1)
        }
    }

    @Test func aGradeIsKeptAsItWasWrittenWhateverItHolds() async throws {
        try await TestServer.run { server in
            let (faculty, _, course) = try await server.classroom()
            let path = APIPaths.courseGradeScale(try #require(course.id))
            for grade in FuzzText.inputs {
                let bands = [GradeBand(minPercent: 0, grade: "x"), GradeBand(minPercent: Decimal(string: "33.33")!, grade: grade)]
                let reply = try await server.send(.put, path, json: GradeScaleRequest(bands: bands), token: faculty.token)
                #expect(reply.status == .ok, "\(grade.unicodeScalars.map(\.value)): \(reply.text)")
                let read = try await server.get(path, token: faculty.token).expect(.ok).decode(GradeScale.self)
                #expect(read.bands.last?.grade == grade && read.bands.last?.minPercent == Decimal(string: "33.33"))
            }
        }
    }

    @Test func anotherTeachersCourseIsNotFoundAndNothingChanges() async throws {
        try await TestServer.runWithDatabase { server, pool in
            let (owner, student, course) = try await server.classroom()
            let courseID = try #require(course.id)
            let path = APIPaths.courseGradeScale(courseID)
            try await server.send(.put, path, json: GradeScaleRequest(preset: .letters), token: owner.token).expect(.ok)
            let other = try await server.signUp(uniqueEmail("faculty"), role: .faculty)
            try await server.get(path, token: other.token).expect(.notFound)
            try await server.send(.put, path, json: GradeScaleRequest(preset: .plSchool), token: other.token).expect(.notFound)
            try await server.delete(path, token: other.token).expect(.notFound)
            try await server.send(
                .put, APIPaths.courseGradeScale(courseID + 1000), json: GradeScaleRequest(preset: .plSchool), token: owner.token
            )
            .expect(.notFound)
            try await server.send(.put, path, json: GradeScaleRequest(preset: .plSchool), token: student.token).expect(.forbidden)
            try await server.delete(path, token: student.token).expect(.forbidden)
            #expect(try await server.get(path, token: owner.token).expect(.ok).decode(GradeScale.self) == GradeScalePreset.letters.scale)
            let logged = try await pool.query("SELECT count(*) AS n FROM course_grade_scale_changes")
            #expect(try logged.single().decode("n", as: Int.self) == 1)
        }
    }
}
