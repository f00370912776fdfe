import ExamPrepRules
import ExamPrepShared
import Testing

/// The password rule, for every way a password is chosen: 8–128 code points, no NUL, within
/// the bytes the hash scheme takes in full; never trimmed, any Unicode.
@Suite("Rules: the password rule")
struct PasswordRuleTests {
    /// The refusal's key, or nil when the password passes (bcrypt's 72 bytes unless told).
    func refusal(_ password: String, maxBytes: Int = 72) -> String? {
        do {
            try PasswordRule.check(password, maxBytes: maxBytes)
            return nil
        } catch let invalid as InvalidInput {
            return invalid.message.key
        } catch {
            return "\(error)"
        }
    }

    @Test("8 to 128 code points pass, 7 and 129 are refused by name")
    func lengths() {
        #expect(refusal(String(repeating: "a", count: 7)) == "validation.password-too-short")
        #expect(refusal(String(repeating: "a", count: 8)) == nil)
        #expect(refusal(String(repeating: "a", count: 128), maxBytes: 511) == nil)
        #expect(refusal(String(repeating: "a", count: 129), maxBytes: 511) == "validation.password-too-long")
        // Four letters with a combining mark each are eight code points, four characters.
        #expect(refusal(String(repeating: "e\u{301}", count: 4)) == nil)
        #expect(refusal(String(repeating: "é", count: 7)) == "validation.password-too-short")
    }

    @Test("spaces count and nothing is trimmed; a NUL is refused")
    func spacesAndNUL() {
        #expect(refusal("   pass   ") == nil)
        #expect(refusal("        ") == nil)
        #expect(refusal("password\0") == "validation.password-nul")
    }

    @Test("more bytes than the scheme takes are refused, saying how many it takes")
    func bytes() throws {
        // 36 × "ż" is 72 bytes in UTF-8 (bcrypt takes them all); 37 is 74.
        #expect(refusal(String(repeating: "ż", count: 36)) == nil)
        let refused = try #require(throws: InvalidInput.self) { try PasswordRule.check(String(repeating: "ż", count: 37), maxBytes: 72) }
        #expect(refused == InvalidInput("validation.password-too-many-bytes", ["count": .integer(72)]))
        #expect(Catalogue.of(.en).string(refused.message).contains("72 bytes"))
        #expect(refusal(String(repeating: "ż", count: 37), maxBytes: 511) == nil)
    }

    @Test("quotes, backslashes and combining marks pass as they are")
    func fuzz() {
        let breakers = ["\"", "\\", "{", "}", ",", "'", "(", ")", "$1", "NULL"]
        for breaker in breakers {
            for password in ["password" + breaker + "\u{301}", "\u{301}" + breaker + "password", "pass\"\u{301}word'"] {
                #expect(refusal(password) == nil, "\(password)")
            }
        }
    }
}
