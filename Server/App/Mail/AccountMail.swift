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
