/// How much one course may hold in exams, so that one faculty account cannot fill the
/// database with drafts (each up to 1 MiB and 200 questions). Creation is also rate-limited
/// per faculty member (`RateLimiter`).
struct ExamCaps: Sendable, Equatable {
    var examsPerCourse = 100
    var questionsPerCourse = 5000
}
