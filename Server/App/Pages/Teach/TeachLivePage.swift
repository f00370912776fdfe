import ExamPrepShared
import Foundation

/// What `teach-live.mustache` (and its fragment `live-rows.mustache`, which the page's script
/// asks for every few seconds) shows: the counts over every attempt, and a page of attempts
/// with each one's state, last save, time left, flags and extension.
struct TeachLivePage: Sendable {
    struct Row: Sendable {
        var id: Int
        var email: String
        var number: Int
        var state: String
        var started: String
        var lastSave: String
        var timeLeft: String
        var flags: Int
        var extended: String
    }

    var examID: Int
    var courseID: Int
    var courseName: String
    var title: String
    var counts: FacultyAttemptRepository.LiveCounts
    var rows: [Row]
    var hasRows: Bool
    var updated: String
    /// This page of attempts, for the script's refresh and the refresh link.
    var here: String
    var fragment: String
    var nextPage: String?
    var firstPage: String?
    var notice: String?
    var error: String?

    static func row(_ attempt: FacultyAttemptSummary, now: Date, timeZone: String) -> Row {
        let state: String
        var timeLeft = "-"
        if attempt.submittedAt != nil {
            state = attempt.autoSubmitted ? "submitted by the server" : "submitted"
        } else if let deadline = attempt.deadline, deadline <= now {
            state = "time up"
        } else {
            state = "in the exam"
            if let deadline = attempt.deadline { timeLeft = minutes(deadline.timeIntervalSince(now)) }
        }
        let lastSave = attempt.lastSavedAt.map { "\(PageTime.clock($0, timeZone: timeZone)), \(minutes(now.timeIntervalSince($0))) ago" }
        return Row(
            id: attempt.attemptId, email: attempt.email, number: attempt.number, state: state,
            started: PageTime.clock(attempt.startedAt, timeZone: timeZone), lastSave: lastSave ?? "no save yet", timeLeft: timeLeft,
            flags: attempt.flagged, extended: attempt.extendedMinutes > 0 ? "+\(attempt.extendedMinutes) min" : "")
    }

    /// "3 min", "under a minute".
    static func minutes(_ seconds: TimeInterval) -> String {
        guard seconds.isFinite, seconds >= 60 else { return "under a minute" }
        return "\(Int(min(seconds, 1e9) / 60)) min"
    }
}

/// What `teach-attempt.mustache` shows: one attempt, its log and the extension form.
struct TeachAttemptPage: Sendable {
    struct Event: Sendable {
        var at: String
        var kind: String
        var detail: String
    }

    var id: Int
    var examID: Int
    var examTitle: String
    var row: TeachLivePage.Row
    var events: [Event]
    var hasEvents: Bool
    var nextPage: String?
    var canExtend: Bool
    var notice: String?
    var error: String?
}
