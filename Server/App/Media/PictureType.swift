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
