import CCurl

/// libcurl's process-wide set-up (`curl_global_init`, https://curl.se/libcurl/c/curl_global_init.html),
/// which is not thread-safe itself: it runs exactly once, before the first handle is made, because
/// Swift initialises a global `let` once under a lock (`swift_once`) whichever thread gets there first.
enum CurlGlobal {
    private static let initResult: CURLcode = ccurl_global_init_default()

    /// Runs the set-up if no fetch did yet; later calls return at once.
    /// - Throws: `SourceError.transfer` when libcurl cannot initialise (out of memory, broken TLS library).
    static func ensureInitialised(url: String) throws(SourceError) {
        guard initResult == CURLE_OK else {
            throw .transfer(
                url: url, reason: "libcurl failed to initialise: \(String(cString: curl_easy_strerror(initResult)))")
        }
    }
}
