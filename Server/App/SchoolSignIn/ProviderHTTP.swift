import CCurl
import Foundation
import Logging
import NIOPosix
import ServiceLifecycle
import Synchronization

/// The server's calls to the school's OpenID provider (discovery, its keys, the code's
/// exchange): HTTPS GET and POST through libcurl, as `CurlSMTP` sends mail. Each call is one
/// blocking `curl_easy_perform` on threads of its own (`threads`), never the event loops, the
/// cooperative pool or the threads that open database connections: a provider that is slow
/// holds only these. Every call has a time limit, follows no redirect, speaks only https (http
/// on a loopback issuer), and reads at most `maxBytes` of an answer.
final class ProviderHTTP: Sendable {
    /// What the provider answered.
    struct Reply: Sendable {
        var status: Int
        var body: [UInt8]
    }

    /// Why there is no answer: said in the log (never with the request's secrets or tokens).
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private let threads: NIOThreadPool
    private let timeout: Duration
    private let allowsPlainHTTP: Bool
    /// Calls running or waiting for a thread; beyond `maxCalls` a call is refused at once.
    private let calls = Atomic<Int>(0)
    static let threadCount = 8
    static let maxCalls = 256

    init(timeout: Duration, allowsPlainHTTP: Bool) {
        self.threads = NIOThreadPool(numberOfThreads: Self.threadCount)
        self.timeout = timeout
        self.allowsPlainHTTP = allowsPlainHTTP
        threads.start()
    }

    /// Stops the threads (when the server stops).
    func shutdown() async {
        try? await threads.shutdownGracefully()
    }

    func get(_ url: URL, maxBytes: Int) async throws -> Reply {
        try await perform(url: url, form: nil, maxBytes: maxBytes)
    }

    /// POSTs `form` as `application/x-www-form-urlencoded`.
    func post(_ url: URL, form: [(String, String)], maxBytes: Int) async throws -> Reply {
        try await perform(url: url, form: Self.encode(form), maxBytes: maxBytes)
    }

    private func perform(url: URL, form: String?, maxBytes: Int) async throws -> Reply {
        guard calls.wrappingAdd(1, ordering: .relaxed).newValue <= Self.maxCalls else {
            calls.wrappingSubtract(1, ordering: .relaxed)
            throw Failure(description: "too many calls to the provider at once")
        }
        defer { calls.wrappingSubtract(1, ordering: .relaxed) }
        let request = CurlRequest(
            url: url.absoluteString, form: form, maxBytes: maxBytes, timeoutMilliseconds: Int(timeout.components.seconds * 1000),
            protocols: allowsPlainHTTP ? "http,https" : "https")
        return try await threads.runIfActive { try request.perform() }
    }

    static func encode(_ form: [(String, String)]) -> String {
        form.map {
            ($0.addingPercentEncoding(withAllowedCharacters: .uriUnreserved) ?? "") + "="
                + ($1.addingPercentEncoding(withAllowedCharacters: .uriUnreserved) ?? "")
        }
        .joined(separator: "&")
    }
}

/// Stops the provider's threads when the server stops.
struct ProviderHTTPService: Service {
    let http: ProviderHTTP

    func run() async throws {
        try? await gracefulShutdown()
        await http.shutdown()
    }
}

/// One call, as libcurl makes it (blocking: run on `ProviderHTTP`'s threads).
private struct CurlRequest: Sendable {
    var url: String
    var form: String?
    var maxBytes: Int
    var timeoutMilliseconds: Int
    var protocols: String

    func perform() throws -> ProviderHTTP.Reply {
        guard let curl = curl_easy_init() else { throw ProviderHTTP.Failure(description: "libcurl could not start") }
        defer { curl_easy_cleanup(curl) }
        var headers = curl_slist_append(nil, "Accept: application/json")
        if form != nil { headers = curl_slist_append(headers, "Content-Type: application/x-www-form-urlencoded") }
        defer { curl_slist_free_all(headers) }
        let sink = ReplySink(maxBytes: maxBytes)
        let context = Unmanaged.passRetained(sink)
        defer { context.release() }
        var codes = [
            examprep_curl_set_string(curl, CURLOPT_URL, url),
            examprep_curl_set_string(curl, CURLOPT_PROTOCOLS_STR, protocols),
            examprep_curl_set_long(curl, CURLOPT_FOLLOWLOCATION, 0),
            examprep_curl_set_long(curl, CURLOPT_NOSIGNAL, 1),
            examprep_curl_set_long(curl, CURLOPT_CONNECTTIMEOUT_MS, max(1, timeoutMilliseconds / 2)),
            examprep_curl_set_long(curl, CURLOPT_TIMEOUT_MS, max(1, timeoutMilliseconds)),
            examprep_curl_set_long(curl, CURLOPT_MAXFILESIZE, maxBytes),
            examprep_curl_set_pointer(curl, CURLOPT_HTTPHEADER, headers.map(UnsafeMutableRawPointer.init)),
            examprep_curl_set_string(curl, CURLOPT_USERAGENT, "ExamPrep"),
            examprep_curl_set_write_function(curl) { data, size, count, context in
                ReplySink.write(data, size: size, count: count, context: context)
            },
            examprep_curl_set_pointer(curl, CURLOPT_WRITEDATA, context.toOpaque()),
        ]
        if let form { codes.append(examprep_curl_set_string(curl, CURLOPT_COPYPOSTFIELDS, form)) }
        if let failed = codes.first(where: { $0 != CURLE_OK }) { throw ProviderHTTP.Failure(description: Self.text(failed)) }
        let code = curl_easy_perform(curl)
        if sink.overflowed || code == CURLE_FILESIZE_EXCEEDED {
            throw ProviderHTTP.Failure(description: "the answer is larger than \(maxBytes) bytes")
        }
        guard code == CURLE_OK else { throw ProviderHTTP.Failure(description: Self.text(code)) }
        var status = 0
        _ = examprep_curl_response_code(curl, &status)
        return ProviderHTTP.Reply(status: status, body: sink.bytes)
    }

    private static func text(_ code: CURLcode) -> String {
        curl_easy_strerror(code).map { String(cString: $0) } ?? "libcurl error \(code.rawValue)"
    }
}

/// The answer's bytes as libcurl hands them over. Touched only by the one thread that runs
/// `curl_easy_perform`, while that call lasts (and read by it afterwards).
private final class ReplySink: @unchecked Sendable {
    let maxBytes: Int
    var bytes: [UInt8] = []
    var overflowed = false

    init(maxBytes: Int) { self.maxBytes = maxBytes }

    /// libcurl's write callback: keeps the piece, or stops the transfer (a count other than
    /// the piece's) once the answer would pass `maxBytes`.
    static func write(_ data: UnsafeMutablePointer<CChar>?, size: Int, count: Int, context: UnsafeMutableRawPointer?) -> Int {
        guard let data, let context else { return 0 }
        let sink = Unmanaged<ReplySink>.fromOpaque(context).takeUnretainedValue()
        let length = size * count
        guard sink.bytes.count + length <= sink.maxBytes else {
            sink.overflowed = true
            return 0
        }
        data.withMemoryRebound(to: UInt8.self, capacity: length) {
            sink.bytes.append(contentsOf: UnsafeBufferPointer(start: $0, count: length))
        }
        return length
    }
}
