import ExamPrepShared
import Foundation

/// Values kept in `jsonb` columns (accepted answers, saved answers): written and read with
/// the API's own JSON conventions.
enum JSONColumn {
    static func encode(_ value: some Encodable) throws -> String {
        String(decoding: try ExamPrepJSON.makeEncoder().encode(value), as: UTF8.self)
    }

    static func decode<T: Decodable>(_ type: T.Type, from text: String) throws -> T {
        try ExamPrepJSON.makeDecoder().decode(T.self, from: Data(text.utf8))
    }
}
