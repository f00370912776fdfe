import ExamPrepShared
import Foundation

/// What another place sees of a one-place attempt (`ExamPolicy.oneSession`): where it is open
/// and since when, and **Move it here** (a form with a new place's token, made here, so that a
/// browser without JavaScript can move it too).
struct AttemptElsewherePage: Sendable {
    var attemptID: Int
    var examTitle: String
    /// "It is open in another tab or app since 10:42 (Europe/Warsaw)."
    var since: String
    /// The token this page's place will have once the attempt moves here.
    var place: String

    init(attempt: StudentAttempt, since: Date?, catalogue: Catalogue) {
        attemptID = attempt.attemptId
        examTitle = attempt.title
        self.since =
            since.map {
                catalogue.string(
                    Message(
                        "integrity.elsewhere-since",
                        ["time": .text(PageTime.text($0, timeZone: attempt.timeZone, language: catalogue.language))]))
            } ?? catalogue.string(Message("integrity.elsewhere-open"))
        place = AttemptPlaceToken.make()
    }
}
