import ExamPrepShared

/// An accommodation's lowering of a student's grade thresholds, as a teacher sends it:
/// `GradeScale.checkedOffset`'s rule, refused as `InvalidInput` (a 400 that changes nothing).
enum GradeThresholdOffset {
    /// `percent` when it is 0–50 percentage points.
    static func checked(_ percent: Int) throws -> Int {
        do {
            return try GradeScale.checkedOffset(percent)
        } catch {
            throw InvalidInput(error.message)
        }
    }
}
