import Testing

@testable import HTTPCore

/// A response made from prepared field lines sends those bytes only while its fields are the ones they
/// were made from: any change to the fields drops them, so what is sent always says what `fields` say.
struct PreparedFieldsTests {
    static let prepared = PreparedFields(["Content-Type": "text/html", "ETag": "\"v1\""])

    static func wire(_ response: Response) -> String {
        String(
            decoding: ResponseSerializer.serialize(response, requestMethod: .get, keepAlive: true, date: "D"),
            as: UTF8.self)
    }

    @Test("the prepared lines are exactly what serializing the fields writes")
    func preparedLinesMatchTheFields() {
        #expect(Self.prepared.lines == ResponseSerializer.fieldLines(Self.prepared.fields))
        let response = Response(prepared: Self.prepared, body: Array("x".utf8))
        #expect(response.preparedFieldLines == Self.prepared.lines)
        #expect(Self.wire(response) == Self.wire(Response(fields: Self.prepared.fields, body: Array("x".utf8))))
    }

    @Test("fields added at creation follow the prepared ones, on the wire too")
    func extraFieldsFollowThePreparedOnes() {
        let response = Response(prepared: Self.prepared, adding: ["Set-Cookie": "id=1"])
        #expect(response.fields.map(\.name.rawName) == ["Content-Type", "ETag", "Set-Cookie"])
        #expect(Self.wire(response).contains("ETag: \"v1\"\r\nSet-Cookie: id=1\r\n"))
    }

    @Test(
        "changing the fields in any way drops the prepared lines",
        arguments: [
            "set an existing field", "add a field", "remove a field", "replace all fields",
        ])
    func anyChangeDropsThePreparedLines(change: String) {
        var response = Response(prepared: Self.prepared)
        switch change {
        case "set an existing field": response.fields[.eTag] = "\"v2\""
        case "add a field": response.fields.append(.cacheControl, "no-store")
        case "remove a field": response.fields[.eTag] = nil
        default: response.fields = ["Content-Type": "text/plain"]
        }
        #expect(response.preparedFieldLines == nil)
        let wire = Self.wire(response)
        switch change {
        case "set an existing field": #expect(wire.contains("ETag: \"v2\"\r\n") && !wire.contains("v1"))
        case "add a field": #expect(wire.contains("Cache-Control: no-store\r\n"))
        case "remove a field": #expect(!wire.contains("ETag"))
        default: #expect(wire.contains("Content-Type: text/plain\r\n") && !wire.contains("ETag"))
        }
    }

    @Test("a change after fields were added keeps the added ones")
    func aChangeKeepsTheAddedFields() {
        var response = Response(prepared: Self.prepared, adding: ["Set-Cookie": "id=1"])
        response.fields.append(.cacheControl, "no-store")
        #expect(response.fields.map(\.name.rawName) == ["Content-Type", "ETag", "Set-Cookie", "Cache-Control"])
        #expect(Self.wire(response).contains("ETag: \"v1\"\r\nSet-Cookie: id=1\r\nCache-Control: no-store\r\n"))
    }

    @Test("changing the status or the body keeps the prepared lines")
    func statusAndBodyDoNotTouchTheFields() {
        var response = Response(prepared: Self.prepared)
        response.status = .notModified
        response.body = Array("y".utf8)
        #expect(response.preparedFieldLines == Self.prepared.lines)
    }
}
