import ExamPrepRules
import ExamPrepShared
import Testing

/// An address as the API takes it: trimmed, at most 254 bytes, shaped like an address; two
/// spellings are one account when their keys (NFC, case folded) are equal.
@Suite("Rules: email addresses")
struct EmailAddressTests {
    /// The refusal's key, or nil when `raw` is taken.
    func refusal(_ raw: String) -> String? {
        do {
            _ = try EmailAddress(validating: raw)
            return nil
        } catch let invalid as InvalidInput {
            return invalid.message.key
        } catch {
            return "\(error)"
        }
    }

    @Test("upper case, lower case and a decomposed letter are one key; the display is as typed, trimmed")
    func oneKey() throws {
        let spellings = ["Ärger@X.de", "ärger@x.de", "A\u{308}rger@x.de", "  ÄRGER@x.DE\n"]
        let keys = try Set(spellings.map { try EmailAddress(validating: $0).key })
        #expect(keys.count == 1)
        #expect(try EmailAddress(validating: "  Ola@Example.org ").display == "Ola@Example.org")
        #expect(EmailAddress.lookupKey(" ärger@x.de") == keys.first)
        #expect(EmailAddress.key("A\u{308}rger@x.de") == keys.first)
    }

    @Test("empty, too long and malformed addresses are refused by name")
    func refusals() {
        #expect(refusal("   ") == "validation.email-required")
        // 64 + 1 + 186 + 3 = 254 bytes pass, one more is refused.
        #expect(refusal(String(repeating: "a", count: 64) + "@" + String(repeating: "b", count: 186) + ".pl") == nil)
        #expect(
            refusal(String(repeating: "a", count: 64) + "@" + String(repeating: "b", count: 187) + ".pl") == "validation.email-too-long")
        for bad in ["no-at-sign", "a@b", "a@@b.pl", "a b@c.pl", "a@-b.pl", "a@b..pl", "\"a\"@b.pl", "a@b.pl\0"] {
            #expect(refusal(bad) == "validation.email-invalid", "\(bad)")
        }
        #expect(EmailAddress.lookupKey("a\0@b.pl") == nil)
        #expect(EmailAddress.isBlank(" \n") && !EmailAddress.isBlank(" a "))
    }

    @Test("a combining mark is kept; a quote is refused, with or without a mark on it")
    func fuzz() {
        #expect(refusal("ze\u{301}@example.org") == nil)
        for breaker in ["\"", "\"\u{301}", "(", ")", ",", "\\"] {
            #expect(refusal("a\(breaker)b@example.org") == "validation.email-invalid", "\(breaker)")
        }
        #expect(refusal("a'\u{301}b@example.org") == nil)
    }
}
