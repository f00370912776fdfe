import ExamPrepPostgres
import ExamPrepShared
import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import ServiceLifecycle

/// Builds the whole server from its configuration: the one entry point of `main` and tests.
/// `logger` replaces the default one (tests capture what the server logs).
///
/// Long-lived resources are services of the application: the embedded cluster (if any), the
/// database pool, the listener of ended sessions (when sessions are remembered), the hashing
/// threads, housekeeping, the sweep of attempts past their end, the release of freed memory,
/// the watch on the standby and the database's clock (unless a test set its own). They start
/// before the HTTP server and stop after it, in reverse order; the schema is brought up to
/// date, the clock read and the standby's state logged before the server takes its first
/// request.
public func buildApplication(
    _ configuration: AppConfiguration, logger: Logger? = nil, lifecycle: ServerLifecycle = ServerLifecycle()
) async throws -> some ApplicationProtocol {
    try configuration.checkMailSettings()
    try configuration.checkSchoolSignInSettings()
    var configuredLogger = logger ?? Logger(label: "examprep")
    configuredLogger.logLevel = configuration.logLevel
    let logger = configuredLogger

    let keys = try SigningKeySource.keys(for: configuration, logger: logger)
    let database = try await Database.make(configuration, logger: logger)
    // Every replica judges time by the database's clock, unless a test set its own.
    let databaseClock = configuration.clock.followsDatabase ? DatabaseClock(pool: database.pool, logger: logger) : nil
    let configuration = {
        var configuration = configuration
        if let databaseClock { configuration.clock = databaseClock.serverClock }
        return configuration
    }()
    // The hashing pauses while requests wait in the pool's line for a database connection.
    let pool = database.pool
    let hasher = PasswordHasher(
        scheme: configuration.hashScheme, threads: configuration.hashThreads, maxWait: configuration.hashMaxWait,
        times: configuration.hashingTimes, backlog: { pool.statistics.waiting > 0 })
    configuration.hashingHold?.attach(hasher.queue)
    let accessTokens = await AccessTokens(
        keys: keys, lifetime: configuration.accessTokenLifetime, leeway: configuration.accessTokenLeeway, clock: configuration.clock)
    // The questions of running attempts, kept between their saves: one memory for the routes
    // and the sweep, so that an attempt the sweep submits is forgotten.
    let questionCache = AttemptQuestionCache()
    let sweeper = AttemptSweeper(
        expired: ExpiredAttemptRepository(pool: database.pool, questionCache: questionCache), clock: configuration.clock,
        interval: configuration.attemptSweepInterval, logger: logger)
    let housekeeping = Housekeeping(
        rateLimits: RateLimitRepository(pool: database.pool, clock: configuration.clock),
        signInLinks: SignInLinkRepository(pool: database.pool, clock: configuration.clock),
        resetLinks: PasswordResetRepository(pool: database.pool, clock: configuration.clock),
        schoolSignIns: SchoolSignInRepository(pool: database.pool, clock: configuration.clock), interval: .seconds(300), logger: logger)

    let standbyWatch = StandbyWatch(
        pool: database.pool, readsFromStandby: configuration.readDatabase != nil, interval: configuration.standbyCheckInterval,
        logger: logger)

    let clients = ClientConnections()
    // Remembering sessions needs LISTEN, which a pooler in transaction mode cannot carry.
    let sessionCache =
        configuration.sessionCacheSeconds > 0 && !configuration.databaseTransactionPooling
        ? SessionCache(timeToLive: configuration.sessionCacheSeconds, clock: configuration.clock) : nil
    let sessionEnds = sessionCache.map { cache in
        PostgresListener(
            channel: SessionCache.channel, pool: database.pool, logger: logger, onListening: cache.setListening,
            onNotification: cache.sessionEnded)
    }
    let mail = MailOutbox.make(configuration, logger: logger)
    // The school's provider is asked on threads of its own, stopped with the server.
    let providerHTTP =
        configuration.schoolSignIn.isEnabled
        ? ProviderHTTP(timeout: configuration.schoolSignIn.timeout, allowsPlainHTTP: configuration.schoolSignIn.isLoopbackIssuer) : nil
    let schoolProvider = providerHTTP.map {
        OpenIDProvider(settings: configuration.schoolSignIn, http: $0, clock: configuration.clock)
    }
    let linkOrigin = LinkOrigin(publicOrigin: configuration.publicOrigin)
    let router = try buildRouter(
        configuration: configuration, pool: database.pool, readPool: database.readPool, hasher: hasher, accessTokens: accessTokens,
        cursors: CursorCodec(secret: keys.signing.secret), sessionCache: sessionCache, lifecycle: lifecycle,
        metrics: AppMetrics(), questionCache: questionCache, csrf: CSRFTokens(secret: keys.signing.secret), mail: mail,
        linkOrigin: linkOrigin, schoolProvider: schoolProvider)
    let connections = ConnectionCount()
    let limits = configuration.connectionLimits
    var app = Application(
        responder: RequestTaskResponder(base: router.buildResponder()),
        server: HTTPServerBuilder { responder in
            CancelOnDisconnectChannel(
                base: HTTP1Channel(
                    responder: responder,
                    configuration: .init(
                        additionalChannelHandlers: [
                            ConnectionGuard(limits: limits, connections: connections, clients: clients, logger: logger)
                        ], idleTimeout: limits.idle)),
                clients: clients)
        },
        configuration: .init(
            address: .hostname(configuration.host, port: configuration.port), serverName: "examprep",
            backlog: listenBacklog),
        services: database.services + [sessionEnds].compactMap { $0 } + [
            hasher, housekeeping, sweeper, MemoryRelease(interval: .seconds(30), hashing: hasher.queue), standbyWatch,
        ]
            + [databaseClock].compactMap { $0 } + [mail].compactMap { $0 }
            + (providerHTTP.map { [ProviderHTTPService(http: $0)] } ?? []),
        onServerRunning: { channel in
            let port = channel.localAddress?.port ?? configuration.port
            linkOrigin.listens(host: configuration.host, port: port)
            if configuration.publicURL == nil {
                logger.notice(
                    "no PUBLIC_URL: the links the server gives out name \(linkOrigin.origin), which opens only where that address does")
            }
        },
        logger: logger
    )
    app.beforeServerStarts {
        try await database.prepare(logger: logger, wait: configuration.databaseStartupWait)
        try await databaseClock?.synchronize()
        // The hashing threads start with the hasher's service, which runs beside this.
        await hasher.prepare()
        // Said at start: a standby expected and missing, or commits waiting for one.
        try? await standbyWatch.check()
    }
    return app
}

