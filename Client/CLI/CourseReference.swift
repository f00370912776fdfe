import ArgumentParser
import ExamPrepClient
import ExamPrepShared
import Foundation

/// A course as a person names it on the command line: by its id (12) or by the code students
/// enroll with (UUCE, any case), which is what a teacher sees everywhere.
struct CourseReference: ExpressibleByArgument, Sendable, Hashable {
    enum Value: Sendable, Hashable {
        case id(Int)
        case code(String)
    }

    let value: Value

    init?(argument: String) {
        let text = argument.trimmingCharacters(in: .whitespaces)
        if let id = Int(text) {
            guard id > 0 else { return nil }
            value = .id(id)
        } else if !text.isEmpty, text.count <= 16, text.unicodeScalars.allSatisfy({ $0.isASCII && $0.properties.isAlphabetic }) {
            value = .code(text.uppercased())
        } else {
            return nil
        }
    }

    /// The course's id: as given, or looked up among the courses the signed-in person teaches
    /// (faculty) or is enrolled in (student).
    @MainActor
    func id(in client: ExamPrepClient) async throws -> Int {
        switch value {
        case .id(let id):
            return id
        case .code(let code):
            let found: Int?
            switch try await client.account.currentRole() {
            case .faculty: found = try await client.faculty.load().first { $0.courseCode.uppercased() == code }?.id
            case .student: found = try await client.student.load().first { $0.courseCode.uppercased() == code }?.id
            case .admin: throw CLIError.forAdmins
            }
            guard let found else {
                throw CLIError(CLILanguage.text("cli-course.no-course-with-code", ["code": .text(code)]))
            }
            return found
        }
    }

    /// The help of a `--course` option that takes either.
    static let help = CLILanguage.text("cli-help.option.course-reference")
}

extension Optional where Wrapped == CourseReference {
    /// The course's id when one was named.
    @MainActor
    func id(in client: ExamPrepClient) async throws -> Int? {
        guard let self else { return nil }
        return try await self.id(in: client)
    }
}
