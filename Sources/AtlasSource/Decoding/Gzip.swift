import CZlib

/// gzip (RFC 1952) decompression with zlib, for the shipped `data/disease-sh/historical.json.gz`
/// (libcurl decodes fetched bodies itself).
public enum Gzip {
    /// The bytes of the one gzip member in `compressed`.
    /// - Parameter limit: the most bytes to produce; more is refused (a decompression bomb).
    /// - Throws: `SourceError.malformedPayload` for bytes that are not gzip (bad header, CRC-32 or length,
    ///   trailing bytes, truncation) or that decompress past `limit`.
    public static func decompress(_ compressed: [UInt8], limit: Int = 256 << 20) throws(SourceError) -> [UInt8] {
        var stream = z_stream()
        guard czlib_inflate_init_gzip(&stream) == Z_OK else { throw .malformedPayload("gzip: zlib would not start") }
        defer { inflateEnd(&stream) }
        var input = compressed
        var output: [UInt8] = []
        output.reserveCapacity(compressed.count * 5)
        var chunk = [UInt8](repeating: 0, count: 256 * 1024)
        let failure: String? = input.withUnsafeMutableBufferPointer { source in
            stream.next_in = source.baseAddress
            stream.avail_in = UInt32(source.count)
            while true {
                let (status, produced) = chunk.withUnsafeMutableBufferPointer { target -> (Int32, Int) in
                    stream.next_out = target.baseAddress
                    stream.avail_out = UInt32(target.count)
                    let status = inflate(&stream, Z_NO_FLUSH)
                    return (status, target.count - Int(stream.avail_out))
                }
                output += chunk[0..<produced]
                if output.count > limit { return "larger than \(limit) bytes" }
                if status == Z_STREAM_END { return stream.avail_in == 0 ? nil : "bytes after the gzip member" }
                if status == Z_BUF_ERROR && stream.avail_in == 0 { return "truncated" }
                guard status == Z_OK else { return "not gzip or damaged (zlib status \(status))" }
            }
        }
        if let failure { throw .malformedPayload("gzip: \(failure)") }
        return output
    }
}
