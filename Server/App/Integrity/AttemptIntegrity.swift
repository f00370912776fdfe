import ExamPrepPostgres
import ExamPrepShared
import Foundation
import HTTPTypes
import Hummingbird

/// The integrity rules of an attempt's exam, read with the attempt itself (`AttemptSave.read`
/// selects `columns`), so that a save, a focus batch or a read checks them without a statement
/// of its own: a save is the hot path of an exam hour.
struct AttemptIntegrity: Sendable, Equatable {
    /// The exam's Safe Exam Browser configuration keys; nil: any browser.
    var safeExamBrowserKeys: [String]?
    /// Whether the attempt page's leaving periods are kept.
    var focusLog: Bool
    /// Whether the attempt belongs to one place (`place`).
    var oneSession: Bool
    /// The token of the place the attempt belongs to (nil: none claimed it yet), and since when.
    var place: String?
    var placeSince: Date?

    /// No rule on (an attempt read without its exam's policy).
    static let none = AttemptIntegrity(safeExamBrowserKeys: nil, focusLog: false, oneSession: false)

    /// A fixed fragment of a select list (exam alias `e`, attempt alias `a`).
    static let columns = "array_to_string(e.seb_config_keys, ',') AS seb_config_keys, e.focus_log, e.one_session, a.place, a.place_since"

    init(safeExamBrowserKeys: [String]?, focusLog: Bool, oneSession: Bool, place: String? = nil, placeSince: Date? = nil) {
        self.safeExamBrowserKeys = safeExamBrowserKeys
        self.focusLog = focusLog
        self.oneSession = oneSession
        self.place = place
        self.placeSince = placeSince
    }

    /// The rules as `columns` read them.
    init(_ row: PostgresRow) throws {
        let keys: String? = try row.decode("seb_config_keys")
        safeExamBrowserKeys = keys.map { $0.split(separator: ",").map(String.init) }
        focusLog = try row.decode("focus_log")
        oneSession = try row.decode("one_session")
        place = try row.decode("place")
        placeSince = try row.decode("place_since")
    }

    /// What the rules say to a request.
    enum Verdict: Sendable, Equatable {
        case passes
        /// The exam needs Safe Exam Browser and the request did not come from it.
        case safeExamBrowserRequired
        /// The attempt belongs to another place (since then): a move makes it this one's.
        case elsewhere(since: Date?)
    }

    /// Whether a request that brought `access` may touch the attempt: with Safe Exam Browser
    /// keys, only with the hash of its address and one of them (`SafeExamBrowserCheck`); with one
    /// place, only from the place it belongs to (`placeChecked`: a change, not a read).
    func verdict(_ access: AttemptAccess, placeChecked: Bool = true) -> Verdict {
        if let keys = safeExamBrowserKeys, !SafeExamBrowserCheck.passes(sent: access.safeExamBrowserHash, url: access.url, keys: keys) {
            return .safeExamBrowserRequired
        }
        if placeChecked, oneSession, let place, !access.isPlace(place) { return .elsewhere(since: placeSince) }
        return .passes
    }
}

/// What a student's request about an attempt brings for its integrity check: Safe Exam
/// Browser's hash with the address it must be the hash of, and the token of its place
/// (`X-ExamPrep-Place`, or `?place=` from a page without JavaScript). The routes whose work
/// reads the attempt anyway (a save, the page's form save, a focus batch) check it there, not in
/// `SafeExamBrowserGate`, which would read the exam's rules in a statement of its own.
struct AttemptAccess: Sendable {
    var safeExamBrowserHash: String?
    var url: String
    /// The place's token as sent; one of another form names no place.
    var place: String?

    /// A request that passed every check already (the server's own calls, tests of the rules).
    static let trusted = AttemptAccess(safeExamBrowserHash: nil, url: "", place: nil, trusted: true)

    private var trusted = false

    private init(safeExamBrowserHash: String?, url: String, place: String?, trusted: Bool) {
        self.safeExamBrowserHash = safeExamBrowserHash
        self.url = url
        self.place = place
        self.trusted = trusted
    }

    static let placeHeader = HTTPField.Name(AttemptPlaceToken.header)!

    /// What `request` brings, its address built from `publicOrigin` as the gate builds it.
    init(_ request: Request, publicOrigin: String?) {
        let place = request.headers[Self.placeHeader] ?? request.uri.queryParameters.get(AttemptPlaceToken.queryName)
        self.init(
            safeExamBrowserHash: request.headers[SafeExamBrowserCheck.header],
            url: SafeExamBrowserCheck.absoluteURL(of: request, publicOrigin: publicOrigin),
            place: place.flatMap { AttemptPlaceToken.isValid($0) ? $0 : nil }, trusted: false)
    }

    /// Whether this request comes from the place `token` names (compared in constant time).
    func isPlace(_ token: String) -> Bool {
        guard let place else { return false }
        let (sent, kept) = (Array(place.utf8), Array(token.utf8))
        var difference = UInt8(sent.count == kept.count ? 0 : 1)
        for index in kept.indices { difference |= kept[index] ^ (index < sent.count ? sent[index] : 0) }
        return difference == 0
    }

    /// What `integrity` says to this request (a trusted one always passes).
    func verdict(_ integrity: AttemptIntegrity, placeChecked: Bool = true) -> AttemptIntegrity.Verdict {
        trusted ? .passes : integrity.verdict(self, placeChecked: placeChecked)
    }
}
