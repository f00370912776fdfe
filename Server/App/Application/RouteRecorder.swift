import HTTPTypes
import Hummingbird

/// The root of route registration: forwards every route to the router and notes its path
/// pattern and method in a `RouteTable`. Route groups, authenticated ones included, register
/// through their parent, so every route passes through here.
final class RouteRecorder: RouterMethods {
    typealias Context = AppRequestContext

    let router: Router<AppRequestContext>
    let table = RouteTable()

    init(router: Router<AppRequestContext>) {
        self.router = router
    }

    @discardableResult
    func on<Responder: HTTPResponder>(_ path: RouterPath, method: HTTPRequest.Method, responder: Responder) -> Self
    where Responder.Context == AppRequestContext {
        table.add(pattern: path.description, method: method)
        router.on(path, method: method, responder: responder)
        return self
    }

    @discardableResult
    func add(middleware: any MiddlewareProtocol<Request, Response, AppRequestContext>) -> Self {
        router.add(middleware: middleware)
        return self
    }
}
