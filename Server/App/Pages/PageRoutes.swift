import ExamPrepShared
import Hummingbird

/// The pages (issue 37): HTML for browsers, on the same repositories as the API. Every page
/// passes, outermost first, `PageHeadersMiddleware` (CSP, nosniff, no framing),
/// `WebSessionMiddleware` (the cookie, the CSRF token), `PageErrorMiddleware` (failures become
/// pages, or the API's envelope for apps) and `CSRFMiddleware` (forged posts are 403 before any
/// handler). Signed-in pages use `PageContext`, whose `user` is not optional.
struct PageRoutes {
    let configuration: AppConfiguration
    let accounts: Accounts
    let sessions: SessionRepository
    let csrf: CSRFTokens
    let limiter: RateLimiter
    let enrollments: EnrollmentRepository
    /// A faculty member's courses, as the API changes them (issue 39).
    let courseActions: FacultyCourseActions
    /// A course's grade scale, as the API sets it (issue 70).
    let gradeScales: GradeScaleActions
    /// A course's question bank, as the API changes it (issue 39).
    let questionActions: FacultyQuestionActions
    /// A course's exams, as the API changes them (issue 39).
    let examActions: FacultyExamActions
    /// Extending attempts on exam day, as the API does (issue 39).
    let attemptActions: FacultyAttemptActions
    /// Grading essays by hand, as the API does (issue 41).
    let essayActions: EssayGradingActions
    /// The results pages' grade book and item analysis, the API's (issue 39).
    let gradeBook: GradeBookRepository
    let statistics: FacultyStatisticsController
    let attempts: AttemptRepository
    let flags: AttemptFlagRepository
    let expired: ExpiredAttemptRepository
    let studentExams: StudentExamRepository
    /// A school's accounts (issue 40).
    let schoolAccounts: SchoolAccounts
    /// Class lists read into a course, as the API does (issue 44).
    let classLists: ClassListImporter
    /// The courses class lists invited a student into (issue 62).
    let courseInvitations: CourseInvitationRepository
    /// Sign-in with the school's accounts; nil while `OIDC_ISSUER` is unset (its routes are then 404).
    let schoolSignIn: SchoolSignIn?

    /// The browser's cookies, sessions and one-time links, shared with the API's
    /// `WebSignInController` (one place makes the session cookie).
    var cookies: WebCookies { WebCookies(secure: configuration.servesHTTPS) }
    var webSessions: WebSessions { WebSessions(sessions: sessions, idleLifetime: configuration.webSessionLifetime) }
    var signInLinks: SignInLinks { SignInLinks(links: SignInLinkRepository(pool: sessions.pool, clock: configuration.clock)) }

    /// The paths that are not pages: the API and the operations routes.
    static func isPage(_ path: String) -> Bool {
        !path.hasPrefix("/api") && !path.hasPrefix("/media/") && !["/health", "/ready", "/metrics", "/openapi.yaml"].contains(path)
    }

