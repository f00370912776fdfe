import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Testing

@testable import ExamPrepServer

/// The `/teach` pages of a course's file: **Copy course** (the name asked first, the copy made
/// on the server, the new course's page), the file's download, and **Import a course** on
/// `/teach`; a refusal is the page again with what was wrong, nothing made.
@Suite("Teach pages: course copy", .hangGuard)
struct CourseCopyPageTests {
    @Test func aTeacherCopiesACourseDownloadsItAndImportsTheFile() async throws {
        try await TestServer.run { server in
            var (browser, faculty) = try await TeachCoursePagesTests.teacher(server)
            let coursePath = try await TeachCoursePagesTests.createCourse(&browser, name: "Optics")
            #expect(browser.page.contains("href=\"\(coursePath)/copy\""))
            let courseID = try #require(Int(coursePath.split(separator: "/").last ?? ""))
            try await server.post(
                APIPaths.courseQuestions(courseID),
                json: QuestionDraft(kind: .trueFalse, prompt: "Light bends.", points: 1, answer: .bool(true)), token: faculty.token
            ).expect(.created)
            func courses() async throws -> [Course] {
                try await server.get(APIPaths.facultyCourses, token: faculty.token).expect(.ok).decode([Course].self)
            }

            try await browser.get(coursePath + "/copy").expect(.ok)
            #expect(browser.page.contains("value=\"Optics (copy)\"") && browser.page.contains("No students"))
            let copied = try await browser.post(coursePath + "/copy", [("title", "Optics 2027")]).expect(.seeOther)
            #expect(copied.headers[.location]?.hasSuffix("?done=created") == true)
            try await browser.follow(copied).expect(.ok)
            #expect(browser.page.contains("Optics 2027"))
            let copy = try #require(try await courses().first { $0.name == "Optics 2027" })
            let bank = try await server.get(APIPaths.courseQuestions(try #require(copy.id)), token: faculty.token).decode([Question].self)
            #expect(bank.map(\.prompt) == ["Light bends."])

            // The same name again: the form with the reason, 409, nothing made.
            let before = try await courses().count
            try await browser.get(coursePath + "/copy")
            try await browser.post(coursePath + "/copy", [("title", "Optics 2027")]).expect(.conflict)
            #expect(browser.page.contains("id=\"copy-error\"") && browser.page.contains("Optics 2027"))
            #expect(try await courses().count == before)

            // The file, then **Import a course** on /teach with it.
            let file = try await browser.get(coursePath + "/export").expect(.ok)
            #expect(file.headers[.contentDisposition]?.hasPrefix("attachment") == true)
            try await browser.get("/teach").expect(.ok)
            #expect(browser.page.contains("action=\"/teach/courses/import\""))
            let imported = try await browser.upload(
                "/teach/courses/import", [("title", "Optics imported")], file: ("file", "optics.json", file.text)
            ).expect(.seeOther)
            try await browser.follow(imported).expect(.ok)
            #expect(try await courses().contains { $0.name == "Optics imported" })

            // A file that is not a course's: the upload form again with why.
            try await browser.get("/teach")
            try await browser.upload("/teach/courses/import", [], file: ("file", "x.json", #"{"format":"other","version":1}"#))
                .expect(.badRequest)
            #expect(browser.page.contains("not an ExamPrep course file") && browser.page.contains("type=\"file\""))

            // Another teacher's course: 404.
            var (other, _) = try await TeachCoursePagesTests.teacher(server)
            try await other.get(coursePath + "/copy").expect(.notFound)
            try await other.get(coursePath + "/export").expect(.notFound)
        }
    }
}
