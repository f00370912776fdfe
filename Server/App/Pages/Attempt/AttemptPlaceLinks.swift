import ExamPrepShared

/// The attempt pages' links and forms carry the place they were opened in (`?place=`, for an
/// exam with one place per attempt, `ExamPolicy.oneSession`), so that a browser without
/// JavaScript stays in its place from page to page; the page's script reads it from the address
/// and sends it as `X-ExamPrep-Place`. Without a place, links are as they were.
struct AttemptPlaceLinks: Sendable {
    /// The place's token (valid: `AttemptAccess` keeps no other).
    var place: String?

    /// `path` with the place added to its query.
    func path(_ path: String) -> String {
        guard let place else { return path }
        return path + (path.contains("?") ? "&" : "?") + AttemptPlaceToken.queryName + "=" + place
    }

    /// What a form's action or a link adds to `/attempts/{id}`: `?place=…`, or nothing.
    var query: String { place.map { "?" + AttemptPlaceToken.queryName + "=" + $0 } ?? "" }
}
