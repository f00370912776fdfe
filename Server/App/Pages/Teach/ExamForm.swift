import ExamPrepRules
import ExamPrepShared
import Foundation

/// The exam editor's form (`teach-exam-editor.mustache`): the exam's facts, its policy and
/// review options, the questions it keeps, bank questions to add as fixed questions, and
/// slots that draw "N from a topic and tags" for each attempt. Times are read and shown in
/// the course's time zone. What was sent comes back as it was when the form is refused.
struct ExamForm: Sendable {
    struct Option: Sendable {
        var value: String
        var label: String
        var selected: Bool
    }

    /// A question the form may keep (the exam's own) or add (the bank's), by its value.
    struct Pick: Sendable {
        var value: String
        var title: String
        var detail: String
        var checked: Bool
        /// A kept question's points, which the form may change ("" for the bank's).
        var points = ""
    }

    struct Slot: Sendable {
        var number: Int
        var topic: String
        var tags: String
        var count: String
        var points: String
        /// The bank has fewer questions this slot may take than it asks for (a saved exam's slot).
        var warning: String? = nil
    }

    struct Review: Sendable {
        var value: String
        var label: String
        var afterSubmit: Bool
        var afterClose: Bool
    }

    var title = ""
    var instructions = ""
    var timeLimit = ""
    var opensAt = ""
    var closesAt = ""
    var maxAttempts = "1"
    var gradingMethods: [Option] = []
    var minutesBetween = ""
    var shuffleQuestions = false
    var shuffleChoices = false
    var graceSeconds = "0"
    /// The exam's `policy.focusLog`.
    var focusLog = true
    /// The exam's `policy.oneSession`.
    var oneSession = false
    /// The Safe Exam Browser configuration keys, one a line ("": none).
    var sebKeys = ""
    var review: [Review] = []
    var kept: [Pick] = []
    var hasKept = false
    var bank: [Pick] = []
    var hasBank = false
    var slots: [Slot] = []
    /// The bank's topics a slot's topic field suggests (one list for every slot), depth first.
    var topics: [String] = []
    /// What the topic fields' hint adds when `topics` holds only the first `topicLimit`.
    var topicsCut: String?
    var timeZone = "UTC"
    var error: String?

    /// Blank slot rows under the exam's own.
    static let blankSlots = 2
    /// Topics the form suggests at most (any other can be typed).
    static let topicLimit = 500

    /// The form of `exam` (nil: a new exam), with the bank's questions and topics to choose
    /// from, its words in the catalogue's language.
    init(exam: Exam?, bank: [Question], topics: TopicTree, timeZone: String, catalogue: Catalogue) {
        self.timeZone = timeZone
        self.topics = topics.listing.prefix(Self.topicLimit).map { topics.path(of: $0.node) }
        if topics.listing.count > Self.topicLimit {
            topicsCut = catalogue.string(
                Message("teach.editor.topics-cut", ["limit": .integer(Self.topicLimit), "total": .integer(topics.listing.count)]))
        }
        let policy = exam?.policy ?? ExamPolicy()
        if let exam {
            title = exam.title
            instructions = exam.instructions
            timeLimit = exam.timeLimitMinutes.map(String.init) ?? ""
            opensAt = exam.opensAt.map { PageTime.local($0, timeZone: timeZone) } ?? ""
            closesAt = exam.closesAt.map { PageTime.local($0, timeZone: timeZone) } ?? ""
            maxAttempts = String(exam.maxAttempts)
            minutesBetween = policy.minutesBetweenAttempts.map(String.init) ?? ""
        }
        shuffleQuestions = policy.shuffleQuestions
        shuffleChoices = policy.shuffleChoices
        graceSeconds = String(policy.graceSeconds)
        focusLog = policy.focusLog
        oneSession = policy.oneSession
        sebKeys = policy.safeExamBrowser?.configKeys.joined(separator: "\n") ?? ""
        gradingMethods = GradingMethod.allCases.map {
            Option(value: $0.rawValue, label: Self.gradingMethod($0, catalogue: catalogue), selected: $0 == policy.gradingMethod)
        }
        review = ReviewItem.allCases.map {
            Review(
                value: $0.rawValue, label: Self.reviewLabel($0, catalogue: catalogue), afterSubmit: policy.review.afterSubmit.contains($0),
                afterClose: policy.review.afterClose.contains($0))
        }
        kept = (exam?.questions ?? []).enumerated().map { index, question in
            Pick(
                value: String(index), title: TeachBankPage.title(name: question.name, prompt: question.prompt),
                detail: Self.detail(question, catalogue: catalogue), checked: true, points: String(question.points))
        }
        self.bank = bank.map {
            Pick(
                value: String($0.id), title: TeachBankPage.title(name: $0.name, prompt: $0.prompt),
                detail: Self.detail($0, catalogue: catalogue), checked: false)
        }
        let blank = ExamDrawSlot(position: 0, fromBank: BankDraw(count: 0))
        slots = ((exam?.draws ?? []) + Array(repeating: blank, count: Self.blankSlots)).enumerated().map { index, slot in
            let draw = slot.fromBank
            return Slot(
                number: index + 1, topic: draw.topic ?? "", tags: (draw.tags ?? []).joined(separator: ", "),
                count: draw.count > 0 ? String(draw.count) : "", points: draw.points.map(String.init) ?? "",
                warning: slot.available.flatMap { available in
                    available < draw.count
                        ? catalogue.string(DrawShortfall.ofSlot(draw, place: slot.position + 1, available: available)) + " "
                            + catalogue.string(DrawShortfall.untilTheBankHasMore(available)) : nil
                })
        }
        hasKept = !kept.isEmpty
        hasBank = !self.bank.isEmpty
    }

