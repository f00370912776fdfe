import ExamPrepShared
import Foundation
import Yams

/// Reads an exam for `exams create` from a JSON or YAML file (by its extension; a file of
/// another name is tried as JSON, then as YAML). Both go through the API's JSON decoder, so
/// the field names, dates and messages are the API's.
enum ExamFile {
    static func load(_ path: String) throws -> ExamDraft {
        let url = URL(fileURLWithPath: path)
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw CLIError(CLILanguage.text("cli.file.cannot-read", ["path": .text(path), "error": .text(error.localizedDescription)]))
        }
        let isYAML = ["yaml", "yml"].contains(url.pathExtension.lowercased())
        if !isYAML, let draft = try? decode(data) { return draft }
        if !isYAML, url.pathExtension.lowercased() == "json" {
            return try decodeOrExplain(data, path: path)
        }
        return try decodeOrExplain(try json(fromYAML: data, path: path), path: path)
    }

    private static func decode(_ json: Data) throws -> ExamDraft {
        try ExamPrepJSON.makeDecoder().decode(ExamDraft.self, from: json)
    }

    private static func decodeOrExplain(_ json: Data, path: String) throws -> ExamDraft {
        do {
            return try decode(json)
        } catch let error as DecodingError {
            throw CLIError(CLILanguage.text("cli-exam.file.not-an-exam", ["path": .text(path), "why": .text(describe(error))]))
        }
    }

    /// YAML to the JSON the API reads: YAML timestamps become ISO 8601 strings.
    private static func json(fromYAML data: Data, path: String) throws -> Data {
        let object: Any?
        do {
            object = try Yams.load(yaml: String(decoding: data, as: UTF8.self))
        } catch {
            throw CLIError(CLILanguage.text("cli-exam.file.not-json-or-yaml", ["path": .text(path), "error": .text("\(error)")]))
        }
        guard let object, JSONSerialization.isValidJSONObject(plain(object)) else {
            throw CLIError(CLILanguage.text("cli-exam.file.no-exam", ["path": .text(path)]))
        }
        return try JSONSerialization.data(withJSONObject: plain(object))
    }

    private static func plain(_ value: Any) -> Any {
        switch value {
        case let date as Date: date.formatted(.iso8601)
        case let array as [Any]: array.map(plain)
        case let dictionary as [String: Any]: dictionary.mapValues(plain)
        case let dictionary as [AnyHashable: Any]:
            Dictionary(dictionary.map { ("\($0.key)", plain($0.value)) }, uniquingKeysWith: { first, _ in first })
        default: value
        }
    }

    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, let context):
            CLILanguage.text("cli-exam.file.missing", ["field": .text(CodingPath.describe(context.codingPath + [key]))])
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            context.codingPath.isEmpty
                ? context.debugDescription : "'\(CodingPath.describe(context.codingPath))': \(context.debugDescription)"
        @unknown default:
            "\(error)"
        }
    }
}
