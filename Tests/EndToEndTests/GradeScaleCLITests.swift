import ExamPrepClient
import ExamPrepServer
import ExamPrepServerTestSupport
import ExamPrepTestSupport
import Foundation
import Testing

/// `examprep courses grade-scale` against a live server: a preset, bands of one's own (a grade
/// with a comma, "3,5", kept whole), a refusal said on standard error with nothing changed, and
/// back to percentages only; the grade book's table shows each score's grade.
@Suite("The examprep CLI: grade scales", .hangGuard)
struct GradeScaleCLITests {
    @Test func aTeacherSetsShowsAndClearsACoursesScale() async throws {
        try await EndToEnd.run { server in
            let folder = FileManager.default.temporaryDirectory.appending(path: "examprep-scale-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            func cli(_ arguments: String..., input: String = "") async throws -> CLITests.Run {
                try await CLITests.examprep(arguments, input: input, server: server.baseURL, configFolder: folder)
            }
            let email = uniqueEmail("cli-teacher")
            _ = try await cli("register", "--email", email, "--role", "faculty", input: password + "\n")
            _ = try await cli("login", "--email", email, input: password + "\n")
            let created = try await cli("courses", "create", "--name", "Analiza", "--description", "Granice", "--json")
            let course = try ExamPrepJSON.makeDecoder().decode(Course.self, from: Data(created.stdout.utf8))
            let id = "\(try #require(course.id))"

            let shown = try await cli("courses", "grade-scale", id)
            #expect(shown.status == 0 && shown.stdout.contains("The course shows percentages only."), "\(shown.stderr)")

            let own = try await cli("courses", "grade-scale", id, "--bands", "0:2,50:3,60:3,5,70:4", "--json")
            #expect(own.status == 0, "\(own.stderr)")
            let scale = try ExamPrepJSON.makeDecoder().decode(GradeScale.self, from: Data(own.stdout.utf8))
            #expect(scale.bands.map(\.grade) == ["2", "3", "3,5", "4"] && scale.bands[2].minPercent == 60)

            let refused = try await cli("courses", "grade-scale", id, "--bands", "10:1,50:2")
            #expect(refused.status != 0 && refused.stderr.contains("The first band must start at 0 %."), "\(refused.stderr)")
            let unreadable = try await cli("courses", "grade-scale", id, "--bands", "half:1")
            #expect(unreadable.status != 0 && unreadable.stderr.contains("is not a band"), "\(unreadable.stderr)")
            let both = try await cli("courses", "grade-scale", id, "--preset", "letters", "--clear")
            #expect(both.status != 0)
            let kept = try await cli("courses", "grade-scale", id, "--json")
            #expect(try ExamPrepJSON.makeDecoder().decode(GradeScale.self, from: Data(kept.stdout.utf8)) == scale)

            let preset = try await cli("courses", "grade-scale", id, "--preset", "pl-school")
            #expect(preset.status == 0 && preset.stdout.contains("Preset pl-school:") && preset.stdout.contains("95 %"), "\(preset.stdout)")
            let cleared = try await cli("courses", "grade-scale", id, "--clear")
            #expect(cleared.status == 0 && cleared.stdout.contains("The course shows percentages only."))
        }
    }
}
