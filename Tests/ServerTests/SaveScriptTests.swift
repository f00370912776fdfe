import ExamPrepEmbeddedPostgres
import ExamPrepPostgres
import ExamPrepServerTestSupport
import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Testing

@testable import ExamPrepServer

/// benchmarks/exam-hour measures the ceiling of a save with pgbench running the server's own
/// statements (`examprep-server save-script`), not a copy that could drift: pgbench runs the
/// script here, on a real attempt, and the answers it saved are the attempt's.
@Suite("The save benchmark runs the server's statements", .hangGuard)
struct SaveScriptTests {
    @Test func theScriptWritesEveryParameterAsAPgbenchVariable() throws {
        let script = try AttemptSaveScript.render()
        #expect(script.range(of: #"\$[0-9]"#, options: .regularExpression) == nil)
        for variable in [":aid", ":sid", ":qid", ":key", ":client_id"] { #expect(script.contains(variable)) }
        // The statements are the server's, word for word outside their parameters.
        #expect(script.contains("FOR SHARE OF c FOR UPDATE OF a"))
        #expect(script.contains("ON CONFLICT (attempt_id, question_id) DO UPDATE SET"))
    }

    @Test func pgbenchRunsTheScriptAndSavesIntoTheAttempt() async throws {
        let database = try await TestDatabase.makeDatabase(migrated: true)
        let pgbench = try await PostgresBinaries.locate().directory.appendingPathComponent("pgbench")
        try await TestServer.run(configure: { $0.database = .external(database) }) { server in
            let (faculty, student, course) = try await server.classroom()
            let exam = try await server.publishedExam(courseID: course.id!, token: faculty.token)
            let attempt = try await server.startAttempt(exam.id, token: student.token).expect(.created).decode(StudentAttempt.self)

            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("examprep-save-script-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let scriptFile = folder.appendingPathComponent("exam-save.sql")
            try AttemptSaveScript.render().write(to: scriptFile, atomically: true, encoding: .utf8)

            let conninfo = database.parameters.map { "\($0.key)='\($0.value.replacingOccurrences(of: "'", with: "\\'"))'" }
            let output = Pipe()
            let process = try TestProcess.launch(
                pgbench,
                arguments: [
                    "-n", "-M", "prepared", "-t", "5", "-c", "1", "-f", scriptFile.path, "-D", "first=\(attempt.attemptId)",
                    "-D", "last=\(attempt.attemptId)", conninfo.joined(separator: " "),
                ], output: .pipe(output), error: .pipe(output))
            let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "\(printed)")
            #expect(printed.contains("number of transactions actually processed: 5/5"), "\(printed)")

            let read = try await server.get(APIPaths.attempt(attempt.attemptId), token: student.token).expect(.ok)
                .decode(StudentAttempt.self)
            #expect(!read.answers.isEmpty && read.answers.allSatisfy { $0.value == true && $0.sequence != nil })
        }
    }
}
