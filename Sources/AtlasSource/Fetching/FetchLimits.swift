/// The bounds of one upstream fetch, each enforced by libcurl (https://curl.se/libcurl/c/curl_easy_setopt.html).
///
/// libcurl has no overall timeout by default, so a stalled upstream would hold a fetch forever
/// (docs/field-cases.md B24): every limit here is on, with a default.
public struct FetchLimits: Sendable, Equatable {
    /// Seconds to establish the TCP connection and TLS handshake (`CURLOPT_CONNECTTIMEOUT_MS`). Default 10.
    public var connectTimeout: Double
    /// Seconds for the whole transfer, redirects included (`CURLOPT_TIMEOUT_MS`). Default 60.
    public var totalTimeout: Double
    /// Bytes per second under which a transfer counts as stalled. Default 1.
    public var lowSpeedBytesPerSecond: Int
    /// Seconds after the request went out in which a transfer must bring `lowSpeedBytesPerSecond` ×
    /// this many bytes, or be aborted that many seconds after its last bytes (`StallDetector`): an
    /// upstream that sends its header section and then nothing, or a body's start and then nothing,
    /// or a trickle under the rate. Default 20.
    public var lowSpeedSeconds: Int
    /// The largest decoded body accepted, in bytes; larger bodies are aborted as they arrive, also when
    /// no `Content-Length` announced them. Default 20 MiB (the real countries body is about 130 KB).
    public var maxBodyBytes: Int
    /// The largest decoded body of the history (`/historical?lastdays=all`, every JHU row and day: about
    /// 17 MB uncompressed through March 2023), in bytes. Default 64 MiB.
    public var maxHistoricalBodyBytes: Int
    /// How many redirects are followed (`CURLOPT_MAXREDIRS`), only to `http` or `https`. Default 5.
    public var maxRedirects: Int
    /// A CA bundle file to verify TLS peers with (`CURLOPT_CAINFO`); `nil` uses libcurl's system default
    /// (Debian: `/etc/ssl/certs/ca-certificates.crt` from `ca-certificates`).
    public var caBundlePath: String?

    /// Limits with the defaults above; override fields as needed (tests use short timeouts).
    public init(
        connectTimeout: Double = 10, totalTimeout: Double = 60, lowSpeedBytesPerSecond: Int = 1,
        lowSpeedSeconds: Int = 20, maxBodyBytes: Int = 20 * 1024 * 1024,
        maxHistoricalBodyBytes: Int = 64 * 1024 * 1024, maxRedirects: Int = 5, caBundlePath: String? = nil
    ) {
        self.connectTimeout = connectTimeout
        self.totalTimeout = totalTimeout
        self.lowSpeedBytesPerSecond = lowSpeedBytesPerSecond
        self.lowSpeedSeconds = lowSpeedSeconds
        self.maxBodyBytes = maxBodyBytes
        self.maxHistoricalBodyBytes = maxHistoricalBodyBytes
        self.maxRedirects = maxRedirects
        self.caBundlePath = caBundlePath
    }
}
