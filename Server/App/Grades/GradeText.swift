import ExamPrepShared

/// A grade on the course's scale as a page shows it beside a score: "pending" while an essay
/// waits to be graded, nothing while the course shows percentages only.
enum GradeText {
    static func text(_ grade: String?, pending: Bool?, _ catalogue: Catalogue) -> String {
        pending == true ? catalogue.string(Message("grades.pending")) : grade ?? ""
    }
}
