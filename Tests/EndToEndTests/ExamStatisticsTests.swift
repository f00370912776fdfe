import ExamPrepClient
import ExamPrepServerTestSupport
import ExamPrepShared
import ExamPrepStatistics
import ExamPrepTestSupport
import Foundation
import Testing

/// An exam's item analysis through the client library on the real server and PostgreSQL: a
/// hand-made set of attempts (a drawn slot, fractional scores, a distractor nobody chose, a
/// question everyone gets right, one the strong students get wrong), every figure compared with
/// what Python's `statistics` module makes of the same attempts (`exam_statistics_reference.py`)
/// to four decimals; the CSV read back; the SVG drawn by `rsvg-convert` and looked at.
@Suite("End to end: exam statistics", .hangGuard)
@MainActor
struct ExamStatisticsTests {
    /// What one student answers in the item analysis exam, and the points each answer earns.
    struct Sitting {
        var capital: String
        var primes: [String]
        var primesPoints: Double
        var product: String
        var drawnRight: Bool

        var capitalPoints: Double { capital == "p" ? 1 : 0 }
        var productPoints: Double { product == "4" ? 1 : 0 }
        var drawnPoints: Double { drawnRight ? 2 : 0 }
    }

    /// Six first attempts: the strong students (0, 1, 2, 5) miss "2 × 2", the weak ones (3, 4)
    /// get it; nobody picks "Nice"; weighted primes give 0.5 points.
    static let firstSittings = [
        Sitting(capital: "p", primes: ["2", "3"], primesPoints: 1, product: "5", drawnRight: true),
        Sitting(capital: "p", primes: ["2", "3"], primesPoints: 1, product: "5", drawnRight: true),
        Sitting(capital: "p", primes: ["2"], primesPoints: 0.5, product: "4", drawnRight: true),
        Sitting(capital: "l", primes: ["2", "4"], primesPoints: 0, product: "4", drawnRight: false),
        Sitting(capital: "m", primes: ["3", "9"], primesPoints: 0, product: "4", drawnRight: false),
        Sitting(capital: "p", primes: ["2"], primesPoints: 0.5, product: "5", drawnRight: true),
    ]
    /// Second attempts of students 0 and 3, all right: counted with `?attempts=all` only.
    static let secondSitting = Sitting(capital: "p", primes: ["2", "3"], primesPoints: 1, product: "4", drawnRight: true)

    static let examDraft = ExamDraft(
        title: "Item analysis & <friends>", maxAttempts: 2,
        policy: ExamPolicy(review: ReviewOptions(afterSubmit: ReviewItem.allCases)),
        questions: [
            QuestionDraft(
                kind: .singleChoice, prompt: "Capital of France?", points: 1,
                choices: [
                    Choice(id: "p", text: "Paris"), Choice(id: "l", text: "Lyon"), Choice(id: "m", text: "Marseille"),
                    Choice(id: "n", text: "Nice"),
                ],
                answer: .text("p")),
            QuestionDraft(
                kind: .multipleChoice, prompt: "Which are primes?", points: 1,
                choices: [
                    Choice(id: "2", text: "2", weight: 50), Choice(id: "3", text: "3", weight: 50), Choice(id: "4", text: "4", weight: -50),
                    Choice(id: "9", text: "9", weight: -50),
                ],
                answer: .texts(["2", "3"])),
            QuestionDraft(kind: .trueFalse, prompt: "Water is wet.", points: 1, answer: .bool(true)),
            QuestionDraft(kind: .shortAnswer, prompt: "2 × 2 = ?", points: 1, answer: .texts(["4"])),
        ],
        draws: [ExamDrawSlot(position: 4, fromBank: BankDraw(topic: "Pool", count: 1, points: 2))])

    /// A faculty member, the exam published with its bank, and `students` enrolled students.
    struct Setting {
        let faculty: ExamPrepClient
        let students: [ExamPrepClient]
        let exam: Exam
    }

