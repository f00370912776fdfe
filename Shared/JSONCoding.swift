import Foundation

/// The JSON conventions of the API: ISO 8601 dates with a time zone (fractional seconds
/// accepted on input), everything else as `Codable` spells it.
public enum ExamPrepJSON {
    public static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(date.formatted(.iso8601))
        }
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    public static func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            if let date = parseISO8601(text) { return date }
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "expected an ISO 8601 date with a time zone, got '\(text)'")
        }
        return decoder
    }

    /// The decoder for what clients send (request bodies): as `makeDecoder`, but a date must
    /// be one a client may send (`RequestDate`: RFC 3339, in the calendar, 1970 to 9999), else
    /// the decoding error names the field.
    public static func makeRequestDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            do {
                return try RequestDate.parse(text)
            } catch let problem as RequestDate.Problem {
                throw DecodingReason.refused(problem.message, in: container)
            }
        }
        return decoder
    }

    static func parseISO8601(_ text: String) -> Date? {
        if let date = try? Date(text, strategy: .iso8601) { return date }
        let fractional = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
        return try? fractional.parse(text)
    }
}
