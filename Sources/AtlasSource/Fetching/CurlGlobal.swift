import CCurl

/// libcurl's process-wide `curl_global_init` (https://curl.se/libcurl/c/curl_global_init.html), not
/// thread-safe itself: a global `let` runs it exactly once (`swift_once`) before the first handle.
enum CurlGlobal {
    private static let initResult: CURLcode = ccurl_global_init_default()

    /// Runs the set-up once.
    /// - Throws: `SourceError.transfer` when libcurl cannot initialise (out of memory, broken TLS library).
    static func ensureInitialised(url: String) throws(SourceError) {
        guard initResult == CURLE_OK else {
            throw .transfer(
                url: url, reason: "libcurl failed to initialise: \(String(cString: curl_easy_strerror(initResult)))")
        }
    }
}
