import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a password: without echo from a terminal (restoring it afterwards, also on
/// Ctrl-C), or one line from standard input when that is a pipe or a file. Never trimmed.
enum PasswordPrompt {
    /// The password typed after the prompt `promptKey` (a catalogue key) says.
    static func read(_ promptKey: String) throws -> String {
        guard isatty(STDIN_FILENO) == 1 else {
            guard let line = readLine(strippingNewline: true) else {
                throw CLIError(CLILanguage.text("cli-account.password-not-one-line"))
            }
            return line
        }
        standardError(CLILanguage.text(promptKey) + " ")

        var saved = termios()
        guard tcgetattr(STDIN_FILENO, &saved) == 0 else {
            throw CLIError(CLILanguage.text("cli-account.no-echo"))
        }
        var silent = saved
        silent.c_lflag &= ~tcflag_t(ECHO)
        guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &silent) == 0 else {
            throw CLIError(CLILanguage.text("cli-account.no-echo"))
        }

        // Ctrl-C while echo is off: give the terminal back before leaving.
        let original = saved
        signal(SIGINT, SIG_IGN)
        let interrupt = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        interrupt.setEventHandler {
            var restore = original
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &restore)
            standardError("\n")
            exit(130)
        }
        interrupt.resume()
        defer {
            interrupt.cancel()
            signal(SIGINT, SIG_DFL)
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved)
            standardError("\n")
        }

        guard let line = readLine(strippingNewline: true) else {
            throw CLIError(CLILanguage.text("cli-account.no-password"))
        }
        return line
    }

    /// A new password: at a terminal, asked twice with the same answer insisted on.
    static func readNew(prompt promptKey: String = "cli-account.password-prompt") throws -> String {
        let password = try read(promptKey)
        if isatty(STDIN_FILENO) == 1 {
            guard try read("cli-account.repeat-prompt") == password else {
                throw CLIError(CLILanguage.text("cli-account.passwords-differ"))
            }
        }
        return password
    }
}
