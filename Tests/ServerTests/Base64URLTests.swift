import ExamPrepTestSupport
import Foundation
import Testing

@testable import ExamPrepServer

/// Tokens, cursors and a save's request hash are base64url without padding: the same text as
/// Foundation's Base64 with its two letters swapped and the padding dropped, and nothing else
/// decodes.
@Suite("Base64url")
struct Base64URLTests {
    private static func reference(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    @Test func everyLengthEncodesAsFoundationDoesAndDecodesBack() throws {
        var rng = SplitMix64(seed: 64)
        for length in 0...70 {
            for _ in 0..<20 {
                let bytes = (0..<length).map { _ in UInt8.random(in: .min ... .max, using: &rng) }
                let text = Base64URL.encode(bytes)
                #expect(text == Self.reference(bytes))
                #expect(try #require(Base64URL.decode(text)) == Data(bytes))
            }
        }
        #expect(Base64URL.encode([0xFB, 0xFF, 0xBF]) == "-_-_")
    }

    @Test func textThatIsNotBase64URLDoesNotDecode() {
        // Padding, the standard alphabet's letters, a lone letter over, bits past the last
        // byte, a space, a combining mark, a quote.
        for text in ["QQ==", "QQ=", "+/8", "QUJDR", "QR", "QUJ", "QUJD ", "QUJ\u{301}", "QU\"J", "'QUJD"] {
            #expect(Base64URL.decode(text) == nil, "\(text)")
        }
        #expect(Base64URL.decode("") == Data())
        #expect(Base64URL.decode("QQ") == Data("A".utf8))
        #expect(Base64URL.decode("QUI") == Data("AB".utf8))
    }
}
