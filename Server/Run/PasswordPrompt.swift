#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A password for a command: from the terminal without echo, asked twice, when standard input
/// is one; else the first line of standard input (a script's pipe). Nil when none was given or
/// the two entries differ. The line's end is dropped; nothing else is trimmed.
enum PasswordPrompt {
    static func read() -> String? {
        guard isatty(STDIN_FILENO) == 1 else { return readLine(strippingNewline: true).flatMap { $0.isEmpty ? nil : $0 } }
        guard let first = readHidden(prompt: "Password: "), !first.isEmpty,
            let second = readHidden(prompt: "Repeat the password: "), first == second
        else { return nil }
        return first
    }

    /// One line from the terminal with echo off, restored afterwards.
    private static func readHidden(prompt: String) -> String? {
        writeToTerminal(prompt)
        var saved = termios()
        guard tcgetattr(STDIN_FILENO, &saved) == 0 else { return readLine(strippingNewline: true) }
        var silent = saved
        silent.c_lflag &= ~tcflag_t(ECHO)
        _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &silent)
        let line = readLine(strippingNewline: true)
        _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved)
        writeToTerminal("\n")
        return line
    }

    private static func writeToTerminal(_ text: String) {
        var bytes = Array(text.utf8)
        _ = write(STDERR_FILENO, &bytes, bytes.count)
    }
}
