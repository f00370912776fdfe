import Foundation

/// The dates a client may send: an RFC 3339 `date-time` (what OpenAPI's `format: date-time`
/// means), `2026-11-22T10:15:00Z` or `2026-11-22T10:15:00.250+01:00`, that exists in the
/// calendar (no 30 February, no hour 24, no leap second `23:59:60`) and lies from
/// 1970-01-01T00:00:00Z up to 9999-12-31T23:59:59Z. Foundation's own parser takes 5- and
/// 6-digit years (which stopped the server once they reached PostgreSQL), moves 30 February
/// to 2 March and reads years before 1583 in the Julian calendar; this one does none of that.
public enum RequestDate {
    /// The earliest date a client may send: 1970-01-01T00:00:00Z.
    public static let earliest = Date(timeIntervalSince1970: 0)
    /// The first moment a client may no longer send: 10000-01-01T00:00:00Z.
    public static let end = Date(timeIntervalSince1970: 253_402_300_800)

    /// Why a text is not a date a client may send, as the end of "'closesAt' is invalid: …".
    public struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
        /// Why, by key.
        public var message: Message

        /// In English, for logs.
        public var description: String { Catalogue.of(.en).string(message) }
    }

    public static func parse(_ text: String) throws(Problem) -> Date {
        var scanner = Scanner(Array(text.utf8))
        // A year of five digits or more (`300000-01-01T…`) is a date out of range, not a typo.
        if scanner.leadingDigits > 4 { throw outOfRange(text) }
        guard let year = scanner.digits(4), scanner.skip("-"), let month = scanner.digits(2), scanner.skip("-"),
            let day = scanner.digits(2), scanner.skip("T") || scanner.skip("t"), let hour = scanner.digits(2), scanner.skip(":"),
            let minute = scanner.digits(2), scanner.skip(":"), let second = scanner.digits(2)
        else { throw shape(text) }
        var fraction = 0.0
        if scanner.skip(".") {
            let digits = scanner.digitRun()
            guard !digits.isEmpty, let value = Double("0." + digits) else { throw shape(text) }
            fraction = value
        }
        let offsetMinutes: Int
        if scanner.skip("Z") || scanner.skip("z") {
            offsetMinutes = 0
        } else if let sign = scanner.sign(), let hours = scanner.digits(2), scanner.skip(":"), let minutes = scanner.digits(2) {
            guard hours <= 23, minutes <= 59 else { throw Problem(message: Message("decoding.date.offset", ["text": .text(text)])) }
            offsetMinutes = sign * (hours * 60 + minutes)
        } else {
            throw shape(text)
        }
        guard scanner.atEnd else { throw shape(text) }
        guard (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day) else {
            throw Problem(message: Message("decoding.date.no-such-day", ["text": .text(text)]))
        }
        guard hour <= 23, minute <= 59, second <= 59 else {
            throw Problem(message: Message("decoding.date.no-such-time", ["text": .text(text)]))
        }
        let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        guard (1970...9999).contains(year), let local = calendar.date(from: components) else { throw outOfRange(text) }
        let date = local.addingTimeInterval(fraction - TimeInterval(offsetMinutes * 60))
        guard date >= earliest, date < end else { throw outOfRange(text) }
        return date
    }

    private static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        return calendar
    }()

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    private static func shape(_ text: String) -> Problem {
        Problem(message: Message("decoding.date.shape", ["text": .text(String(text.prefix(100)))]))
    }

    private static func outOfRange(_ text: String) -> Problem {
        Problem(message: Message("decoding.date.range", ["text": .text(String(text.prefix(100)))]))
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var atEnd: Bool { index == bytes.count }

        var leadingDigits: Int { bytes.prefix { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }.count }

        mutating func skip(_ character: Unicode.Scalar) -> Bool {
            guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
            index += 1
            return true
        }

        /// +1 or −1 for a `+` or `-`.
        mutating func sign() -> Int? {
            if skip("+") { return 1 }
            if skip("-") { return -1 }
            return nil
        }

        /// Exactly `count` ASCII digits, as a number.
        mutating func digits(_ count: Int) -> Int? {
            guard index + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[index..<index + count] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            index += count
            return value
        }

        /// The ASCII digits from here on (at most 30 of them are kept), as text.
        mutating func digitRun() -> String {
            let start = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return String(decoding: bytes[start..<min(index, start + 30)], as: UTF8.self)
        }
    }
}
