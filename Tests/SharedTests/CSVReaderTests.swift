import ExamPrepShared
import Testing

/// `CSV.records(in:)`: RFC 4180 as spreadsheets save it, and back from `CSV.document`.
@Suite("CSV reading")
struct CSVReaderTests {
    @Test func quotesDoubledQuotesCRLFAndTheByteOrderMark() throws {
        let text = "\u{FEFF}email,name\r\na@x.org,\"O\"\"Brien, Zoe\u{0301}\"\r\nb@x.org,plain\r\n"
        let records = try CSV.records(in: text)
        #expect(
            records == [
                CSV.Record(line: 1, fields: ["email", "name"]),
                CSV.Record(line: 2, fields: ["a@x.org", "O\"Brien, Zoe\u{0301}"]),
                CSV.Record(line: 3, fields: ["b@x.org", "plain"]),
            ])
    }

    @Test func aLineBreakInsideQuotesKeepsLaterLineNumbersTrue() throws {
        let records = try CSV.records(in: "a,b\n\"two\r\nlines\",x\rthird,\"\"\n\n\nlast")
        #expect(records.map(\.line) == [1, 2, 4, 7])
        #expect(records[1].fields == ["two\r\nlines", "x"])
        #expect(records[2].fields == ["third", ""])
        #expect(records[3].fields == ["last"])
    }

    @Test func aQuoteThatOpensNoFieldIsKeptAndAnUnclosedOneIsAnError() throws {
        #expect(try CSV.records(in: "ab\"c,\"d\"e").first?.fields == ["ab\"c", "de"])
        #expect(try CSV.records(in: "\"\",x").first?.fields == ["", "x"])
        #expect(throws: CSV.ReadError(line: 2, reason: Message("csv.quote-unclosed"))) {
            try CSV.records(in: "email\n\"a@x.org,\nmore")
        }
    }

    @Test func whatTheWriterWritesReadsBack() throws {
        let fields = ["a,b", "q\"uote", "line\r\nbreak", "semi;colon", "e\u{0301}\"\u{0301}", ""]
        let document = CSV.document(header: ["h1", "h2", "h3", "h4", "h5", "h6"], records: [fields.map(CSV.Field.plain)])
        #expect(try CSV.records(in: document).map(\.fields) == [["h1", "h2", "h3", "h4", "h5", "h6"], fields])
    }
}
