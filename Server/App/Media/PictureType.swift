import ExamPrepShared
import Foundation

/// The picture types a course may store (`Content-Type` of an upload, and of `/media/{id}`).
/// SVG is not one: it is a document that can carry script.
enum PictureType: String, Sendable, CaseIterable {
    case png = "image/png"
    case jpeg = "image/jpeg"
    case webp = "image/webp"
    case gif = "image/gif"

    /// The type a `Content-Type` header names (parameters and case ignored); nil for any other.
    init?(contentType: String?) {
        guard let contentType else { return nil }
        let mediaType = contentType.split(separator: ";", maxSplits: 1).first ?? ""
        self.init(rawValue: mediaType.trimmingCharacters(in: .whitespaces).lowercased())
    }

    /// The type whose signature `bytes` start with; nil for any other (SVG included). For an
    /// upload that names no type of its own: a page's file input.
    init?(signatureOf bytes: [UInt8]) {
        func starts(_ prefix: String, at offset: Int = 0) -> Bool {
            let prefix = Array(prefix.utf8)
            return bytes.count >= offset + prefix.count && bytes[offset..<offset + prefix.count].elementsEqual(prefix)
        }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            self = .png
        } else if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if starts("RIFF"), starts("WEBP", at: 8) {
            self = .webp
        } else if starts("GIF8") {
            self = .gif
        } else {
            return nil
        }
    }
}

/// The bounds of a picture: its bytes, and its size in pixels (a picture is never decoded,
/// but one claiming a huge canvas, a decompression bomb, is refused all the same).
enum PictureLimits {
    /// The largest upload: 2 MiB.
    static let maxBytes = Media.maxBytes
    /// The longest side, in pixels.
    static let maxSide = 8000
    /// The most pixels: 40 megapixels.
    static let maxPixels = 40_000_000
}

/// What a picture's bytes say about it, read from its headers.
struct PictureFacts: Sendable, Equatable {
    var type: PictureType
    var width: Int
    var height: Int
}

/// Why a picture's bytes are refused.
enum PictureProblem: Error, Sendable, Equatable {
    /// The type named is none of `PictureType` (SVG included): 415.
    case unsupportedType
    /// The bytes are not a picture of the type named: 400.
    case notThisType(PictureType)
    /// The bytes end before the picture does, or its headers contradict themselves: 400.
    case truncated(PictureType)
    /// Wider, taller or larger than `PictureLimits` allows: 400.
    case tooManyPixels(width: Int, height: Int)
}
