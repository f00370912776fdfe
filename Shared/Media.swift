import Foundation

/// A picture stored in a course (`POST /api/faculty/courses/{courseId}/media`): its id in the
/// course, where it is served (`url`, `/media/{id}`), the SHA-256 of its bytes (hex) and its
/// size in pixels, read from its headers.
public struct Media: Codable, Sendable, Hashable, Identifiable {
    public var id: Int
    public var url: String
    public var sha256: String
    public var width: Int
    public var height: Int

    /// The largest picture a course takes: 2 MiB.
    public static let maxBytes = 2 * 1024 * 1024

    /// The picture type a file's name says (`.png`, `.jpg`/`.jpeg`, `.webp`, `.gif`); nil for any other.
    public static func contentType(ofFile name: String) -> String? {
        switch URL(fileURLWithPath: name).pathExtension.lowercased() {
        case "png": "image/png"
        case "jpg", "jpeg": "image/jpeg"
        case "webp": "image/webp"
        case "gif": "image/gif"
        default: nil
        }
    }

    public init(id: Int, url: String, sha256: String, width: Int, height: Int) {
        self.id = id
        self.url = url
        self.sha256 = sha256
        self.width = width
        self.height = height
    }
}

/// A picture shown with a question or a choice: a picture of the question's course and its
/// text alternative (1–500 characters, required: what a screen reader says instead).
public struct QuestionImage: Codable, Sendable, Hashable {
    public var mediaId: Int
    public var alt: String

    public init(mediaId: Int, alt: String) {
        self.mediaId = mediaId
        self.alt = alt
    }

    /// The longest text alternative.
    public static let maxAltLength = 500
}
