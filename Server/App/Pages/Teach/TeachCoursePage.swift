import ExamPrepShared
import Foundation

/// What `teach-course.mustache` shows: the course, its edit form, its code and its roster.
struct TeachCoursePage: Sendable {
    struct Student: Sendable {
        var id: Int
        /// The name, or the address for someone without one (`PersonLabel`).
        var label: String
        var email: String
        /// As the class list gave them; empty for a student who enrolled with the code.
        var name: String
        var number: String
        var enrolled: String
        var accommodation: String
    }

    var id: Int
    var name: String
    var description: String
    var code: String
    var studentCount: Int
    /// "12 enrolled.", in the reader's language (the controller says it).
    var enrolled = ""
    var form: CourseForm
    var notice: String?
    var search = ""
    var searched = false
    var roster: [Student] = []
    var hasRoster = false
    /// The next page of the roster, when there is one.
    var nextPage: String?
    /// Why the class list sent was refused, and the text pasted, to correct.
    var importError: String?
    var importText = ""
    /// The grade scale's form (`TeachGradeScaleForm`); the controller fills it in.
    var gradeScale: TeachGradeScaleForm?

    init(course: Course, form: CourseForm? = nil, notice: String? = nil) {
        id = course.id ?? 0
        name = course.name
        description = course.description
        code = course.courseCode
        studentCount = course.enrollmentCount
        self.form = form ?? CourseForm(course)
        self.notice = notice
    }

    /// "1.5 × time, +10 min, grade thresholds 10 points lower (dyslexia)", or "none", in the
    /// catalogue's language.
    static func describe(_ accommodation: Accommodation?, catalogue: Catalogue) -> String {
        guard let accommodation else { return catalogue.string(Message("teach.accommodation.none")) }
        var parts: [String] = []
        if let multiplier = accommodation.timeMultiplier, multiplier != 1 {
            parts.append(catalogue.string(Message("teach.accommodation.multiplier", ["factor": .decimal(multiplier)])))
        }
        if let minutes = accommodation.extraMinutes, minutes > 0 {
            parts.append(catalogue.string(Message("teach.accommodation.extra-minutes", ["minutes": .integer(minutes)])))
        }
        var text = parts.isEmpty ? catalogue.string(Message("teach.accommodation.no-extra-time")) : parts.joined(separator: ", ")
        if let offset = accommodation.gradeThresholdOffsetPercent, offset > 0 {
            text += ", " + catalogue.string(Message("grades.offset-described", ["count": .integer(offset)]))
        }
        if let note = accommodation.note, !note.isEmpty { text += " (\(note))" }
        return text
    }
}

/// What `teach-student.mustache` shows: one student of a course, their accommodation's form,
/// or the confirmation of their removal.
struct TeachStudentPage: Sendable {
    var courseID: Int
    var courseName: String
    var studentID: Int
    var email: String
    var enrolled: String
    var current: String
    var hasAccommodation: Bool
    var timeMultiplier: String
    var extraMinutes: String
    var note: String
    /// Percentage points off the course's grade thresholds for this student.
    var gradeOffset: String
    var error: String?
    var notice: String?
    var confirmRemoval = false
}

/// What `teach-delete.mustache` shows: what deleting the course takes with it.
struct TeachDeletePage: Sendable {
    var id: Int
    var name: String
    /// "Delete Algebra?" and the button's "Delete Algebra", in the reader's language.
    var heading: String
    var button: String
    var items: [String]
}
