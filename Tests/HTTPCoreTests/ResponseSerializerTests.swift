import Formats
import Testing

@testable import HTTPCore

struct ResponseSerializerTests {
    static let date = "Sun, 06 Nov 1994 08:49:37 GMT"

    func text(_ response: Response, method: Method = .get, keepAlive: Bool = true, version: Version = .http1_1)
        -> String
    {
        String(
            decoding: ResponseSerializer.serialize(
                response, requestMethod: method, keepAlive: keepAlive, date: Self.date, requestVersion: version),
            as: UTF8.self)
    }

    @Test("a 200 has status line, own fields, Date, Content-Length, then the body")
    func ok() {
        let response = Response(status: .ok, contentType: "text/plain", text: "hello")
        #expect(
            text(response)
                == "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nDate: \(Self.date)\r\nContent-Length: 5\r\n\r\nhello"
        )
    }

    @Test("HEAD gets GET's Content-Length and no body bytes (B15)")
    func head() {
        let response = Response(status: .ok, contentType: "text/html", text: "<p>page</p>")
        #expect(
            text(response, method: .head)
                == "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nDate: \(Self.date)\r\nContent-Length: 11\r\n\r\n")
    }

    @Test("a body given as parts is written joined, counted whole, and read back joined")
    func bodyParts() {
        var response = Response(status: .ok, fields: [.contentType: "text/plain"])
        response.bodyParts = [Array("<p>".utf8), [], Array("star".utf8), Array("</p>".utf8)]
        #expect(response.bodyCount == 11)
        #expect(response.body == Array("<p>star</p>".utf8))
        #expect(
            text(response)
                == "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nDate: \(Self.date)\r\nContent-Length: 11\r\n\r\n<p>star</p>"
        )
        #expect(text(response, method: .head).hasSuffix("Content-Length: 11\r\n\r\n"))
        response.body = Array("whole".utf8)
        #expect(response.bodyParts == [Array("whole".utf8)])
        #expect(text(response).hasSuffix("Content-Length: 5\r\n\r\nwhole"))
    }

    @Test("HEAD with no body keeps the responder's Content-Length")
    func headDeclaredLength() {
        let response = Response(status: .ok, fields: [.contentLength: "1234"])
        #expect(text(response, method: .head).contains("Content-Length: 1234\r\n\r\n"))
        #expect(text(response, method: .get).contains("Content-Length: 0\r\n\r\n"))
    }

    @Test("statuses without content get no Content-Length and no body", arguments: [204, 304, 100])
    func noContent(code: Int) {
        let response = Response(status: StatusCode(code), fields: [.eTag: "\"x\""], body: Array("ignored".utf8))
        let serialized = text(response)
        #expect(!serialized.contains("Content-Length"))
        #expect(serialized.hasSuffix("\r\n\r\n"))
        #expect(serialized.hasPrefix("HTTP/1.1 \(code) "))
    }

    @Test("not keeping alive adds Connection: close")
    func close() {
        let serialized = text(Response(status: .notFound), keepAlive: false)
        #expect(serialized.contains("\r\nConnection: close\r\n"))
        #expect(serialized.hasPrefix("HTTP/1.1 404 Not Found\r\n"))
    }

    @Test("HTTP/1.0 keep-alive is confirmed; HTTP/1.1 keep-alive needs no field")
    func keepAliveByVersion() {
        #expect(text(Response(), version: .http1_0).contains("Connection: keep-alive\r\n"))
        #expect(!text(Response(), version: .http1_1).contains("Connection:"))
    }

    @Test("framing fields set by the responder are replaced, others kept in order with repeats")
    func framingOwned() {
        var fields = Fields()
        fields.append(.setCookie, "a=1")
        fields.append(.contentLength, "999")
        fields.append(.transferEncoding, "chunked")
        fields.append(.connection, "keep-alive")
        fields.append(.setCookie, "b=2")
        let serialized = text(Response(status: .ok, fields: fields, body: Array("xy".utf8)), keepAlive: false)
        #expect(
            serialized
                == "HTTP/1.1 200 OK\r\nSet-Cookie: a=1\r\nSet-Cookie: b=2\r\nDate: \(Self.date)\r\n"
                + "Content-Length: 2\r\nConnection: close\r\n\r\nxy")
    }

    @Test("CR and LF in a field value cannot start a new field line")
    func headerInjection() {
        let response = Response(status: .seeOther, fields: [.location: "/x\r\nSet-Cookie: evil=1"])
        let serialized = text(response)
        #expect(serialized.contains("Location: /x  Set-Cookie: evil=1\r\n"))
        #expect(!serialized.contains("\r\nSet-Cookie"))
    }

    /// The word-at-a-time check sees a control byte in any of a word's eight places, in the tail after
    /// the last whole word, and at every length; it passes every byte from 14 up (UTF-8 included).
    @Test(
        "a byte below 14 is found at every place and length; none above",
        arguments: [0, 1, 7, 8, 9, 15, 16, 17, 40])
    func controlBytesAreFoundAnywhere(length: Int) {
        let clean = (0..<length).map { UInt8(14 + ($0 * 37) % 242) }
        #expect(!clean.withUnsafeBufferPointer(ResponseSerializer.hasByteBelow14))
        for place in 0..<length {
            for control: UInt8 in [0, 10, 13, 9, 11] {
                var bytes = clean
                bytes[place] = control
                #expect(bytes.withUnsafeBufferPointer(ResponseSerializer.hasByteBelow14), "\(control) at \(place)")
            }
        }
    }

    @Test("a field value has CR, LF and NUL as spaces; what was written before it is left alone")
    func fieldValuesAreSanitizedInPlace() {
        let bytes = [UInt8](unsafeUninitializedCapacity: 64) { buffer, initialized in
            var head = ByteWriter(buffer)
            head.write("a\r\n")
            head.writeFieldValue("x\r\ny\u{0}z\tw, 한국")
            initialized = head.count
        }
        #expect(String(decoding: bytes, as: UTF8.self) == "a\r\nx  y z\tw, 한국")
    }

    @Test("CR, LF and NUL become spaces wherever they sit in a long value; a tab stays")
    func longValuesAreSanitizedAtEveryPlace() {
        let value = "atlas_session=0123456789abcdef0123456789abcdef.0123456789abcdef; Path=/; HttpOnly"
        for offset in [0, 7, 8, 31, value.utf8.count - 1] {
            for control in ["\r", "\n", "\u{0}"] {
                var bytes = Array(value.utf8)
                bytes[offset] = Array(control.utf8)[0]
                let response = Response(fields: [.setCookie: String(decoding: bytes, as: UTF8.self)])
                var expected = Array(value.utf8)
                expected[offset] = UInt8(ascii: " ")
                #expect(text(response).contains("Set-Cookie: \(String(decoding: expected, as: UTF8.self))\r\n"))
            }
        }
        #expect(text(Response(fields: [.setCookie: "a=1;\tb"])).contains("Set-Cookie: a=1;\tb\r\n"))
    }

    /// The head is written into memory reserved from an estimate: the longest pieces (a reason phrase
    /// with a CR in it, long values, prepared lines with extra ones, a declared HEAD length, HTTP/1.0's
    /// `Connection`) must all fit and come out whole.
    @Test("a head of long pieces, prepared and extra fields, comes out whole")
    func longHeadsComeOutWhole() {
        let long = String(repeating: "v", count: 3000)
        let prepared = PreparedFields([.contentType: "text/html", "X-Long": long, .date: "dropped"])
        let response = Response(
            status: StatusCode(299, reasonPhrase: "Very\rLong " + String(repeating: "r", count: 500)),
            prepared: prepared, adding: [.setCookie: "a=\(long)", .contentLength: "7"], body: Array("x".utf8))
        let expected =
            "HTTP/1.1 299 Very Long \(String(repeating: "r", count: 500))\r\nContent-Type: text/html\r\n"
            + "X-Long: \(long)\r\nSet-Cookie: a=\(long)\r\nDate: \(Self.date)\r\nContent-Length: 1\r\n"
            + "Connection: keep-alive\r\n\r\nx"
        #expect(text(response, version: .http1_0) == expected)
        let empty = Response(status: .ok, fields: [.contentLength: "9223372036854775807"])
        #expect(
            text(empty, method: .head, keepAlive: false).hasSuffix(
                "Content-Length: 9223372036854775807\r\nConnection: close\r\n\r\n"))
    }

    @Test("the 100 Continue interim response is a status line and an empty line")
    func continueResponse() {
        #expect(String(decoding: ResponseSerializer.continueResponse, as: UTF8.self) == "HTTP/1.1 100 Continue\r\n\r\n")
    }
}
