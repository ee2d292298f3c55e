import Formats
import Testing

struct ByteWriterTests {
    /// What the writer put in a buffer of `capacity` bytes.
    private func written(capacity: Int, _ write: (inout ByteWriter) -> Void) -> String {
        let bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
            var writer = ByteWriter(buffer)
            write(&writer)
            initialized = writer.count
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test(
        "decimal digits, from one to twenty bytes",
        arguments: [
            (0, "0"), (7, "7"), (10, "10"), (404, "404"), (4948, "4948"), (1_000_000, "1000000"),
            (-1, "-1"), (Int.max, "9223372036854775807"), (Int.min, "-9223372036854775808"),
        ])
    func decimals(value: Int, expected: String) {
        #expect(written(capacity: 20) { $0.writeDecimal(value) } == expected)
    }

    @Test("pieces follow one another: literals, bytes, strings, digits")
    func piecesInOrder() {
        let text = written(capacity: 64) { head in
            head.write("HTTP/1.1 ")
            head.writeDecimal(200)
            head.write(UInt8(ascii: " "))
            head.write("OK")
            [UInt8]("\r\n".utf8).withUnsafeBufferPointer { head.write($0) }
        }
        #expect(text == "HTTP/1.1 200 OK\r\n")
    }

    @Test("short strings (kept inside the String) and long ones (on the heap) are written alike")
    func smallAndLargeStrings() {
        let large = String(repeating: "ab", count: 40)
        #expect(written(capacity: 100) { $0.write(large) } == large)
        #expect(written(capacity: 100) { $0.write("é") } == "é")
    }

    @Test("append(to:reserving:) adds what was written after what the array held, once")
    func appendingToAnArray() {
        var line = Array("log: ".utf8)
        ByteWriter.append(to: &line, reserving: 40) { out in
            out.write("GET ")
            out.writeDecimal(200)
        }
        ByteWriter.append(to: &line, reserving: 0) { _ in }
        #expect(String(decoding: line, as: UTF8.self) == "log: GET 200")
    }
}
