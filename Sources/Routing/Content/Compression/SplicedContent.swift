import CZlib

/// A body of fixed byte chunks with named holes between them, kept as is and gzipped (RFC 9110
/// §8.4.1.3, RFC 1952), so a cached page can carry per-request fragments (a visitor's token) without
/// being rendered or compressed again.
///
/// Each chunk is its own raw deflate stream (RFC 1951) ended with `Z_SYNC_FLUSH`: byte-aligned, not
/// final, no back-reference outside it, so chunks stay valid whatever lies between. Fragments go in
/// as stored blocks, an empty final stored block ends the stream, and the trailer's CRC-32 joins the
/// chunks' precomputed CRCs (`crc32_combine_op`).
public struct SplicedContent: Sendable {
    /// The fixed chunks, one more than `holes`: `chunks[0] holes[0] chunks[1] … chunks[n]`.
    public let chunks: [[UInt8]]
    /// The hole names, in order; a name may appear more than once.
    public let holes: [String]
    private let deflatedChunks: [[UInt8]]
    private let chunkCRCs: [UInt]
    /// zlib's operator for appending each chunk's CRC (`crc32_combine_gen` of its length), made once:
    /// `crc32_combine` computed it again per call, about 3,300 instructions a chunk of each response.
    private let chunkCombineOperators: [UInt]
    /// The whole gzip member when there are no holes, assembled once.
    private var wholeGzip: [UInt8]?

    /// Compresses `chunks`, exactly `holes.count + 1` of them, once.
    /// - Parameter level: zlib's 1 (fastest) to 9 (smallest); pages, compressed on a cache miss, use 6, and
    ///   files, read once, 9 (docs/performance.md).
    public init(chunks: [[UInt8]], holes: [String] = [], level: Int32 = 6) {
        precondition(chunks.count == holes.count + 1, "a spliced body has one chunk more than holes")
        self.chunks = chunks
        self.holes = holes
        deflatedChunks = chunks.map { SplicedContent.deflateFlushed($0, level: level) }
        chunkCRCs = chunks.map { chunk in
            chunk.withUnsafeBufferPointer { crc32(0, $0.baseAddress, UInt32($0.count)) }
        }
        chunkCombineOperators = chunks.map { crc32_combine_gen(Int($0.count)) }
        wholeGzip = nil
        if holes.isEmpty { wholeGzip = assembleGzip { _ in [] } }
    }

    /// A body without holes.
    public init(_ bytes: [UInt8], level: Int32 = 6) { self.init(chunks: [bytes], level: level) }

    /// Whether the body has holes to fill.
    public var hasHoles: Bool { !holes.isEmpty }

    /// The uncompressed body with every hole filled.
    /// - Parameter fill: the bytes for a hole, by name; called once per hole.
    public func identity(_ fill: (String) -> [UInt8] = { _ in [] }) -> [UInt8] {
        guard hasHoles else { return chunks[0] }
        return Array(identityParts(fill).joined())
    }

    /// `identity(_:)` as its pieces in order, without copying the chunks (for `Response.bodyParts`).
    public func identityParts(_ fill: (String) -> [UInt8] = { _ in [] }) -> [[UInt8]] {
        guard hasHoles else { return [chunks[0]] }
        var parts: [[UInt8]] = []
        parts.reserveCapacity(chunks.count * 2 - 1)
        for (index, chunk) in chunks.enumerated() {
            if index > 0 { parts.append(fill(holes[index - 1])) }
            parts.append(chunk)
        }
        return parts
    }

    /// The gzip member (RFC 1952) of the body, `fill` as in `identity(_:)`.
    public func gzip(_ fill: (String) -> [UInt8] = { _ in [] }) -> [UInt8] {
        wholeGzip ?? assembleGzip(fill)
    }

    private func assembleGzip(_ fill: (String) -> [UInt8]) -> [UInt8] {
        var output: [UInt8] = SplicedContent.gzipHeader
        output.reserveCapacity(deflatedChunks.reduce(32) { $0 + $1.count } + holes.count * 80)
        var crc: UInt = 0
        var length = 0
        for (index, deflated) in deflatedChunks.enumerated() {
            if index > 0 {
                let fragment = fill(holes[index - 1])
                SplicedContent.appendStoredBlocks(fragment, to: &output)
                crc = fragment.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, UInt32($0.count)) }
                length += fragment.count
            }
            output.append(contentsOf: deflated)
            crc = index == 0 ? chunkCRCs[0] : crc32_combine_op(crc, chunkCRCs[index], chunkCombineOperators[index])
            length += chunks[index].count
        }
        // An empty stored block with BFINAL set ends the deflate stream (RFC 1951 §3.2.4).
        output.append(contentsOf: [0x01, 0x00, 0x00, 0xFF, 0xFF])
        SplicedContent.appendLittleEndian(UInt32(truncatingIfNeeded: crc), to: &output)
        SplicedContent.appendLittleEndian(UInt32(truncatingIfNeeded: length), to: &output)
        return output
    }

    /// ID1 ID2, CM = deflate, no flags, MTIME 0 (none), XFL 0, OS 3 (Unix) — RFC 1952 §2.3.
    private static let gzipHeader: [UInt8] = [0x1F, 0x8B, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0x03]

    /// Non-final stored blocks (RFC 1951 §3.2.4) of at most 65,535 bytes each; the writer is on a
    /// byte boundary, so the 3 header bits pad to one byte.
    private static func appendStoredBlocks(_ bytes: [UInt8], to output: inout [UInt8]) {
        var start = 0
        while start < bytes.count {
            let count = min(65_535, bytes.count - start)
            output.append(0x00)
            output.append(UInt8(count & 0xFF))
            output.append(UInt8(count >> 8))
            output.append(UInt8(~count & 0xFF))
            output.append(UInt8((~count >> 8) & 0xFF))
            output.append(contentsOf: bytes[start..<start + count])
            start += count
        }
    }

    private static func appendLittleEndian(_ value: UInt32, to output: inout [UInt8]) {
        for shift in stride(from: 0, to: 32, by: 8) { output.append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
    }

    /// Raw deflate of `bytes` ending with `Z_SYNC_FLUSH`: byte-aligned, no final block.
    static func deflateFlushed(_ bytes: [UInt8], level: Int32) -> [UInt8] {
        var stream = z_stream()
        guard czlib_deflate_init_raw(&stream, level) == Z_OK else {
            // Only out of memory; stored blocks are a valid deflate encoding of the same bytes.
            var stored: [UInt8] = []
            appendStoredBlocks(bytes, to: &stored)
            return stored
        }
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, UInt(bytes.count))) + 16)
        var input = bytes
        let produced = input.withUnsafeMutableBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                stream.next_in = source.baseAddress
                stream.avail_in = UInt32(source.count)
                stream.next_out = target.baseAddress
                stream.avail_out = UInt32(target.count)
                // deflateBound plus the flush marker always fits, so one call consumes everything.
                _ = deflate(&stream, Z_SYNC_FLUSH)
                return target.count - Int(stream.avail_out)
            }
        }
        output.removeSubrange(produced...)
        return output
    }
}
