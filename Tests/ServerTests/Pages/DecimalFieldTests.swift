import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Testing

@testable import ExamPrepServer

/// The teachers' decimal fields (issue 67): "1,5" (a decimal comma) reads as 1.5 as "1.5" does, in
/// either language; "1,5,0", "１.５" or "1e3" is refused naming the field.
@Suite("Pages: decimal fields", .hangGuard)
struct DecimalFieldTests {
    @Test("a decimal point or comma, a sign; nothing else")
    func decimals() {
        for (typed, value) in [("1,5", 1.5), ("1.5", 1.5), ("2", 2.0), ("-0,25", -0.25), ("+3.75", 3.75), ("007", 7.0)] {
            #expect(TeachCoursePageController.decimal(typed) == value, "\(typed)")
        }
        let refused = [
            "1,5,0", "1.5.0", "1,5.0", "１.５", "1e3", "inf", "nan", "0x1p3", ",5", "5,", "-", "", "1 5", "--1", "1\(FuzzText.combining)",
            "\"1\"", String(repeating: "9", count: 40),
        ]
        for typed in refused + [FuzzText.combining + "\"", "1'\(FuzzText.combining)5", "1,\(FuzzText.combining)5"] {
            #expect(TeachCoursePageController.decimal(typed) == nil, "\(typed.prefix(20))")
        }
    }

    @Test("'1,5' typed in Time multiplier is stored as 1.5, in English and Polish; '1,5,0' is refused naming the field")
    func timeMultiplierWithAComma() async throws {
        try await TestServer.run { server in
            var (browser, faculty) = try await TeachCoursePagesTests.teacher(server)
            let path = try await TeachCoursePagesTests.createCourse(&browser, name: "Decimals")
            let course = try #require(try await server.get(APIPaths.facultyCourses, token: faculty.token).decode([Course].self).first)
            let student = try await server.signUp(uniqueEmail("student"), role: .student)
            try await server.enroll(course, token: student.token)
            let studentPath = "\(path)/students/\(try #require(student.userId))/accommodation"
            func stored() async throws -> Double? {
                try await server.get(APIPaths.classList(try #require(course.id)), token: faculty.token)
                    .decode([CourseRosterStudent].self).first?.accommodation?.timeMultiplier
            }
            for (language, typed, value, label) in [
                ("en", "1,5", 1.5, "Time multiplier"), ("pl", "1,25", 1.25, "Mnożnik czasu"), ("pl", "1.75", 1.75, "Mnożnik czasu"),
            ] {
                try await browser.post("/language", [("language", language), ("back", "/teach")]).expect(.seeOther)
                try await browser.post(studentPath, [("timeMultiplier", typed), ("extraMinutes", "0"), ("note", "")]).expect(.seeOther)
                #expect(try await stored() == value, "\(typed) in \(language)")
                for refused in ["1,5,0", "１.５", "1e3"] {
                    try await browser.post(studentPath, [("timeMultiplier", refused), ("extraMinutes", "0"), ("note", "")])
                        .expect(.badRequest)
                    #expect(browser.page.contains(label), "\(refused) in \(language)")
                    #expect(try await stored() == value, "\(refused) changed nothing")
                }
            }
        }
    }
}
