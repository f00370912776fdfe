import ExamPrepRules
import ExamPrepTestSupport
import Foundation
import Testing

@testable import ExamPrepServer

/// An upload's parts as the pages get them: text fields, and every part's bytes as sent, a part
/// that is not UTF-8 (a class list saved in Windows-1250) kept as bytes for its page to read.
@Suite("Multipart forms", .hangGuard)
struct MultipartFormTests {
    static func body(_ parts: [(name: String, bytes: [UInt8])]) -> [UInt8] {
        var body: [UInt8] = []
        for part in parts {
            body += Array("--XyZ\r\nContent-Disposition: form-data; name=\"\(part.name)\"; filename=\"a.csv\"\r\n\r\n".utf8)
            body += part.bytes + Array("\r\n".utf8)
        }
        return body + Array("--XyZ--\r\n".utf8)
    }

    @Test("a part that is not UTF-8 has no text but keeps its bytes; text parts are fields (quotes, combining marks)")
    func partsKeepTheirBytes() throws {
        let windows1250: [UInt8] = [0x8C, 0x6C, 0xB9, 0x73, 0x6B, 0x69]  // "Śląski" in Windows-1250
        for text in FuzzText.inputs {
            let form = FormData(
                parts: try MultipartForm.fields(
                    Self.body([("note", Array(text.utf8)), ("file", windows1250)]), boundary: "XyZ"))
            #expect(form["note"] == text && form.bytes("note") == Array(text.utf8))
            #expect(form["file"] == nil && form.bytes("file") == windows1250)
            #expect(throws: InvalidInput("page.file-not-utf8")) { try form.text("file") }
            #expect(try form.text("note") == text && form.bytes("missing") == nil)
        }
        let encoded = try FormData(encoded: Array("file=a".utf8))
        #expect(encoded.bytes("file") == nil && encoded["file"] == "a")
    }
}
