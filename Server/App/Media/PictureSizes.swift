import ExamPrepShared

/// The size in pixels of the pictures a page shows, by their id, read for the whole question
/// set at once (`MediaRepository.sizes`), so that a page with many pictures asks once.
struct PictureSizes: Sendable, Equatable {
    struct Size: Sendable, Equatable {
        var width: Int
        var height: Int
    }

    var sizes: [Int: Size] = [:]

    /// No sizes: for pages without pictures.
    static let none = PictureSizes()

    subscript(mediaID: Int) -> Size? { sizes[mediaID] }

    /// Every picture `questions` show: the prompts' and the choices'.
    static func mediaIDs(_ questions: [StudentQuestion]) -> Set<Int> {
        var ids = Set<Int>()
        for question in questions {
            if let image = question.image { ids.insert(image.mediaId) }
            for choice in question.choices ?? [] {
                if let image = choice.image { ids.insert(image.mediaId) }
            }
        }
        return ids
    }
}
