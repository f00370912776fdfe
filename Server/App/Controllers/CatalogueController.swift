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

    @Sendable func roles(_ request: Request, context: AppRequestContext) async throws -> JSONBody<[RoleInfo]> {
        JSONBody(.ok, Role.allCases.map(RoleInfo.init))
    }

    @Sendable func catalogue(_ request: Request, context: AppRequestContext) async throws -> JSONBody<[CatalogueCourse]> {
        JSONBody(.ok, try await courses.catalogue())
    }

    @Sendable func facultyCatalogue(_ request: Request, context: AppRequestContext) async throws -> JSONBody<[CatalogueCourse]> {
        let text = context.parameters.get("userId") ?? ""
        guard let userID = Int(text), userID > 0 else {
            throw APIError.validation("userId must be a positive whole number.")
        }
        return JSONBody(.ok, try await courses.catalogue(facultyID: userID))
    }
}
