import ExamPrepShared
import Mustache

/// A picture as a page draws it (`picture.mustache`): `<img src alt width height>`, its size
/// in pixels from the stored picture so that the page does not move when it arrives (absent
/// only when the picture is not the course's any more); app.css scales it down to the screen.
struct PictureView: Sendable, Equatable {
    var src: String
    var alt: String
    var width: Int?
    var height: Int?
    /// Drawn small (the bank's list).
    var thumbnail = false

    /// `image` as a page shows it, its size from `sizes`; nil without a picture.
    init?(_ image: QuestionImage?, sizes: PictureSizes) {
        guard let image else { return nil }
        src = APIPaths.media(image.mediaId)
        alt = image.alt
        let size = sizes[image.mediaId]
        width = size?.width
        height = size?.height
    }
}

extension PictureView: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "src": src
        case "alt": alt
        case "width": width
        case "height": height
        case "thumbnail": thumbnail
        default: nil
        }
    }
}
