import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Testing

@testable import ExamPrepServer

/// The refusals the pages' own layers write reach a Polish reader in Polish, with the status
/// unchanged: a form's field named inside the sentence („Otwarcie”), the language buttons, a
/// form too large for the server.
@Suite("Page refusals in Polish", .hangGuard)
struct PageRefusalPolishTests {
    @Test("a date, a number, the language buttons and a form too large, refused in Polish")
    func refusalsInPolish() async throws {
        try await TestServer.run { server in
            var (browser, _, course) = try await TeachExamPagesTests.courseWithBank(server)
            let polish: HTTPFields = [.acceptLanguage: "pl"]
            let fields = TeachExamPagesTests.examFields(title: "Sprawdzian", fixed: [], slotTopic: "", slotCount: "2")
            let path = "/teach/courses/\(course.id ?? 0)/exams"

            /// Posts `fields` from the editor in Polish: the status and the sentence, and no English.
            func refused(_ fields: [(String, String)], to target: String, _ status: HTTPResponse.Status, _ sentence: String) async throws {
                try await browser.get(path + "/new", headers: polish).expect(.ok)
                try await browser.post(target, fields, headers: polish).expect(status)
                #expect(browser.page.contains(sentence), "\(browser.page)")
                for english in ["must be", "Choose a language", "too large"] {
                    #expect(!browser.page.contains(english), "\(english) left in English")
                }
            }
            try await refused(
                fields.map { $0.0 == "opensAt" ? ($0.0, "jutro o 9") : $0 }, to: path, .badRequest,
                "Pole „Otwarcie” musi zawierać datę i godzinę, np. 2026-06-15T09:00.")
            try await refused(
                fields.map { $0.0 == "timeLimitMinutes" ? ($0.0, "pół godziny") : $0 }, to: path, .badRequest,
                "Pole „Limit czasu” musi być liczbą.")
            try await refused([("language", ""), ("back", "/teach")], to: "/language", .badRequest, "Wybierz język: en, pl.")
            let large = String(repeating: "x", count: CSRFMiddleware.maxFormBytes)
            try await refused(
                fields + [("instructions", large)], to: path, .contentTooLarge, "Formularz jest za duży (najwyżej 256 kB).")
        }
    }
}
