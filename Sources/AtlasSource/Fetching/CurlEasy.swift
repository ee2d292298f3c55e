import CCurl
import Clocks
import Foundation

/// One HTTP `GET` through a libcurl easy handle (https://curl.se/libcurl/c/libcurl-easy.html) within
/// `FetchLimits`. Blocking: off the event loops. Whatever the server does:
/// - gzip and deflate bodies are decoded, also unasked (docs/field-cases.md B25);
/// - redirects are followed up to `maxRedirects`, only to `http`/`https`;
/// - TLS peers and names are verified against the system CAs; missing CAs are an error (B26);
/// - connect, total and stall timeouts end a stalled upstream (`StallDetector`, B24);
/// - the body is capped at `maxBodyBytes` as it arrives;
/// - the status code is returned, never taken as success by itself (B04).
public enum CurlEasy {
    /// Called on the fetching thread as bytes arrive: body bytes so far as on the wire (still compressed
    /// if it is), and the `Content-Length` total if announced.
    public typealias Progress = (_ received: Int64, _ total: Int64?) -> Void

    /// Takes a `200` body as it arrives, decoded (gzip, deflate), one piece at a time, with the response's
    /// fields (names lower-cased); throwing ends the transfer with that error. The pieces are not kept.
    public typealias BodyReceiver = (_ fields: [String: String], _ chunk: UnsafeRawBufferPointer) throws(SourceError)
        -> Void

    /// Fetches `url` with `GET`.
    /// - Parameters:
    ///   - url: an `http` or `https` URL.
    ///   - requestFieldLines: extra field lines such as `If-None-Match: "x"`.
    ///   - userAgent: the `User-Agent` value, e.g. `covid-atlas/0.1.0`.
    ///   - accept: the `Accept` value (RFC 9110 §12.5.1), `application/json` unless given.
    ///   - progress: receives download progress; `nil` for none.
    ///   - bodyReceiver: takes a `200` body piece by piece instead of it being kept (the response's `body`
    ///     is then empty); `nil` keeps it. Other statuses' bodies are kept, under the same cap.
    /// - Returns: the final response, whatever its status code.
    /// - Throws: `SourceError.transfer` (no connection, timeout, reset, truncated body, redirect limit or
    ///   scheme), `.tls` (verification failed, CAs missing), `.tooLarge` (body over the cap, counted
    ///   decoded); whatever `bodyReceiver` throws.
    public static func get(
        url: String, requestFieldLines: [String] = [], accept: String = "application/json", userAgent: String,
        limits: FetchLimits, progress: Progress? = nil, bodyReceiver: BodyReceiver? = nil
    ) throws(SourceError) -> FetchResponse {
        try CurlGlobal.ensureInitialised(url: url)
        guard let handle = curl_easy_init() else {
            throw .transfer(url: url, reason: "libcurl could not create a handle")
        }
        defer { curl_easy_cleanup(handle) }
        let transfer = Transfer(
            maxBodyBytes: limits.maxBodyBytes, progress: progress,
            stalls: StallDetector(seconds: limits.lowSpeedSeconds, bytesPerSecond: limits.lowSpeedBytesPerSecond))
        transfer.handle = handle
        transfer.receiver = bodyReceiver
        let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        defer { errorBuffer.deallocate() }
        var fieldList: UnsafeMutablePointer<curl_slist>?
        for line in ["Accept: \(accept)"] + requestFieldLines {
            fieldList = curl_slist_append(fieldList, line)
        }
        defer { curl_slist_free_all(fieldList) }

        let context = Unmanaged.passUnretained(transfer).toOpaque()
        let results: [CURLcode] = [
            ccurl_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer),
            ccurl_setopt_string(handle, CURLOPT_URL, url),
            ccurl_setopt_long(handle, CURLOPT_HTTPGET, 1),
            ccurl_setopt_string(handle, CURLOPT_PROTOCOLS_STR, "http,https"),
            ccurl_setopt_long(handle, CURLOPT_FOLLOWLOCATION, 1),
            ccurl_setopt_long(handle, CURLOPT_MAXREDIRS, limits.maxRedirects),
            ccurl_setopt_string(handle, CURLOPT_REDIR_PROTOCOLS_STR, "http,https"),
            // Timeouts use signals unless told not to, unsafe in a threaded process.
            ccurl_setopt_long(handle, CURLOPT_NOSIGNAL, 1),
            ccurl_setopt_long(handle, CURLOPT_CONNECTTIMEOUT_MS, milliseconds(limits.connectTimeout)),
            ccurl_setopt_long(handle, CURLOPT_TIMEOUT_MS, milliseconds(limits.totalTimeout)),
            // The stall limit is StallDetector's, not libcurl's low-speed check.
            ccurl_setopt_long(handle, CURLOPT_LOW_SPEED_TIME, 0),
            ccurl_setopt_off(handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(limits.maxBodyBytes)),
            ccurl_setopt_string(handle, CURLOPT_ACCEPT_ENCODING, ""),
            ccurl_setopt_long(handle, CURLOPT_SSL_VERIFYPEER, 1),
            ccurl_setopt_long(handle, CURLOPT_SSL_VERIFYHOST, 2),
            ccurl_setopt_string(handle, CURLOPT_USERAGENT, userAgent),
            ccurl_setopt_slist(handle, CURLOPT_HTTPHEADER, fieldList),
            ccurl_setopt_write_function(handle, CURLOPT_WRITEFUNCTION, receiveBody),
            ccurl_setopt_pointer(handle, CURLOPT_WRITEDATA, context),
            ccurl_setopt_write_function(handle, CURLOPT_HEADERFUNCTION, receiveFieldLine),
            ccurl_setopt_pointer(handle, CURLOPT_HEADERDATA, context),
            // Always on: the progress callback is the stall detector's clock.
            ccurl_setopt_long(handle, CURLOPT_NOPROGRESS, 0),
            ccurl_setopt_progress_function(handle, reportProgress),
            ccurl_setopt_pointer(handle, CURLOPT_XFERINFODATA, context),
        ]
        if let caBundlePath = limits.caBundlePath {
            _ = ccurl_setopt_string(handle, CURLOPT_CAINFO, caBundlePath)
        }
        if let failed = results.first(where: { $0 != CURLE_OK }) {
            throw .transfer(
                url: url, reason: "libcurl refused an option: \(String(cString: curl_easy_strerror(failed)))")
        }

