import ExamPrepTestSupport
import Testing

@testable import ExamPrepServer

/// The picture's bytes read without decoding: each format's size, the type named against the
/// bytes, truncated files, decompression bombs, SVG and other types.
@Suite("Picture reader")
struct PictureReaderTests {
    static let formats: [(type: String, bytes: @Sendable (Int, Int) -> [UInt8])] = [
        ("image/png", { TestPictures.png(width: $0, height: $1) }),
        ("image/jpeg", { TestPictures.jpeg(width: $0, height: $1) }),
        ("image/gif", { TestPictures.gif(width: $0, height: $1) }),
        ("image/webp", { TestPictures.webp(width: $0, height: $1) }),
        ("image/webp", { TestPictures.webp(width: $0, height: $1, chunk: "VP8L") }),
        ("image/webp", { TestPictures.webp(width: $0, height: $1, chunk: "VP8 ") }),
    ]

    @Test func eachFormatsSizeIsRead() throws {
        for (type, bytes) in Self.formats {
            for (width, height) in [(1, 1), (640, 480), (37, 4001), (8000, 5000)] {
                let facts = try PictureReader.read(bytes(width, height), contentType: type)
                #expect(facts == PictureFacts(type: PictureType(rawValue: type)!, width: width, height: height), "\(type)")
            }
        }
        #expect(try PictureReader.read(TestPictures.gif(width: 3, height: 2, version: "GIF87a"), contentType: "IMAGE/GIF; x=y").width == 3)
    }

    @Test func theBytesMustBeTheTypeNamed() {
        let png = TestPictures.png(width: 10, height: 10)
        for type in ["image/jpeg", "image/gif", "image/webp"] {
            #expect(throws: PictureProblem.notThisType(PictureType(rawValue: type)!)) { try PictureReader.read(png, contentType: type) }
        }
        #expect(throws: PictureProblem.notThisType(.png)) { try PictureReader.read([], contentType: "image/png") }
        #expect(throws: PictureProblem.notThisType(.png)) {
            try PictureReader.read(Array("<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8), contentType: "image/png")
        }
    }

    @Test func svgAndOtherTypesAreUnsupported() {
        let svg = Array("<svg xmlns=\"http://www.w3.org/2000/svg\"><script>alert(1)</script></svg>".utf8)
        for type in ["image/svg+xml", "text/html", "application/octet-stream", "image/bmp", "", "image/png2"] {
            #expect(throws: PictureProblem.unsupportedType) { try PictureReader.read(svg, contentType: type) }
        }
        #expect(throws: PictureProblem.unsupportedType) { try PictureReader.read(svg, contentType: nil) }
    }

    /// Every prefix of every format is refused as truncated (or not the type, when too short
    /// for its signature), never read as a picture and never a trap.
    @Test func truncatedFilesAreRefused() {
        for (type, bytes) in Self.formats {
            let whole = bytes(20, 10)
            for length in 0..<whole.count - 1 {
                #expect(throws: PictureProblem.self, "\(type) cut at \(length)") {
                    try PictureReader.read(Array(whole.prefix(length)), contentType: type)
                }
            }
        }
    }

    @Test func decompressionBombsAreRefused() {
        for (type, bytes) in Self.formats {
            for (width, height) in [(10_000, 10_000), (8001, 1), (1, 8001), (7000, 7000)] {
                #expect(throws: PictureProblem.tooManyPixels(width: width, height: height), "\(type)") {
                    try PictureReader.read(bytes(width, height), contentType: type)
                }
            }
        }
        let huge = TestPictures.png(width: Int(UInt32.max), height: Int(UInt32.max))
        #expect(throws: PictureProblem.tooManyPixels(width: Int(UInt32.max), height: Int(UInt32.max))) {
            try PictureReader.read(huge, contentType: "image/png")
        }
    }

    @Test func aZeroSideIsRefused() {
        #expect(throws: PictureProblem.truncated(.png)) {
            try PictureReader.read(TestPictures.png(width: 0, height: 5), contentType: "image/png")
        }
        #expect(throws: PictureProblem.truncated(.gif)) {
            try PictureReader.read(TestPictures.gif(width: 5, height: 0), contentType: "image/gif")
        }
    }

    /// Random bytes after each signature: a problem or facts, never a trap or a hang.
    @Test func randomBytesNeverTrap() {
        var generator = SystemRandomNumberGenerator()
        let signatures: [(String, [UInt8])] = [
            ("image/png", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), ("image/jpeg", [0xFF, 0xD8, 0xFF]),
            ("image/gif", Array("GIF89a".utf8)), ("image/webp", Array("RIFF".utf8) + [40, 0, 0, 0] + Array("WEBP".utf8)),
        ]
        for _ in 0..<2000 {
            for (type, signature) in signatures {
                let tail = (0..<Int.random(in: 0...64, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
                _ = try? PictureReader.read(signature + tail, contentType: type)
            }
        }
    }
}
