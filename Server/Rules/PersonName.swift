import ExamPrepShared
import Foundation

/// A person's name as they, an admin or a class list give it: trimmed, 1–200 characters
/// (`ClassList.nameLength`), no NUL; nothing or only spaces is no name (teachers then see the
/// address). The one reading of a name typed in a form or sent to the API.
public enum PersonName {
    /// The name to store, or nil for none; `InvalidInput` naming the field when too long.
    public static func optional(_ raw: String?) throws -> String? {
        guard let raw, !raw.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return nil }
        return try Validators.text(raw, field: .message(Message("field.name")), length: ClassList.nameLength)
    }
}
