import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Keys from standard input, for `exams take`. At a terminal it switches to raw mode (no
/// echo, byte by byte, Ctrl-C as a key) so that the prompt line can be redrawn while the
/// person types, and gives the terminal back in `restore()`. From a pipe it reads lines.
final class TerminalInput: Sendable {
    enum Key: Sendable, Equatable {
        case text(String)
        case backspace
        case enter
        case interrupt
        case end
    }

    let isTerminal: Bool
    let keys: AsyncStream<Key>
    private let saved: termios?

    init() {
        isTerminal = isatty(STDIN_FILENO) == 1
        var original = termios()
        if isTerminal, tcgetattr(STDIN_FILENO, &original) == 0 {
            var raw = original
            raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG)
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw)
            saved = original
        } else {
            saved = nil
        }
        let (stream, continuation) = AsyncStream.makeStream(of: Key.self)
        keys = stream
        let thread = Thread {
            Self.pump(into: continuation)
        }
        thread.start()
    }

    /// Gives the terminal its settings back.
    func restore() {
        guard var saved else { return }
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved)
    }

    /// Reads standard input until it ends, turning bytes into keys (UTF-8 sequences whole).
    private static func pump(into continuation: AsyncStream<Key>.Continuation) {
        var pending: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 256)
        // 0: plain; 1: after ESC; 2: inside a CSI sequence (ESC [ … final byte).
        var escape = 0
        while true {
            let count = read(STDIN_FILENO, &buffer, buffer.count)
            guard count > 0 else { break }
            for byte in buffer[0..<count] {
                if escape == 1 {
                    escape = byte == UInt8(ascii: "[") ? 2 : 0
                    continue
                }
                if escape == 2 {
                    if (0x40...0x7E).contains(byte) { escape = 0 }
                    continue
                }
                switch byte {
                case 0x03: continuation.yield(.interrupt)
                case 0x04: continuation.yield(.end)
                case 0x0A, 0x0D: continuation.yield(.enter)
                case 0x7F, 0x08: continuation.yield(.backspace)
                case 0x1B: escape = 1  // escape sequences (arrow keys) are not used
                case ..<0x20: continue
                default:
                    pending.append(byte)
                    if let text = String(validating: pending, as: UTF8.self) {
                        continuation.yield(.text(text))
                        pending.removeAll()
                    } else if pending.count >= 4 {
                        pending.removeAll()
                    }
                }
            }
        }
        continuation.yield(.end)
        continuation.finish()
    }
}