        let result = withExtendedLifetime(transfer) { curl_easy_perform(handle) }
        if let refused = transfer.receiverError { throw refused }
        guard result == CURLE_OK else {
            throw error(for: result, url: url, detail: String(cString: errorBuffer), transfer: transfer, limits: limits)
        }
        var status = 0
        _ = ccurl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
        return FetchResponse(status: status, fields: transfer.fields, body: transfer.body)
    }

    private static func milliseconds(_ seconds: Double) -> Int {
        Int(max(1, (seconds * 1000).rounded()))
    }

    /// A failed `curl_easy_perform` as one line an operator can act on.
    private static func error(
        for code: CURLcode, url: String, detail: String, transfer: Transfer, limits: FetchLimits
    ) -> SourceError {
        let detail = detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail
        if transfer.exceededCap || code == CURLE_FILESIZE_EXCEEDED {
            return .tooLarge(url: url, limit: limits.maxBodyBytes)
        }
        if transfer.stalled {
            return .transfer(
                url: url,
                reason: "stalled: \(transfer.stalls.bytesInLastWindow) bytes in the last \(limits.lowSpeedSeconds) s, "
                    + "under \(limits.lowSpeedBytesPerSecond) B/s (the stall timeout)")
        }
        switch code {
        case CURLE_SSL_CACERT_BADFILE:
            return .tls(
                url: url,
                reason: "the CA certificates cannot be read (\(detail)); install ca-certificates, "
                    + "verification stays on")
        case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CONNECT_ERROR, CURLE_SSL_CERTPROBLEM:
            return .tls(url: url, reason: "\(detail) (are the ca-certificates installed?)")
        case CURLE_OPERATION_TIMEDOUT:
            return .transfer(
                url: url,
                reason: "timed out (connect \(limits.connectTimeout) s, total \(limits.totalTimeout) s): \(detail)")
        case CURLE_PARTIAL_FILE:
            return .transfer(url: url, reason: "the connection closed before the whole body arrived: \(detail)")
        case CURLE_RECV_ERROR, CURLE_GOT_NOTHING:
            return .transfer(url: url, reason: "the connection failed while receiving: \(detail)")
        case CURLE_TOO_MANY_REDIRECTS:
            return .transfer(url: url, reason: "more than \(limits.maxRedirects) redirects")
        case CURLE_UNSUPPORTED_PROTOCOL:
            return .transfer(url: url, reason: "only http and https are fetched, also after a redirect: \(detail)")
        case CURLE_BAD_CONTENT_ENCODING:
            return .transfer(url: url, reason: "the compressed body does not decode: \(detail)")
        default:
            return .transfer(url: url, reason: detail)
        }
    }
}

