import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import NIOCore
import Testing

@testable import ExamPrepServer

/// Names, not addresses (issue 67, item 2): a person gives a name at registration and edits it
/// on the account page or through `PUT /api/me/name`; teachers' rosters show it, sort by
/// surname as Polish collation sorts and search names with and without diacritics.
@Suite("Names, not addresses", .hangGuard)
struct NamesTests {
    /// A name with a combining mark, quotes and markup.
    static let hostileName = "Zoë\(FuzzText.combining) O'Brien \"Q\" <b>x</b>"

    @Test("a name given at registration (API and page), changed and removed through the API and the account page")
    func ownName() async throws {
        try await TestServer.run { server in
            let email = uniqueEmail("named")
            try await server.post(
                APIPaths.register,
                json: RegistrationRequest(email: email, password: "correct horse battery", role: .student, name: " Anna Żółć ")
            ).expect(.created)
            let app = try await server.login(email)
            #expect(try await server.get(APIPaths.me, token: app.token).expect(.ok).decode(UserProfile.self).name == "Anna Żółć")
            // A client from before names: no name, and none in the profile.
            let old = uniqueEmail("old")
            try await server.register(old, role: .student).expect(.created)
            let oldProfile = try await server.get(APIPaths.me, token: try await server.login(old).token).expect(.ok)
            #expect(try oldProfile.decode(UserProfile.self).name == nil && !oldProfile.text.contains("\"name\""))
            try await server.post(
                APIPaths.register,
                json: RegistrationRequest(
                    email: uniqueEmail("long"), password: "correct horse battery", role: .student,
                    name: String(repeating: "ż", count: 201))
            ).expect(.badRequest)

            let set = try await server.send(
                .put, APIPaths.meName, token: app.token, body: ByteBuffer(string: try Self.json(["name": Self.hostileName]))
            ).expect(.ok).decode(UserProfile.self)
            #expect(set.name == Self.hostileName)
            for body in [#"{"name":1}"#, "{}", "[]", try Self.json(["name": String(repeating: "a", count: 201)]), #"{"name":"a\u0000b"}"#] {
                try await server.send(.put, APIPaths.meName, token: app.token, body: ByteBuffer(string: body)).expect(.badRequest)
            }
            for input in FuzzText.inputs {
                let named = try await server.send(
                    .put, APIPaths.meName, token: app.token, body: ByteBuffer(string: try Self.json(["name": input]))
                )
                .expect(.ok).decode(UserProfile.self)
                #expect(named.name == input, "\(input)")
            }
            for body in [#"{"name":null}"#, #"{"name":"   "}"#] {
                let removed = try await server.send(.put, APIPaths.meName, token: app.token, body: ByteBuffer(string: body))
                    .expect(.ok).decode(UserProfile.self)
                #expect(removed.name == nil)
            }

            // The pages: the register form's name, then the account page's.
            var browser = TestBrowser(server)
            try await browser.get("/register").expect(.ok)
            #expect(browser.page.contains(#"<label for="name">Your name</label>"#))
            let paged = uniqueEmail("paged")
            try await browser.post("/register", [("email", paged), ("name", "Jan Zając"), ("password", "correct horse battery")])
                .expect(.seeOther)
            let pagedToken = try await server.login(paged).token
            #expect(try await server.get(APIPaths.me, token: pagedToken).decode(UserProfile.self).name == "Jan Zając")
            try await browser.get("/account").expect(.ok)
            #expect(browser.page.contains(#"value="Jan Zając""#))
            try await browser.follow(try await browser.post("/account/name", [("name", Self.hostileName)]).expect(.seeOther))
            #expect(browser.page.contains("Your name is saved.") && !browser.page.contains("<b>x</b>"))
            #expect(browser.page.contains("&lt;b&gt;x&lt;/b&gt;"))
            #expect(try await server.get(APIPaths.me, token: pagedToken).decode(UserProfile.self).name == Self.hostileName)
            try await browser.post("/account/name", [("name", String(repeating: "ł", count: 201))]).expect(.badRequest)
            #expect(browser.page.contains(#"id="name-error""#) && browser.page.contains("The name must be"))
            try await browser.post("/account/name", [("name", "")]).expect(.seeOther)
            #expect(try await server.get(APIPaths.me, token: pagedToken).decode(UserProfile.self).name == nil)
        }
    }

    @Test("the roster shows names, sorts by surname as Polish collation does and finds 'zolc' in 'Żółć'")
    func rosterBySurname() async throws {
        try await TestServer.run { server in
            var (browser, faculty) = try await TeachCoursePagesTests.teacher(server)
            let path = try await TeachCoursePagesTests.createCourse(&browser, name: "Klasa \(UUID().uuidString.prefix(6))")
            let course = try #require(try await server.get(APIPaths.facultyCourses, token: faculty.token).decode([Course].self).first)
            // Surnames in an order Polish collation does not keep: Ć after C, Ł after L, Ś after
            // S (and after "Sz"), Ż after Z; one person without a name sorts by address ("m…").
            let surnames = ["Żółć", "Zając", "Łuk", "Lis", "Ćwik", "Cybulski", "Śliwa", "Szymański", "Sowa"]
            var lines = ["Imię;Nazwisko;Adres e-mail;Nr legitymacji"]
            for (index, surname) in surnames.enumerated() {
                lines.append("Uczeń\(index);\(surname);\(uniqueEmail("s\(index)"));N-\(index)")
            }
            try await browser.upload(
                path + "/roster/import", [("step", "import")], file: ("file", "klasa.csv", lines.joined(separator: "\r\n"))
            )
            .expect(.ok)
            let nameless = uniqueEmail("m-nameless")
            let student = try await server.signUp(nameless, role: .student)
            try await server.post(APIPaths.enroll, json: EnrollRequest(courseCode: course.courseCode), token: student.token).expect(
                .created)

            try await browser.get(path).expect(.ok)
            let order = ["Cybulski", "Ćwik", "Lis", "Łuk", nameless, "Sowa", "Szymański", "Śliwa", "Zając", "Żółć"]
            let places = order.map { browser.page.range(of: $0)?.lowerBound }
            #expect(places.allSatisfy { $0 != nil }, "\(browser.page)")
            #expect(places.compactMap { $0 } == places.compactMap { $0 }.sorted(), "the roster sorts by surname")
            #expect(browser.page.contains("Uczeń0 Żółć</a></th><td>N-0</td>"))

            // Search: without diacritics, in capitals, decomposed, by address and by number.
            for query in ["zolc", "ŻÓŁĆ", "Z\u{307}o\u{301}\u{142}c\u{301}", "N-0"] {
                try await browser.get(path + "?q=" + (query.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")).expect(.ok)
                #expect(browser.page.contains("Uczeń0 Żółć") && !browser.page.contains("Zając"), "\(query)")
            }
            try await browser.get(path + "?q=m-nameless").expect(.ok)
            #expect(browser.page.contains(nameless) && !browser.page.contains("Żółć"))
            for input in FuzzText.inputs {
                try await browser.get(path + "?q=" + (input.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")).expect(.ok)
            }
        }
    }

    static func json(_ object: [String: String]) throws -> String {
        String(decoding: try JSONEncoder().encode(object), as: UTF8.self)
    }
}