/// Connections the kernel holds for the server before it accepts them. An exam's start brings a
/// whole school at once; with the framework's 256 the rest had their first packet dropped and
/// retried a second or more later (500 logins at once from one test saw connect timeouts). The
/// kernel caps it at `net.core.somaxconn` (4096 on current Linux).
let listenBacklog = 4096

/// The routes, their controllers and middleware. Router-wide middleware is added before any
/// route, so it wraps every route and the not-found answer.
/// `readPool` serves the reports that may read from a standby (statistics, grade books);
/// nil: `pool`.
func buildRouter(
    configuration: AppConfiguration, pool: PostgresPool, readPool: PostgresPool? = nil, hasher: PasswordHasher,
    accessTokens: AccessTokens,
    cursors: CursorCodec, sessionCache: SessionCache? = nil,
    lifecycle: ServerLifecycle = ServerLifecycle(), metrics: AppMetrics, questionCache: AttemptQuestionCache = AttemptQuestionCache(),
    csrf: CSRFTokens = CSRFTokens(secret: RefreshTokens.generate().hash), mail: MailOutbox? = nil,
    linkOrigin: LinkOrigin = LinkOrigin(publicOrigin: nil), schoolProvider: OpenIDProvider? = nil
) throws -> Router<AppRequestContext> {
    let users = UserRepository(pool: pool)
    let sessions = SessionRepository(pool: pool, clock: configuration.clock, cache: sessionCache)
    let courses = CourseRepository(pool: pool)
    let ownership = OwnershipRepository(pool: pool)
    let issuer = SessionIssuer(
        accessTokens: accessTokens, sessions: sessions, refreshTokenLifetime: configuration.refreshTokenLifetime)
    let limiter = RateLimiter(counters: RateLimitRepository(pool: pool, clock: configuration.clock), limits: configuration.limits)
    let passwords = PasswordCheck(users: users, hasher: hasher, limiter: limiter)

    let router = RouteRecorder(
        router: Router(context: AppRequestContext.self, options: .autoGenerateHeadEndpoints))
    router.add(middleware: ClientAddressMiddleware(trustedProxies: configuration.trustedProxies))
    router.add(middleware: RequestLogMiddleware())
    router.add(middleware: LanguageMiddleware(defaultLanguage: configuration.defaultLanguage))
    router.add(middleware: MetricsMiddleware(metrics: metrics))
    router.add(middleware: ErrorMiddleware())
    router.add(middleware: JSONBodyMiddleware())
    router.add(middleware: MethodNotAllowedMiddleware(routes: router.table))

    HealthController(pool: pool, lifecycle: lifecycle, readsFromStandby: configuration.readDatabase != nil).addRoutes(to: router)
    let startBatcher = StartBatcher()
    MetricsController(metrics: metrics, pool: pool, hasher: hasher, startBatcher: startBatcher).addRoutes(to: router)
    OpenAPIController().addRoutes(to: router)
    CatalogueController(courses: courses, cursors: cursors).addRoutes(to: router)
    let accounts = Accounts(users: users, hasher: hasher, limiter: limiter, passwords: passwords, metrics: metrics)
    let links = OneTimeLinks(origin: linkOrigin, timeZone: configuration.defaultTimeZone)
    let invitationRepository = InvitationRepository(pool: pool, clock: configuration.clock)
    let invitations = InvitationActions(invitations: invitationRepository, hasher: hasher, links: links, mail: mail)
    let resets = PasswordResets(
        resets: PasswordResetRepository(pool: pool, clock: configuration.clock), sessions: sessions, hasher: hasher, limiter: limiter,
        links: links, mail: mail)
    let accountActions = AccountActions(accounts: accounts, resets: resets, sessions: sessions)
    AccountController(
        accounts: accounts, issuer: issuer, facultyRegistration: configuration.facultyRegistration,
        domainRegistration: DomainRegistration(invitations: invitationRepository, limiter: limiter, links: links, mail: mail),
        accountActions: accountActions
    ).addRoutes(to: router)
    InvitationController(invitations: invitations).addRoutes(to: router)
    PasswordResetController(resets: resets, accounts: accountActions).addRoutes(to: router)
    let schoolAccounts = SchoolAccounts(
        users: AdminUserRepository(pool: pool), audit: AdminAuditRepository(pool: pool), invitations: invitations, resets: resets)
    let tokens = TokenController(issuer: issuer, sessions: sessions)
    tokens.addPublicRoutes(to: router)
    AppTokenController(requests: AppSignInRepository(pool: pool, clock: configuration.clock), issuer: issuer, limiter: limiter)
        .addRoutes(to: router)

    let authenticated = router.group()
        .add(middleware: JWTAuthenticator(tokens: accessTokens, sessions: sessions))
        .group(context: AuthenticatedContext.self)
    let anyRole = authenticated.group().add(middleware: RequireRole(.faculty, .student, .admin))
    MeController(
        users: users, sessions: sessions, accounts: accounts, cursors: cursors, clock: configuration.clock, accountActions: accountActions
    ).addRoutes(to: anyRole)
    tokens.addAuthenticatedRoutes(to: anyRole)
    AdminController(accounts: schoolAccounts, sessions: sessions, cursors: cursors).addRoutes(to: authenticated)
    DataOutController(
        export: PersonalDataExport(pool: pool), erasure: AccountErasure(pool: pool), sessions: sessions, clock: configuration.clock
    ).addRoutes(anyRole: anyRole, authenticated: authenticated)

    let clock = configuration.clock
    let enrollments = EnrollmentRepository(pool: pool)
    let attempts = AttemptRepository(
        pool: pool, questionCache: questionCache, startBatcher: startBatcher, drawRetries: configuration.bankDrawRetries)
    let expired = ExpiredAttemptRepository(pool: pool, questionCache: questionCache)
    let studentExams = StudentExamRepository(pool: pool)
    let studentTerms = StudentTermsRepository(pool: pool)
    let facultyAttempts = FacultyAttemptRepository(pool: pool)
    let courseActions = FacultyCourseActions(
        courses: courses, ownership: ownership, enrollments: enrollments, limiter: limiter, studentTerms: studentTerms,
        maxCoursesPerFaculty: configuration.maxCoursesPerFaculty, defaultTimeZone: configuration.defaultTimeZone)
    FacultyCourseController(actions: courseActions, cursors: cursors).addRoutes(to: authenticated)
    FacultyResetLinkController(links: StudentLinks(ownership: ownership, resets: resets, limiter: limiter)).addRoutes(to: authenticated)
    let classLists = ClassListImporter(
        ownership: ownership,
        classLists: ClassListRepository(
            pool: pool, clock: clock, newAccountsPerTeacherPerDay: configuration.classListAccountsPerDay), limiter: limiter, links: links,
        mail: mail)
    ClassListController(importer: classLists).addRoutes(to: authenticated)
    let examActions = FacultyExamActions(
        exams: ExamRepository(pool: pool), limiter: limiter, caps: configuration.examCaps, studentTerms: studentTerms, clock: clock,
        expired: expired)
    FacultyExamController(actions: examActions, ownership: ownership, cursors: cursors, attempts: facultyAttempts, expired: expired)
        .addRoutes(to: authenticated)
    let attemptActions = FacultyAttemptActions(attempts: facultyAttempts, limiter: limiter, clock: clock)
    FacultyAttemptController(actions: attemptActions, cursors: cursors).addRoutes(to: authenticated)
    let essayActions = EssayGradingActions(essays: EssayGradingRepository(pool: pool), clock: clock)
    EssayGradingController(actions: essayActions).addRoutes(to: authenticated)
    let questionActions = FacultyQuestionActions(
        bank: QuestionBankRepository(pool: pool, caps: configuration.examCaps), regrades: RegradeRepository(pool: pool), limiter: limiter,
        clock: clock,
        media: MediaStore(media: MediaRepository(pool: pool), quotaBytes: configuration.mediaQuotaPerCourseMB << 20, clock: clock))
    FacultyQuestionController(actions: questionActions, cursors: cursors).addRoutes(to: authenticated)
    let gradeBook = GradeBookRepository(pool: readPool ?? pool)
    FacultyGradeController(grades: gradeBook, expired: expired, ownership: ownership, cursors: cursors, clock: clock)
        .addRoutes(to: authenticated)
    let gradeScales = GradeScaleActions(scales: GradeScaleRepository(pool: pool), clock: clock)
    GradeScaleController(actions: gradeScales).addRoutes(to: authenticated)
    // Pictures in questions (issue 68).
    let media = MediaRepository(pool: pool)
    let mediaStore = MediaStore(media: media, quotaBytes: configuration.mediaQuotaPerCourseMB << 20, clock: clock)
    MediaUploadController(store: mediaStore).addRoutes(to: authenticated)
    // A course's file out and back, and its copy (issue 72).
    CourseCopyController(actions: CourseCopyActions(pool: pool, courses: courseActions, limiter: limiter, configuration: configuration))
        .addRoutes(to: authenticated)
    let statistics = FacultyStatisticsController(statistics: StatisticsRepository(pool: readPool ?? pool), expired: expired, clock: clock)
    statistics.addRoutes(to: authenticated)
    let courseInvitations = CourseInvitationRepository(pool: pool)
    let studentCourses = StudentCourseActions(
        enrollments: enrollments, invitations: courseInvitations, studentExams: studentExams, expired: expired, limiter: limiter,
        clock: clock)
    StudentCourseController(actions: studentCourses, cursors: cursors).addRoutes(to: authenticated)
    StudentCourseInvitationController(actions: studentCourses).addRoutes(to: authenticated)
    StudentExamController(
        attempts: attempts, expired: expired, studentExams: studentExams, cursors: cursors, clock: clock,
        publicOrigin: configuration.publicOrigin
    ).addRoutes(to: authenticated)
    let flags = AttemptFlagRepository(pool: pool, questionCache: attempts.questionCache)
    StudentAttemptController(attempts: attempts, flags: flags, expired: expired, clock: clock, publicOrigin: configuration.publicOrigin)
        .addRoutes(to: authenticated)
    StudentGradeController(expired: expired, studentExams: studentExams, cursors: cursors, clock: clock).addRoutes(to: authenticated)
    // Practice and review (issue 27).
    FacultyPracticeController(actions: questionActions).addRoutes(to: authenticated)
    let practice = StudentPracticeActions(
        practice: PracticeRepository(pool: pool, drawRetries: attempts.drawRetries), reviews: ReviewRepository(pool: pool),
        enrollments: enrollments, limiter: limiter, clock: clock)
    StudentPracticeController(actions: practice, cursors: cursors).addRoutes(to: authenticated)
    // The pages (issue 37): the same repositories, drawn as HTML for a browser.
    let pages = PageRoutes(
        configuration: configuration, accounts: accounts, sessions: sessions, csrf: csrf, limiter: limiter,
        enrollments: enrollments, courseActions: courseActions, gradeScales: gradeScales, questionActions: questionActions,
        examActions: examActions,
        attemptActions: attemptActions, essayActions: essayActions, gradeBook: gradeBook, statistics: statistics,
        attempts: attempts, flags: flags, expired: expired, studentExams: studentExams, schoolAccounts: schoolAccounts,
        classLists: classLists, courseInvitations: courseInvitations,
        schoolSignIn: schoolProvider.map { provider in
            SchoolSignIn(
                provider: provider, flows: SchoolSignInRepository(pool: pool, clock: clock),
                identities: SchoolIdentityRepository(pool: pool, clock: clock), limiter: limiter, origin: linkOrigin,
                allowedDomains: configuration.schoolSignIn.allowedDomains)
        }
    )
    try pages.add(to: router)
    MediaServeController(media: media, tokens: accessTokens, sessions: sessions, webSessions: pages.webSessions, cookies: pages.cookies)
        .addRoutes(to: router)
    // A native sign-in signs the browser in too (issue 38): an app's web views, `examprep open`.
    WebSignInController(
        webSessions: pages.webSessions, links: pages.signInLinks, cookies: pages.cookies, limiter: limiter,
        origin: linkOrigin
    ).addRoutes(to: anyRole)
    return router.router
}