/// What libcurl's callbacks fill during one transfer, through the `…DATA` pointer.
private final class Transfer {
    let maxBodyBytes: Int
    let progress: CurlEasy.Progress?
    var stalls: StallDetector
    /// The easy handle, to ask whether the request went out.
    var handle: UnsafeMutableRawPointer?
    var body: [UInt8] = []
    var fields: [String: String] = [:]
    /// Takes a `200` body instead of `body`; `nil` keeps it there.
    var receiver: CurlEasy.BodyReceiver?
    /// What `receiver` threw, which ended the transfer.
    var receiverError: SourceError?
    /// Decoded body bytes so far, kept or handed on, for the cap.
    var bodyBytes = 0
    /// The final response's status, read at its first body bytes; 0 before.
    var status = 0
    var exceededCap = false
    var stalled = false

    init(maxBodyBytes: Int, progress: CurlEasy.Progress?, stalls: StallDetector) {
        self.maxBodyBytes = maxBodyBytes
        self.progress = progress
        self.stalls = stalls
    }

    static func from(_ context: UnsafeMutableRawPointer?) -> Transfer? {
        context.map { Unmanaged<Transfer>.fromOpaque($0).takeUnretainedValue() }
    }
}

/// `CURLOPT_WRITEFUNCTION`: appends decoded bytes, or hands a `200` body to the receiver; returning
/// less aborts, which caps a body without `Content-Length` and ends a transfer the receiver refused.
private let receiveBody: ccurl_write_callback = { data, size, count, context in
    guard let transfer = Transfer.from(context) else { return 0 }
    let length = size * count
    guard transfer.bodyBytes + length <= transfer.maxBodyBytes else {
        transfer.exceededCap = true
        return 0
    }
    transfer.bodyBytes += length
    guard let data, length > 0 else { return length }
    let chunk = UnsafeRawBufferPointer(start: data, count: length)
    if let receiver = transfer.receiver {
        if transfer.status == 0, let handle = transfer.handle {
            _ = ccurl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &transfer.status)
        }
        if transfer.status == 200 {
            do throws(SourceError) {
                try receiver(transfer.fields, chunk)
            } catch {
                transfer.receiverError = error
                return 0
            }
            return length
        }
    }
    transfer.body.append(contentsOf: chunk)
    return length
}

/// `CURLOPT_HEADERFUNCTION`: one field line at a time; a status line starts afresh, so only the final
/// response's fields remain after redirects.
private let receiveFieldLine: ccurl_write_callback = { data, size, count, context in
    let length = size * count
    guard let transfer = Transfer.from(context), let data else { return length }
    let line = String(decoding: UnsafeRawBufferPointer(start: data, count: length), as: UTF8.self)
        .trimmingCharacters(in: .whitespacesAndNewlines)
    if line.hasPrefix("HTTP/") {
        transfer.fields = [:]
    } else if let colon = line.firstIndex(of: ":") {
        let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
        transfer.fields[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    return length
}

/// `CURLOPT_XFERINFOFUNCTION`: forwards progress, and aborts (`CURLE_ABORTED_BY_CALLBACK`) on a stall.
private let reportProgress: ccurl_progress_callback = { context, total, received, _, _ in
    guard let transfer = Transfer.from(context) else { return 0 }
    transfer.progress?(Int64(received), total > 0 ? Int64(total) : nil)
    let now = MonotonicClock.nanoseconds()
    if transfer.stalls.startedAt == nil, let handle = transfer.handle {
        // The stall window starts once the request goes out; connecting is the connect timeout's.
        var pretransfer: curl_off_t = 0
        if ccurl_getinfo_off(handle, CURLINFO_PRETRANSFER_TIME_T, &pretransfer) == CURLE_OK, pretransfer > 0 {
            transfer.stalls.start(at: now)
        }
    }
    if transfer.stalls.isStalled(received: Int64(received), at: now) {
        transfer.stalled = true
        return 1
    }
    return 0
}
