import ExamPrepShared
import Hummingbird

/// The public routes: `GET /api/roles`, `GET /api/courses`, `GET /api/courses/{userId}`.
/// The catalogue never shows course codes.
struct CatalogueController {
    let courses: CourseRepository

    func addRoutes(to router: some RouterMethods<AppRequestContext>) {
        router.get(RouterPath(APIPaths.roles), use: roles)
        router.get(RouterPath(APIPaths.catalogue), use: catalogue)
        router.get(RouterPath(APIPaths.catalogue + "/:userId"), use: facultyCatalogue)
    }

    @Sendable func roles(_ request: Request, context: AppRequestContext) async throws -> [RoleInfo] {
        Role.allCases.map(RoleInfo.init)
    }

    @Sendable func catalogue(_ request: Request, context: AppRequestContext) async throws -> [CatalogueCourse] {
        try await courses.catalogue(logger: context.logger)
    }

    @Sendable func facultyCatalogue(_ request: Request, context: AppRequestContext) async throws -> [CatalogueCourse] {
        let userID = try context.parameters.require("userId", as: Int.self)
        return try await courses.catalogue(facultyID: userID, logger: context.logger)
    }
}
