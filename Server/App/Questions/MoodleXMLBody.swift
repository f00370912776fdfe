import Foundation

/// Whether an import's body is Moodle XML by its `Content-Type`.
enum MoodleXMLBody {
    /// `application/xml` or `text/xml` (parameters such as `charset` aside).
    static func isXML(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        let mediaType = (contentType.split(separator: ";", maxSplits: 1).first ?? "").trimmingCharacters(in: .whitespaces).lowercased()
        return mediaType == "application/xml" || mediaType == "text/xml"
    }
}
