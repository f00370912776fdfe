import ExamPrepClient
import ExamPrepServerTestSupport
import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import Testing

/// Data out and back through the real client library and the `examprep` tool against a live
/// server: a course exported and imported as a new course (`Faculty.exportCourse`,
/// `importCourse`; `examprep courses export` / `import`), a person's own data
/// (`Account.exportData`; `examprep account export`, written for its owner only), and
/// `examprep admin erase` refused without `--yes`.
@Suite("Data out: client and CLI", .hangGuard)
@MainActor
struct DataOutClientTests {
    @Test func aCourseGoesOutAndBackThroughTheLibraryAndItsDataThroughTheAccount() async throws {
        try await EndToEnd.run { server in
            let room = try await Classroom.open(server)
            let courseID = try #require(room.course.id)
            _ = try await room.faculty.faculty.createQuestion(
                QuestionDraft(kind: .trueFalse, prompt: "Light is a wave.", points: 1, answer: .bool(true), topic: "optics"),
                courseId: courseID)
            let exam = try await room.publish(TrueFalseExam.draft("Optics quiz"))
            _ = try await room.student.student.startAttempt(examId: exam.id)

            let file = try await room.faculty.faculty.exportCourse(courseID)
            let parsed = try ExamPrepJSON.makeDecoder().decode(CourseExportFile.self, from: file)
            #expect(parsed.questions.map(\.prompt) == ["Light is a wave."] && parsed.exams.map(\.title) == ["Optics quiz"])
            let imported = try await room.faculty.faculty.importCourse(file, title: "Exam day 2027")
            #expect(imported.course.name == "Exam day 2027" && imported.course.courseCode != room.course.courseCode)
            #expect(imported.questions == 1 && imported.exams == 1 && imported.course.enrollmentCount == 0)
            // A file that is not a course's is refused with the server's sentence.
            await #expect(throws: APIError.self) { try await room.faculty.faculty.importCourse(Data("{}".utf8)) }

            let mine = try await room.student.account.exportData()
            let document = try #require(try JSONSerialization.jsonObject(with: mine) as? [String: Any])
            let attempts = try #require(document["attempts"] as? [[String: Any]])
            #expect(attempts.compactMap { $0["examTitle"] as? String } == ["Optics quiz"])
        }
    }

    @Test func theCommandsWriteAndReadTheFiles() async throws {
        try await EndToEnd.run { server in
            let scratch = try scratchFolder("data-out")
            defer { try? FileManager.default.removeItem(at: scratch) }
            let email = uniqueEmail("cli-teacher")
            try await server.makeClient().account.signUp(email, role: .faculty)
            let teacher = try await CLIPerson.signIn(email, server: server.baseURL, scratch: scratch)
            let created = try await teacher.run("courses", "create", "--name", "Geometria", "--description", "Trójkąty", "--json")
            let course = try ExamPrepJSON.makeDecoder().decode(Course.self, from: Data(created.stdout.utf8))

            let path = scratch.appending(path: "geometria.json").path
            try await teacher.run("courses", "export", course.courseCode, "--out", path)
            let file = try ExamPrepJSON.makeDecoder().decode(CourseExportFile.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
            #expect(file.course.name == "Geometria")
            let imported = try await teacher.run("courses", "import", path, "--title", "Geometria 2", "--json")
            let response = try ExamPrepJSON.makeDecoder().decode(CourseImportResponse.self, from: Data(imported.stdout.utf8))
            #expect(response.course.name == "Geometria 2" && response.course.courseCode != course.courseCode)
            let said = try await teacher.run("courses", "import", path, "--title", "Geometria 3")
            #expect(said.stdout.contains("Geometria 3"), "\(said.stdout)")
            let twice = try await teacher.run("courses", "import", path, "--title", "Geometria 2", succeeds: false)
            #expect(twice.status != 0 && twice.stderr.contains("Geometria 2"), "\(twice.stderr)")

            let mine = scratch.appending(path: "me.json").path
            try await teacher.run("account", "export", "--out", mine)
            let document = try #require(
                try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: mine))) as? [String: Any])
            #expect((document["account"] as? [String: Any])?["email"] as? String == email)
            let permissions = try FileManager.default.attributesOfItem(atPath: mine)[.posixPermissions] as? Int
            #expect(permissions == 0o600)

            let unconfirmed = try await teacher.run("admin", "erase", "7", succeeds: false)
            #expect(unconfirmed.status != 0 && unconfirmed.stderr.contains("--yes"), "\(unconfirmed.stderr)")
        }
    }
}
