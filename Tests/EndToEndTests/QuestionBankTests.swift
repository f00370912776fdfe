import ExamPrepClient
import ExamPrepServerTestSupport
import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import Testing

/// Question banks through the client library, on the real server and PostgreSQL: GIFT and
/// Aiken in and out, attempts that draw from the bank and grade as Moodle would, versions,
/// and regrades.
@Suite("End to end: question banks", .hangGuard)
@MainActor
struct QuestionBankTests {
    /// Written from Moodle's GIFT documentation: every kind, categories, names, tags, weights,
    /// feedback, escapes, a description, a missing-word question and an essay.
    static let giftFile = """
        // A bank written as Moodle's GIFT documentation shows it.
        $CATEGORY: $course$/top/Geography/Capitals

        // [tag:europe] [tag:easy]
        ::France::What is the capital of France? {=Paris#Right. ~Lyon#No, that is its third city. ~Marseille}

        ::Peru::[markdown]The capital of **Peru** is {
            =Lima
            ~Cusco#It was the Inca capital.
        }

        $CATEGORY: $course$/top/Maths

        ::Primes::Which of these are prime? {
            ~%50%2#Yes.
            ~%50%3
            ~%-100%4#4 \\= 2 × 2.
            ~%-100%9
        }

        ::Pi::What is π to two decimals? {#3.14:0.005 =%50%3.1:0.05#Close. }

        ::Range::A number from 1 to 5: {#1..5}

        ::Twice two::2 × 2 \\= 4 \\{really\\}. {T#Yes, it is.#It is, really.}

        ::Germany:: German for anger? {=Ärger =%50%Zorn#An older word. =%0%*#No.}

        ::Capitals::Match the countries with their capitals. {
            =France -> Paris
            =Peru -> Lima
            =Japan -> Tokyo
            = -> Oslo
            ####Oslo is the capital of Norway.
        }

        $CATEGORY: $course$/top/Other

        ::Essay::Write about your holidays. {}

        ::Notes::This is only a description.

        ::Blank::Mahatma Gandhi's birthday is an Indian {~holiday =festival} of national importance.
        """

    @Test func aGIFTFileIsImportedAsMoodleImportsIt() async throws {
        try await EndToEnd.run { server in
            let room = try await Classroom.open(server)
            let courseId = try #require(room.course.id)
            let faculty = room.faculty.faculty

            let dryRun = try await faculty.importQuestions(Self.giftFile, courseId: courseId, dryRun: true)
            #expect(dryRun.imported == 11 && dryRun.questionIds.isEmpty)
            #expect(try await faculty.loadQuestions(courseId: courseId).isEmpty, "a dry run imports nothing")

            let report = try await faculty.importQuestions(Self.giftFile, courseId: courseId)
            #expect(report.imported == 11 && report.questionIds.count == 11)
            #expect(report.skipped.isEmpty && dryRun.skipped.isEmpty)

            let bank = Dictionary(
                try await faculty.loadQuestions(courseId: courseId).map { ($0.name ?? "", $0) }, uniquingKeysWith: { first, _ in first })
            #expect(bank.count == 11 && bank.values.allSatisfy { $0.points == ($0.kind == .description ? 0 : 1) && $0.version == 1 })

            let essay = try #require(bank["Essay"])
            #expect(essay.kind == .essay && essay.prompt == "Write about your holidays." && essay.answer == nil && essay.topic == "Other")
            let notes = try #require(bank["Notes"])
            #expect(notes.kind == .description && notes.prompt == "This is only a description." && notes.answer == nil)
            let blank = try #require(bank["Blank"])
            #expect(blank.kind == .singleChoice && blank.prompt == "Mahatma Gandhi's birthday is an Indian _____ of national importance.")
            #expect(blank.choices?.map(\.text) == ["holiday", "festival"] && blank.answer == .text(blank.choices?.last?.id ?? ""))

            let france = try #require(bank["France"])
            #expect(france.kind == .singleChoice && france.topic == "Geography/Capitals" && france.tags == ["europe", "easy"])
            // The right choice is Paris, whatever its (random) id.
            #expect(
                france.choices?.map(\.text) == ["Paris", "Lyon", "Marseille"] && france.answer == .text(france.choices?.first?.id ?? ""))
            #expect(france.choices?.map(\.feedback) == ["Right.", "No, that is its third city.", nil])

            let peru = try #require(bank["Peru"])
            // GIFT's [markdown] is read as plain text (students never see the marks raw).
            #expect((peru.textFormat ?? .moodle) == .moodle && peru.prompt == "The capital of Peru is")

            let primes = try #require(bank["Primes"])
            #expect(primes.kind == .multipleChoice && primes.topic == "Maths")
            #expect(
                primes.choices?.map(\.weight) == [50, 50, -100, -100]
                    && primes.answer == .texts(primes.choices?.prefix(2).map(\.id) ?? []))

