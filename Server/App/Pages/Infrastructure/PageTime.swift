import ExamPrepRules
import ExamPrepShared
import Foundation

/// Times as people read them, the one place that formats one (pages and mails), in the reader's
/// language: in the course's time zone, or the school's (`DEFAULT_TIME_ZONE`) outside a course,
/// named ("Sun, 6 Dec 2026 at 10:45 (Europe/Warsaw)"), so a student abroad reads the same
/// deadline as the school; never an ISO time.
enum PageTime {
    static func text(_ date: Date, timeZone identifier: String, language: Language = .en) -> String {
        let zone = TimeZone(identifier: identifier) ?? .gmt
        let style = Date.FormatStyle(date: .abbreviated, time: .shortened, locale: language.locale, timeZone: zone)
            .weekday(.abbreviated)
        return date.formatted(style) + " (\(TimeZone(identifier: identifier) == nil ? "UTC" : identifier))"
    }

    /// "10:40" in the time zone.
    static func clock(_ date: Date, timeZone identifier: String, language: Language = .en) -> String {
        let zone = TimeZone(identifier: identifier) ?? .gmt
        return date.formatted(Date.FormatStyle(date: .omitted, time: .shortened, locale: language.locale, timeZone: zone))
    }

    /// "60 min", or "60 min, extended from 40 min" when the student's own limit differs.
    static func limit(_ minutes: Int?, base: Int?, language: Language = .en) -> String? {
        guard let minutes else { return nil }
        let catalogue = Catalogue.of(language)
        guard let base, base != minutes else { return catalogue.string(Message("time.minutes", ["count": .integer(minutes)])) }
        let key = minutes > base ? "time.limit-extended" : "time.limit-changed"
        return catalogue.string(Message(key, ["minutes": .integer(minutes), "base": .integer(base)]))
    }
}

extension PageTime {
    /// "2026-11-26T10:40" in the time zone: a `datetime-local` input's value.
    static func local(_ date: Date, timeZone identifier: String) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: identifier) ?? .gmt
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        return String(
            format: "%04d-%02d-%02dT%02d:%02d", parts.year ?? 1970, parts.month ?? 1, parts.day ?? 1, parts.hour ?? 0, parts.minute ?? 0)
    }

    /// A `datetime-local` value ("2026-11-26T10:40", seconds allowed) read in the time zone;
    /// empty is none. A time a clock change skips or repeats takes the first that fits. `field`
    /// is the field's name as its form labels it, for the refusal.
    static func parseLocal(_ raw: String, timeZone identifier: String, field: Message) throws -> Date? {
        let text = raw.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return nil }
        let invalid = InvalidInput("page.date-and-time", ["field": .message(field)])
        let halves = text.split(separator: "T", omittingEmptySubsequences: false)
        guard halves.count == 2 else { throw invalid }
        let date = halves[0].split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
        let time = halves[1].split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
        guard date.count == 3, (2...3).contains(time.count), let year = date[0], let month = date[1], let day = date[2],
            let hour = time[0], let minute = time[1], (1970...9999).contains(year), (1...12).contains(month), (1...31).contains(day),
            (0...23).contains(hour), (0...59).contains(minute)
        else { throw invalid }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: identifier) ?? .gmt
        let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute)
        guard calendar.date(from: components).map({ calendar.component(.day, from: $0) == day }) == true,
            let result = calendar.date(from: components)
        else { throw invalid }
        return result
    }
}
