import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import Testing

@testable import ExamPrepServer

/// A link's parts are percent-encoded by one set, RFC 3986's unreserved characters
/// (`CharacterSet.uriUnreserved`): a letter of another script ("Żółć") goes out as its UTF-8
/// bytes, never raw, as Foundation's `.alphanumerics` let it.
@Suite("Link encoding", .hangGuard)
struct LinkEncodingTests {
    static let polish = "Żółć"
    static let encoded = "%C5%BB%C3%B3%C5%82%C4%87"

    @Test("the unreserved set is ASCII letters, digits and - . _ ~ only")
    func unreserved() {
        #expect(Self.polish.addingPercentEncoding(withAllowedCharacters: .uriUnreserved) == Self.encoded)
        #expect("aZ09-._~".addingPercentEncoding(withAllowedCharacters: .uriUnreserved) == "aZ09-._~")
        #expect("a b/?&=#%\"'".addingPercentEncoding(withAllowedCharacters: .uriUnreserved) == "a%20b%2F%3F%26%3D%23%25%22%27")
        #expect("e\u{0301}٣".addingPercentEncoding(withAllowedCharacters: .uriUnreserved) == "e%CC%81%D9%A3")
        #expect(!CharacterSet.asciiLettersAndDigits.contains("Ż") && CharacterSet.asciiLettersAndDigits.contains("z"))
    }

    @Test("the sign-in page's next= and the address after a new password encode Żółć as bytes")
    func links() {
        #expect(SignInTarget.query(next: "/courses/\(Self.polish)") == "?next=/courses/\(Self.encoded)")
        #expect(SignInTarget.query(next: "/a b?c=d") == "?next=/a%20b%3Fc%3Dd")
        let target = RecoveryPageController.signIn(done: "invited", email: "\(Self.polish)+x@szkoła.pl")
        #expect(target == "/login?done=invited&email=\(Self.encoded)%2Bx@szko%C5%82a.pl")
        #expect(PageNotice.sentence(for: target, catalogue: .of(.en)) != nil)
    }

    @Test("an app's state is of unreserved characters only")
    func state() {
        #expect(AppSignInRequest.isState("abc-._~XYZ09"))
        #expect(!AppSignInRequest.isState(Self.polish))
        #expect(!AppSignInRequest.isState("a\u{0301}"))
        #expect(!AppSignInRequest.isState("a b"))
    }
}
