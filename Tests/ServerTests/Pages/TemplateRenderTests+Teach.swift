import ExamPrepRules
import ExamPrepShared
import Foundation
import Testing

@testable import ExamPrepServer

/// A teacher's course pages drawn with their models as the `/teach` controllers make them: the
/// start page, a course, a student, deleting and copying a course, a class list, a sign-in link.
extension TemplateRenderTests {
    /// A course named with the hostile value, with two students.
    static let course = Course(
        id: 3, name: "Algebra \(hostile)", description: hostile, courseCode: "ABC123", userId: 1, enrollmentCount: 2,
        timeZone: "Europe/Warsaw")

    @Test("the teaching start page lists the courses and has the new course's and the upload's forms, in English and in Polish")
    func teachPage() throws {
        typealias Teach = TeachPageController.TeachPage
        var form = CourseForm(name: Self.hostile, description: Self.hostile, timeZone: "Europe/Warsaw")
        form.error = "error \(Self.hostile)"
        try Self.draw(
            "teach", role: .faculty,
            shows: [
                .sentence("layout.teaching"), .html("href=\"/teach/courses/3\""), .html("<code>ABC123</code>"), .html("<td>2</td>"),
                .html("action=\"/teach/courses\""), .html("value=\"\(HTMLEscaping.escape(Self.hostile))\""),
                .html("<option selected>Europe/Warsaw</option>"), .value("error \(Self.hostile)"), .value("notice \(Self.hostile)"),
                .html("action=\"/teach/courses/import\""), .sentence("teach.home.no-course"), .sentence("course-copy.import-heading"),
            ]
        ) { _ in
            [
                Teach(
                    rows: [Teach.Row(id: 3, name: Self.course.name, code: "ABC123", students: 2)], hasRows: true, form: form,
                    notice: "notice \(Self.hostile)"),
                Teach(form: CourseForm(timeZone: "UTC")),
            ]
        }
    }

    @Test("a course's page draws its code, its roster, the class list and grade scale forms and its edit form, in English and in Polish")
    func teachCoursePage() throws {
        let text = Self.hostile
        let drawn = try Self.draw(
            "teach-course", role: .faculty,
            shows: [
                .value(Self.course.name), .html("<code class=\"course-code\">ABC123</code>"), .html("href=\"/teach/courses/3/students/8\""),
                .value("Żółć \(text)"), .value("s1234"), .html("href=\"/teach/courses/3?after=200&amp;q=x\""),
                .value("error \(text)"), .html("aria-invalid=\"true\""), .html("value=\"pl-school\" selected"),
                .html("action=\"/teach/courses/3/grade-scale\""), .html("action=\"/teach/courses/3\""),
                .html("href=\"/teach/courses/3/delete\""), .sentence("teach.no-student-yet"), .sentence("teach.course.no-address-holds"),
                .sentence("grades.scale-heading"),
            ]
        ) { catalogue in
            var full = TeachCoursePage(course: Self.course, notice: text)
            full.enrolled = catalogue.string(Message("teach.course.enrolled", ["count": .integer(2)]))
            full.roster = [
                TeachCoursePage.Student(
                    id: 8, label: "Żółć \(text)", email: "zolc@example.org", name: "Żółć \(text)", number: "s1234", enrolled: text,
                    accommodation: TeachCoursePage.describe(Accommodation(timeMultiplier: 1.5, note: text), catalogue: catalogue))
            ]
            full.hasRoster = true
            full.nextPage = "/teach/courses/3?after=200&q=x"
            full.importError = "error \(text)"
            full.importText = text
            full.gradeScale = TeachGradeScaleForm(
                chosen: GradeScalePreset.plSchool.rawValue, bands: text, error: text, catalogue: catalogue)
            var searched = TeachCoursePage(course: Self.course)
            (searched.search, searched.searched) = (text, true)
            return [full, searched, TeachCoursePage(course: Self.course)]
        }
        // The roster's rows link with the course's id (`page.id`), not the student's.
        #expect(drawn[.pl]?.first.map { Self.holds($0, "href=\"/teach/courses/3/students/8/remove\"") } == true)
    }

    @Test("a student's page draws the accommodation form, the sign-in link's form and the removal question, in English and in Polish")
    func teachStudentPage() throws {
        let text = Self.hostile
        let page = TeachStudentPage(
            courseID: 3, courseName: Self.course.name, studentID: 8, email: "zolc\(text)@example.org", enrolled: text, current: text,
            hasAccommodation: true, timeMultiplier: "1.5", extraMinutes: "10", note: text, gradeOffset: "5", error: "error \(text)",
            notice: "notice \(text)")
        var removal = page
        removal.confirmRemoval = true
        try Self.draw(
            "teach-student", role: .faculty,
            shows: [
                .value("zolc\(text)@example.org"), .html("value=\"1.5\""), .html("value=\"10\""), .html("value=\"5\""),
                .html("value=\"\(HTMLEscaping.escape(text))\""), .value("error \(text)"), .value("notice \(text)"),
                .html("action=\"/teach/courses/3/students/8/accommodation/remove\""),
                .html("action=\"/teach/courses/3/students/8/sign-in-link\""), .html("action=\"/teach/courses/3/students/8/remove\""),
                .sentence("results.student.removal-explained"), .sentence("student-link.make"),
            ]
        ) { _ in [page, removal] }
    }

