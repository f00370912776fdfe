import ExamPrepRules
import ExamPrepShared
import Foundation
import HTTPTypes
import Hummingbird

/// `GET /`, `/login`, `/register` (and their forms) and `POST /logout`: signing in, creating a
/// student account and signing out in a browser. Signing in opens a new session row (a token
/// known before never becomes a signed-in one) and sets its cookie.
struct SignInPageController {
    let accounts: Accounts
    let webSessions: WebSessions
    let cookies: WebCookies
    let renderer: PageRenderer
    /// The password rule and the account's making (`AccountActions`).
    let accountActions: AccountActions
    /// The school sign-in button's label, when `OIDC_ISSUER` is set.
    var schoolButton: String?

    func addRoutes(to pages: some RouterMethods<AppRequestContext>) {
        pages.get("/", use: home)
        pages.get("/login", use: loginPage)
        pages.post("/login", use: login)
        pages.get("/register", use: registerPage)
        pages.post("/register", use: register)
        pages.post("/logout", use: logout)
    }

    struct LoginForm: Sendable {
        var email = ""
        var next: String?
        var error: String?
        var notice: String?
        /// Shed by the hashing queue: when to try again (the page's script does it by itself).
        var inLine: String?
        /// The school sign-in button (its label and address, with `next`).
        var schoolButton: String?
        var schoolStart: String?
    }

    struct RegisterForm: Sendable {
        var email = ""
        /// The name as typed (optional: teachers see the address without one).
        var name = ""
        var error: String?
        var inLine: String?
    }

    /// A disabled account's sign-in, with a password or the school's account.
    static let disabledMessage = Message("signin.disabled")

    /// In a sign-in surge the hashing queue sheds what it could not start within
    /// `PASSWORD_HASH_MAX_WAIT`: the form comes back (503, `Retry-After`, the address kept, never
    /// the password) saying when to press its `button` again. With JavaScript the form waits in
    /// line by itself (sign-in-wait.js: a countdown, then it sends the form again) and shows this
    /// sentence only when it stops trying.
    static func inLine(_ busy: HashingOverloaded, _ catalogue: Catalogue, press button: Message = Message("signin.sign-in")) -> String {
        catalogue.string(Message("signin.press-again", ["button": .message(button), "count": .integer(busy.retryAfter)]))
    }

    @Sendable func home(_ request: Request, context: AppRequestContext) async throws -> Response {
        if let user = context.page?.user { return PageRenderer.redirect(to: Self.home(of: user)) }
        return show(LoginForm(), context: context)
    }

    @Sendable func loginPage(_ request: Request, context: AppRequestContext) async throws -> Response {
        if let user = context.page?.user { return PageRenderer.redirect(to: Self.home(of: user)) }
        let next = request.uri.queryParameters.get("next").flatMap { SignInTarget.isLocal($0) ? $0 : nil }
        // The notice of `?done=` is the frame's (`PageNotice`).
        // After a reset or a welcome link the set-password page sends the address along
        // (`email=`): filled in when it is an address as registration takes one, escaped as a
        // typed one is; anything else fills nothing in.
        let email = request.uri.queryParameters.get("email").flatMap { try? EmailAddress(validating: $0).display } ?? ""
        return show(LoginForm(email: email, next: next), context: context)
    }

    @Sendable func login(_ request: Request, context: AppRequestContext) async throws -> Response {
        let form = context.page?.form ?? FormData()
        let email = form["email"] ?? ""
        let password = form["password"] ?? ""
        let next = form["next"].flatMap { SignInTarget.isLocal($0) ? $0 : nil }
        var page = LoginForm(email: String(email.prefix(254)), next: next)
        guard !EmailAddress.isBlank(email), !password.isEmpty else {
            page.error = context.catalogue.string(Message("signin.enter-email-and-password"))
            return show(page, context: context, status: .badRequest)
        }
        let outcome: Accounts.SigningIn
        do {
            outcome = try await accounts.signIn(
                email: email, password: password, clientAddress: context.clientAddress, logger: context.logger)
        } catch let busy as HashingOverloaded {
            page.inLine = Self.inLine(busy, context.catalogue)
            return PageRenderer.retrying(after: busy.retryAfter, show(page, context: context, status: .serviceUnavailable))
        }
        switch outcome {
        case .wrong:
            page.error = context.catalogue.string(Message("signin.wrong-password"))
            return show(page, context: context, status: .badRequest)
        case .disabled:
            page.error = context.catalogue.string(Self.disabledMessage)
            return show(page, context: context, status: .forbidden)
        case .limited(let refusal):
            page.error = context.catalogue.string(refusal.message)
            return PageRenderer.retrying(after: refusal.retryAfter, show(page, context: context, status: .tooManyRequests))
        case .signedIn(let user):
            return try await signIn(userID: user.id, role: user.role, next: next, request: request, context: context)
        }
    }

