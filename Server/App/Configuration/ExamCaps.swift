/// How much one course may hold in exams, so that one faculty account cannot fill the
/// database with drafts (each up to 1 MiB and 200 questions). Creation is also rate-limited
/// per faculty member (`RateLimiter`).
struct ExamCaps: Sendable, Equatable {
    var examsPerCourse = 100
    /// Current questions: its exams' and its bank's.
    var questionsPerCourse = 5000

    /// Stored questions of every kind: current ones, earlier versions (an edit of a question
    /// that attempts showed makes one) and retired ones (a deletion of such a question keeps
    /// it for them). Four times the current ones: room for a bank to be reworked a few times
    /// over, and a bound on what edits and deletions leave behind.
    var storedQuestionsPerCourse: Int { questionsPerCourse * 4 }
}
