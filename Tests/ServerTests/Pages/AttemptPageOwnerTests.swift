import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import NIOCore
import Testing

@testable import ExamPrepServer

/// An attempt's pages are its student's alone (docs/WEB.md: "student (owner)"): another student
/// of the same course gets 404 for every page and form of it, running or submitted, and
/// nothing they send changes it. (The API's routes are held to the same rule elsewhere.)
@Suite("Attempt pages: the owner's alone", .hangGuard)
struct AttemptPageOwnerTests {
    @Test("another student's attempt, running or submitted: 404 on every page, form and script call; nothing changes")
    func anotherStudentsAttempt() async throws {
        try await TestServer.run { server in
            let (faculty, _, course) = try await server.classroom()
            let exam = try await server.publishedExam(courseID: try #require(course.id), token: faculty.token)
            var owner = TestBrowser(server)
            try await owner.registerStudent(uniqueEmail("owner"))
            try await owner.post("/courses", [("courseCode", course.courseCode)]).expect(.seeOther)
            let attemptPath = try #require(try await owner.post("/exams/\(exam.id)/attempts", []).expect(.seeOther).headers[.location])
            let attemptID = try #require(Int(attemptPath.split(separator: "/").last ?? ""))
            try await owner.get(attemptPath).expect(.ok)
            let question = try #require(TestBrowser.value(of: "question", in: owner.page))

            var other = TestBrowser(server)
            try await other.registerStudent(uniqueEmail("other"))
            try await other.post("/courses", [("courseCode", course.courseCode)]).expect(.seeOther)
            try await other.get("/courses").expect(.ok)
            let csrf = try #require(other.csrfToken)

            func everyWayIn(_ state: String) async throws {
                for path in [attemptPath, attemptPath + "?q=2", attemptPath + "/summary", attemptPath + "?done=submitted"] {
                    let reply = try await other.get(path)
                    #expect(reply.status == .notFound, "\(state): GET \(path) is \(reply.status.code)")
                    #expect(!other.page.contains(exam.title), "\(state): \(path) shows nothing of the attempt")
                }
                let json = try await other.get(attemptPath, headers: [.accept: "application/json"])
                #expect(json.status == .notFound && json.error?.error == .notFound, "\(state): the script's GET")
                let save = try await other.post(
                    attemptPath, [("question", question), ("value", "true"), ("text", "mine"), ("go", "next")], csrf: csrf)
                #expect(save.status == .notFound, "\(state): the form's save is \(save.status.code)")
                let submit = try await other.post(attemptPath + "/submit", [], csrf: csrf)
                #expect(submit.status == .notFound, "\(state): the submit is \(submit.status.code)")
                let script: HTTPFields = [
                    .contentType: "application/json", .accept: "application/json", HTTPField.Name("X-CSRF-Token")!: csrf,
                    HTTPField.Name("Sec-Fetch-Site")!: "same-origin",
                ]
                let body = ByteBuffer(string: #"{"answers":[{"questionId":\#(question),"value":true}]}"#)
                try await other.send(.put, attemptPath + "/answers", headers: script, body: body).expect(.notFound)
                try await other.send(.put, attemptPath + "/flags/\(question)", headers: script).expect(.notFound)
            }

            try await everyWayIn("running")
            try await owner.get(attemptPath).expect(.ok)
            #expect(!owner.page.contains("Question 1, answered"), "the other student's save changed nothing")
            try await owner.post(attemptPath + "/submit", []).expect(.seeOther)
            try await everyWayIn("submitted")
            try await owner.get(attemptPath).expect(.ok)
            #expect(owner.page.contains(exam.title), "the owner reads the review")
            let attempts = try await server.get(APIPaths.facultyExamAttempts(exam.id), token: faculty.token).decode(
                [FacultyAttemptSummary].self)
            #expect(attempts.map(\.attemptId) == [attemptID] && attempts.first?.autoSubmitted == false)
        }
    }
}
