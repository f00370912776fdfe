import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Testing

@testable import ExamPrepServer

/// Grade scales in the pages: a Polish student sees "4" beside 73 % on the grades page and the
/// review; the teacher sets a preset or bands of their own on the course page (a refusal shows
/// the form again with why, nothing changed), sees the grade in the grade book, and lowers one
/// student's thresholds on the student's page.
@Suite("Grade scale pages", .hangGuard)
struct GradeScalePageTests {
    @Test func aPolishPupilSeesTheGradeBesideTheScore() async throws {
        try await TestServer.run { server in
            let faculty = try await server.signUp(uniqueEmail("teacher"), role: .faculty)
            let course = try await server.createCourse("Matematyka", token: faculty.token)
            let courseID = try #require(course.id)
            try await server.send(
                .put, APIPaths.courseGradeScale(courseID), json: GradeScaleRequest(preset: .plSchool), token: faculty.token
            )
            .expect(.ok)
            let exam = try await server.publishedExam(GradeBookGradeTests.draft, courseID: courseID, token: faculty.token)
            var browser = TestBrowser(server)
            let email = uniqueEmail("pupil")
            try await browser.registerStudent(email)
            try await browser.post("/language", [("language", "pl"), ("back", "/courses")]).expect(.seeOther)
            try await browser.post("/courses", [("courseCode", course.courseCode)]).expect(.seeOther)
            let pupil = try await server.login(email)
            let result = try await GradeBookGradeTests.submit(exam.id, right: 2, token: pupil.token, on: server)
            #expect(result.score == 73 && result.grade == "4")

            try await browser.get("/grades").expect(.ok)
            #expect(browser.page.contains("<th scope=\"col\">Ocena</th>") && browser.page.contains("<td>4</td>"), "\(browser.page)")
            try await browser.get("/attempts/\(result.attemptId)").expect(.ok)
            #expect(browser.page.contains("(73 %)") && browser.page.contains("<strong>Ocena: 4</strong>"), "\(browser.page)")
        }
    }

    @Test func theTeacherSetsTheScaleOnTheCoursePageAndSeesGradesInTheGradeBook() async throws {
        try await TestServer.run { server in
            var (browser, faculty) = try await TeachCoursePagesTests.teacher(server)
            let path = try await TeachCoursePagesTests.createCourse(&browser, name: "Algebra")
            let courseID = try #require(Int(path.split(separator: "/").last ?? ""))
            #expect(browser.page.contains("<option value=\"percent\" selected>Percentages only</option>"))

            // Bands of one's own, in the textarea, a decimal comma and a grade with quotes and a combining mark.
            let odd = "\"5\(FuzzText.combining)\""
            try await browser.follow(
                try await browser.post("\(path)/grade-scale", [("scale", "bands"), ("bands", "0 ndst\n50,5 dst\n75: \(odd)\n")])
                    .expect(.seeOther))
            #expect(browser.page.contains("The grade scale is saved."))
            var scale = try await server.get(APIPaths.courseGradeScale(courseID), token: faculty.token).decode(GradeScale.self)
            #expect(scale.bands.map(\.grade) == ["ndst", "dst", odd] && scale.bands[1].minPercent == Decimal(string: "50.5"))
            #expect(browser.page.contains("<option value=\"bands\" selected>"))

            // Refused: the form again with why and what was sent; nothing changed.
            for (bands, why) in [
                ("10 1\n50 2", "The first band must start at 0 %."), ("0 1\nhalf 2", "Line 2 does not start with a percentage"),
                ("0 1\n50 1", "already the grade of another band"), ("0 1\n101 2", "Band 2 must start between 0 and 100 %."),
            ] {
                let reply = try await browser.post("\(path)/grade-scale", [("scale", "bands"), ("bands", bands)])
                #expect(
                    reply.status == .badRequest && browser.page.contains("id=\"grade-scale-error\"") && browser.page.contains(why),
                    "\(bands)")
            }
            scale = try await server.get(APIPaths.courseGradeScale(courseID), token: faculty.token).decode(GradeScale.self)
            #expect(scale.bands.map(\.grade) == ["ndst", "dst", odd])

            // A preset, then a student's 73 % in the grade book.
            try await browser.post("\(path)/grade-scale", [("scale", "pl-school"), ("bands", "")]).expect(.seeOther)
            let student = try await server.signUp(uniqueEmail("student"), role: .student)
            let course = try #require(try await server.get(APIPaths.facultyCourses, token: faculty.token).decode([Course].self).first)
            try await server.enroll(course, token: student.token)
            let exam = try await server.publishedExam(GradeBookGradeTests.draft, courseID: courseID, token: faculty.token)
            _ = try await GradeBookGradeTests.submit(exam.id, right: 2, token: student.token, on: server)
            try await browser.get("\(path)/grades").expect(.ok)
            #expect(
                browser.page.contains("<th scope=\"col\">Grade</th>") && browser.page.contains("<td>73 %</td><td>4</td>"), "\(browser.page)"
            )

