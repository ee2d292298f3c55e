import CZlib

/// Decompresses one gzip member with zlib's own inflate, independent of the server's encoder.
/// - Returns: `nil` when the bytes are not valid gzip (bad header, bad CRC-32 or length, truncated).
func gunzip(_ bytes: [UInt8]) -> [UInt8]? {
    var stream = z_stream()
    guard czlib_inflate_init_gzip(&stream) == Z_OK else { return nil }
    defer { inflateEnd(&stream) }
    var input = bytes
    var output: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    return input.withUnsafeMutableBufferPointer { source -> [UInt8]? in
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
            if status == Z_STREAM_END { return stream.avail_in == 0 ? output : nil }
            guard status == Z_OK else { return nil }
        }
    }
}
