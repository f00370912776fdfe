import Foundation

/// Times as pages show them: in the course's time zone, named ("Tue 25 Nov 2026, 10:40
/// (Europe/Warsaw)"), so a student abroad reads the same deadline as the school.
enum PageTime {
    static func text(_ date: Date, timeZone identifier: String) -> String {
        let zone = TimeZone(identifier: identifier) ?? .gmt
        let style = Date.FormatStyle(date: .abbreviated, time: .shortened, locale: Locale(identifier: "en_GB"), timeZone: zone)
            .weekday(.abbreviated)
        return date.formatted(style) + " (\(TimeZone(identifier: identifier) == nil ? "UTC" : identifier))"
    }

    /// "10:40" in the time zone.
    static func clock(_ date: Date, timeZone identifier: String) -> String {
        let zone = TimeZone(identifier: identifier) ?? .gmt
        return date.formatted(Date.FormatStyle(date: .omitted, time: .shortened, locale: Locale(identifier: "en_GB"), timeZone: zone))
    }

    /// "60 min", or "60 min, extended from 40 min" when the student's own limit differs.
    static func limit(_ minutes: Int?, base: Int?) -> String? {
        guard let minutes else { return nil }
        guard let base, base != minutes else { return "\(minutes) min" }
        return "\(minutes) min, \(minutes > base ? "extended" : "changed") from \(base) min"
    }
}
