import ExamPrepShared
import Foundation

// The mails about accounts, each in its recipient's language (`mail.*` in the catalogues):
// the account's own setting, else the language the invitation was made in, else the language
// of the request that sent it.

/// A mail that carries a one-time link: a password reset, a class list's new account, an
/// invitation, a registration's confirmation. Its text names the link and when it stops working,
/// in `timeZone` (the course's, else the school's `DEFAULT_TIME_ZONE`); a new account's also
/// names who made it (and the class list's, the course).
struct LinkMail {
    var to: String
    var url: String
    var expiresAt: Date
    var language: Language
    var timeZone: String
    /// The keys of its subject and text.
    var subject: String
    var text: String
    /// The text's other values (`by`, `course`).
    var values: [String: MessageValue] = [:]

    var message: MailMessage {
        let words = MailText(language)
        return words.message(
            to: to, subject, text, values.merging(["url": .text(url), "until": words.moment(expiresAt, timeZone: timeZone)]) { $1 })
    }

    /// A password reset link.
    static func reset(to: String, url: String, expiresAt: Date, language: Language, timeZone: String) -> LinkMail {
        LinkMail(
            to: to, url: url, expiresAt: expiresAt, language: language, timeZone: timeZone, subject: "mail.reset.subject",
            text: "mail.reset.text")
    }

    /// A teacher's (or an admin's) class list made the student an account in `course`; `by`:
    /// the importer's name, else address. The link's end is told in the course's time zone.
    static func classList(to: String, url: String, expiresAt: Date, language: Language, course: String, by: String, timeZone: String)
        -> LinkMail
    {
        LinkMail(
            to: to, url: url, expiresAt: expiresAt, language: language, timeZone: timeZone, subject: "mail.class-list.subject",
            text: "mail.class-list.text", values: ["course": .text(course), "by": .text(by)])
    }

    /// An admin's invitation to an account of `role`; `by`: the admin's name, else address.
    static func invitation(to: String, role: Role, url: String, expiresAt: Date, language: Language, by: String, timeZone: String)
        -> LinkMail
    {
        let (subject, text) =
            switch role {
            case .admin: ("mail.invitation-admin.subject", "mail.invitation-admin.text")
            case .faculty: ("mail.invitation-faculty.subject", "mail.invitation-faculty.text")
            case .student: ("mail.invitation-student.subject", "mail.invitation-student.text")
            }
        return LinkMail(
            to: to, url: url, expiresAt: expiresAt, language: language, timeZone: timeZone, subject: subject, text: text,
            values: ["by": .text(by)])
    }

    /// A teacher's registration by an address of the school's domains, to confirm.
    static func registration(to: String, url: String, expiresAt: Date, language: Language, timeZone: String) -> LinkMail {
        LinkMail(
            to: to, url: url, expiresAt: expiresAt, language: language, timeZone: timeZone, subject: "mail.registration.subject",
            text: "mail.registration.text")
    }
}

/// The message that tells a student with an account that a teacher's class list invited them
/// into a course, which they accept (or not) on their courses page.
struct CourseInvitationMail {
    var to: String
    var course: String
    var url: String
    var language: Language

    var message: MailMessage {
        MailText(language).message(
            to: to, "mail.course-invitation.subject", "mail.course-invitation.text", ["course": .text(course), "url": .text(url)])
    }
}

/// A mail's subject and text from the catalogue, by their keys.
struct MailText {
    let catalogue: Catalogue

    init(_ language: Language) {
        catalogue = Catalogue.of(language)
    }

    func message(to address: String, _ subject: String, _ text: String, _ values: [String: MessageValue]) -> MailMessage {
        MailMessage(to: address, subject: catalogue.string(Message(subject, values)), text: catalogue.string(Message(text, values)))
    }

    /// When a link stops working, as every time is shown to a person (`PageTime`): in the
    /// zone, named ("Sun 29 Nov 2026, 10:45 (Europe/Warsaw)").
    func moment(_ date: Date, timeZone: String) -> MessageValue {
        .text(PageTime.text(date, timeZone: timeZone, language: catalogue.language))
    }
}
