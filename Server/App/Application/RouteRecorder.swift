import HTTPTypes
import Hummingbird

/// The root of route registration: forwards every route to the router, its work cancelled
/// when the client goes away (`CancelOnDisconnectResponder`), and notes its path pattern
/// and method in a `RouteTable`. Route groups, authenticated ones included, register
/// through their parent, so every route passes through here.
final class RouteRecorder: RouterMethods {
    typealias Context = AppRequestContext

    let router: Router<AppRequestContext>
    let table = RouteTable()
    let connections: ClientConnections

    init(router: Router<AppRequestContext>, connections: ClientConnections) {
        self.router = router
        self.connections = connections
    }

    @discardableResult
    func on<Responder: HTTPResponder>(_ path: RouterPath, method: HTTPRequest.Method, responder: Responder) -> Self
    where Responder.Context == AppRequestContext {
        table.add(pattern: path.description, method: method)
        router.on(path, method: method, responder: CancelOnDisconnectResponder(inner: responder, connections: connections))
        return self
    }

    @discardableResult
    func add(middleware: any MiddlewareProtocol<Request, Response, AppRequestContext>) -> Self {
        router.add(middleware: middleware)
        return self
    }
}
