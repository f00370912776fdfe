import ExamPrepShared
import Foundation

/// Prints results as text or, with `--json`, as the API's own JSON (in which control
/// characters are escaped). Text is cleaned of control characters first (`TerminalText`):
/// much of it was written by other users.
struct Output: Sendable {
    var json: Bool

    /// With `--json`, `value` as JSON; otherwise `text()`.
    func print<Value: Encodable>(_ value: Value, text: () -> String) throws {
        if json {
            let encoder = ExamPrepJSON.makeEncoder()
            encoder.outputFormatting.insert(.prettyPrinted)
            let data = try encoder.encode(value)
            Swift.print(String(decoding: data, as: UTF8.self))
        } else {
            Swift.print(TerminalText.clean(text()))
        }
    }

    /// A message for the person, on standard error so it never mixes with JSON output.
    func note(_ message: String) {
        standardError(TerminalText.clean(message) + "\n")
    }

    func fail(_ message: String) {
        standardError("error: \(TerminalText.clean(message))\n")
    }
}

/// Writes `text` to standard error, unbuffered.
func standardError(_ text: String) {
    FileHandle.standardError.write(Data(text.utf8))
}
