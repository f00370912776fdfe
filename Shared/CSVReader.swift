/// Reading CSV (RFC 4180) as spreadsheets write it: the reader beside `CSV.document`.
extension CSV {
    /// One record and the line of the file it starts on (1 is the first line).
    public struct Record: Sendable, Hashable {
        public var line: Int
        public var fields: [String]

        public init(line: Int, fields: [String]) {
            self.line = line
            self.fields = fields
        }
    }

    /// A file that cannot be read as CSV at all.
    public struct ReadError: Error, Sendable, Hashable {
        public var line: Int
        /// Why, by key.
        public var reason: Message

        public init(line: Int, reason: Message) {
            self.line = line
            self.reason = reason
        }
    }

    /// The records of `text`, its fields split at `separator` (a comma; `;` or a tab as some
    /// spreadsheets save). A leading byte order mark is skipped; a record ends at CRLF, LF
    /// or CR; a quoted field may hold separators, line breaks and quotes (doubled). A quote that
    /// does not open a field is kept as a character, as spreadsheets keep it. An empty line
    /// is no record. Throws when a quoted field is never closed.
    public static func records(in text: String, separator: Unicode.Scalar = ",") throws(ReadError) -> [Record] {
        var reader = Reader()
        var scalars = text.unicodeScalars[...]
        if scalars.first == "\u{FEFF}" { scalars = scalars.dropFirst() }
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            let next = scalars.index(after: index)
            let following = next < scalars.endIndex ? scalars[next] : nil
            index = next
            if reader.quoted {
                if scalar == "\"" {
                    if following == "\"" {
                        reader.field.append("\"")
                        index = scalars.index(after: index)
                    } else {
                        reader.quoted = false
                    }
                } else {
                    reader.field.append(scalar)
                    if scalar == "\n" || (scalar == "\r" && following != "\n") { reader.line += 1 }
                }
                continue
            }
            switch scalar {
            case separator:
                reader.endField()
            case "\"" where reader.field.isEmpty && !reader.fieldWasQuoted:
                reader.quoted = true
                reader.fieldWasQuoted = true
                reader.quoteLine = reader.line
            case "\r", "\n":
                if scalar == "\r", following == "\n" { index = scalars.index(after: index) }
                reader.endRecord()
                reader.line += 1
                reader.recordLine = reader.line
            default:
                reader.field.append(scalar)
            }
        }
        if reader.quoted { throw ReadError(line: reader.quoteLine, reason: Message("csv.quote-unclosed")) }
        reader.endRecord()
        return reader.records
    }

    private struct Reader {
        var records: [Record] = []
        var fields: [String] = []
        var field = String.UnicodeScalarView()
        var quoted = false
        var fieldWasQuoted = false
        var recordWasQuoted = false
        var line = 1
        var recordLine = 1
        var quoteLine = 1

        mutating func endField() {
            fields.append(String(field))
            field = String.UnicodeScalarView()
            recordWasQuoted = recordWasQuoted || fieldWasQuoted
            fieldWasQuoted = false
        }

        mutating func endRecord() {
            endField()
            if fields != [""] || recordWasQuoted { records.append(Record(line: recordLine, fields: fields)) }
            fields = []
            recordWasQuoted = false
        }
    }
}
