import ExamPrepShared

/// What the layout around every page shows: who is signed in, the links they have, the CSRF
/// token of the sign-out form, and the stylesheet and script (filled in by `PageRenderer`).
struct PageFrame: Sendable {
    var signedIn: Bool
    var email: String?
    var isStudent: Bool
    var isFaculty: Bool
    var isAdmin: Bool
    var csrfToken: String
    var stylesheet = ""
    var script = ""

    init(user: WebUser?, csrfToken: String) {
        self.signedIn = user != nil
        self.email = user?.email
        self.isStudent = user?.role == .student
        self.isFaculty = user?.role == .faculty
        self.isAdmin = user?.role == .admin
        self.csrfToken = csrfToken
    }
}

/// One page as a template sees it: `title` (the document's title, before " · ExamPrep"),
/// `frame` (the layout's) and `page` (the page's own model).
struct PageDocument<Model: Sendable>: Sendable {
    var title: String
    var frame: PageFrame
    var page: Model
}