    /// The form as sent, over the choices it was drawn with.
    mutating func take(_ form: FormData) {
        title = form["title"] ?? ""
        instructions = form["instructions"] ?? ""
        timeLimit = form["timeLimitMinutes"] ?? ""
        opensAt = form["opensAt"] ?? ""
        closesAt = form["closesAt"] ?? ""
        maxAttempts = form["maxAttempts"] ?? ""
        minutesBetween = form["minutesBetweenAttempts"] ?? ""
        graceSeconds = form["graceSeconds"] ?? ""
        shuffleQuestions = form["shuffleQuestions"] == "true"
        shuffleChoices = form["shuffleChoices"] == "true"
        focusLog = form["focusLog"] == "true"
        oneSession = form["oneSession"] == "true"
        sebKeys = form["sebKeys"] ?? ""
        for index in kept.indices { kept[index].points = form["points-\(kept[index].value)"] ?? kept[index].points }
        let method = form["gradingMethod"]
        for index in gradingMethods.indices { gradingMethods[index].selected = gradingMethods[index].value == method }
        let (afterSubmit, afterClose) = (Set(form.all("afterSubmit")), Set(form.all("afterClose")))
        for index in review.indices {
            review[index].afterSubmit = afterSubmit.contains(review[index].value)
            review[index].afterClose = afterClose.contains(review[index].value)
        }
        let (keep, fixed) = (Set(form.all("keep")), Set(form.all("fixed")))
        for index in kept.indices { kept[index].checked = keep.contains(kept[index].value) }
        for index in bank.indices { bank[index].checked = fixed.contains(bank[index].value) }
        let rows = Self.slotRows(form)
        slots = rows.enumerated().map { index, row in
            Slot(number: index + 1, topic: row.topic, tags: row.tags, count: row.count, points: row.points)
        }
    }

