import Foundation
import HTTPTypes
import Hummingbird

/// Settles the client's address for the limits and the logs. The socket's peer is the
/// client, unless the peer is a trusted proxy (`TRUSTED_PROXIES`): then `X-Forwarded-For`
/// is read from the right, skipping trusted proxies, and the first other address is the
/// client. Addresses further left were written by the client itself and are never believed;
/// when every hop is trusted, the nearest one is the client.
struct ClientAddressMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    let trustedProxies: [AddressBlock]

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard !trustedProxies.isEmpty else { return try await next(request, context) }
        var context = context
        context.clientAddress = clientAddress(peer: context.peerAddress, forwardedFor: request.headers[values: .xForwardedFor])
        return try await next(request, context)
    }

    func clientAddress(peer: String, forwardedFor headers: [String]) -> String {
        guard let peerAddress = IPAddress(peer), isTrusted(peerAddress) else { return peer }
        let hops = headers.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }
        // The right-most hop was written by the trusted peer itself: it is the nearest one.
        guard let nearestHop = hops.last.flatMap(IPAddress.init) else { return peerAddress.description }
        for hop in hops.reversed() {
            guard let address = IPAddress(hop) else { break }
            guard isTrusted(address) else { return address.description }
        }
        // Every readable hop is a trusted proxy: the one nearest to us, never one further
        // left, which whoever sent the request could have written.
        return nearestHop.description
    }

    private func isTrusted(_ address: IPAddress) -> Bool {
        trustedProxies.contains { $0.contains(address) }
    }
}

extension HTTPField.Name {
    static let xForwardedFor = Self("X-Forwarded-For")!
}
