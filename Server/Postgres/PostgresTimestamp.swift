#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Text form of timestamps, independent of locale and formatter state. Connections run with
/// TimeZone=UTC and DateStyle=ISO, so the server prints `2026-11-22 10:15:00.123456+00`.
enum PostgresTimestamp {
    private static let microsPerSecond: Int64 = 1_000_000
    private static let secondsPerDay: Int64 = 86_400

    /// A date no timestamp can hold (beyond about ±292,000 years from 1970, or not a number).
    struct OutOfRange: Error, CustomStringConvertible {
        var seconds: Double
        var description: String { "a Date \(seconds) s from 1970 is beyond what a timestamp can hold" }
    }

    /// `YYYY-MM-DD HH:MM:SS.ffffff+00`, microsecond precision (PostgreSQL's own), `BC` for years
    /// before 1. A date whose microseconds do not fit in 64 bits throws instead of trapping.
    static func format(_ date: Date) throws(OutOfRange) -> String {
        guard let micros = Int64(exactly: (date.timeIntervalSince1970 * 1_000_000).rounded()) else {
            throw OutOfRange(seconds: date.timeIntervalSince1970)
        }
        let (seconds, fraction) = floorDivide(micros, microsPerSecond)
        let (days, secondOfDay) = floorDivide(seconds, secondsPerDay)
        let (year, month, day) = civil(fromDays: days)
        let bc = year <= 0
        var text = pad(bc ? 1 - year : year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2)
        text += " " + pad(secondOfDay / 3600, 2) + ":" + pad(secondOfDay / 60 % 60, 2) + ":" + pad(secondOfDay % 60, 2)
        if fraction != 0 { text += "." + pad(fraction, 6) }
        text += "+00"
        if bc { text += " BC" }
        return text
    }

    /// Parses `YYYY-MM-DD[ HH:MM:SS[.f]][+HH[:MM[:SS]]][ BC]`; without an offset the time is UTC.
    /// Returns nil for anything else (including `infinity`).
    static func parse(_ text: String) -> Date? {
        var scanner = Scanner(bytes: Array(text.utf8))
        guard var year = scanner.number(), scanner.skip(UInt8(ascii: "-")),
            let month = scanner.number(maxDigits: 2), scanner.skip(UInt8(ascii: "-")),
            let day = scanner.number(maxDigits: 2),
            (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        var secondOfDay: Int64 = 0
        var fraction: Int64 = 0
        var offsetSeconds: Int64 = 0
        if scanner.peek == UInt8(ascii: " ") || scanner.peek == UInt8(ascii: "T"), scanner.peekDigit(at: 1) {
            scanner.index += 1
            guard let hour = scanner.number(maxDigits: 2), scanner.skip(UInt8(ascii: ":")),
                let minute = scanner.number(maxDigits: 2), scanner.skip(UInt8(ascii: ":")),
                let second = scanner.number(maxDigits: 2),
                hour <= 24, minute < 60, second < 61
            else { return nil }
            secondOfDay = hour * 3600 + minute * 60 + second
            if scanner.skip(UInt8(ascii: ".")) {
                var digits = 0
                while let digit = scanner.digit() {
                    if digits < 6 { fraction = fraction * 10 + digit }
                    digits += 1
                }
                guard digits > 0 else { return nil }
                for _ in digits..<max(digits, 6) { fraction *= 10 }
            }
            if let sign = scanner.peek, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
                scanner.index += 1
                guard let hours = scanner.number(maxDigits: 2) else { return nil }
                var offset = hours * 3600
                if scanner.skip(UInt8(ascii: ":")) {
                    guard let minutes = scanner.number(maxDigits: 2) else { return nil }
                    offset += minutes * 60
                    if scanner.skip(UInt8(ascii: ":")) {
                        guard let seconds = scanner.number(maxDigits: 2) else { return nil }
                        offset += seconds
                    }
                }
                offsetSeconds = sign == UInt8(ascii: "+") ? offset : -offset
            }
        }
        if scanner.skip(Array(" BC".utf8)) { year = 1 - year }
        guard scanner.atEnd else { return nil }
        let days = days(fromCivil: year, month, day)
        let seconds = days * secondsPerDay + secondOfDay - offsetSeconds
        // In seconds and then a fraction: microseconds of the largest timestamps PostgreSQL
        // keeps (year 294276) overflow 64 bits when counted from 1970.
        return Date(timeIntervalSince1970: Double(seconds) + Double(fraction) / 1_000_000)
    }

    // MARK: - Calendar arithmetic (proleptic Gregorian, after Howard Hinnant's algorithms)

    private static func civil(fromDays daysSinceEpoch: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = daysSinceEpoch + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    private static func days(fromCivil year: Int64, _ month: Int64, _ day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func floorDivide(_ a: Int64, _ b: Int64) -> (Int64, Int64) {
        let quotient = a / b
        let remainder = a % b
        return remainder < 0 ? (quotient - 1, remainder + b) : (quotient, remainder)
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        var atEnd: Bool { index == bytes.count }
        var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

        func peekDigit(at offset: Int) -> Bool {
            let position = index + offset
            return position < bytes.count && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position])
        }

        mutating func skip(_ byte: UInt8) -> Bool {
            guard peek == byte else { return false }
            index += 1
            return true
        }

        mutating func skip(_ sequence: [UInt8]) -> Bool {
            guard bytes[index...].starts(with: sequence) else { return false }
            index += sequence.count
            return true
        }

        mutating func digit() -> Int64? {
            guard peekDigit(at: 0) else { return nil }
            defer { index += 1 }
            return Int64(bytes[index] - UInt8(ascii: "0"))
        }

        mutating func number(maxDigits: Int = 9) -> Int64? {
            var value: Int64 = 0
            var count = 0
            while count < maxDigits, let digit = digit() {
                value = value * 10 + digit
                count += 1
            }
            return count > 0 ? value : nil
        }
    }
}
