import Foundation

/// The message that carries a password reset link.
struct ResetMail {
    var to: String
    var url: String
    var expiresAt: Date

    var message: MailMessage {
        MailMessage(
            to: to, subject: "Set a new ExamPrep password",
            text: """
                Someone (we hope you) asked to set a new password for the ExamPrep account of this address.

                Open this link to choose one. It works once, until \(expiresAt.formatted(.iso8601)):

                \(url)

                Setting a new password signs the account out everywhere. If you did not ask for this, ignore this message: \
                your password stays as it is.
                """)
    }
}

/// The message that tells a student their teacher's class list made them an account.
struct ClassListMail {
    var to: String
    var url: String
    var expiresAt: Date

    var message: MailMessage {
        MailMessage(
            to: to, subject: "Your ExamPrep student account",
            text: """
                Your teacher added this address to a course on ExamPrep, with a new student account.

                Open this link to choose your password. It works once, until \(expiresAt.formatted(.iso8601)):

                \(url)
                """)
    }
}

/// The message that carries an invitation.
struct InvitationMail {
    var to: String
    var role: String
    var url: String
    var expiresAt: Date

    var message: MailMessage {
        MailMessage(
            to: to, subject: "Your ExamPrep \(role) account",
            text: """
                You are invited to an ExamPrep \(role) account for this address.

                Open this link to choose your password. It works once, until \(expiresAt.formatted(.iso8601)):

                \(url)
                """)
    }
}

/// The message that tells a student with an account that a teacher's class list invited them
/// into a course, which they accept (or not) on their courses page.
struct CourseInvitationMail {
    var to: String
    var course: String
    var url: String

    var message: MailMessage {
        MailMessage(
            to: to, subject: "An invitation to the course \(course)",
            text: """
                A teacher put this address on the class list of the course “\(course)” on ExamPrep.

                To join it, sign in with your account and accept the invitation on your courses page:

                \(url)

                If you do not want to join, decline it there, or ignore this message.
                """)
    }
}

/// The message that confirms a teacher's registration by an address of the school's domains.
struct RegistrationMail {
    var to: String
    var url: String
    var expiresAt: Date

    var message: MailMessage {
        MailMessage(
            to: to, subject: "Confirm your ExamPrep faculty account",
            text: """
                Someone (we hope you) registered a faculty account on ExamPrep with this address.

                Open this link to confirm it and choose your password. It works once, until \(expiresAt.formatted(.iso8601)):

                \(url)

                If you did not register, ignore this message: no account is made.
                """)
    }
}
