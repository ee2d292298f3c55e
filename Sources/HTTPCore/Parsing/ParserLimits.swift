/// Size limits the request parser enforces, each checked as soon as it can be decided, so a client
/// never makes the server hold more than a limit. Defaults as nginx's: an 8 KiB request line, a 16 KiB
/// or 100-line header section, a 1 MiB body.
public struct ParserLimits: Sendable, Equatable {
    /// MaxRequestLineBytes bounds the request line (method, target and version, without the CRLF),
    /// in bytes. Default 8 KiB (8192). A longer one is answered with 414 URI Too Long and the
    /// connection is closed.
    public var maxRequestLineBytes: Int
    /// MaxHeaderBytes bounds the header section (every field line with its CRLF, without the request
    /// line and the final empty line), in bytes. Default 16 KiB (16384). Exceeding it is answered with
    /// 431 Request Header Fields Too Large. Also bounds a chunked body's trailer section.
    public var maxHeaderBytes: Int
    /// MaxFieldLines bounds the number of field lines in the header section. Default 100. Exceeding it
    /// is answered with 431 Request Header Fields Too Large. Also bounds a chunked body's trailer section.
    public var maxFieldLines: Int
    /// MaxBodyBytes bounds the message body after transfer decoding, in bytes. Default 1 MiB
    /// (1048576). A `Content-Length` above it is refused with 413 Content Too Large before any body
    /// byte is read; a chunked body is refused as soon as its chunks add up to more.
    public var maxBodyBytes: Int

    /// MaxChunkedBodyBytes bounds a chunked body as received, in bytes: data plus every chunk-size line
    /// with its extensions, each CRLF and the trailers (RFC 9112 §7.1). It is `maxBodyBytes +
    /// maxHeaderBytes` (default 1,064,960), so framing adds at most `maxHeaderBytes` however it is
    /// padded. Exceeding it is answered with 413 Content Too Large.
    public var maxChunkedBodyBytes: Int { maxBodyBytes + maxHeaderBytes }

    /// Creates limits; every argument defaults to the documented value.
    public init(
        maxRequestLineBytes: Int = 8 * 1024, maxHeaderBytes: Int = 16 * 1024, maxFieldLines: Int = 100,
        maxBodyBytes: Int = 1024 * 1024
    ) {
        self.maxRequestLineBytes = maxRequestLineBytes
        self.maxHeaderBytes = maxHeaderBytes
        self.maxFieldLines = maxFieldLines
        self.maxBodyBytes = maxBodyBytes
    }

    /// The documented defaults.
    public static let `default` = ParserLimits()
}
