import ExamPrepClient
import ExamPrepServer
import ExamPrepServerTestSupport
import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import Testing

/// `examprep exams stats` on the built binary against a booted server: the table with its
/// flags, the guidance in words and a text histogram; `--all`, `--csv` and `--svg FILE`.
@Suite("The examprep CLI: exam statistics", .hangGuard)
struct StatisticsCLITests {
    @Test func aTeacherReadsTheItemAnalysisInTheTerminal() async throws {
        try await EndToEnd.run { server in
            let folder = FileManager.default.temporaryDirectory.appending(path: "examprep-cli-stats-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            func cli(_ arguments: String..., input: String = "") async throws -> CLITests.Run {
                try await CLITests.examprep(arguments, input: input, server: server.baseURL, configFolder: folder)
            }
            let password = "a long enough password"
            let email = uniqueEmail("cli-stats")
            #expect(try await cli("register", "--email", email, "--role", "faculty", input: password + "\n").status == 0)
            #expect(try await cli("login", "--email", email, input: password + "\n").status == 0)
            let course = try ExamPrepJSON.makeDecoder().decode(
                Course.self,
                from: Data(try await cli("courses", "create", "--name", "Stats", "--description", "Item analysis", "--json").stdout.utf8))
            let file = folder.appending(path: "exam.yaml")
            try """
            title: Quiz
            maxAttempts: 2
            questions:
              - kind: single_choice
                prompt: Capital of France?
                points: 1
                choices: [{id: p, text: Paris}, {id: l, text: Lyon}, {id: n, text: Nice}]
                answer: p
              - kind: true_false
                prompt: Water is wet.
                points: 1
                answer: true
            """.write(to: file, atomically: true, encoding: .utf8)
            let exam = try ExamPrepJSON.makeDecoder().decode(
                Exam.self,
                from: Data(
                    try await cli("exams", "create", "--course", "\(try #require(course.id))", "--file", file.path, "--json").stdout.utf8))
            #expect(try await cli("exams", "publish", "\(exam.id)").status == 0)
            #expect(try await cli("exams", "stats", "\(exam.id)").stdout.contains("No submitted attempts yet (first attempts)."))

            // Five students: four pick Paris, one Lyon; nobody Nice; everyone says water is wet.
            for choice in ["p", "p", "p", "p", "l"] {
                let student = server.makeClient()
                try await student.account.signUp(uniqueEmail("cli-stats-student"), role: .student)
                try await student.student.enroll(code: course.courseCode)
                let attempt = try await student.student.startAttempt(examId: exam.id)
                let written = exam.questions.first { $0.kind == .singleChoice }?.choices ?? []
                let answers = try attempt.questions.map { question in
                    question.kind == .singleChoice
                        ? AnswerInput(questionId: question.id, choiceIds: try question.choiceIDs(authored: [choice], of: written))
                        : AnswerInput(questionId: question.id, value: true)
                }
                _ = try await student.student.submit(attempt.attemptId, finalAnswers: answers)
            }

            let report = try await cli("exams", "stats", "\(exam.id)")
            #expect(report.status == 0, "\(report.stderr)")
            let text = report.stdout
            #expect(text.contains("5 attempts (first attempts)"))
            #expect(text.contains("QUESTION") && text.contains("FACILITY") && text.contains("DISCR"))
            #expect(text.contains("80.0 %") && text.contains("A=4 B=1 C=0"), "\(text)")
            #expect(text.contains("nobody chose option C. Nice"), "\(text)")
            #expect(text.contains("everyone got it right"), "\(text)")
            #expect(text.contains("Mean 90.0 %   Median 100.0 %"), "\(text)")
            #expect(text.contains("90-100 │████████████████████████████████████████ 4"), "\(text)")
            #expect(text.contains("Mean 90.0 %: above the 50–75 %"), "\(text)")

            let all = try await cli("exams", "stats", "\(exam.id)", "--all", "--json")
            let decoded = try ExamPrepJSON.makeDecoder().decode(ExamStatistics.self, from: Data(all.stdout.utf8))
            #expect(decoded.attemptsIncluded == .all && decoded.attempts == 5)

            let csv = try await cli("exams", "stats", "\(exam.id)", "--csv")
            #expect(csv.stdout.contains("questionId,kind,attempts,facility"))
            #expect(csv.stdout.contains(",single_choice,5,0.8000,"))

            let picture = folder.appending(path: "histogram.svg")
            let written = try await cli("exams", "stats", "\(exam.id)", "--svg", picture.path)
            #expect(written.status == 0 && written.stderr.contains("Wrote \(picture.path)."), "\(written.stderr)")
            let svg = try String(contentsOf: picture, encoding: .utf8)
            #expect(svg.hasPrefix("<?xml") && svg.contains("Mean 90.0 %"))

            let unknown = try await cli("exams", "stats", "999999")
            #expect(unknown.status != 0 && unknown.stderr.contains("no exam 999999"))
        }
    }
}
