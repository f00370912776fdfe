import ExamPrepShared
import Foundation
import Testing

/// `RequestDate.parse`: an RFC 3339 date-time that exists in the calendar, from 1970 to 9999
/// (docs/API.md, Conventions). Foundation's own parser moves 30 February to 2 March and takes
/// years of five digits; this one refuses both.
@Suite("Dates a client may send")
struct RequestDateTests {
    static func instant(_ seconds: TimeInterval) -> Date { Date(timeIntervalSince1970: seconds) }

    @Test func datesInTheCalendarAreReadAsTheirInstant() throws {
        #expect(try RequestDate.parse("2026-11-22T10:15:00Z") == Self.instant(1_795_342_500))
        #expect(try RequestDate.parse("2026-11-22t10:15:00z") == Self.instant(1_795_342_500))
        #expect(try RequestDate.parse("2026-11-22T11:15:00.250+01:00") == Self.instant(1_795_342_500.25))
        #expect(try RequestDate.parse("2026-11-22T00:15:00-10:00") == Self.instant(1_795_342_500))
        #expect(try RequestDate.parse("2024-02-29T00:00:00Z") == Self.instant(1_709_164_800))
        #expect(try RequestDate.parse("2000-02-29T12:00:00Z") == Self.instant(951_825_600))
        #expect(try RequestDate.parse("1970-01-01T00:00:00Z") == RequestDate.earliest)
        #expect(try RequestDate.parse("1970-01-01T01:00:00+01:00") == RequestDate.earliest)
        #expect(try RequestDate.parse("9999-12-31T23:59:59Z") == RequestDate.end.addingTimeInterval(-1))
        #expect(try RequestDate.parse("2026-06-30T23:59:59+14:00") == Self.instant(1_782_863_999 - 14 * 3600))
    }

    @Test(arguments: [
        "2026-02-30T10:00:00Z", "2026-02-29T10:00:00Z", "2100-02-29T10:00:00Z", "2026-04-31T10:00:00Z", "2026-06-31T10:00:00Z",
        "2026-09-31T10:00:00Z", "2026-11-31T10:00:00Z", "2026-01-32T10:00:00Z", "2026-13-01T10:00:00Z", "2026-00-10T10:00:00Z",
        "2026-01-00T10:00:00Z",
    ])
    func aDayTheCalendarDoesNotHaveIsRefused(text: String) {
        #expect(throws: RequestDate.Problem.self) { try RequestDate.parse(text) }
    }

    @Test(arguments: [
        "2026-11-22T24:00:00Z", "2016-12-31T23:59:60Z", "2026-11-22T10:60:00Z", "2026-11-22T10:15:00+24:00", "2026-11-22T10:15:00+01:60",
    ])
    func aTimeTheClockDoesNotHaveIsRefused(text: String) {
        #expect(throws: RequestDate.Problem.self) { try RequestDate.parse(text) }
    }

    @Test(arguments: [
        "1969-12-31T23:59:59Z", "1970-01-01T00:30:00+01:00", "0000-01-01T00:00:00Z", "10000-01-01T00:00:00Z", "294247-01-01T00:00:00Z",
        "9999-12-31T23:59:59-00:01",
    ])
    func anInstantBefore1970OrAfter9999IsRefused(text: String) {
        #expect(throws: RequestDate.Problem.self) { try RequestDate.parse(text) }
    }

    @Test(arguments: [
        "", "2026-11-22", "2026-11-22T10:15Z", "2026-11-22T10:15:00", "2026-11-22 10:15:00Z", "2026-11-22T10:15:00.Z",
        "+2026-11-22T10:15:00Z", "2026-11-22T10:15:00Zjunk", "２０２６-11-22T10:15:00Z", "2026-1-22T10:15:00Z",
    ])
    func anythingButAnRFC3339DateTimeIsRefused(text: String) {
        #expect(throws: RequestDate.Problem.self) { try RequestDate.parse(text) }
    }
}
