import ExamPrepRules
import ExamPrepShared
import Foundation
import HTTPTypes

/// The course form (`/teach` and a course's page): its fields as sent, kept when the form
/// comes back with an error, and the time zones to choose from.
struct CourseForm: Sendable {
    struct Zone: Sendable {
        var name: String
        var selected: Bool
    }

    var name = ""
    var description = ""
    var timeZone: String
    var error: String?
    /// Every zone the server knows, the form's marked as chosen (stored: templates read
    /// stored properties only).
    var zones: [Zone]

    init(name: String = "", description: String = "", timeZone: String = "UTC") {
        self.name = name
        self.description = description
        self.timeZone = timeZone
        zones = Self.zoneNames.map { Zone(name: $0, selected: $0 == timeZone) }
    }

    init(_ form: FormData) {
        self.init(name: form["name"] ?? "", description: form["description"] ?? "", timeZone: form["timeZone"] ?? "UTC")
    }

    init(_ course: Course) {
        self.init(name: course.name, description: course.description, timeZone: course.timeZone)
    }

    private static let zoneNames = (["UTC"] + TimeZone.knownTimeZoneIdentifiers.filter { $0 != "UTC" }.sorted())
}

/// What a form sent that the page shows in the form itself, with the status to answer: bad
/// input (400) or a conflict (409, "you already have a course named …"). Limits (429) and
/// outages (503) are left to the error page, which carries `Retry-After`.
struct FormRefusal: Error, Sendable {
    var status: HTTPResponse.Status
    var message: String

    /// The refusal an error is, if a form should show it, said in `catalogue`'s language; nil
    /// for everything else.
    init?(_ error: any Error, _ catalogue: Catalogue) {
        switch (error as? ActionRefusal)?.failure ?? error {
        case let invalid as InvalidInput: self.init(status: .badRequest, message: catalogue.string(invalid.message))
        case let failure as HTTPFailure where [.badRequest, .conflict].contains(failure.status) && failure.retryAfter == nil:
            self.init(status: failure.status, message: catalogue.string(failure.message))
        default: return nil
        }
    }

    init(status: HTTPResponse.Status, message: String) {
        self.status = status
        self.message = message
    }
}
