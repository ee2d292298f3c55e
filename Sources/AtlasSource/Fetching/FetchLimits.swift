/// The bounds of one upstream fetch, each enforced through libcurl
/// (https://curl.se/libcurl/c/curl_easy_setopt.html). libcurl has no overall timeout by default, so
/// every limit here is on (docs/field-cases.md B24).
public struct FetchLimits: Sendable, Equatable {
    /// Seconds to establish the TCP connection and TLS handshake (`CURLOPT_CONNECTTIMEOUT_MS`). Default 10.
    public var connectTimeout: Double
    /// Seconds for the whole transfer, redirects included (`CURLOPT_TIMEOUT_MS`). Default 60.
    public var totalTimeout: Double
    /// Bytes per second under which a transfer counts as stalled. Default 1.
    public var lowSpeedBytesPerSecond: Int
    /// Seconds in which, once the request went out, a transfer must bring `lowSpeedBytesPerSecond` ×
    /// this many bytes, else it is aborted that long after its last bytes (`StallDetector`). Default 20.
    public var lowSpeedSeconds: Int
    /// The largest decoded body, in bytes, aborted as it arrives, with or without `Content-Length`.
    /// Default 20 MiB (the countries body is about 130 KB).
    public var maxBodyBytes: Int
    /// The largest decoded history body (`/historical?lastdays=all`, about 17 MB), in bytes. Default 64 MiB.
    public var maxHistoricalBodyBytes: Int
    /// The largest decoded Our World in Data `vaccinations.csv`, in bytes, counted as it streams in (it is
    /// decoded as it arrives, never held whole). Default 64 MiB: the file was 4 MiB at the end of 2021 and
    /// tens of MB later. Over it the refresh fails (`SourceError.tooLarge`) and the stored data stays.
    public var maxVaccinationsBodyBytes: Int
    /// How many redirects are followed (`CURLOPT_MAXREDIRS`), only to `http` or `https`. Default 5.
    public var maxRedirects: Int
    /// A CA bundle to verify TLS peers with (`CURLOPT_CAINFO`); `nil` for libcurl's system default
    /// (Debian: `/etc/ssl/certs/ca-certificates.crt`).
    public var caBundlePath: String?

    /// Limits with the defaults above.
    public init(
        connectTimeout: Double = 10, totalTimeout: Double = 60, lowSpeedBytesPerSecond: Int = 1,
        lowSpeedSeconds: Int = 20, maxBodyBytes: Int = 20 * 1024 * 1024,
        maxHistoricalBodyBytes: Int = 64 * 1024 * 1024, maxVaccinationsBodyBytes: Int = 64 * 1024 * 1024,
        maxRedirects: Int = 5, caBundlePath: String? = nil
    ) {
        self.maxVaccinationsBodyBytes = maxVaccinationsBodyBytes
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