    @Sendable func registerPage(_ request: Request, context: AppRequestContext) async throws -> Response {
        if let user = context.page?.user { return PageRenderer.redirect(to: Self.home(of: user)) }
        return showRegister(RegisterForm(), context: context)
    }

    /// A student account, signed in at once.
    @Sendable func register(_ request: Request, context: AppRequestContext) async throws -> Response {
        let form = context.page?.form ?? FormData()
        let password = form["password"] ?? ""
        var page = RegisterForm(email: String((form["email"] ?? "").prefix(254)), name: String((form["name"] ?? "").prefix(200)))
        let email: EmailAddress
        let name: String?
        do {
            email = try EmailAddress(validating: form["email"] ?? "")
            name = try PersonName.optional(form["name"])
            try accountActions.checkPassword(password)
        } catch let invalid as InvalidInput {
            page.error = context.catalogue.string(invalid.message)
            return showRegister(page, context: context, status: .badRequest)
        }
        let outcome: Accounts.Registering
        do {
            outcome = try await accountActions.register(
                email: email, password: password, role: .student, clientAddress: context.clientAddress, logger: context.logger)
        } catch let busy as HashingOverloaded {
            page.inLine = Self.inLine(busy, context.catalogue, press: Message("signin.create-account"))
            return PageRenderer.retrying(after: busy.retryAfter, showRegister(page, context: context, status: .serviceUnavailable))
        }
        switch outcome {
        case .created(let userID):
            if let name { _ = try await accounts.users.setName(userID: userID, to: name, logger: context.logger) }
            return try await signIn(userID: userID, role: .student, next: "/courses?done=registered", request: request, context: context)
        case .emailTaken:
            page.error = context.catalogue.string(Message("signin.email-taken"))
            return showRegister(page, context: context, status: .conflict)
        case .limited(let refusal):
            page.error = context.catalogue.string(refusal.message)
            return PageRenderer.retrying(after: refusal.retryAfter, showRegister(page, context: context, status: .tooManyRequests))
        }
    }

    @Sendable func logout(_ request: Request, context: AppRequestContext) async throws -> Response {
        if let user = context.page?.user {
            try await webSessions.end(sessionID: user.sessionID, userID: user.id, logger: context.logger)
        }
        var response = PageRenderer.redirect(to: "/login?done=signed-out")
        response.headers.append(HTTPField(name: .setCookie, value: cookies.clearSession()))
        return response
    }

    private func signIn(userID: Int, role: Role, next: String?, request: Request, context: AppRequestContext) async throws -> Response {
        try await BrowserSignIn(webSessions: webSessions, cookies: cookies)
            .signIn(userID: userID, role: role, next: next, request: request, context: context)
    }

    static func home(of user: WebUser) -> String {
        BrowserSignIn.home(of: user.role)
    }

    private func show(_ form: LoginForm, context: AppRequestContext, status: HTTPResponse.Status = .ok) -> Response {
        var form = form
        if let schoolButton {
            form.schoolButton = schoolButton
            form.schoolStart = SchoolSignInPageController.startPath(next: form.next)
        }
        return renderer.render(
            "login", title: context.catalogue.string(Message("signin.sign-in")), frame: Self.frame(context), page: form, status: status)
    }

    private func showRegister(_ form: RegisterForm, context: AppRequestContext, status: HTTPResponse.Status = .ok) -> Response {
        renderer.render(
            "register", title: context.catalogue.string(Message("signin.create-student-account")), frame: Self.frame(context), page: form,
            status: status)
    }

    static func frame(_ context: AppRequestContext) -> PageFrame {
        PageFrame(context)
    }
}
