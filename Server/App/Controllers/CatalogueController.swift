import ExamPrepRules
import ExamPrepShared
import Hummingbird

/// The public routes: `GET /api/roles`, `GET /api/courses`, `GET /api/courses/{userId}`.
/// The catalogue never shows course codes.
struct CatalogueController {
    let courses: CourseRepository
    let cursors: CursorCodec

    func addRoutes(to router: some RouterMethods<AppRequestContext>) {
        router.get(RouterPath(APIPaths.roles), use: roles)
        router.get(RouterPath(APIPaths.catalogue), use: catalogue)
        router.get(RouterPath(APIPaths.facultyCatalogue.pattern), use: facultyCatalogue)
    }

    /// The roles one registers as, as the first version listed them: admins (id 3) never
    /// register, so a first-version app's picker does not offer them.
    @Sendable func roles(_ request: Request, context: AppRequestContext) async throws -> [RoleInfo] {
        [Role.faculty, .student].map(RoleInfo.init)
    }

    @Sendable func catalogue(_ request: Request, context: AppRequestContext) async throws -> Page<CatalogueCourse> {
        let page = try PageRequest(request, cursors: cursors)
        return Page(try await courses.catalogue(page: page, logger: context.logger), page: page, cursors: cursors, key: \.id)
    }

    @Sendable func facultyCatalogue(_ request: Request, context: AppRequestContext) async throws -> Page<CatalogueCourse> {
        let userID = try context.parameters.require("userId", as: Int.self)
        guard userID > 0 else { throw InvalidInput("api.user-id-positive") }
        let page = try PageRequest(request, cursors: cursors)
        let rows = try await courses.catalogue(facultyID: userID, page: page, logger: context.logger)
        return Page(rows, page: page, cursors: cursors, key: \.id)
    }
}
