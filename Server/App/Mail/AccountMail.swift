import ExamPrepShared
import Foundation

// The mails about accounts, each in its recipient's language (`mail.*` in the catalogues):
// the account's own setting, else the language the invitation was made in, else the language
// of the request that sent it.

/// The message that carries a password reset link.
struct ResetMail {
    var to: String
    var url: String
    var expiresAt: Date
    var language: Language = .en

    var message: MailMessage {
        MailText(language).message(
            to: to, "mail.reset.subject", "mail.reset.text", ["url": .text(url), "until": MailText(language).moment(expiresAt)])
    }
}

/// The message that tells a student their teacher's class list made them an account.
struct ClassListMail {
    var to: String
    var url: String
    var expiresAt: Date
    var language: Language = .en

    var message: MailMessage {
        MailText(language).message(
            to: to, "mail.class-list.subject", "mail.class-list.text", ["url": .text(url), "until": MailText(language).moment(expiresAt)])
    }
}

/// The message that carries an invitation.
struct InvitationMail {
    var to: String
    var role: Role
    var url: String
    var expiresAt: Date
    var language: Language = .en

    var message: MailMessage {
        let (subject, text) =
            switch role {
            case .admin: ("mail.invitation-admin.subject", "mail.invitation-admin.text")
            case .faculty: ("mail.invitation-faculty.subject", "mail.invitation-faculty.text")
            case .student: ("mail.invitation-student.subject", "mail.invitation-student.text")
            }
        return MailText(language).message(to: to, subject, text, ["url": .text(url), "until": MailText(language).moment(expiresAt)])
    }
}

/// The message that tells a student with an account that a teacher's class list invited them
/// into a course, which they accept (or not) on their courses page.
struct CourseInvitationMail {
    var to: String
    var course: String
    var url: String
    var language: Language = .en

    var message: MailMessage {
        MailText(language).message(
            to: to, "mail.course-invitation.subject", "mail.course-invitation.text", ["course": .text(course), "url": .text(url)])
    }
}

/// The message that confirms a teacher's registration by an address of the school's domains.
struct RegistrationMail {
    var to: String
    var url: String
    var expiresAt: Date
    var language: Language = .en

    var message: MailMessage {
        MailText(language).message(
            to: to, "mail.registration.subject", "mail.registration.text",
            ["url": .text(url), "until": MailText(language).moment(expiresAt)])
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

    /// When a link stops working, in UTC (the mail cannot know the reader's time zone): "29
    /// November 2026, 10:45 UTC".
    func moment(_ date: Date) -> MessageValue {
        .text(catalogue.language.moment(date, timeZone: "UTC") + " UTC")
    }
}
