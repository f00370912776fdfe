import ExamPrepShared
import Foundation
import Testing

@testable import ExamPrepServer

/// A teacher's exam pages drawn with their models as `TeachExamPageController`,
/// `TeachExamClosePage` and `TeachExamEditorController` make them.
extension TemplateRenderTests {
    /// An exam's facts as the exam pages list them, in `catalogue`'s language.
    static func examFacts(_ catalogue: Catalogue) -> [String] {
        TeachExamPageController.facts(
            questions: 5, points: 12, limit: 45, opens: moment, closes: moment.addingTimeInterval(86_400), attempts: 2,
            timeZone: "Europe/Warsaw", language: catalogue.language)
    }

    @Test("a course's exams are listed with their state and facts, or said to be none, in English and in Polish")
    func teachExamsPage() throws {
        typealias List = TeachExamPageController.ListPage
        try Self.draw(
            "teach-exams", role: .faculty,
            shows: [
                .sentence("teach.exams.heading"), .value(Self.course.name), .html("href=\"/teach/courses/3/exams/new\""),
                .html("href=\"/teach/exams/11\""), .value("Test \(Self.hostile)"), .sentence("teach.status.published"),
                .sentence("teach.exams.none"),
            ]
        ) { catalogue in
            let row = List.Row(
                id: 11, title: "Test \(Self.hostile)", status: TeachExamPageController.status(.published, catalogue: catalogue),
                facts: Self.examFacts(catalogue).joined(separator: " · "))
            return [
                List(courseID: 3, courseName: Self.course.name, rows: [row], hasRows: true),
                List(courseID: 3, courseName: Self.course.name, rows: [], hasRows: false),
            ]
        }
    }

    @Test("an exam's page draws its facts, the step its state allows and the own terms' forms, in English and in Polish")
    func teachExamPage() throws {
        typealias Page = TeachExamPageController.ExamPage
        let drawn = try Self.draw(
            "teach-exam", role: .faculty,
            shows: [
                .value("Test \(Self.hostile)"), .sentence("teach.status.draft"), .html("href=\"/teach/exams/11/edit\""),
                .html("action=\"/teach/exams/11/publish\""), .html("href=\"/teach/exams/11/close\""),
                .html("action=\"/teach/exams/11/reopen\""), .html("href=\"/teach/exams/11/live\""),
                .html("href=\"/teach/courses/3/grades?exam=11\""), .html("<option value=\"8\">"), .value("Żółć \(Self.hostile)"),
                .html("action=\"/teach/exams/11/overrides/remove\""), .value("error \(Self.hostile)"), .value("notice \(Self.hostile)"),
                .sentence("teach.no-student-yet"),
            ]
        ) { catalogue in
            let student = ExamForm.Option(value: "8", label: "Żółć \(Self.hostile)", selected: false)
            return [ExamStatus.draft, .published, .closed].map { status in
                Page(
                    id: 11, courseID: 3, courseName: Self.course.name, title: "Test \(Self.hostile)",
                    status: TeachExamPageController.status(status, catalogue: catalogue), facts: Self.examFacts(catalogue),
                    isDraft: status == .draft, isPublished: status == .published, isClosed: status == .closed,
                    hasAttempts: status != .draft, notice: "notice \(Self.hostile)", error: "error \(Self.hostile)",
                    students: status == .closed ? [] : [student], hasStudents: status != .closed)
            }
        }
        // A draft has no attempts: no links to the exam hour or the grade book.
        #expect(drawn[.en]?.first.map { !Self.holds($0, "/teach/exams/11/live") } == true)
    }

    @Test("before closing an exam the page counts who has not sat it and what runs, in English and in Polish")
    func teachExamClosePage() throws {
        try Self.draw(
            "teach-exam-close", role: .faculty,
            shows: [
                .sentence("closing.heading"), .value("Test \(Self.hostile)"), .html("action=\"/teach/exams/11/close\""),
                .html("href=\"/teach/exams/11\""), .sentence("closing.what-it-does"),
            ]
        ) { catalogue in
            [
                TeachExamClosePage.Page(
                    id: 11, courseID: 3, courseName: Self.course.name, title: "Test \(Self.hostile)",
                    notSat: catalogue.string(Message("closing.not-sat", ["count": .integer(4)])),
                    running: catalogue.string(Message("closing.running", ["count": .integer(1)])))
            ]
        }
    }

    @Test("the exam editor draws the exam's fields, its policy, the questions to keep and add, and the slots, in English and in Polish")
    func teachExamEditorPage() throws {
        typealias Editor = TeachExamEditorController.EditorPage
        let text = Self.hostile
        try Self.draw(
            "teach-exam-editor", role: .faculty,
            shows: [
                .html("action=\"/teach/exams/11/edit\""), .html("name=\"title\" type=\"text\" required maxlength=\"200\" value=\"Test "),
                .html(">\(HTMLEscaping.escape(text))</textarea>"), .html("value=\"45\""), .html("value=\"2026-01-05T09:00\""),
                .value("Europe/Warsaw"), .html("id=\"exam-shuffle-q\" name=\"shuffleQuestions\" type=\"checkbox\" value=\"true\" checked"),
                .html("id=\"keep-0\" name=\"keep\" type=\"checkbox\" value=\"0\" checked"), .html("id=\"points-0\""),
                .html("id=\"fixed-21\""), .value("Bank \(text)"), .html("<option value=\"Algebra/\(HTMLEscaping.escape(text))\">"),
                .html("id=\"slot-count-1\""), .value("error \(text)"), .sentence("teach.editor.bank-empty"), .value("cut \(text)"),
                .html("value=\"highest\" selected"),
            ]
        ) { catalogue in
            let topics = TopicTree([(path: "Algebra", count: 2), (path: "Algebra/\(text)", count: 1)])
            var form = ExamForm(exam: nil, bank: [], topics: topics, timeZone: "Europe/Warsaw", catalogue: catalogue)
            (form.title, form.instructions, form.timeLimit, form.opensAt) = ("Test \(text)", text, "45", "2026-01-05T09:00")
            (form.shuffleQuestions, form.error, form.topicsCut) = (true, "error \(text)", "cut \(text)")
            form.kept = [ExamForm.Pick(value: "0", title: "Kept \(text)", detail: text, checked: true, points: "3")]
            form.bank = [ExamForm.Pick(value: "21", title: "Bank \(text)", detail: text, checked: false)]
            (form.hasKept, form.hasBank) = (true, true)
            form.slots[0] = ExamForm.Slot(number: 1, topic: "Algebra", tags: text, count: "3", points: "2", warning: "short \(text)")
            form.gradingMethods = form.gradingMethods.map { option in
                var option = option
                option.selected = option.value == "highest"
                return option
            }
            let empty = ExamForm(exam: nil, bank: [], topics: TopicTree([]), timeZone: "UTC", catalogue: catalogue)
            return [
                Editor(courseID: 3, courseName: Self.course.name, examID: 11, action: "/teach/exams/11/edit", heading: text, form: form),
                Editor(
                    courseID: 3, courseName: Self.course.name, examID: nil, action: "/teach/courses/3/exams", heading: text, form: empty),
            ]
        }
    }
}
