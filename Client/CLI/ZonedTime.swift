import Foundation

/// A moment as a person reads it: wall time in the course's time zone and in their own, both
/// named ("2026-11-24 14:30 Europe/Warsaw (course) = 08:30 America/New_York (yours)"). The
/// wire carries UTC; this is for the terminal only.
enum ZonedTime {
    static func describe(_ date: Date, courseZone: String, localZone: TimeZone = .current) -> String {
        let course = TimeZone(identifier: courseZone) ?? TimeZone(identifier: "UTC") ?? localZone
        let courseText = "\(wallTime(date, in: course, format: day)) \(course.identifier)"
        guard course.secondsFromGMT(for: date) != localZone.secondsFromGMT(for: date) else {
            return "\(courseText) (the course's time and yours)"
        }
        let sameDay = wallTime(date, in: course, format: "yyyy-MM-dd") == wallTime(date, in: localZone, format: "yyyy-MM-dd")
        return "\(courseText) (course) = \(wallTime(date, in: localZone, format: sameDay ? "HH:mm" : day)) \(localZone.identifier) (yours)"
    }

    /// "60 min (extended from 30)", or "30 min".
    static func limit(_ minutes: Int?, base: Int?) -> String {
        guard let minutes else { return "none" }
        guard let base, base != minutes else { return "\(minutes) min" }
        return "\(minutes) min (\(minutes > base ? "extended" : "changed") from \(base))"
    }

    private static let day = "yyyy-MM-dd HH:mm"

    /// `date` on the wall clocks of `zone`, in a `DateFormatter` pattern.
    static func wallTime(_ date: Date, in zone: TimeZone, format: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.timeZone = zone
        formatter.dateFormat = format
        return formatter.string(from: date)
    }
}
