import Foundation

/// `201` (`200` on a dry run) answer to `POST /api/faculty/courses/{courseId}/roster/import`,
/// a class list (CSV with a header: `email`, and optionally `name` and `studentNumber`) read
/// into a course. New accounts are created without a password (they cannot sign in until they
/// choose one) and enrolled, with a one-time link to choose it, mailed when the server sends
/// mail, else listed in `links` for the teacher to hand out. An account that exists is invited
/// (`invited`): its owner accepts the invitation, or not. An admin's list enrolls existing
/// students instead. Lines that
/// cannot be imported are `rejected`, each with its line and reason; the others are imported
/// all together or not at all. Importing the same file again changes nothing.
public struct ClassListImport: Codable, Sendable, Hashable {
    public var dryRun: Bool
    /// Existing accounts enrolled now (an admin's list only).
    public var enrolled: Int
    /// New accounts, created and enrolled.
    public var created: Int
    /// Already in the course: nothing changed.
    public var alreadyEnrolled: Int
    /// Accounts that exist, invited into the course (a teacher's list): each owner accepts, or not.
    public var invited: Int
    public var rejected: [ClassListRejection]
    /// What happens (or, on a dry run, would happen) to each accepted line, in the file's order.
    public var lines: [ClassListLine]
    /// The new accounts' links when the server sends no mail (absent on a dry run and when mailed).
    public var links: [ClassListLink]?

    public init(
        dryRun: Bool, enrolled: Int, created: Int, alreadyEnrolled: Int, invited: Int = 0, rejected: [ClassListRejection],
        lines: [ClassListLine], links: [ClassListLink]? = nil
    ) {
        self.dryRun = dryRun
        self.enrolled = enrolled
        self.created = created
        self.alreadyEnrolled = alreadyEnrolled
        self.invited = invited
        self.rejected = rejected
        self.lines = lines
        self.links = links
    }
}

/// A line of a class list that was not imported, and why.
public struct ClassListRejection: Codable, Sendable, Hashable {
    public var line: Int
    public var reason: String
    /// Why, by key, while the server still holds the rejection: `said(in:)` writes `reason` in
    /// the reader's language before it is sent (never sent itself).
    public var why: Message?

    private enum CodingKeys: String, CodingKey {
        case line, reason
    }

    public init(line: Int, reason: String) {
        self.line = line
        self.reason = reason
    }

    /// A rejection by key; `reason` is its English until it is said in the reader's language.
    public init(line: Int, why: Message) {
        self.init(line: line, reason: Catalogue.of(.en).string(why))
        self.why = why
    }

    /// The rejection with `reason` in `catalogue`'s language.
    public func said(in catalogue: Catalogue) -> ClassListRejection {
        guard let why else { return self }
        var said = self
        said.reason = catalogue.string(why)
        return said
    }
}

/// What an import does with one line of a class list.
public struct ClassListLine: Codable, Sendable, Hashable {
    public var line: Int
    public var email: String
    public var outcome: ClassListOutcome

    public init(line: Int, email: String, outcome: ClassListOutcome) {
        self.line = line
        self.email = email
        self.outcome = outcome
    }
}

public enum ClassListOutcome: String, Codable, Sendable, Hashable, CaseIterable {
    /// An existing student account, enrolled (an admin's list).
    case enrolled
    /// A new account without a password, enrolled, with a link to choose one.
    case created
    /// Already in the course.
    case alreadyEnrolled
    /// An account that exists, invited into the course: its owner accepts on their courses
    /// page (a teacher's list never enrolls an account that is someone's already).
    case invited
}

/// A new account's one-time link to choose its password.
public struct ClassListLink: Codable, Sendable, Hashable {
    public var email: String
    public var url: String
    public var expiresAt: Date

    public init(email: String, url: String, expiresAt: Date) {
        self.email = email
        self.url = url
        self.expiresAt = expiresAt
    }
}
