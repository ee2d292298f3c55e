/// Writes a response head into memory reserved for it once (`[UInt8](unsafeUninitializedCapacity:)`),
/// each piece copied straight in.
///
/// Why not `Array.append(contentsOf:)`: each call checks the array's uniqueness and capacity and goes
/// through a generic copy, about 95 instructions even for a `CRLF`; a head of a dozen pieces spent
/// more on that than on its bytes. Every write checks the reserved capacity: a wrong estimate stops
/// the process rather than writing past the buffer.
struct HeadWriter {
    private let base: UnsafeMutablePointer<UInt8>
    private let capacity: Int
    /// Bytes written so far, from the start of the buffer.
    private(set) var count = 0

    /// A writer filling `buffer` from its start.
    init(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
        // An empty buffer may have no base address; nothing can be written into it anyway.
        base = buffer.baseAddress ?? UnsafeMutablePointer(bitPattern: 1)!
        capacity = buffer.count
    }

    /// Copies `bytes`.
    mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        precondition(bytes.count <= capacity - count, "response head longer than reserved")
        (base + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    /// Copies a literal's UTF-8 bytes.
    mutating func write(_ text: StaticString) {
        write(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Copies one byte.
    mutating func write(_ byte: UInt8) {
        precondition(count < capacity, "response head longer than reserved")
        base[count] = byte
        count += 1
    }

    /// Copies `text`'s UTF-8 bytes.
    mutating func write(_ text: String) {
        Self.withBytes(of: text) { write($0) }
    }

    /// Writes `value` in decimal digits; at most 20 bytes (a negative value gets a `-`).
    mutating func writeDecimal(_ value: Int) {
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
            let first = digits.baseAddress!.assumingMemoryBound(to: UInt8.self) + start
            write(UnsafeBufferPointer(start: first, count: digits.count - start))
        }
    }

    /// Copies `text` with CR, LF and NUL as spaces (as Go's net/http), so a field value from user input
    /// cannot start a field line or end the header section.
    mutating func writeSanitized(_ text: String) {
        Self.withBytes(of: text) { bytes in
            let start = count
            write(bytes)
            guard Self.hasByteBelow14(bytes) else { return }
            for index in start..<count where base[index] == .cr || base[index] == .lf || base[index] == 0 {
                base[index] = .space
            }
        }
    }

    /// Calls `body` with `text`'s UTF-8 bytes: in place for a native string (every string made in
    /// Swift on Linux), copied otherwise.
    private static func withBytes(of text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        let done: Void? = text.utf8.withContiguousStorageIfAvailable(body)
        if done == nil { Array(text.utf8).withUnsafeBufferPointer(body) }
    }

    /// Whether `bytes` holds a byte below 14 (NUL, LF and CR are 0, 10 and 13), eight at a time: a
    /// word has one when `(word - 0x0E…0E) & ~word & 0x80…80` is not zero ("hasless", Sean Anderson's
    /// Bit Twiddling Hacks; exact for the word as a whole). Field values almost never do, so the exact
    /// check runs only then.
    static func hasByteBelow14(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let raw = UnsafeRawPointer(base)
        var offset = 0
        while offset + 8 <= bytes.count {
            let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            if (word &- 0x0E0E_0E0E_0E0E_0E0E) & ~word & 0x8080_8080_8080_8080 != 0 { return true }
            offset += 8
        }
        while offset < bytes.count {
            if bytes[offset] < 14 { return true }
            offset += 1
        }
        return false
    }
}
