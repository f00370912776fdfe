import ExamPrepShared
import Foundation

/// What `teach-live.mustache` (and its fragment `live-rows.mustache`, which the page's script
/// asks for every few seconds) shows: the counts over every attempt, and a page of attempts
/// with each one's state, last save, time left, flags and extension.
struct TeachLivePage: Sendable {
    struct Row: Sendable {
        var id: Int
        /// The student as `PersonLabel` names them.
        var student: String
        var number: Int
        var state: String
        var started: String
        var lastSave: String
        var timeLeft: String
        var flags: Int
        var extended: String
        /// How many times the student left the attempt page (the focus log), "" for none.
        var focusPeriods = ""
        /// How many times the attempt moved to another tab or app (one place per attempt), "" for none.
        var moves = ""
    }

    /// The counts over every attempt, each a sentence of the reader's language.
    struct Counts: Sendable {
        var started: String
        var running: String
        var submitted: String
        var flagged: String
        var asOf: String

        init(_ counts: FacultyAttemptRepository.LiveCounts, updated: String, catalogue: Catalogue) {
            func counted(_ key: String, _ count: Int) -> String { catalogue.string(Message(key, ["count": .integer(count)])) }
            started = counted("results.live.started", counts.students)
            running = counted("results.live.running", counts.running)
            submitted = counted("results.live.submitted", counts.submitted)
            flagged = counted("results.live.flagged", counts.flagged)
            asOf = catalogue.string(Message("results.live.as-of", ["time": .text(updated)]))
        }
    }

    var examID: Int
    var courseID: Int
    var courseName: String
    var title: String
    var heading: String
    var counts: Counts
    var rows: [Row]
    var hasRows: Bool
    /// This page of attempts, for the script's refresh and the refresh link.
    var here: String
    var fragment: String
    var nextPage: String?
    var firstPage: String?
    var notice: String?
    var error: String?
    /// Which of the exam's integrity rules are on, in a sentence.
    var integrity = ""

    /// "Integrity: leaving the page is recorded, Safe Exam Browser only".
    static func integrity(_ policy: ExamPolicy, catalogue: Catalogue) -> String {
        var on: [String] = []
        if policy.focusLog { on.append(catalogue.string(Message("integrity.live-focus-log"))) }
        if policy.safeExamBrowser != nil { on.append(catalogue.string(Message("integrity.live-seb"))) }
        if policy.oneSession { on.append(catalogue.string(Message("integrity.live-one-session"))) }
        let policies = on.isEmpty ? catalogue.string(Message("integrity.live-none")) : on.joined(separator: ", ")
        return catalogue.string(Message("integrity.live-policies", ["policies": .text(policies)]))
    }

    static func row(_ live: FacultyAttemptRepository.LiveAttempt, now: Date, timeZone: String, language: Language) -> Row {
        let attempt = live.summary
        let catalogue = Catalogue.of(language)
        let state: String
        var timeLeft = "-"
        if attempt.submittedAt != nil {
            state = catalogue.string(Message(attempt.autoSubmitted ? "results.state.submitted-by-server" : "results.state.submitted"))
        } else if let deadline = attempt.deadline, deadline <= now {
            state = catalogue.string(Message("results.state.time-up"))
        } else {
            state = catalogue.string(Message("results.state.running"))
            if let deadline = attempt.deadline { timeLeft = minutes(deadline.timeIntervalSince(now), language: language) }
        }
        let lastSave = attempt.lastSavedAt.map { saved in
            let time = MessageValue.text(PageTime.clock(saved, timeZone: timeZone, language: language))
            let ago = now.timeIntervalSince(saved)
            return ago.isFinite && ago >= 60
                ? catalogue.string(Message("results.live.saved-ago", ["time": time, "minutes": .text(minutes(ago, language: language))]))
                : catalogue.string(Message("results.live.saved-just-now", ["time": time]))
        }
        return Row(
            id: attempt.attemptId, student: live.person, number: attempt.number, state: state,
            started: PageTime.clock(attempt.startedAt, timeZone: timeZone, language: language),
            lastSave: lastSave ?? catalogue.string(Message("results.live.no-save-yet")), timeLeft: timeLeft, flags: attempt.flagged,
            extended: attempt.extendedMinutes > 0
                ? catalogue.string(Message("results.live.extended-by", ["minutes": .integer(attempt.extendedMinutes)])) : "",
            moves: live.moves > 0 ? catalogue.string(Message("integrity.moves", ["count": .integer(live.moves)])) : "")
    }

    /// "3 min", "under a minute".
    static func minutes(_ seconds: TimeInterval, language: Language) -> String {
        let catalogue = Catalogue.of(language)
        guard seconds.isFinite, seconds >= 60 else { return catalogue.string(Message("results.live.under-a-minute")) }
        return catalogue.string(Message("time.minutes", ["count": .integer(Int(min(seconds, 1e9) / 60))]))
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
    var heading: String
    var row: TeachLivePage.Row
    var events: [Event]
    var hasEvents: Bool
    var nextPage: String?
    var canExtend: Bool
    var notice: String?
    var error: String?
    /// The periods the attempt page was left (the focus log), in the course's time zone.
    var focus: [FocusRow] = []
    var hasFocus = false
    /// How many more periods were reported than kept, said when there were any.
    var focusDropped: String?

    /// One period of the focus log.
    struct FocusRow: Sendable {
        var left: String
        var back: String
        var length: String
    }
}

extension TeachAttemptPage.Event {
    /// What an entry of the log says happened, in the reader's language.
    static func kind(_ kind: AttemptEventKind, _ catalogue: Catalogue) -> String {
        let key =
            switch kind {
            case .started: "results.event.started"
            case .saved: "results.event.saved"
            case .extended: "results.event.extended"
            case .submitted: "results.event.submitted"
            case .autoSubmitted: "results.event.auto-submitted"
            case .flagged: "results.event.flagged"
            case .unflagged: "results.event.unflagged"
            case .moved: "integrity.event-moved"
            }
        return catalogue.string(Message(key))
    }
}
