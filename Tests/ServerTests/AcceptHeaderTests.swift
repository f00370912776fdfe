import Testing

@testable import ExamPrepServer

/// One reading of `Accept` for every route that answers in more than one media type: the
/// grade book and the statistics route used to disagree about `text/*`.
@Suite("Accept")
struct AcceptHeaderTests {
    static let gradeBook: [(type: String, offer: String)] = [("application/json", "json"), ("text/csv", "csv")]

    @Test func theGradeBookAndTheStatisticsReadAcceptAlike() {
        for (accept, gradeBook, statistics) in [
            ("text/*", "csv", StatisticsMediaType.csv), ("text/csv", "csv", .csv), ("*/*", "json", .json),
            ("application/json", "json", .json), ("text/csv;q=0.5, application/json", "json", .json),
            ("application/json;q=0.2, text/*;q=0.9", "csv", .csv),
        ] {
            #expect(AcceptHeader.choose(accept, from: Self.gradeBook) == gradeBook, "\(accept)")
            #expect(StatisticsMediaType.negotiate(accept) == statistics, "\(accept)")
        }
    }

    /// `Accept-Encoding` is read by the same `q` reader: the page's assets go gzipped only to
    /// a browser that takes gzip.
    @Test func gzipIsSentOnlyWhenAcceptEncodingTakesIt() {
        for (header, takes) in [
            ("gzip, deflate, br", true), ("GZIP", true), ("br;q=1, gzip;q=0.5", true), ("x-gzip", true), ("*", true),
            ("gzip;q=0", false), ("gzip;q=0, *;q=0", false), ("br", false), ("", false), ("identity", false),
        ] {
            #expect(PageAssets.Asset.acceptsGzip(header) == takes, "\(header)")
        }
        #expect(!PageAssets.Asset.acceptsGzip(nil))
    }

    @Test func anExactTypeBeatsAWildcardAtTheSameQualityAndQZeroRefuses() {
        #expect(AcceptHeader.choose("*/*, text/csv", from: Self.gradeBook) == "csv")
        #expect(AcceptHeader.choose("text/csv;q=0, */*;q=0.1", from: Self.gradeBook) == "json")
        #expect(AcceptHeader.choose("text/csv;q=0", from: Self.gradeBook) == nil)
        #expect(AcceptHeader.choose("text/csv;q=2", from: Self.gradeBook) == nil)
        #expect(AcceptHeader.choose("image/png", from: Self.gradeBook) == nil)
        #expect(AcceptHeader.choose(nil, from: Self.gradeBook) == "json")
        #expect(AcceptHeader.choose("  ", from: Self.gradeBook) == "json")
        #expect(AcceptHeader.choose("TEXT/CSV; charset=utf-8", from: Self.gradeBook) == "csv")
    }
}