    static func setting(_ server: EndToEnd, draft: ExamDraft = examDraft, students count: Int) async throws -> Setting {
        let faculty = server.makeClient()
        try await faculty.account.signUp(uniqueEmail("statistics-teacher"), role: .faculty)
        let course = try await faculty.faculty.create(name: "Statistics", description: "Item analysis")
        let courseId = try #require(course.id)
        for prompt in ["Pool one is true.", "Pool two is true."] {
            try await faculty.faculty.createQuestion(
                QuestionDraft(kind: .trueFalse, prompt: prompt, points: 1, answer: .bool(true), topic: "Pool"), courseId: courseId)
        }
        let created = try await faculty.faculty.createExam(draft, in: courseId)
        let exam = try await faculty.faculty.publishExam(created.id)
        var students: [ExamPrepClient] = []
        for _ in 0..<count {
            let student = server.makeClient()
            try await student.account.signUp(uniqueEmail("statistics-student"), role: .student)
            try await student.student.enroll(code: course.courseCode)
            students.append(student)
        }
        return Setting(faculty: faculty, students: students, exam: exam)
    }

    /// One attempt as the reference script reads it: `[questionId, score, max, chosen or null]`.
    struct Recorded {
        var maxScore: Double
        var responses: [[ReferenceValue]]
    }

    /// Takes the exam as `sitting` says; checks the server graded each question as the sitting
    /// expects, and returns the attempt for the reference script.
    static func sit(_ student: ExamPrepClient, exam: Exam, _ sitting: Sitting) async throws -> Recorded {
        let attempt = try await student.student.startAttempt(examId: exam.id)
        var answers: [AnswerInput] = []
        var responses: [[ReferenceValue]] = []
        for question in attempt.questions {
            // The sitting names choices by the author's ids; the student sends the attempt's aliases.
            let written = examDraft.questions.first { $0.prompt == question.prompt }?.choices ?? []
            let (answer, points, chosen): (AnswerInput, Double, [String]?) =
                switch question.prompt {
                case "Capital of France?":
                    (
                        AnswerInput(questionId: question.id, choiceIds: try question.choiceIDs(authored: [sitting.capital], of: written)),
                        sitting.capitalPoints, [sitting.capital]
                    )
                case "Which are primes?":
                    (
                        AnswerInput(questionId: question.id, choiceIds: try question.choiceIDs(authored: sitting.primes, of: written)),
                        sitting.primesPoints, sitting.primes
                    )
                case "Water is wet.": (AnswerInput(questionId: question.id, value: true), 1, nil)
                case "2 × 2 = ?": (AnswerInput(questionId: question.id, text: sitting.product), sitting.productPoints, nil)
                default: (AnswerInput(questionId: question.id, value: sitting.drawnRight), sitting.drawnPoints, nil)
                }
            answers.append(answer)
            responses.append([
                .int(question.id), .number(points), .number(Double(question.points)), chosen.map { .strings($0) } ?? .null,
            ])
        }
        #expect(attempt.questions.count == 5, "four questions and one drawn")
        let result = try await student.student.submit(attempt.attemptId, finalAnswers: answers)
        for (question, response) in zip(attempt.questions, responses) {
            let graded = result.results?.first { $0.questionId == question.id }?.points
            #expect(graded.map { ReferenceValue.number($0) } == response[1], "\(question.prompt) graded \(String(describing: graded))")
        }
        return Recorded(maxScore: 6, responses: responses)
    }

    /// Every choice question's options, with whether each earns credit, for the reference script.
    static let optionCatalogue: [String: [(String, Bool)]] = [
        "Capital of France?": [("p", true), ("l", false), ("m", false), ("n", false)],
        "Which are primes?": [("2", true), ("3", true), ("4", false), ("9", false)],
    ]

