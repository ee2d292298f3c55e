/// Writes bytes into memory reserved once (`[UInt8](unsafeUninitializedCapacity:)` or a temporary
/// allocation), each piece copied straight in: a response head, an access log line.
///
/// Why not `Array.append(contentsOf:)`: each call checks the array's uniqueness and capacity and goes
/// through a generic copy, about 95 instructions even for a `CRLF`; a response head of a dozen pieces
/// spent more on that than on its bytes. Every write checks the reserved capacity: a wrong estimate
/// stops the process rather than writing past the buffer.
public struct ByteWriter {
    @usableFromInline let base: UnsafeMutablePointer<UInt8>
    @usableFromInline let capacity: Int
    /// Where the next byte goes: the count written so far (internal so the writes can be inlined).
    @usableFromInline var end = 0

    /// Bytes written so far, from the start of the buffer.
    public var count: Int { end }

    /// A writer filling `buffer` from its start; the buffer must outlive the writer.
    public init(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
        // An empty buffer may have no base address; nothing can be written into it anyway.
        base = buffer.baseAddress ?? UnsafeMutablePointer(bitPattern: 1)!
        capacity = buffer.count
    }

    /// The bytes written so far.
    public var written: UnsafeMutableBufferPointer<UInt8> { UnsafeMutableBufferPointer(start: base, count: end) }

    /// Copies `bytes`.
    @inlinable
    public mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        precondition(bytes.count <= capacity - end, "ByteWriter: more bytes than reserved")
        (base + end).update(from: source, count: bytes.count)
        end += bytes.count
    }

    /// Copies a literal's UTF-8 bytes.
    @inlinable
    public mutating func write(_ text: StaticString) {
        write(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Copies one byte.
    @inlinable
    public mutating func write(_ byte: UInt8) {
        precondition(end < capacity, "ByteWriter: more bytes than reserved")
        base[end] = byte
        end += 1
    }

    /// Copies `text`'s UTF-8 bytes.
    @inlinable
    public mutating func write(_ text: String) {
        Self.withBytes(of: text) { write($0) }
    }

    /// Writes `value` in decimal digits, at least `width` of them with zeros in front, `-` first when
    /// negative: at most `max(width, 19) + 1` bytes. The one decimal rule of heads, logs and dates
    /// (`Digits` writes through it).
    @inlinable
    public mutating func writeDecimal(_ value: Int, width: Int = 1) {
        if value < 0 { write(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var scratch: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes on the stack, filled from the end
        withUnsafeMutableBytes(of: &scratch) { digits in
            var start = digits.count
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            for _ in (digits.count - start)..<max(width, digits.count - start) { write(UInt8(ascii: "0")) }
            let first = digits.baseAddress!.assumingMemoryBound(to: UInt8.self) + start
            write(UnsafeBufferPointer(start: first, count: digits.count - start))
        }
    }

    /// Runs `write` on a writer over a temporary buffer of `capacity` bytes (on the stack when small)
    /// and appends what it wrote to `bytes` in one copy.
    @inlinable
    public static func append(
        to bytes: inout [UInt8], reserving capacity: Int, _ write: (inout ByteWriter) -> Void
    ) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
            var writer = ByteWriter(buffer)
            write(&writer)
            bytes.append(contentsOf: UnsafeBufferPointer(writer.written))
        }
    }

    /// Calls `body` with `text`'s UTF-8 bytes: in place for a native string (every string made in
    /// Swift on Linux), copied otherwise.
    @inlinable
    public static func withBytes<Result>(of text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        return Array(text.utf8).withUnsafeBufferPointer(body)
    }
}
