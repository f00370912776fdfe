import ExamPrepShared
import Foundation
import Testing

@testable import ExamPrepServer

/// The server writes its responses with `JSONNodeEncoder`; clients and the contract know the
/// JSON of `ExamPrepJSON.makeEncoder()`. The two must produce the same bytes.
@Suite("Response JSON: byte for byte the shared encoder's", .timeLimit(.minutes(1)))
struct ResponseJSONTests {
    static let dates = [
        Date(timeIntervalSince1970: 0),
        Date(timeIntervalSince1970: 1_795_000_000.999_9),
        Date(timeIntervalSince1970: -86_400 * 365.25 * 80 + 0.5),
        Date(timeIntervalSince1970: 951_782_400),  // 2000-02-29
        Date(timeIntervalSince1970: 253_402_300_799),  // 9999-12-31T23:59:59Z
    ]

    static let awkwardText =
        "quote \" backslash \\ slash / tab \t newline \n return \r bell \u{07} nul \u{00} unit separator \u{1F} delete \u{7F} é 漢字 👩‍🔬 \u{2028}"

    func expectSameBytes<T: Encodable>(_ value: T, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let expected = try ExamPrepJSON.makeEncoder().encode(value)
        let actual = try JSONNodeEncoder.encode(value)
        #expect(
            String(decoding: actual, as: UTF8.self) == String(decoding: expected, as: UTF8.self),
            sourceLocation: sourceLocation)
    }

    @Test func aPageOfCourses() throws {
        let courses = (1...20).map {
            Course(
                id: $0, name: "Course \($0)", description: "Week \($0): proofs / sets", courseCode: "AB\($0 % 10)C",
                userId: 7, enrollmentCount: $0 * 3)
        }
        try expectSameBytes(courses)
        try expectSameBytes([Course]())
    }

    @Test func tokensErrorsAndOptionalsLeftOut() throws {
        try expectSameBytes(LoginResponse(token: "a.b.c", exp: 1_795_000_000, roleId: 2))
        try expectSameBytes(
            LoginResponse(
                token: "a.b.c", exp: 1_795_000_000, roleId: 1, refreshToken: "r/+=", refreshTokenExp: -1, userId: Int.max))
        try expectSameBytes(ErrorResponse(message: Self.awkwardText, error: .validationFailed))
    }

    @Test func datesUUIDsAndNestedValues() throws {
        for date in Self.dates {
            try expectSameBytes(
                SessionInfo(id: UUID(), createdAt: date, lastUsedAt: date, userAgent: Self.awkwardText, current: true))
            try expectSameBytes(
                Enrollment(
                    id: 3,
                    course: EnrolledCourse(
                        id: 4, name: "Logic", description: "", courseCode: "LOGI", facultyId: 1, enrollmentDate: date),
                    enrollmentDate: date))
        }
    }

    @Test func anExamWithEveryKindOfAnswer() throws {
        let questions = [
            Question(
                id: 1, kind: .singleChoice, prompt: "Pick one", points: 2,
                choices: [Choice(id: "a", text: "A"), Choice(id: "b", text: Self.awkwardText)], answer: .text("a")),
            Question(
                id: 2, kind: .multipleChoice, prompt: "Pick two", points: 3,
                choices: [Choice(id: "a", text: "A"), Choice(id: "b", text: "B")], answer: .texts(["a", "b"])),
            Question(id: 3, kind: .trueFalse, prompt: "True?", points: 1, choices: nil, answer: .bool(false)),
        ]
        try expectSameBytes(
            Exam(
                id: 9, courseId: 4, title: "Midterm", instructions: "", timeLimitMinutes: nil, opensAt: Self.dates[1],
                closesAt: nil, maxAttempts: 2, status: .published, questions: questions))
    }

    /// What no response type uses yet, so a future one cannot drift: every integer width,
    /// floating point, nil in an array, key order, nested and super encoders.
    @Test func theRestOfTheEncoderProtocol() throws {
        try expectSameBytes(Everything())
        try expectSameBytes(Empty())
        try expectSameBytes([Int64.min, Int64.max, 0, -1])
        try expectSameBytes([UInt64.max])
        try expectSameBytes([1.5, 0.1, 100.0, -2.25, 1e-7, 123_456_789.125])
        try expectSameBytes([Optional<String>.none, "x"])
    }

    @Test func aNonFiniteNumberIsRefusedAsByTheSharedEncoder() {
        #expect(throws: EncodingError.self) { try JSONNodeEncoder.encode([Double.nan]) }
        #expect(throws: EncodingError.self) { try ExamPrepJSON.makeEncoder().encode([Double.nan]) }
    }
}

private struct Empty: Encodable {}

private struct Everything: Encodable {
    // Upper case, an underscore and a non-ASCII letter, to check the key order.
    enum Keys: String, CodingKey {
        case zeta, alpha, nested, list, parent, small, flags
        case beta = "Beta"
        case underscore = "_underscore"
        case umlaut = "Ä"
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(Int8.min, forKey: .zeta)
        try container.encode(UInt16.max, forKey: .alpha)
        try container.encode(Float(0.5), forKey: .beta)
        try container.encodeNil(forKey: .underscore)
        try container.encode("ä", forKey: .umlaut)
        var nested = container.nestedContainer(keyedBy: Keys.self, forKey: .nested)
        try nested.encode(Int32.max, forKey: .small)
        try nested.encode([true, false], forKey: .flags)
        var list = container.nestedUnkeyedContainer(forKey: .list)
        try list.encode(UInt8(7))
        try list.encodeNil()
        var inner = list.nestedContainer(keyedBy: Keys.self)
        try inner.encode("in", forKey: .alpha)
        var deeper = list.nestedUnkeyedContainer()
        try deeper.encode(Int16.min)
        try Course(id: nil, name: "n", description: "d", courseCode: "CODE", userId: 1, enrollmentCount: 0)
            .encode(to: container.superEncoder(forKey: .parent))
        var again = encoder.container(keyedBy: Keys.self)
        try again.encode("replaced", forKey: .zeta)
    }
}
