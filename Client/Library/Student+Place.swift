import ExamPrepShared
import Foundation

extension APIRequest {
    /// The request from the place `token` names (`X-ExamPrep-Place`; nil: as it is).
    public func inPlace(_ token: String?) -> Self {
        guard let token else { return self }
        var request = self
        request.headers[AttemptPlaceToken.header] = token
        return request
    }
}

extension Student {
    /// `POST /api/students/attempts/{attemptId}/place`: moves an attempt of an exam with one
    /// place per attempt (`ExamPolicy.oneSession`) to this device (`place`), after another tab
    /// or app took it; the answers queued here are then sent.
    @discardableResult
    public func moveHere(_ attemptId: Int) async throws -> AttemptPlace {
        let moved = try await session.send(.moveAttempt(attemptId).inPlace(place))
        if answers.attemptId == attemptId { await answers.send() }
        return moved
    }
}

extension APIRequest where Response == AttemptPlace {
    /// `POST /api/students/attempts/{attemptId}/place`: the attempt belongs to the asking place.
    public static func moveAttempt(_ attemptId: Int) -> Self {
        .init(.post, APIPaths.attemptPlace(attemptId), requiresAuthentication: true)
    }
}