    func add(to router: RouteRecorder) throws {
        let assets = PageAssets()
        let renderer = try PageRenderer(assets: assets)
        let cookies = cookies
        let webSessions = webSessions
        let clock = configuration.clock
        AssetController(assets: assets).addRoutes(to: router)

        // The session is known before errors are drawn, so an error page's forms (sign out) carry its token.
        let pages = router.group()
            .add(middleware: PageHeadersMiddleware())
            .add(middleware: WebSessionMiddleware(sessions: webSessions, tokens: csrf, cookies: cookies))
            .add(middleware: PageErrorMiddleware(renderer: renderer))
            .add(middleware: CSRFMiddleware(publicOrigin: configuration.publicOrigin))
        let accountActions = AccountActions(accounts: accounts, resets: schoolAccounts.resets, sessions: sessions)
        SignInPageController(
            accounts: accounts, webSessions: webSessions, cookies: cookies, renderer: renderer, accountActions: accountActions,
            schoolButton: schoolSignIn.map { _ in configuration.schoolSignIn.buttonLabel }
        ).addRoutes(to: pages)
        LanguagePageController(accounts: accounts, sessions: sessions, cookies: cookies).addRoutes(to: pages)
        RecoveryPageController(resets: schoolAccounts.resets, accounts: accountActions, renderer: renderer).addRoutes(to: pages)
        SignInLinkPageController(links: signInLinks, browser: BrowserSignIn(webSessions: webSessions, cookies: cookies), renderer: renderer)
            .addRoutes(to: pages)

        let signedIn = pages.group(context: PageContext.self)
        if let schoolSignIn {
            SchoolSignInPageController(
                signIn: schoolSignIn, accounts: accounts, browser: BrowserSignIn(webSessions: webSessions, cookies: cookies),
                renderer: renderer
            ).addRoutes(to: pages)
        }
        AppSignInPageController(
            requests: AppSignInRepository(pool: sessions.pool, clock: clock), limiter: limiter, cookies: cookies, renderer: renderer
        ).addRoutes(to: pages, signedIn: signedIn)
        AccountPageController(
            accounts: accounts, sessions: sessions, cookies: cookies, renderer: renderer,
            accountActions: accountActions, timeZone: configuration.defaultTimeZone
        ).addRoutes(to: signedIn)
        let teachers = signedIn.group().add(middleware: RequireFacultyPage())
        TeachPageController(actions: courseActions, renderer: renderer).addRoutes(to: teachers)
        let coursePages = TeachCoursePageController(actions: courseActions, gradeScales: gradeScales, renderer: renderer)
        coursePages.addRoutes(to: teachers)
        TeachGradeScalePageController(actions: gradeScales, coursePages: coursePages).addRoutes(to: teachers)
        CourseCopyPageController(
            actions: CourseCopyActions(pool: attempts.pool, courses: courseActions, limiter: limiter, configuration: configuration),
            renderer: renderer
        ).addRoutes(to: teachers)
        TeachClassListPageController(coursePages: coursePages, importer: classLists, renderer: renderer).addRoutes(to: teachers)
        TeachSignInLinkPageController(
            courses: courseActions,
            links: StudentLinks(ownership: courseActions.ownership, resets: schoolAccounts.resets, limiter: limiter), renderer: renderer
        ).addRoutes(to: teachers)
        let mediaStore = MediaStore(pool: attempts.pool, configuration: configuration)
        TeachBankPageController(courses: courseActions, actions: questionActions, media: mediaStore.media, renderer: renderer)
            .addRoutes(to: teachers)
        TeachExamPageController(courses: courseActions, actions: examActions, renderer: renderer).addRoutes(to: teachers)
        TeachLivePageController(courses: courseActions, exams: examActions, actions: attemptActions, expired: expired, renderer: renderer)
            .addRoutes(to: teachers)
        TeachResultsPageController(courses: courseActions, grades: gradeBook, statistics: statistics, renderer: renderer)
            .addRoutes(to: teachers)
        TeachGradingPageController(exams: examActions, actions: essayActions, renderer: renderer).addRoutes(to: teachers)
        TeachQuestionPageController(actions: questionActions, media: mediaStore, renderer: renderer).addRoutes(to: teachers)
        TeachExamEditorController(courses: courseActions, questions: questionActions, actions: examActions, renderer: renderer)
            .addRoutes(to: teachers)
        let adminPages = AdminPageController(
            users: schoolAccounts.users, invitations: schoolAccounts.invitations, audit: schoolAccounts.audit,
            resets: schoolAccounts.resets, sessions: sessions, identities: SchoolIdentityRepository(pool: sessions.pool, clock: clock),
            renderer: renderer, timeZone: configuration.defaultTimeZone)
        adminPages.addRoutes(to: signedIn)
        // An invitation sent (admins only, as the admin page) and accepted (anyone with its link).
        InvitationPageController(invitations: schoolAccounts.invitations, admin: adminPages, renderer: renderer)
            .addRoutes(to: pages, signedIn: signedIn)
        DataOutPageController(
            export: PersonalDataExport(pool: sessions.pool), erasure: AccountErasure(pool: sessions.pool), sessions: sessions,
            renderer: renderer, clock: clock
        ).addRoutes(to: signedIn)
        let students = signedIn.group().add(middleware: RequireStudentPage())
        GradesPageController(studentExams: studentExams, expired: expired, renderer: renderer, clock: clock).addRoutes(to: students)
        let practice = StudentPracticeActions(
            practice: PracticeRepository(pool: attempts.pool, drawRetries: attempts.drawRetries),
            reviews: ReviewRepository(pool: attempts.pool), enrollments: enrollments, limiter: limiter, clock: clock)
        PracticePageController(actions: practice, renderer: renderer).addRoutes(to: students)
        let courses = StudentCourseActions(
            enrollments: enrollments, invitations: courseInvitations, studentExams: studentExams, expired: expired, limiter: limiter,
            clock: clock)
        CoursePageController(actions: courses, renderer: renderer).addRoutes(to: students)
        ExamPageController(
            enrollments: enrollments, studentExams: studentExams, attempts: attempts, expired: expired, renderer: renderer, clock: clock,
            publicOrigin: configuration.publicOrigin
        ).addRoutes(to: students)
        AttemptPageController(
            attempts: attempts, flags: flags, expired: expired, renderer: renderer, clock: clock, publicOrigin: configuration.publicOrigin
        ).addRoutes(to: students)
    }
}

/// Student pages let only students in (a faculty member is sent to their own page).
struct RequireStudentPage: RouterMiddleware {
    typealias Context = PageContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard context.user.role == .student else { throw PageFailure.studentsOnly }
        return try await next(request, context)
    }
}

/// `GET /assets/{name}`: the stylesheet and the script, by their content-hashed names, cached
/// for a year (a new build has new names), gzipped for a browser that accepts it.
struct AssetController {
    let assets: PageAssets

    func addRoutes(to router: some RouterMethods<AppRequestContext>) {
        router.get("/assets/:name", use: asset)
    }

    @Sendable func asset(_ request: Request, context: AppRequestContext) async throws -> Response {
        guard let asset = assets.asset(at: request.uri.path) else { throw HTTPFailure.notFound("page.no-such-file") }
        var headers: HTTPFields = [
            .contentType: asset.contentType, .cacheControl: "public, max-age=31536000, immutable", .vary: "Accept-Encoding",
        ]
        PageHeadersMiddleware<AppRequestContext>.secure(&headers)
        var body = asset.body
        if let gzipped = asset.gzipped, PageAssets.Asset.acceptsGzip(request.headers[.acceptEncoding]) {
            headers[.contentEncoding] = "gzip"
            body = gzipped
        }
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: body))
    }
}
