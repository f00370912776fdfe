import ExamPrepShared
import Foundation

/// The bytes `ExamPrepJSON.makeEncoder()` writes for a save's answers (sorted keys, no
/// spaces), written directly when every answer is plain: no number, no matches, strings
/// without a quote, a backslash or a control character, and times on a whole second from
/// 1970 to 9999. Anything else is nil, and the encoder writes it. A save ran the encoder
/// twice: once to hash its answers (`requestHash`, with Base64 a twentieth of the server's
/// time per save) and once for each answer's response it stores. For the hash the two must
/// agree byte for byte, or a repeated save would no longer match the key kept for it
/// (`PlainAnswersJSONTests` compares them).
enum PlainAnswersJSON {
    static func bytes(_ answers: [AnswerInput]) -> [UInt8]? {
        var writer = Writer()
        writer.bytes.append(UInt8(ascii: "["))
        for (index, answer) in answers.enumerated() {
            if index > 0 { writer.bytes.append(UInt8(ascii: ",")) }
            guard writer.write(answer) else { return nil }
        }
        writer.bytes.append(UInt8(ascii: "]"))
        return writer.bytes
    }

    /// One answer's object as the encoder writes it, or nil when it is not plain: what a save
    /// stores as the answer's response (`AttemptSave.store`).
    static func text(_ answer: AnswerInput) -> String? {
        var writer = Writer()
        guard writer.write(answer) else { return nil }
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    private struct Writer {
        var bytes: [UInt8] = []
        private var firstKey = true

        init() {
            bytes.reserveCapacity(160)
        }

        /// One answer's object, its keys in the encoder's sorted order; false when it is not plain.
        mutating func write(_ answer: AnswerInput) -> Bool {
            guard answer.number == nil, answer.matches == nil else { return false }
            bytes.append(UInt8(ascii: "{"))
            firstKey = true
            if let choiceIDs = answer.choiceIds {
                key("choiceIds")
                bytes.append(UInt8(ascii: "["))
                for (index, choiceID) in choiceIDs.enumerated() {
                    if index > 0 { bytes.append(UInt8(ascii: ",")) }
                    guard string(choiceID) else { return false }
                }
                bytes.append(UInt8(ascii: "]"))
            }
            key("questionId")
            bytes.append(contentsOf: String(answer.questionId).utf8)
            if let savedAt = answer.savedAt {
                guard let time = PlainAnswersJSON.wholeSecondUTC(savedAt) else { return false }
                key("savedAt")
                bytes.append(UInt8(ascii: "\""))
                bytes.append(contentsOf: time)
                bytes.append(UInt8(ascii: "\""))
            }
            if let sequence = answer.sequence {
                key("sequence")
                bytes.append(contentsOf: String(sequence).utf8)
            }
            if let text = answer.text {
                key("text")
                guard string(text) else { return false }
            }
            if let value = answer.value {
                key("value")
                bytes.append(contentsOf: (value ? "true" : "false").utf8)
            }
            bytes.append(UInt8(ascii: "}"))
            return true
        }

        private mutating func key(_ name: StaticString) {
            if !firstKey { bytes.append(UInt8(ascii: ",")) }
            firstKey = false
            bytes.append(UInt8(ascii: "\""))
            name.withUTF8Buffer { bytes.append(contentsOf: $0) }
            bytes.append(contentsOf: "\":".utf8)
        }

        /// A string the encoder writes as it is, between quotes; false for one it would escape.
        private mutating func string(_ text: String) -> Bool {
            let plain = text.utf8.allSatisfy { $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }
            guard plain else { return false }
            bytes.append(UInt8(ascii: "\""))
            bytes.append(contentsOf: text.utf8)
            bytes.append(UInt8(ascii: "\""))
            return true
        }
    }

    /// `date` as `date.formatted(.iso8601)` writes it (`2026-11-28T09:30:05Z`), when it falls
    /// on a whole second from 1970 to 9999.
    static func wholeSecondUTC(_ date: Date) -> [UInt8]? {
        let seconds = date.timeIntervalSince1970
        guard seconds >= 0, seconds < 253_402_300_800, seconds == seconds.rounded(.down) else { return nil }
        var time = time_t(seconds)
        var fields = tm()
        guard gmtime_r(&time, &fields) != nil else { return nil }
        var text: [UInt8] = []
        text.reserveCapacity(20)
        func digits(_ value: Int32, _ count: Int) {
            var divisor: Int32 = 1
            for _ in 1..<count { divisor *= 10 }
            while divisor > 0 {
                text.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value / divisor % 10))
                divisor /= 10
            }
        }
        digits(fields.tm_year + 1_900, 4)
        text.append(UInt8(ascii: "-"))
        digits(fields.tm_mon + 1, 2)
        text.append(UInt8(ascii: "-"))
        digits(fields.tm_mday, 2)
        text.append(UInt8(ascii: "T"))
        digits(fields.tm_hour, 2)
        text.append(UInt8(ascii: ":"))
        digits(fields.tm_min, 2)
        text.append(UInt8(ascii: ":"))
        digits(fields.tm_sec, 2)
        text.append(UInt8(ascii: "Z"))
        return text
    }
}