    /// The draft the form describes: the kept questions of `exam`, the bank questions chosen
    /// (`chosen`, by id), then the slots.
    static func draft(_ form: FormData, exam: Exam?, chosen: [Int: Question], timeZone: String) throws -> ExamDraft {
        func number(_ raw: String?, _ field: Message) throws -> Int? {
            try TeachCoursePageController.number(raw, field, { Int($0) })
        }
        var questions: [QuestionDraft] = []
        let own = exam?.questions ?? []
        for value in form.all("keep") {
            guard let index = Int(value), own.indices.contains(index) else {
                throw InvalidInput("teach.editor.no-exam-question", ["value": .text(value)])
            }
            var question = own[index].draft
            // A fixed question's own points (the API's `points`; empty: as they were).
            let title = TeachBankPage.title(name: own[index].name, prompt: own[index].prompt)
            if let points = try number(form["points-\(value)"], Message("teach.editor.question-points-field", ["question": .text(title)])) {
                question.points = points
            }
            questions.append(question)
        }
        for value in form.all("fixed") {
            guard let id = Int(value), var question = chosen[id]?.draft else {
                throw InvalidInput("teach.editor.no-bank-question", ["value": .text(value)])
            }
            question.practice = nil
            questions.append(question)
        }
        var draws: [ExamDrawSlot] = []
        for row in slotRows(form) where !row.count.trimmingCharacters(in: .whitespaces).isEmpty {
            let slot = draws.count + 1
            let tags = row.tags.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            let draw = BankDraw(
                topic: row.topic.isEmpty ? nil : row.topic, tags: tags.isEmpty ? nil : tags,
                count: try number(row.count, Message("teach.editor.slot-count-field", ["slot": .integer(slot)])) ?? 0,
                points: try number(row.points, Message("teach.editor.slot-points-field", ["slot": .integer(slot)])))
            draws.append(ExamDrawSlot(position: questions.count + draws.count, fromBank: draw))
        }
        let policy = ExamPolicy(
            gradingMethod: GradingMethod(rawValue: form["gradingMethod"] ?? "") ?? .highest,
            minutesBetweenAttempts: try number(form["minutesBetweenAttempts"], Message("teach.editor.minutes-between")),
            shuffleQuestions: form["shuffleQuestions"] == "true", shuffleChoices: form["shuffleChoices"] == "true",
            graceSeconds: try number(form["graceSeconds"], Message("teach.editor.grace-seconds")) ?? 0,
            review: ReviewOptions(
                afterSubmit: form.all("afterSubmit").compactMap(ReviewItem.init(rawValue:)),
                afterClose: form.all("afterClose").compactMap(ReviewItem.init(rawValue:))),
            focusLog: form["focusLog"] == "true", oneSession: form["oneSession"] == "true",
            safeExamBrowser: Self.safeExamBrowser(form["sebKeys"]))
        return ExamDraft(
            title: form["title"] ?? "", instructions: form["instructions"],
            timeLimitMinutes: try number(form["timeLimitMinutes"], Message("teach.time-limit")),
            opensAt: try PageTime.parseLocal(form["opensAt"] ?? "", timeZone: timeZone, field: Message("teach.opens")),
            closesAt: try PageTime.parseLocal(form["closesAt"] ?? "", timeZone: timeZone, field: Message("teach.closes")),
            maxAttempts: try number(form["maxAttempts"], Message("teach.editor.attempts-allowed")), policy: policy, questions: questions,
            draws: draws)
    }

    // MARK: - Steps

    private static func slotRows(_ form: FormData) -> [(topic: String, tags: String, count: String, points: String)] {
        let (topics, tags, counts, points) = (form.all("slotTopic"), form.all("slotTags"), form.all("slotCount"), form.all("slotPoints"))
        return counts.indices.prefix(50).map { index in
            (
                topics.indices.contains(index) ? topics[index] : "", tags.indices.contains(index) ? tags[index] : "", counts[index],
                points.indices.contains(index) ? points[index] : ""
            )
        }
    }

    private static func detail(_ question: Question, catalogue: Catalogue) -> String {
        [
            TeachBankPage.kind(question.kind, catalogue: catalogue),
            catalogue.string(Message("teach.editor.points-short", ["points": .integer(question.points)])), question.topic,
        ].compactMap { $0 }.joined(separator: " · ")
    }

    private static func reviewLabel(_ item: ReviewItem, catalogue: Catalogue) -> String {
        switch item {
        case .score: catalogue.string(Message("teach.editor.review-score"))
        case .correctness: catalogue.string(Message("teach.editor.review-correctness"))
        case .answers: catalogue.string(Message("teach.editor.review-answers"))
        case .feedback: catalogue.string(Message("teach.editor.review-feedback"))
        }
    }

    /// "highest", "average", "first" or "last", in the catalogue's language.
    static func gradingMethod(_ method: GradingMethod, catalogue: Catalogue) -> String {
        switch method {
        case .highest: catalogue.string(Message("teach.grading.highest"))
        case .average: catalogue.string(Message("teach.grading.average"))
        case .first: catalogue.string(Message("teach.grading.first"))
        case .last: catalogue.string(Message("teach.grading.last"))
        }
    }

    /// The keys of the form's text area (one a line, or separated by spaces or commas); none
    /// written: no Safe Exam Browser. `ExamValidation` checks each.
    static func safeExamBrowser(_ text: String?) -> SafeExamBrowserPolicy? {
        let keys = (text ?? "").split { $0.isWhitespace || $0 == "," }.map(String.init)
        return keys.isEmpty ? nil : SafeExamBrowserPolicy(configKeys: keys)
    }
}