            let pi = try #require(bank["Pi"])
            #expect(
                pi.answer
                    == .numbers([
                        NumericalAnswer(value: 3.14, tolerance: 0.005),
                        NumericalAnswer(value: 3.1, tolerance: 0.05, weight: 50, feedback: "Close."),
                    ]))
            #expect(try #require(bank["Range"]).answer == .numbers([NumericalAnswer(value: 3, min: 1, max: 5)]))

            let twice = try #require(bank["Twice two"])
            #expect(twice.kind == .trueFalse && twice.prompt == "2 × 2 = 4 {really}." && twice.answer == .bool(true))
            #expect(twice.feedbackWhenWrong == "Yes, it is." && twice.feedbackWhenRight == "It is, really.")

            let german = try #require(bank["Germany"])
            #expect(
                german.answer
                    == .weightedTexts([
                        TextAnswer(text: "Ärger"), TextAnswer(text: "Zorn", weight: 50, feedback: "An older word."),
                        TextAnswer(text: "*", weight: 0, feedback: "No."),
                    ]))

            let capitals = try #require(bank["Capitals"])
            #expect(capitals.kind == .matching && capitals.generalFeedback == "Oslo is the capital of Norway.")
            #expect(capitals.items?.map(\.text) == ["France", "Peru", "Japan"])
            #expect(capitals.options?.map(\.text) == ["Paris", "Lima", "Tokyo", "Oslo"])
            // The pairs, by their texts: the ids are random (ids in pair order told the key).
            #expect(Self.pairs(capitals) == ["France": "Paris", "Peru": "Lima", "Japan": "Tokyo"])
            #expect(capitals.items?.contains { ["1", "2", "3"].contains($0.id) } == false)

            // Filters: a topic takes the topics below it; a tag.
            #expect(try await faculty.loadQuestions(courseId: courseId, topic: "Geography").map(\.name) == ["France", "Peru"])
            #expect(try await faculty.loadQuestions(courseId: courseId, tag: "easy").map(\.name) == ["France"])
            #expect(try await faculty.loadQuestions(courseId: courseId, topic: "Geo").isEmpty)
        }
    }

    @Test func anExportImportsBackToTheSameQuestions() async throws {
        try await EndToEnd.run { server in
            let room = try await Classroom.open(server)
            let faculty = room.faculty.faculty
            let first = try #require(room.course.id)
            try await faculty.importQuestions(Self.giftFile, courseId: first)
            // A question written through the API, with what GIFT must escape.
            try await faculty.createQuestion(
                QuestionDraft(
                    kind: .multipleChoice, prompt: "Which of {a, b} = #1? \\ : ~", points: 1,
                    choices: [
                        Choice(id: "a", text: "a = b", weight: 50), Choice(id: "b", text: "c # d", weight: 50, feedback: "~ and = {too}"),
                        Choice(id: "c", text: "{e}", weight: -100),
                    ],
                    answer: .texts(["a", "b"]), generalFeedback: "Line one\nline two", name: "Escapes: all", topic: "Odd/Cases",
                    tags: ["tricky"]),
                courseId: first)

            let gift = try await faculty.exportQuestions(courseId: first)
            let second = try await faculty.create(name: "Copy", description: "The export imported back").id
            let report = try await faculty.importQuestions(gift, courseId: try #require(second))
            #expect(report.imported == 12 && report.skipped.isEmpty)

            let original = try await faculty.loadQuestions(courseId: first).map(Self.content)
            let copy = try await faculty.loadQuestions(courseId: try #require(second)).map(Self.content)
            #expect(copy == original)
            #expect(try await faculty.exportQuestions(courseId: try #require(second)) == gift, "and exports to the same file")
        }
    }

    @Test func anAikenFileIsImported() async throws {
        try await EndToEnd.run { server in
            let room = try await Classroom.open(server)
            let courseId = try #require(room.course.id)
            let aiken = """
                Is this an easy question?
                A. Yes
                B) No
                ANSWER: A

                Which colour is the sky?
                A. Green
                B. Blue
                ANSWER: B
                """
            let report = try await room.faculty.faculty.importQuestions(aiken, courseId: courseId, format: .aiken)
            #expect(report.imported == 2 && report.skipped.isEmpty)
            let sky = try #require(try await room.faculty.faculty.loadQuestions(courseId: courseId).last)
            #expect(sky.kind == .singleChoice && sky.choices?.map(\.text) == ["Green", "Blue"])
            #expect(sky.answer == .text(try #require(sky.choices?.last?.id)) && sky.choices?.first?.id != "a")
        }
    }

    /// Moodle's scoring: a numerical answer within tolerance earns full marks, a 50 % short
    /// answer half, a multiple-response question with negative weights never goes below 0, a
    /// matching question earns its share per right pair.
    @Test func anAttemptOverImportedQuestionsGradesAsMoodleWould() async throws {
        try await EndToEnd.run { server in
            let room = try await Classroom.open(server)
            let courseId = try #require(room.course.id)
            try await room.faculty.faculty.importQuestions(Self.giftFile, courseId: courseId)
            let review = ReviewOptions(afterSubmit: ReviewItem.allCases, afterClose: ReviewItem.allCases)
            let exam = try await room.publish(
                ExamDraft(
                    title: "Graded as Moodle grades", timeLimitMinutes: 30, maxAttempts: 2, policy: ExamPolicy(review: review),
                    questions: [],
                    draws: [
                        ExamDrawSlot(position: 0, fromBank: BankDraw(topic: "Maths", count: 6, points: 3)),
                        ExamDrawSlot(position: 1, fromBank: BankDraw(topic: "Geography", count: 2, points: 2)),
                    ]))
            #expect(exam.totalPoints == 22)

            let attempt = try await room.student.student.startAttempt(examId: exam.id)
            #expect(attempt.questions.map(\.points) == [3, 3, 3, 3, 3, 3, 2, 2])
            let sheet = AnswerSheet(attempt)
            let first = [
                try sheet.number("What is π", 3.1432),  // within 0.005 of 3.14: full marks
                try sheet.choices("Which of these", ["2", "4"]),  // 50 % − 100 %: 0, not −1.5
                try sheet.number("A number", 5.5),  // outside 1..5
                try sheet.value("2 × 2", true),
                try sheet.text("German", "zorn"),  // the 50 % answer
                try sheet.matches("Match", ["France": "Paris", "Peru": "Lima", "Japan": "Oslo"]),  // 2 of 3 pairs
                try sheet.choices("What is the capital of France", ["Lyon"]),
                try sheet.choices("The capital of", ["Lima"]),
            ]
            let result = try await room.student.student.submit(attempt.attemptId, finalAnswers: first.map(\.answer))
            let firstPoints = try sheet.points(in: result)
            #expect(
                firstPoints == [
                    "What is π": 3, "Which of these": 0, "A number": 0, "2 × 2": 3, "German": 1.5, "Match": 2,
                    "What is the capital of France": 0, "The capital of": 2,
                ])
            #expect(result.score == 11.5 && result.maxScore == 22)
            #expect(result.results?.first { $0.questionId == first[6].answer.questionId }?.feedback == "No, that is its third city.")

            // The second attempt: the 50 % numerical answer, wrong choices only (still 0), the
            // catch-all short answer, every pair right.
            let next = try await room.student.student.startAttempt(examId: exam.id)
            let nextSheet = AnswerSheet(next)
            let second = [
                try nextSheet.number("What is π", 3.12),
                try nextSheet.choices("Which of these", ["4", "9"]),
                try nextSheet.text("German", "Wut"),
                try nextSheet.matches("Match", ["France": "Paris", "Peru": "Lima", "Japan": "Tokyo"]),
            ]
            let graded = try await room.student.student.submit(next.attemptId, finalAnswers: second.map(\.answer))
            let points = try nextSheet.points(in: graded)
            #expect(points["What is π"] == 1.5 && points["Which of these"] == 0 && points["German"] == 0 && points["Match"] == 3)
            #expect(graded.score == 4.5)
            #expect(graded.results?.first { $0.questionId == second[2].answer.questionId }?.feedback == "No.")
            let book = try await room.faculty.faculty.loadGradeBook(courseId)
            #expect(book.map(\.score) == [11.5], "the grade book keeps the best attempt, fractions and all")
        }
    }

    /// Every field a question keeps, without its id and version.
    /// A question without what differs between two imports of it: its id, its version and the
    /// ids of its choices, items and options (random on import), each named by its place.
    static func content(_ question: Question) -> Question {
        var copy = question
        copy.id = 0
        copy.version = nil
        func places(_ list: [Choice]?) -> [String: String] {
            Dictionary((list ?? []).enumerated().map { ($1.id, "#\($0)") }, uniquingKeysWith: { first, _ in first })
        }
        let (choices, items, options) = (places(question.choices), places(question.items), places(question.options))
        copy.choices = question.choices?.map {
            Choice(id: choices[$0.id] ?? $0.id, text: $0.text, weight: $0.weight, feedback: $0.feedback)
        }
        copy.items = question.items?.map { Choice(id: items[$0.id] ?? $0.id, text: $0.text, weight: $0.weight, feedback: $0.feedback) }
        copy.options = question.options?.map {
            Choice(id: options[$0.id] ?? $0.id, text: $0.text, weight: $0.weight, feedback: $0.feedback)
        }
        switch question.answer {
        case .text(let id) where question.choices != nil: copy.answer = .text(choices[id] ?? id)
        case .texts(let ids) where question.choices != nil: copy.answer = .texts(ids.map { choices[$0] ?? $0 })
        case .matches(let pairs):
            copy.answer = .matches(
                Dictionary(pairs.map { (items[$0.key] ?? $0.key, options[$0.value] ?? $0.value) }, uniquingKeysWith: { a, _ in a }))
        default: break
        }
        return copy
    }

    /// A matching question's pairs by their texts.
    static func pairs(_ question: Question) -> [String: String] {
        guard case .matches(let pairs) = question.answer else { return [:] }
        var byText: [String: String] = [:]
        for (item, option) in pairs {
            guard let itemText = question.items?.first(where: { $0.id == item })?.text,
                let optionText = question.options?.first(where: { $0.id == option })?.text
            else { continue }
            byText[itemText] = optionText
        }
        return byText
    }
}