    @Test func everyFigureAgreesWithPythonsStatisticsModuleAndTheFlagsNameWhatATeacherFixes() async throws {
        try await EndToEnd.run { server in
            let setting = try await Self.setting(server, students: Self.firstSittings.count)
            var first: [Recorded] = []
            for (student, sitting) in zip(setting.students, Self.firstSittings) {
                first.append(try await Self.sit(student, exam: setting.exam, sitting))
            }
            var all = first
            for index in [0, 3] {
                all.append(try await Self.sit(setting.students[index], exam: setting.exam, Self.secondSitting))
            }
            let faculty = setting.faculty.faculty

            let statistics = try await faculty.examStatistics(setting.exam.id)
            #expect(statistics.attemptsIncluded == .first)
            let ids = Dictionary(
                statistics.questions.compactMap { q in q.prompt.map { ($0, q.questionId) } }, uniquingKeysWith: { a, _ in a })
            let expected = try PythonReference.run(first, options: Self.optionCatalogue, ids: ids)
            try Self.compare(statistics, with: expected)
            #expect(statistics.attempts == 6)
            #expect(
                statistics.questions.map(\.prompt).prefix(4) == ["Capital of France?", "Which are primes?", "Water is wet.", "2 × 2 = ?"])
            // Each drawn question over the attempts that drew it (the draw is random: usually both
            // bank questions are drawn, each by some of the six).
            let drawn = Array(statistics.questions.dropFirst(4))
            #expect(!drawn.isEmpty && drawn.count <= 2)
            for question in drawn {
                let drew = first.filter { $0.responses.contains { $0.first == .int(question.questionId) } }.count
                #expect(question.attempts == drew, "\(question.prompt ?? "") drawn by \(drew) attempts")
            }
            #expect(drawn.map(\.attempts).reduce(0, +) == 6)
            #expect(statistics.questions.dropFirst(4).allSatisfy { $0.options == nil && $0.kind == .trueFalse })

            // What a teacher acts on, by name.
            let capital = try #require(ids["Capital of France?"])
            let water = try #require(ids["Water is wet."])
            let product = try #require(ids["2 × 2 = ?"])
            #expect(statistics.flags.contains(QuestionFlag(questionId: capital, kind: .unchosenDistractor(optionId: "n"))))
            #expect(statistics.flags.contains(QuestionFlag(questionId: water, kind: .everyoneRight)))
            #expect(statistics.flags.contains(QuestionFlag(questionId: product, kind: .negativeDiscrimination)))
            #expect(!statistics.flags.contains { $0.kind.optionId == "9" || $0.kind.optionId == "4" }, "chosen distractors are fine")
            #expect(statistics.guidance == .moodle)

            // Every submitted attempt: the two second attempts count too.
            let everything = try await faculty.examStatistics(setting.exam.id, attempts: .all)
            #expect(everything.attempts == 8 && everything.attemptsIncluded == .all)
            try Self.compare(everything, with: try PythonReference.run(all, options: Self.optionCatalogue, ids: ids))
            #expect(everything.mean != statistics.mean)

            // The CSV holds the same table.
            let csv = try await faculty.examStatisticsCSV(setting.exam.id)
            #expect(csv.data.starts(with: [0xEF, 0xBB, 0xBF]), "a byte order mark for spreadsheets")
            let records = try CSVRecords.parse(csv.text)
            #expect(records.first == StatisticsCSV.header)
            #expect(records.count == statistics.questions.count + 1)
            for (record, question) in zip(records.dropFirst(), statistics.questions) {
                #expect(record.count == StatisticsCSV.header.count)
                #expect(record.first == "\(question.questionId)" && record.last == question.prompt)
                #expect(record[3] == String(format: "%.4f", question.facility))
                #expect(record[5] == (question.discrimination.map { String(format: "%.4f", $0) } ?? ""))
            }
            #expect(
                records.contains {
                    $0.first == "\(capital)" && $0[6] == "A. Paris=4;B. Lyon=1;C. Marseille=1;D. Nice=0"
                        && $0[7] == "unchosenDistractor(D. Nice)"
                })

