import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import Testing

@Suite("Shared DTOs on the wire", .hangGuard)
struct JSONRoundTripTests {
    private func roundTrip<T: Codable & Equatable>(_ value: T) throws -> T {
        let data = try ExamPrepJSON.makeEncoder().encode(value)
        return try ExamPrepJSON.makeDecoder().decode(T.self, from: data)
    }

    @Test("a language setting says null out loud, and one that says nothing is refused")
    func languageSetting() throws {
        let cleared = String(decoding: try ExamPrepJSON.makeEncoder().encode(LanguageSettingRequest(language: nil)), as: UTF8.self)
        #expect(cleared == #"{"language":null}"#)
        #expect(try roundTrip(LanguageSettingRequest(language: .pl)).language == "pl")
        #expect(throws: DecodingError.self) { try ExamPrepJSON.makeDecoder().decode(LanguageSettingRequest.self, from: Data("{}".utf8)) }
    }

    private func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try ExamPrepJSON.makeDecoder().decode(T.self, from: Data(json.utf8))
    }

    @Test func everyDTORoundTrips() throws {
        let date = Date(timeIntervalSince1970: 1_795_000_000)
        let enrolled = EnrolledCourse(id: 3, name: "Algebra", description: "Rings", courseCode: "ABCD", facultyId: 1, enrollmentDate: date)
        #expect(try roundTrip(RegistrationRequest(email: "a@b.co", password: "pässwörd", role: .student)).role == .student)
        #expect(try roundTrip(RegistrationResponse(userId: 7)) == RegistrationResponse(userId: 7))
        #expect(try roundTrip(LoginRequest(email: "a@b.co", password: "x")) == LoginRequest(email: "a@b.co", password: "x"))
        let login = LoginResponse(token: "t", exp: 10, roleId: 1, refreshToken: "r", refreshTokenExp: 20, userId: 4)
        #expect(try roundTrip(login) == login)
        #expect(
            try roundTrip(Course(id: 1, name: "n", description: "d", courseCode: "WXYZ", userId: 2, enrollmentCount: 3)).courseCode
                == "WXYZ")
        #expect(try roundTrip(CatalogueCourse(id: 1, name: "n", description: "d", facultyId: 2)).facultyId == 2)
        #expect(
            try roundTrip(EnrollResponse(enrollment: Enrollment(id: 9, course: enrolled, enrollmentDate: date))).enrollment.course
                == enrolled)
        #expect(try roundTrip(UserProfile(id: 1, email: "a@b.co", role: .faculty)).roleId == 1)
        #expect(try roundTrip(ErrorResponse(message: "m", error: .emailTaken)) == ErrorResponse(message: "m", error: .emailTaken))
        #expect(try roundTrip(RefreshTokenRequest(refreshToken: "r")).refreshToken == "r")
        #expect(try roundTrip(LogoutRequest()).refreshToken == nil)
        #expect(try roundTrip([RoleInfo(.faculty), RoleInfo(.student)]).map(\.id) == [1, 2])
    }

    @Test func theFirstVersionsLoginResponseStillDecodes() throws {
        let old = try decode(LoginResponse.self, #"{"success":true,"token":"abc.def.ghi","exp":1700000000,"roleId":2}"#)
        #expect(old.token == "abc.def.ghi")
        #expect(old.refreshToken == nil)
        #expect(old.role == .student)
    }

    @Test func registrationAcceptsRoleIdOrRoleByIdOrName() throws {
        #expect(try decode(RegistrationRequest.self, #"{"email":"e","password":"p","roleId":1}"#).role == .faculty)
        #expect(try decode(RegistrationRequest.self, #"{"email":"e","password":"p","roleId":"student"}"#).role == .student)
        #expect(try decode(RegistrationRequest.self, #"{"email":"e","password":"p","role":"Faculty"}"#).role == .faculty)
        #expect(throws: DecodingError.self) { try decode(RegistrationRequest.self, #"{"email":"e","password":"p","roleId":9}"#) }
        #expect(throws: DecodingError.self) { try decode(RegistrationRequest.self, #"{"email":"e","password":"p"}"#) }
        // It is sent as the first version's field.
        let sent = String(
            decoding: try ExamPrepJSON.makeEncoder().encode(RegistrationRequest(email: "e", password: "p", role: .student)), as: UTF8.self)
        #expect(sent == #"{"email":"e","password":"p","roleId":2}"#)
    }

    @Test func unknownErrorCodesStillDecode() throws {
        let error = try decode(ErrorResponse.self, #"{"success":false,"message":"slow down","error":"something_new"}"#)
        #expect(error.error == ErrorCode(rawValue: "something_new"))
        #expect(!error.success)
    }

    @Test func datesAreISO8601WithZoneAndAcceptFractions() throws {
        let json =
            #"{"id":1,"name":"n","description":"d","courseCode":"ABCD","facultyId":1,"enrollmentDate":"2026-11-22T10:15:00.250Z","timeZone":"Europe/Vienna"}"#
        let course = try decode(EnrolledCourse.self, json)
        #expect(abs(course.enrollmentDate.timeIntervalSince1970 - 1_795_342_500.25) < 0.001)
        let encoded = String(decoding: try ExamPrepJSON.makeEncoder().encode(course), as: UTF8.self)
        #expect(encoded.contains(#""enrollmentDate":"2026-11-22T10:15:00Z""#))
        #expect(throws: DecodingError.self) {
            try decode(EnrolledCourse.self, json.replacingOccurrences(of: "2026-11-22T10:15:00.250Z", with: "yesterday"))
        }
    }

    @Test func routePathsKeepTheFirstVersionsPaths() {
        #expect(APIPaths.register == "/api/register")
        #expect(APIPaths.login == "/api/login")
        #expect(APIPaths.facultyCatalogue(12) == "/api/courses/12")
        #expect(APIPaths.enroll == "/api/students/courses/enroll")
    }
}
