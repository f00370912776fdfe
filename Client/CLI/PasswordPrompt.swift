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
    static func read(_ prompt: String) throws -> String {
        guard isatty(STDIN_FILENO) == 1 else {
            guard let line = readLine(strippingNewline: true) else {
                throw CLIError("Expected the password as one line on standard input.")
            }
            return line
        }
        standardError(prompt)

        var saved = termios()
        guard tcgetattr(STDIN_FILENO, &saved) == 0 else {
            throw CLIError("Cannot turn off echo on this terminal.")
        }
        var silent = saved
        silent.c_lflag &= ~tcflag_t(ECHO)
        guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &silent) == 0 else {
            throw CLIError("Cannot turn off echo on this terminal.")
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
            throw CLIError("No password entered.")
        }
        return line
    }

    /// A new password: at a terminal, asked twice with the same answer insisted on.
    static func readNew(prompt: String = "Password: ") throws -> String {
        let password = try read(prompt)
        if isatty(STDIN_FILENO) == 1 {
            guard try read("Repeat it: ") == password else {
                throw CLIError("The passwords do not match.")
            }
        }
        return password
    }
}
