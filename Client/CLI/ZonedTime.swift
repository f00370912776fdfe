import ExamPrepShared
import Foundation

/// A moment as a person reads it: wall time in the course's time zone and in their own, both
/// named ("2026-11-24 14:30 Europe/Warsaw (course) = 08:30 America/New_York (yours)"). The
/// wire carries UTC; this is for the terminal only.
enum ZonedTime {
    static func describe(_ date: Date, courseZone: String, localZone: TimeZone = .current) -> String {
        let course = TimeZone(identifier: courseZone) ?? TimeZone(identifier: "UTC") ?? localZone
        let courseText = "\(wallTime(date, in: course, format: day)) \(course.identifier)"
        guard course.secondsFromGMT(for: date) != localZone.secondsFromGMT(for: date) else {
            return CLILanguage.text("cli-exam.zone.same", ["time": .text(courseText)])
        }
        let sameDay = wallTime(date, in: course, format: "yyyy-MM-dd") == wallTime(date, in: localZone, format: "yyyy-MM-dd")
        let local = "\(wallTime(date, in: localZone, format: sameDay ? "HH:mm" : day)) \(localZone.identifier)"
        return CLILanguage.text("cli-exam.zone.both", ["course": .text(courseText), "local": .text(local)])
    }

    /// "60 min (extended from 30)", or "30 min".
    static func limit(_ minutes: Int?, base: Int?) -> String {
        guard let minutes else { return CLILanguage.text("cli-exam.limit.none") }
        guard let base, base != minutes else { return CLILanguage.text("cli-exam.limit.minutes", ["minutes": .integer(minutes)]) }
        let key = minutes > base ? "cli-exam.limit.extended" : "cli-exam.limit.changed"
        return CLILanguage.text(key, ["minutes": .integer(minutes), "base": .integer(base)])
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
