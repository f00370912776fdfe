import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import Testing

@testable import ExamPrepServer

/// The server writes its responses with `JSONNodeEncoder`; clients and the contract know the
/// JSON of `ExamPrepJSON.makeEncoder()`. The two must produce the same bytes, for a body of
/// every schema `openapi.yaml` names (bytes, not text: two spellings of "é" are equal
/// `String`s).
@Suite("Response JSON: byte for byte the shared encoder's", .hangGuard)
struct ResponseJSONTests {
    static let dates = [
        Date(timeIntervalSince1970: 0),
        Date(timeIntervalSince1970: 1_795_000_000.999_9),
        Date(timeIntervalSince1970: -86_400 * 365.25 * 80 + 0.5),
        Date(timeIntervalSince1970: 951_782_400),  // 2000-02-29
        Date(timeIntervalSince1970: 253_402_300_799),  // 9999-12-31T23:59:59Z
    ]

    /// Escapes, controls, non-ASCII, and "é" spelled both ways (precomposed and e + U+0301).
    static let awkwardText =
        "quote \" backslash \\ slash / tab \t newline \n return \r bell \u{07} nul \u{00} unit separator \u{1F} delete \u{7F} é e\u{301} 漢字 👩‍🔬 \u{2028}"

    func expectSameBytes<T: Encodable>(_ value: T, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let expected = Array(try ExamPrepJSON.makeEncoder().encode(value))
        let actual = try JSONNodeEncoder.encode(value)
        #expect(
            actual == expected,
            "\(String(decoding: actual, as: UTF8.self))\nis not, byte for byte,\n\(String(decoding: expected, as: UTF8.self))",
            sourceLocation: sourceLocation)
    }

    static let questions = [
        Question(
            id: 1, kind: .singleChoice, prompt: "Pick one", points: 2,
            choices: [Choice(id: "a", text: "A"), Choice(id: "b", text: awkwardText)], answer: .text("a")),
        Question(
            id: 2, kind: .multipleChoice, prompt: "Pick two", points: 3,
            choices: [Choice(id: "a", text: "A"), Choice(id: "b", text: "B")], answer: .texts(["a", "b"])),
        Question(id: 3, kind: .trueFalse, prompt: "True?", points: 1, choices: nil, answer: .bool(false)),
        Question(id: 4, kind: .shortAnswer, prompt: awkwardText, points: 1, choices: nil, answer: .texts(["Paris", "paris"])),
    ]

    /// Questions as the bank shows them: every kind, weights, feedback, topic, tags, version.
    static let bankQuestions = [
        Question(
            id: 5, kind: .numerical, prompt: "π?", points: 1, choices: nil,
            answer: .numbers([
                NumericalAnswer(value: 3.1416, tolerance: 0.0001, feedback: awkwardText),
                NumericalAnswer(value: 3, min: 3, max: 3.2, weight: 50),
            ]),
            textFormat: .markdown, generalFeedback: awkwardText, name: "pi", topic: "maths/constants",
            tags: ["easy", awkwardText], version: 2, practice: true, image: QuestionImage(mediaId: 3, alt: awkwardText)),
        Question(
            id: 6, kind: .matching, prompt: "Capitals", points: 3, choices: nil,
            items: [Choice(id: "1", text: "France"), Choice(id: "2", text: "Peru")],
            options: [Choice(id: "a", text: "Paris"), Choice(id: "b", text: "Lima"), Choice(id: "c", text: "Oslo")],
            answer: .matches(["1": "a", "2": "b"]), topic: "", tags: [], version: 1, practice: false),
        Question(
            id: 7, kind: .multipleChoice, prompt: "Primes", points: 2,
            choices: [
                Choice(id: "a", text: "2", weight: 50, feedback: "yes"), Choice(id: "b", text: "3", weight: 50),
                Choice(id: "c", text: "4", weight: -100, feedback: awkwardText),
            ],
            answer: .texts(["a", "b"]), feedbackWhenRight: "right", feedbackWhenWrong: "wrong"),
        Question(
            id: 8, kind: .shortAnswer, prompt: "Capital of France", points: 1, choices: nil,
            answer: .weightedTexts([TextAnswer(text: "Paris"), TextAnswer(text: "*", weight: 0, feedback: "no")]),
            textFormat: .plain, version: 3),
    ]

    static let course = Course(
        id: 3, name: "Logic", description: awkwardText, courseCode: "LOGI", userId: 7, enrollmentCount: 12)
    static let enrolledCourse = EnrolledCourse(
        id: 4, name: "Logic", description: "", courseCode: "LOGI", facultyId: 1, enrollmentDate: dates[1])
    static let result = AttemptResult(
        attemptId: 11, score: 3.25, maxScore: 7, submittedAt: dates[1],
        results: [
            QuestionResult(questionId: 1, correct: true, points: 2, rightAnswer: .text("a"), feedback: awkwardText),
            QuestionResult(questionId: 2, correct: false, points: 1.25), QuestionResult(questionId: 3, correct: nil, points: nil),
        ])
    /// A result showing nothing but that it was submitted (review options without score).
    static let submittedOnly = AttemptResult(
        attemptId: 12, score: nil, maxScore: nil, submittedAt: dates[2], results: nil, autoSubmitted: true)

    /// One body of each schema the contract names for a JSON answer, by that name, with the
    /// optional fields both present and absent where a type has them.
    static let samples: [String: [any Encodable & Sendable]] = [
        "Accommodation": [
            Accommodation(timeMultiplier: 1.5, extraMinutes: 0, note: awkwardText, studentId: 5, courseId: 4),
            Accommodation(timeMultiplier: 1, extraMinutes: 1440, studentId: 5, courseId: 4),
        ],
        "AttemptEvent": AttemptEventKind.allCases.map { AttemptEvent(at: dates[1], kind: $0, detail: awkwardText) }
            + [AttemptEvent(at: dates[0], kind: .started)],
        "AttemptResult": [result, submittedOnly],
        "EssayToGrade": [
            EssayToGrade(attemptId: 3, studentId: 5, questionId: 9, text: awkwardText, maxPoints: 4),
            EssayToGrade(attemptId: 4, studentId: nil, questionId: 9, text: "", points: 2.75, comment: awkwardText, maxPoints: 4),
        ],
        "EssayGradeResponse": [
            EssayGradeResponse(attemptId: 3, score: 6.25, maxScore: 11, needsGrading: false),
            EssayGradeResponse(attemptId: 4, score: 0, maxScore: 11, needsGrading: true),
        ],
        "ExamOverride": [
            ExamOverride(extraAttempts: 1, studentId: 5, examId: 9),
            ExamOverride(extraAttempts: 0, opensAt: dates[1], closesAt: dates[4], timeLimitMinutes: 90, studentId: 5, examId: 9),
        ],
        "FacultyAttemptSummary": [
            FacultyAttemptSummary(
                attemptId: 11, studentId: 5, email: "ada@example.com", number: 1, startedAt: dates[1], deadline: dates[4],
                submittedAt: dates[4], autoSubmitted: true, score: 6.75, maxScore: 7, lastSavedAt: dates[3], extendedMinutes: 15),
            FacultyAttemptSummary(
                attemptId: 12, studentId: nil, email: "(deleted account)", number: 2, startedAt: dates[1], deadline: nil,
                submittedAt: nil, autoSubmitted: false, score: nil, maxScore: nil, lastSavedAt: nil, extendedMinutes: 0),
        ],
        "Question": bankQuestions,
        "QuestionImportReport": [
            QuestionImportReport(imported: 2, skipped: [], questionIds: [7, 8]),
            QuestionImportReport(
                imported: 0,
                skipped: [SkippedQuestion(line: 12, name: awkwardText, reason: "essay"), SkippedQuestion(line: 1, reason: "")],
                questionIds: []),
        ],
        "RegradeChange": [
            RegradeChange(attemptId: 11, studentId: 5, before: 2.5, after: 3),
            RegradeChange(attemptId: 12, studentId: nil, before: 0, after: 0.33),
        ],
        "ExamStatistics": [
            ExamStatistics(
                attempts: 0, attemptsIncluded: .first, mean: nil, median: nil, standardDeviation: nil, cronbachAlpha: nil,
                scoreHistogram: [HistogramBin(from: 0, to: 10, count: 0)], questions: [], flags: [], notes: [], guidance: .moodle),
            ExamStatistics(
                attempts: 7, attemptsIncluded: .all, mean: 54.761904761904766, median: 50, standardDeviation: 32.71904207469581,
                cronbachAlpha: -1.4545454545454544, scoreHistogram: [HistogramBin(from: 90, to: 100, count: 7)],
                questions: [
                    QuestionStatistics(
                        questionId: 7, attempts: 7, kind: .singleChoice, prompt: awkwardText, facility: 2.0 / 3,
                        discrimination: -0.7492686492653552, standardDeviation: 0.5163977794943223,
                        options: [OptionCount(id: awkwardText, chosen: 4), OptionCount(id: "n", chosen: 0)]),
                    QuestionStatistics(
                        questionId: 8, attempts: 1, facility: 1, discrimination: nil, standardDeviation: nil, options: nil),
                ],
                flags: [
                    QuestionFlag(questionId: 7, kind: .unchosenDistractor(optionId: "n")),
                    QuestionFlag(questionId: 7, kind: .negativeDiscrimination),
                ],
                notes: [ExamNote(kind: .reliabilityUnsatisfactory, value: -1.4545454545454544)], guidance: .moodle),
        ],
        "CatalogueCourse": [CatalogueCourse(id: 1, name: "Algebra", description: awkwardText, facultyId: Int.max)],
        "Course": [course, Course(id: nil, name: "n", description: "d", courseCode: "CODE", userId: 1, enrollmentCount: 0)],
        "CreateCourseResponse": [CreateCourseResponse(course: course)],
        "EnrollResponse": [EnrollResponse(enrollment: Enrollment(id: 3, course: enrolledCourse, enrollmentDate: dates[2]))],
        "EnrolledCourse": dates.map {
            EnrolledCourse(id: 4, name: "Logic", description: "", courseCode: "LOGI", facultyId: 1, enrollmentDate: $0)
        },
        "ErrorResponse": [ErrorResponse(message: awkwardText, error: .validationFailed), ErrorResponse(message: "", error: "new_code")],
        "Exam": [
            Exam(
                id: 9, courseId: 4, title: "Midterm", instructions: awkwardText, timeLimitMinutes: nil, opensAt: dates[1],
                closesAt: nil, maxAttempts: 2, status: .published,
                policy: ExamPolicy(
                    gradingMethod: .average, minutesBetweenAttempts: 30, shuffleQuestions: true, shuffleChoices: true,
                    graceSeconds: 60, review: ReviewOptions(afterSubmit: [], afterClose: [.score, .feedback])),
                questions: questions),
            Exam(
                id: 10, courseId: 4, title: "Draft", instructions: "", timeLimitMinutes: 30, opensAt: nil, closesAt: dates[4],
                maxAttempts: 1, status: .draft, questions: []),
        ],
        "ExamSummary": [
            ExamSummary(
                id: 9, courseId: 4, title: awkwardText, status: .closed, questionCount: 4, totalPoints: 7, attemptCount: 0,
                maxAttempts: 3, timeLimitMinutes: 45, opensAt: dates[0], closesAt: dates[3])
        ],
        "GradeBookEntry": [
            GradeBookEntry(
                studentId: 5, email: "ada@example.com", examId: 9, examTitle: awkwardText, attemptId: 11, score: 7, maxScore: 7,
                submittedAt: dates[4]),
            GradeBookEntry(
                studentId: 5, email: "ada@example.com", examId: 9, examTitle: "Quiz", attemptId: 12, score: 3.5, maxScore: 7,
                submittedAt: dates[4], grade: awkwardText),
        ],
        "CourseImportResponse": [CourseImportResponse(course: course, questions: 3, exams: 1, pictures: 0)],
        "CourseExportFile": [
            CourseExportFile(
                exportedAt: dates[1], course: CourseExportSettings(name: awkwardText, description: "", timeZone: "Europe/Warsaw"),
                gradeScale: GradeScalePreset.plUniversity.scale,
                questions: [QuestionDraft(kind: .trueFalse, prompt: awkwardText, points: 1, answer: .bool(true), topic: "T")],
                exams: [ExamFixtures.everyKind()],
                pictures: [CourseExportPicture(id: 4, type: "image/png", sha256: String(repeating: "ab", count: 32), data: "iVBORw0=")]),
            CourseExportFile(course: CourseExportSettings(name: "n", description: "d")),
        ],
        "FocusPeriodsResponse": [FocusPeriodsResponse(stored: 3, ignored: 0), FocusPeriodsResponse(stored: 0, ignored: 9_900)],
        "AttemptPlace": [AttemptPlace(attemptId: 7, place: String(repeating: "a", count: 32), since: dates[1], moves: 100)],
        "Media": [Media(id: 12, url: "/media/12", sha256: String(repeating: "ab", count: 32), width: 640, height: 480)],
        "GradeScale": [
            GradeScalePreset.plUniversity.scale, GradeScale(bands: []),
            GradeScale(bands: [GradeBand(minPercent: 0, grade: awkwardText), GradeBand(minPercent: Decimal(string: "33.33")!, grade: "B")]),
        ],
        "HealthStatus": [HealthController.Status(status: "ok")],
        "LoginResponse": [
            LoginResponse(token: "a.b.c", exp: 1_795_000_000, roleId: 2),
            LoginResponse(
                token: "a.b.c", exp: 1_795_000_000, roleId: 1, refreshToken: "r/+=", refreshTokenExp: -1, userId: Int.max),
        ],
        "RegistrationResponse": [RegistrationResponse(userId: 42), RegistrationResponse(), RegistrationResponse(confirmationSent: true)],
        "RoleInfo": Role.allCases.map { RoleInfo($0) },
        // A school's accounts (issue 40).
        "AccountInfo": [
            AccountInfo(id: 1, email: awkwardText, role: .admin, disabled: true, createdAt: dates[0], lastSignInAt: nil),
            AccountInfo(id: Int.max, email: "a@b.c", role: .student, disabled: false, createdAt: dates[1], lastSignInAt: dates[4]),
        ],
        "InvitationInfo": [
            InvitationInfo(id: 3, email: awkwardText, role: .faculty, createdAt: dates[1], expiresAt: dates[4], status: .pending),
            InvitationInfo(id: 4, email: "a@b.c", role: .admin, createdAt: dates[0], expiresAt: dates[2], status: .expired),
        ],
        "OneTimeLink": [OneTimeLink(url: "https://exams.example.org/reset/" + awkwardText, expiresAt: dates[3])],
        "AcceptedInvitation": [AcceptedInvitation(userId: 9, role: .faculty), AcceptedInvitation(userId: Int.max, role: .admin)],
        "AuditEntry": [
            AuditEntry(
                id: 1, at: dates[1], actorId: 2, actorEmail: awkwardText, action: "disabled", targetUserId: 3, targetEmail: "a@b.c",
                clientAddress: "::1"),
            AuditEntry(
                id: 2, at: dates[0], actorId: nil, actorEmail: "a@b.c", action: "invited", targetUserId: nil, targetEmail: nil,
                clientAddress: "127.0.0.1"),
        ],
        "RosterEntry": [RosterEntry(id: 5, email: "bob+tag@example.com", enrollmentDate: dates[2])],
        // Class lists (issue 44).
        "CourseRosterStudent": [
            CourseRosterStudent(userId: 5, email: "bob+tag@example.com", enrolledAt: dates[2]),
            CourseRosterStudent(
                userId: 6, email: "ana@example.com", name: awkwardText, studentNumber: "S-1", enrolledAt: dates[2],
                accommodation: Accommodation(timeMultiplier: 1.5, extraMinutes: 10, studentId: 6, courseId: 4)),
        ],
        "CourseInvitation": [
            CourseInvitation(courseId: 4, courseName: awkwardText, invitedBy: awkwardText, invitedAt: dates[2]),
            CourseInvitation(courseId: 5, courseName: "Physics", invitedBy: nil, invitedAt: dates[0]),
        ],
        "ClassListImport": [
            ClassListImport(
                dryRun: true, enrolled: 1, created: 1, alreadyEnrolled: 0, rejected: [],
                lines: [
                    ClassListLine(line: 2, email: "ana@example.com", outcome: .created),
                    ClassListLine(line: 3, email: "bob@example.com", outcome: .enrolled),
                ]),
            ClassListImport(
                dryRun: false, enrolled: 0, created: 1, alreadyEnrolled: 1, invited: 1,
                rejected: [ClassListRejection(line: 4, reason: awkwardText)],
                lines: [
                    ClassListLine(line: 2, email: "ana@example.com", outcome: .created),
                    ClassListLine(line: 5, email: "cy@example.com", outcome: .invited),
                    ClassListLine(line: 3, email: "bob@example.com", outcome: .alreadyEnrolled),
                ],
                links: [
                    ClassListLink(
                        email: "ana@example.com", url: "https://exams.example.org/reset/" + String(repeating: "A", count: 43),
                        expiresAt: dates[4])
                ]),
        ],
        "SaveAnswersResponse": [
            SaveAnswersResponse(saved: 3),
            SaveAnswersResponse(saved: 2, answers: [SavedAnswer(questionId: 1, sequence: 7), SavedAnswer(questionId: 2, sequence: nil)]),
            SaveAnswersResponse(saved: 1, deadline: dates[2], serverTime: dates[1]),
        ],
        "AttemptFlags": [AttemptFlags(flagged: []), AttemptFlags(flagged: [3, Int.max])],
        "AttemptSummary": [
            AttemptSummary(deadline: nil, questions: []),
            AttemptSummary(
                deadline: dates[2],
                questions: [
                    .init(questionId: 4, number: 1, answered: true, flagged: false),
                    .init(questionId: 2, number: 2, answered: false, flagged: true),
                ], submitted: true),
        ],
        "SessionInfo": dates.map {
            SessionInfo(id: UUID(), createdAt: $0, lastUsedAt: $0, userAgent: awkwardText, current: true)
        } + [SessionInfo(id: UUID(), createdAt: dates[0], lastUsedAt: dates[1], userAgent: nil, current: false)],
        "StudentAttempt": [
            StudentAttempt(
                attemptId: 11, examId: 9, title: "Midterm", instructions: awkwardText, number: 2, startedAt: dates[1],
                deadline: dates[4], submittedAt: dates[4],
                questions: questions.map {
                    StudentQuestion(id: $0.id, kind: $0.kind, prompt: $0.prompt, points: $0.points, choices: $0.choices)
                },
                answers: [
                    AnswerInput(questionId: 1, choiceIds: ["a"]), AnswerInput(questionId: 3, value: true),
                    AnswerInput(questionId: 4, text: awkwardText), AnswerInput(questionId: 2),
                ],
                result: result),
            StudentAttempt(
                attemptId: 12, examId: 9, title: "Open", instructions: "", number: 1, startedAt: dates[0], deadline: nil,
                submittedAt: nil, questions: [], answers: [], result: nil),
        ],
        "StudentExamSummary": [
            StudentExamSummary(
                id: 9, courseId: 4, title: "Midterm", instructions: awkwardText, timeLimitMinutes: nil, opensAt: nil,
                closesAt: dates[3], questionCount: 4, maxScore: 7, attemptsUsed: 1, maxAttempts: 2, bestScore: 5, openAttemptId: nil),
            StudentExamSummary(
                id: 10, courseId: 4, title: "Quiz", instructions: "", timeLimitMinutes: 10, opensAt: dates[1], closesAt: nil,
                questionCount: 1, maxScore: 1, attemptsUsed: 0, maxAttempts: 1, bestScore: nil, openAttemptId: 12),
            StudentExamSummary(
                id: 11, courseId: 4, title: "Final", instructions: "", timeLimitMinutes: 45, opensAt: nil, closesAt: nil,
                questionCount: 3, maxScore: 12.5, attemptsUsed: 2, maxAttempts: 3, bestScore: 0.1, openAttemptId: nil,
                baseTimeLimitMinutes: 30, timeZone: "America/Argentina/Buenos_Aires"),
        ],
        "StudentGrade": [
            StudentGrade(examId: 9, examTitle: awkwardText, courseId: 4, attemptId: 11, score: 0, maxScore: 7, submittedAt: dates[2])
        ],
        "SuccessResponse": [SuccessResponse(), SuccessResponse(message: awkwardText)],
        "UserProfile": Role.allCases.map { UserProfile(id: 1, email: "ada@example.com", role: $0) },
        "SignInLink": [
            SignInLink(
                url: "https://exams.example.org/sign-in/" + String(repeating: "A", count: 43) + "?next=/courses", expiresAt: dates[0])
        ],
        // Practice and review (issue 27).
        "PracticeMarkingResult": [PracticeMarkingResult(changed: 0), PracticeMarkingResult(changed: 12, heldBack: 3)],
        "PracticeSession": [
            PracticeSession(practiceId: 1, courseId: 4, startedAt: dates[1], questions: [], heldBack: 2),
            PracticeSession(practiceId: 2, courseId: 4, startedAt: dates[3], questions: [practiceQuestion]),
        ],
        "PracticeFeedback": [
            PracticeFeedback(
                questionId: 5, correct: false, points: 0.25, maxPoints: 2, feedback: awkwardText, rightAnswer: .texts(["a", awkwardText]),
                rating: .again, answerSeconds: 12.34,
                nextReview: ReviewDue(due: dates[1], dueDate: "2026-11-25", timeZone: "UTC", intervalDays: 1)),
            PracticeFeedback(
                questionId: 6, correct: true, points: 1, maxPoints: 1, feedback: nil, rightAnswer: nil, rating: .easy, answerSeconds: nil,
                nextReview: ReviewDue(due: dates[4], dueDate: "9999-12-31", timeZone: "Pacific/Auckland", intervalDays: 36_500)),
        ],
        "DueReview": [
            DueReview(
                questionId: 5, courseId: 4, question: practiceQuestion, due: dates[1], dueDate: "2026-11-25", timeZone: "Europe/Warsaw",
                lastReviewedAt: dates[0], reviews: 3, lapses: 1)
        ],
        "Mistake": [
            Mistake(
                questionId: 5, courseId: 4, question: practiceQuestion, lastWrongAt: dates[2], wrongCount: 2, source: .exam, examId: 9,
                examTitle: awkwardText, practiceable: false),
            Mistake(
                questionId: 6, courseId: 4, question: practiceQuestion, lastWrongAt: dates[1], wrongCount: 1, source: .practice,
                practiceable: true),
        ],
    ]

    static let practiceQuestion = StudentQuestion(
        id: 5, kind: .singleChoice, prompt: awkwardText, points: 2,
        choices: [Choice(id: "a", text: "A"), Choice(id: "b", text: awkwardText)])

    /// Bodies no Swift type encodes: the personal data export is written row by row as
    /// PostgreSQL builds it (DataOut), and its own tests read it back.
    static let streamed: Set<String> = ["PersonalDataExport"]

    @Test func everyJSONBodyOfTheContractHasSamplesHere() {
        let named = Set(OpenAPIContract.served.operations.flatMap { $0.jsonSchemas.values }).subtracting(Self.streamed)
        #expect(named.count > 15)
        #expect(named.subtracting(Self.samples.keys).isEmpty, "no samples of \(named.subtracting(Self.samples.keys).sorted())")
    }

    @Test(arguments: samples.keys.sorted())
    func aBodyAlone(schema: String) throws {
        for sample in Self.samples[schema] ?? [] {
            try expectSameBytes(sample)
        }
    }

    /// Lists are plain arrays of these bodies; a page of twenty and an empty one.
    @Test func aPageOfCourses() throws {
        let courses = (1...20).map {
            Course(
                id: $0, name: "Course \($0)", description: "Week \($0): proofs / sets", courseCode: "AB\($0 % 10)C",
                userId: 7, enrollmentCount: $0 * 3)
        }
        try expectSameBytes(courses)
        try expectSameBytes([Course]())
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