    @Test("deleting a course names what goes with it, in English and in Polish")
    func teachDeletePage() throws {
        try Self.draw(
            "teach-delete", role: .faculty,
            shows: [
                .value(Self.course.name), .html("action=\"/teach/courses/3/delete\""), .sentence("teach.delete.for-good"),
                .sentence("teach.delete.keep"),
            ]
        ) { catalogue in
            let name = MessageValue.text(Self.course.name)
            return [
                TeachDeletePage(
                    id: 3, name: Self.course.name, heading: catalogue.string(Message("teach.delete.heading", ["name": name])),
                    button: catalogue.string(Message("teach.delete.title", ["name": name])),
                    items: [catalogue.string(Message("teach.delete.exams", ["count": .integer(4)]))])
            ]
        }
    }

    @Test("copying a course asks the copy's name, and a refused upload shows its form again, in English and in Polish")
    func teachCourseCopyPage() throws {
        typealias Copy = CourseCopyPageController.CopyPage
        try Self.draw(
            "teach-course-copy", role: .faculty,
            shows: [
                .value(Self.course.name), .html("action=\"/teach/courses/3/copy\""), .html("href=\"/teach/courses/3/export\""),
                .html("value=\"\(HTMLEscaping.escape(Self.hostile))\""), .value("error \(Self.hostile)"),
                .html("action=\"/teach/courses/import\""), .sentence("course-copy.what-copies"),
            ]
        ) { catalogue in
            [
                Copy(
                    heading: catalogue.string(Message("course-copy.copy-heading", ["name": .text(Self.course.name)])), copying: true,
                    courseID: 3, courseName: Self.course.name, title: Self.hostile),
                Copy(
                    heading: catalogue.string(Message("course-copy.import-heading")), copying: false, error: "error \(Self.hostile)"),
            ]
        }
    }

    @Test("a class list's check and its import draw each line's outcome and the new accounts' links, in English and in Polish")
    func teachClassListPage() throws {
        let csv = "email,name,number\nanna@example.org,Anna Żółć,123\nnot an address,Jan,124\njan@example.org,Jan Nowak,\n"
        let list = try ClassList(csv: csv)
        let lines = [ClassListLine(line: 2, email: "anna@example.org", outcome: .created)]
        let rejected = [ClassListRejection(line: 3, reason: "not an address")]
        let link = ClassListLink(email: "anna@example.org", url: "https://exams.example.org/reset/t0k3n", expiresAt: Self.moment)
        let drawn = try Self.draw(
            "teach-class-list", role: .faculty,
            shows: [
                .sentence("teach.class-list.check"), .sentence("teach.class-list.imported"), .value(Self.course.name),
                .value("Anna Żółć"), .sentence("teach.class-list.will-create"),
                .sentence("teach.class-list.created"), .html("class=\"rejected\""), .html("action=\"/teach/courses/3/roster/import\""),
                .html("name=\"text\" value=\"email,name,number\nanna@example.org"), .value("https://exams.example.org/reset/t0k3n"),
                .sentence("teach.class-list.mailed"),
            ]
        ) { catalogue in
            [true, false].flatMap { dryRun in
                [nil, [link]].map { links in
                    TeachClassListPage(
                        course: Self.course, text: csv, list: list,
                        report: ClassListImport(
                            dryRun: dryRun, enrolled: 0, created: 1, alreadyEnrolled: 0, rejected: rejected, lines: lines,
                            links: dryRun ? nil : links),
                        language: catalogue.language)
                }
            }
        }
        #expect(drawn[.en]?.first.map { Self.holds($0, "not an address") } == true)
    }

    @Test("a student's one-time sign-in link is shown once, with the way back, in English and in Polish")
    func teachSignInLinkPage() throws {
        try Self.draw(
            "teach-sign-in-link", role: .faculty,
            shows: [
                .sentence("student-link.heading"), .value(Self.course.name), .value("https://exams.example.org/reset/\(Self.hostile)"),
                .html("href=\"/teach/courses/3/students/8\""), .sentence("student-link.back"),
            ]
        ) { catalogue in
            [
                TeachSignInLinkPageController.LinkPage(
                    courseID: 3, courseName: Self.course.name, studentID: 8, url: "https://exams.example.org/reset/\(Self.hostile)",
                    intro: catalogue.string(Message("student-link.intro", ["until": .text(Self.hostile)])))
            ]
        }
    }
}
