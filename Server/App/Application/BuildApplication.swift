import ExamPrepShared
import ExamPrepPostgres
import Foundation
import Hummingbird
import Logging

/// Builds the whole server from its configuration: the one entry point of `main` and tests.
/// `logger` replaces the default one (tests capture what the server logs).
public func buildApplication(_ configuration: AppConfiguration, logger: Logger? = nil) async throws -> some ApplicationProtocol {
    var logger = logger ?? Logger(label: "examprep")
    logger.logLevel = configuration.logLevel

    let keys = try SigningKeySource.keys(for: configuration, logger: logger)
    let hasher = try await PasswordHasher.start(
        scheme: configuration.hashScheme, threads: configuration.hashThreads, maxQueued: configuration.hashQueueLimit)
    let database: DatabaseSetup
    do {
        database = try await DatabaseSetup.start(configuration, logger: logger)
    } catch {
        await hasher.shutdown()
        throw error
    }
    let accessTokens = await AccessTokens(
        keys: keys, lifetime: configuration.accessTokenLifetime, leeway: configuration.accessTokenLeeway)

    let router = buildRouter(
        configuration: configuration, pool: database.pool, hasher: hasher, accessTokens: accessTokens, metrics: AppMetrics())
    return Application(
        router: router,
        configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "examprep"),
        services: [ResourceShutdown(database: database, hasher: hasher, logger: logger)],
        logger: logger
    )
}

/// The routes, their controllers and middleware. Router-wide middleware is added before any
/// route, so it wraps every route and the not-found answer.
func buildRouter(
    configuration: AppConfiguration, pool: PostgresPool, hasher: PasswordHasher, accessTokens: AccessTokens,
    metrics: AppMetrics
) -> Router<AppRequestContext> {
    let users = UserRepository(pool: pool)
    let sessions = SessionRepository(pool: pool)
    let courses = CourseRepository(pool: pool)
    let issuer = SessionIssuer(
        accessTokens: accessTokens, sessions: sessions, refreshTokenLifetime: configuration.refreshTokenLifetime)
    let throttle = LoginThrottle(
        failures: LoginFailureRepository(pool: pool),
        window: configuration.loginFailureWindow,
        maxPerAccount: configuration.maxLoginFailuresPerAccount,
        maxPerAddress: configuration.maxLoginFailuresPerAddress)

    let router = RouteRecorder(router: Router(context: AppRequestContext.self, options: .autoGenerateHeadEndpoints))
    router.add(middleware: RequestLogMiddleware())
    router.add(middleware: MetricsMiddleware(metrics: metrics))
    router.add(middleware: ErrorMiddleware())
    router.add(middleware: JSONBodyMiddleware())
    router.add(middleware: MethodNotAllowedMiddleware(routes: router.table))

    HealthController(pool: pool).addRoutes(to: router)
    MetricsController(metrics: metrics, pool: pool, hasher: hasher).addRoutes(to: router)
    OpenAPIController().addRoutes(to: router)
    CatalogueController(courses: courses).addRoutes(to: router)
    AccountController(users: users, hasher: hasher, throttle: throttle, issuer: issuer, metrics: metrics).addRoutes(to: router)
    let tokens = TokenController(issuer: issuer, sessions: sessions)
    tokens.addPublicRoutes(to: router)

    let authenticated = router.group()
        .add(middleware: JWTAuthenticator(tokens: accessTokens, sessions: sessions))
        .group(context: AuthenticatedContext.self)
    let anyRole = authenticated.group().add(middleware: RequireRole(.faculty, .student))
    ProfileController(users: users).addRoutes(to: anyRole)
    tokens.addAuthenticatedRoutes(to: anyRole)
    FacultyController(courses: courses).addRoutes(to: authenticated)
    StudentController(enrollments: EnrollmentRepository(pool: pool)).addRoutes(to: authenticated)
    return router.router
}