            // The picture, drawn by a real renderer.
            let svg = try await faculty.examStatisticsSVG(setting.exam.id)
            try SVGPictureCheck.check(svg.text, statistics: statistics, title: setting.exam.title)
            if let keep = ProcessInfo.processInfo.environment["EXAMPREP_STATISTICS_EXAMPLE_SVG"] {
                try svg.data.write(to: URL(fileURLWithPath: keep))
            }
        }
    }

    @Test func smallSamplesLeaveOutWhatCannotBeComputedAndNeverSendNaN() async throws {
        try await EndToEnd.run { server in
            let draft = ExamDraft(
                title: "Tiny", maxAttempts: 1,
                questions: (1...2).map { QuestionDraft(kind: .trueFalse, prompt: "Statement \($0).", points: 1, answer: .bool(true)) })
            let setting = try await Self.setting(server, draft: draft, students: 3)
            let examId = setting.exam.id
            let faculty = setting.faculty

            // No attempts: counts only.
            let none = try await Self.rawJSON(faculty, examId: examId)
            #expect(Set(none.keys).isDisjoint(with: ["mean", "median", "standardDeviation", "cronbachAlpha"]))
            #expect(none["attempts"] as? Int == 0 && (none["questions"] as? [Any])?.isEmpty == true)
            #expect((none["scoreHistogram"] as? [[String: Any]])?.map { $0["count"] as? Int } == Array(repeating: 0, count: 10))
            let emptyPicture = try await faculty.faculty.examStatisticsSVG(examId)
            #expect(emptyPicture.text.contains("No attempts yet"))

            // One attempt: a mean and a median, no spread, no correlation.
            for (index, student) in setting.students.enumerated() {
                let attempt = try await student.student.startAttempt(examId: examId)
                _ = try await student.student.submit(attempt.attemptId, finalAnswers: TrueFalseExam.answers(attempt, right: 1))
                let json = try await Self.rawJSON(faculty, examId: examId)
                let questions = try #require(json["questions"] as? [[String: Any]])
                #expect(json["mean"] as? Double == 50 && json["median"] as? Double == 50)
                #expect(json["cronbachAlpha"] == nil, "all the same score: no alpha")
                #expect(questions.allSatisfy { $0["discrimination"] == nil }, "no spread: no discrimination")
                if index == 0 {
                    #expect(json["standardDeviation"] == nil)
                    #expect(questions.allSatisfy { $0["standardDeviation"] == nil })
                } else {
                    #expect(json["standardDeviation"] as? Double == 0)
                    #expect(questions.map { $0["standardDeviation"] as? Double } == [0, 0])
                }
            }
            let csv = try await faculty.faculty.examStatisticsCSV(examId)
            #expect(try CSVRecords.parse(csv.text).dropFirst().allSatisfy { $0[5].isEmpty }, "absent figures are empty fields")
        }
    }

    @Test func onlyTheExamsTeacherSeesItAndBadRequestsAreNamed() async throws {
        try await EndToEnd.run { server in
            let setting = try await Self.setting(server, students: 1)
            let path = APIPaths.examStatistics(setting.exam.id)

            let other = server.makeClient()
            try await other.account.signUp(uniqueEmail("other-teacher"), role: .faculty)
            await Self.expectError(404, .notFound) { _ = try await other.faculty.examStatistics(setting.exam.id) }
            await Self.expectError(404, .notFound) { _ = try await setting.faculty.faculty.examStatistics(999_999) }
            await Self.expectError(403, .forbidden) {
                _ = try await setting.students[0].session.send(APIRequest<ExamStatistics>(.get, path, requiresAuthentication: true))
            }

            let bad = APIRequest<ExamStatistics>(
                .get, path, queryItems: [URLQueryItem(name: "attempts", value: "latest")], requiresAuthentication: true)
            let message = await Self.expectError(400, .validationFailed) { _ = try await setting.faculty.session.send(bad) }
            #expect(message?.contains("attempts") == true)

            for accept in ["application/xml", "text/html", "image/png, text/csv;q=0", "application/json;q=0"] {
                let request = APIRequest<ExamStatistics>(.get, path, requiresAuthentication: true, accept: accept)
                let refusal = await Self.expectError(406, .notAcceptable) { _ = try await setting.faculty.session.send(request) }
                #expect(refusal?.contains("text/csv") == true, "\(accept)")
            }
            // Wildcards and q-values pick what the route serves.
            for (accept, begins) in [
                ("*/*", "{"), ("text/*", "\u{FEFF}questionId"), ("image/*", "<?xml"), ("text/csv;q=0.5, image/svg+xml", "<?xml"),
            ] {
                let request = APIRequest<TextDocument>(.get, path, requiresAuthentication: true, accept: accept)
                let text = try await setting.faculty.session.send(request).text
                #expect(text.hasPrefix(begins), "\(accept): \(text.prefix(20))")
            }
        }
    }

    // MARK: - Helpers

    static func compare(_ statistics: ExamStatistics, with expected: PythonReference.Expected) throws {
        #expect(statistics.attempts == expected.attempts)
        expectClose(statistics.mean, expected.mean, "mean")
        expectClose(statistics.median, expected.median, "median")
        expectClose(statistics.standardDeviation, expected.standardDeviation, "standard deviation")
        expectClose(statistics.cronbachAlpha, expected.cronbachAlpha, "Cronbach's alpha")
        #expect(statistics.scoreHistogram.map(\.count) == expected.histogram)
        #expect(statistics.questions.count == expected.questions.count)
        for question in statistics.questions {
            let reference = try #require(expected.questions["\(question.questionId)"], "question \(question.questionId)")
            let name = question.prompt ?? "\(question.questionId)"
            #expect(question.attempts == reference.attempts, "\(name) attempts")
            expectClose(question.facility, reference.facility, "\(name) facility")
            expectClose(question.standardDeviation, reference.standardDeviation, "\(name) standard deviation")
            expectClose(question.discrimination, reference.discrimination, "\(name) discrimination")
            #expect(question.options?.map { [$0.id, "\($0.chosen)"] } == reference.options, "\(name) options")
        }
        let flags = statistics.flags.map { flag in
            PythonReference.Flag(questionId: flag.questionId, kind: flag.kind.optionId.map { "\(flag.kind.name)(\($0))" } ?? flag.kind.name)
        }
        #expect(Set(flags) == Set(expected.flags))
        #expect(statistics.notes.map(\.kind.rawValue) == expected.notes)
    }

    static func expectClose(_ actual: Double?, _ expected: Double?, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        switch (actual, expected) {
        case (nil, nil): break
        case (let actual?, let expected?):
            #expect(abs(actual - expected) < 0.00005, "\(name): \(actual), Python \(expected)", sourceLocation: sourceLocation)
        default:
            Issue.record("\(name): \(String(describing: actual)), Python \(String(describing: expected))", sourceLocation: sourceLocation)
        }
    }

    /// The JSON body as the server sent it: never NaN or infinity, and parsed without the DTO.
    static func rawJSON(_ client: ExamPrepClient, examId: Int) async throws -> [String: Any] {
        let text = try await client.session.send(
            APIRequest<TextDocument>(.get, APIPaths.examStatistics(examId), requiresAuthentication: true)
        ).text
        for word in ["NaN", "nan", "Infinity", "inf"] {
            #expect(!text.contains(word), "\(word) in \(text)")
        }
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// Expects `body` to fail with the server's `status` and `code`; returns the message.
    @discardableResult
    static func expectError(
        _ status: Int, _ code: ErrorCode, sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws -> Void
    ) async -> String? {
        do {
            try await body()
            Issue.record("expected \(status) \(code), got success", sourceLocation: sourceLocation)
        } catch let error as APIError {
            #expect(error.status == status && error.code == code, "\(error)", sourceLocation: sourceLocation)
            return error.errorDescription
        } catch {
            Issue.record("expected \(status) \(code), got \(error)", sourceLocation: sourceLocation)
        }
        return nil
    }
}