            // The statistics page counts the students by grade beside the histogram.
            try await browser.get("/teach/exams/\(exam.id)/statistics").expect(.ok)
            #expect(
                browser.page.contains("<th scope=\"row\">4</th><td>1</td>") && browser.page.contains("<th scope=\"row\">1</th><td>0</td>"))

            // Another teacher's course: 404, nothing changed.
            var other = try await TeachCoursePagesTests.teacher(server).browser
            try await other.get("/teach")
            try await other.post("\(path)/grade-scale", [("scale", "letters"), ("bands", "")]).expect(.notFound)
            scale = try await server.get(APIPaths.courseGradeScale(courseID), token: faculty.token).decode(GradeScale.self)
            #expect(scale == GradeScalePreset.plSchool.scale)
        }
    }

    @Test func theStudentsPageLowersTheirThresholds() async throws {
        try await TestServer.run { server in
            var (browser, faculty) = try await TeachCoursePagesTests.teacher(server)
            let path = try await TeachCoursePagesTests.createCourse(&browser, name: "Geometria")
            let course = try #require(try await server.get(APIPaths.facultyCourses, token: faculty.token).decode([Course].self).first)
            let student = try await server.signUp(uniqueEmail("student"), role: .student)
            try await server.enroll(course, token: student.token)
            let studentPath = "\(path)/students/\(try #require(student.userId))"
            try await browser.get(studentPath).expect(.ok)
            #expect(browser.page.contains("name=\"gradeThresholdOffsetPercent\""))
            let fields = [("timeMultiplier", "1"), ("extraMinutes", "0"), ("note", "")]
            try await browser.follow(
                try await browser.post("\(studentPath)/accommodation", fields + [("gradeThresholdOffsetPercent", "20")]).expect(.seeOther))
            #expect(browser.page.contains("grade thresholds 20 points lower"), "\(browser.page)")
            for refused in ["51", "-1", "x"] {
                let reply = try await browser.post("\(studentPath)/accommodation", fields + [("gradeThresholdOffsetPercent", refused)])
                #expect(reply.status == .badRequest && browser.page.contains("id=\"accommodation-error\""), "\(refused)")
            }
            let roster = try await server.get(APIPaths.classList(try #require(course.id)), token: faculty.token)
                .decode([CourseRosterStudent].self)
            #expect(roster.first?.accommodation?.gradeThresholdOffsetPercent == 20)
        }
    }

    @Test func theGradeScaleFormsFieldsAreFuzzedAndNothingChanges() async throws {
        try await TestServer.run { server in
            var (browser, faculty) = try await TeachCoursePagesTests.teacher(server)
            let path = try await TeachCoursePagesTests.createCourse(&browser, name: "Fizyka")
            let course = try #require(try await server.get(APIPaths.facultyCourses, token: faculty.token).decode([Course].self).first)
            let student = try await server.signUp(uniqueEmail("student"), role: .student)
            try await server.enroll(course, token: student.token)
            try await browser.post("\(path)/grade-scale", [("scale", "letters"), ("bands", "")]).expect(.seeOther)
            let studentPath = "\(path)/students/\(try #require(student.userId))"
            try await browser.get(studentPath).expect(.ok)
            for input in PageFormFuzzTests.inputs {
                for fields in [
                    [("scale", input), ("bands", "")], [("scale", "bands"), ("bands", input)], [("scale", input), ("bands", input)],
                ] {
                    let reply = try await browser.post("\(path)/grade-scale", fields)
                    #expect(reply.status == .badRequest, "\(fields): \(reply.status)")
                }
                let reply = try await browser.post(
                    "\(studentPath)/accommodation",
                    [("timeMultiplier", "1"), ("extraMinutes", "0"), ("gradeThresholdOffsetPercent", input)])
                PageFormFuzzTests.expectNoServerError(reply, "offset \(input.prefix(20))")
            }
            let scale = try await server.get(APIPaths.courseGradeScale(try #require(course.id)), token: faculty.token).decode(
                GradeScale.self)
            #expect(scale == GradeScalePreset.letters.scale)
        }
    }
}
