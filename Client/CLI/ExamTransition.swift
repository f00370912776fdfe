import ExamPrepClient
import ExamPrepShared

/// An exam moved from one state to the next by `examprep exams publish`, `close` or `reopen`:
/// one command shape, its verb choosing the call and the sentence that reports it (the exam's
/// id and title, or the exam as JSON with `--json`).
enum ExamTransition {
    case publish
    case close
    case reopen

    func run(exam: Int, options: GlobalOptions) async throws {
        let settings = try options.settings()
        try await settings.run { client, output in
            let changed =
                switch self {
                case .publish: try await client.faculty.publishExam(exam)
                case .close: try await client.faculty.closeExam(exam)
                case .reopen: try await client.faculty.reopenExam(exam)
                }
            try output.print(changed) {
                CLILanguage.text(reportKey, ["id": .integer(changed.id), "title": .text(changed.title)])
            }
        }
    }

    /// "Exam 7 (…) is published." and its kin.
    private var reportKey: String {
        switch self {
        case .publish: "cli-exam.published"
        case .close: "cli-exam.closed"
        case .reopen: "closing.cli-reopened"
        }
    }
}
