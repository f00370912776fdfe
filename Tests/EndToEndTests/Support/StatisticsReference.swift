import ExamPrepShared
import ExamPrepStatistics
import ExamPrepTestSupport
import Foundation
import Testing

/// A value in the attempts handed to `exam_statistics_reference.py`.
enum ReferenceValue: Encodable, Equatable {
    case int(Int)
    case number(Double)
    case string(String)
    case strings([String])
    case null

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .int(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .strings(let value): try container.encode(value)
        case .null: try container.encodeNil()
        }
    }
}

/// Runs `exam_statistics_reference.py` (python3, standard library only) on a set of attempts.
enum PythonReference {
    struct Expected: Decodable {
        var attempts: Int
        var mean: Double?
        var median: Double?
        var standardDeviation: Double?
        var cronbachAlpha: Double?
        var histogram: [Int]
        var questions: [String: Question]
        var flags: [Flag]
        var notes: [String]
    }

    struct Question: Decodable {
        var attempts: Int
        var facility: Double
        var standardDeviation: Double?
        var discrimination: Double?
        /// `[[id, "count"]]`, counts as text to compare with the server's.
        var options: [[String]]?

        enum CodingKeys: String, CodingKey { case attempts, facility, standardDeviation, discrimination, options }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            attempts = try container.decode(Int.self, forKey: .attempts)
            facility = try container.decode(Double.self, forKey: .facility)
            standardDeviation = try container.decodeIfPresent(Double.self, forKey: .standardDeviation)
            discrimination = try container.decodeIfPresent(Double.self, forKey: .discrimination)
            options = try container.decodeIfPresent([OptionPair].self, forKey: .options)?.map { [$0.id, "\($0.count)"] }
        }
    }

    struct OptionPair: Decodable {
        var id: String
        var count: Int

        init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            id = try container.decode(String.self)
            count = try container.decode(Int.self)
        }
    }

    struct Flag: Decodable, Hashable {
        var questionId: Int
        var kind: String

        init(questionId: Int, kind: String) {
            self.questionId = questionId
            self.kind = kind
        }

        init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            questionId = try container.decode(Int.self)
            kind = try container.decode(String.self)
        }
    }

    struct Input: Encodable {
        struct Attempt: Encodable {
            var max: Double
            var responses: [[ReferenceValue]]
        }

        var attempts: [Attempt]
        var options: [String: [[ReferenceValue]]]
    }

    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("exam_statistics_reference.py")

    /// `options` names each choice question by its prompt; `ids` gives the question ids of the prompts.
    static func run(
        _ attempts: [ExamStatisticsTests.Recorded], options: [String: [(String, Bool)]], ids: [String: Int]
    ) throws -> Expected {
        var catalogue: [String: [[ReferenceValue]]] = [:]
        for (prompt, choices) in options {
            let id = try #require(ids[prompt], "no question \(prompt) in the statistics")
            catalogue["\(id)"] = choices.map { [.string($0.0), .int($0.1 ? 1 : 0)] }
        }
        let input = Input(attempts: attempts.map { Input.Attempt(max: $0.maxScore, responses: $0.responses) }, options: catalogue)
        let json = String(decoding: try JSONEncoder().encode(input), as: UTF8.self)
        let output = try runPython(json)
        return try JSONDecoder().decode(Expected.self, from: output)
    }

    private static func runPython(_ input: String) throws -> Data {
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        let process = try TestProcess.launch(
            URL(fileURLWithPath: "/usr/bin/env"), arguments: ["python3", script.path], input: .pipe(stdin), output: .pipe(stdout),
            error: .pipe(stderr))
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        let errors = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ReferenceFailure(description: "python3 \(script.lastPathComponent) exited \(process.terminationStatus): \(errors)")
        }
        return output
    }

    struct ReferenceFailure: Error, CustomStringConvertible {
        let description: String
    }
}

/// RFC 4180 records, read back from the server's CSV (byte order mark dropped by the client).
enum CSVRecords {
    struct Malformed: Error {}

    static func parse(_ text: String) throws -> [[String]] {
        var records: [[String]] = []
        var record: [String] = []
        var field = ""
        var quoted = false
        var characters = Array(text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text)
        characters.append("\r\n")
        var index = 0
        while index < characters.count - 1 {
            let character = characters[index]
            if quoted {
                if character == "\"" {
                    if characters[index + 1] == "\"" {
                        field.append("\"")
                        index += 1
                    } else {
                        quoted = false
                    }
                } else {
                    field.append(character)
                }
            } else if character == "\"" && field.isEmpty {
                quoted = true
            } else if character == "," {
                record.append(field)
                field = ""
            } else if character == "\r\n" {
                record.append(field)
                records.append(record)
                record = []
                field = ""
            } else {
                field.append(character)
            }
            index += 1
        }
        guard !quoted, record.isEmpty, field.isEmpty else { throw Malformed() }
        return records
    }
}

/// The SVG as a picture: well-formed, titled, and drawn by `rsvg-convert` at 640 × 400 with the
/// bars and the mean line where the layout puts them. Fails (not skips) without `rsvg-convert`.
enum SVGPictureCheck {
    static func check(_ svg: String, statistics: ExamStatistics, title: String) throws {
        let outline = try #require(SVGOutline.parse(svg), "the SVG is not well-formed XML")
        #expect(outline.elementNames.first == "svg" && outline.rootAttributes["viewBox"] == "0 0 640 400")
        #expect(outline.titleText == title)
        #expect(outline.texts.contains("Score (%)") && outline.texts.contains("Attempts"))
        let mean = try #require(statistics.mean)
        #expect(outline.texts.contains("Mean \(String(format: "%.1f", mean)) %"))

        let png = try SVGRenderer.renderPNG(svg: svg, name: "statistics")
        defer { try? FileManager.default.removeItem(at: png.deletingLastPathComponent()) }
        let image = try PNGImage(data: Array(try Data(contentsOf: png)))
        #expect(image.width == 640 && image.height == 400)
        let layout = HistogramLayout()
        for bin in statistics.scoreHistogram {
            let x = Int(layout.x(percent: (bin.from + bin.to) / 2))
            let y = Int(layout.plotBottom) - 3
            let barColour = image.pixel(x: x, y: y)?.matches("#4C78A8") == true
            #expect(barColour == (bin.count > 0), "band \(bin.from)–\(bin.to) (\(bin.count)) at \(x),\(y)")
        }
        let meanX = Int(layout.x(percent: mean).rounded())
        let middleY = Int(layout.plotTop + layout.plotHeight / 2)
        let column = (meanX - 2...meanX + 2).flatMap { x in (middleY - 8...middleY + 8).compactMap { image.pixel(x: x, y: $0) } }
        #expect(column.contains { $0.matches("#D62728", tolerance: 40) }, "the mean line near x = \(meanX)")
    }
}
