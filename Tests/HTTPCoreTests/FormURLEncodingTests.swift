import Testing

@testable import HTTPCore

struct FormURLEncodingTests {
    @Test(
        "form bodies decode with + as space and percent escapes",
        arguments: [
            ("name=South+Africa&code=ZA", [("name", "South Africa"), ("code", "ZA")]),
            ("q=a%2Bb", [("q", "a+b")]),
            ("q=R%C3%A9union", [("q", "Réunion")]),
            ("flag&empty=&=v", [("flag", ""), ("empty", ""), ("", "v")]),
            ("a=1&&b=2", [("a", "1"), ("b", "2")]),
            ("k=x=y", [("k", "x=y")]),
            ("", []),
            ("&", []),
            ("metric=deaths&scale=log", [("metric", "deaths"), ("scale", "log")]),
            ("q=서울&x=%EC%84%9C", [("q", "서울"), ("x", "서")]),
            ("a+b=c+d&", [("a b", "c d")]),
            ("=", [("", "")]),
        ])
    func decode(text: String, expected: [(String, String)]) {
        let decoded = FormURLEncoding.decode(text)
        #expect(decoded?.map(\.name) == expected.map(\.0))
        #expect(decoded?.map(\.value) == expected.map(\.1))
    }

    @Test("bad escapes and invalid UTF-8 are refused", arguments: ["q=%", "q=%4", "q=%zz", "q=%FF%FE", "q=%E0%A4"])
    func refuses(text: String) {
        #expect(FormURLEncoding.decode(text) == nil)
    }

    @Test("body bytes that are not UTF-8 are refused")
    func refusesBody() {
        #expect(FormURLEncoding.decode(body: [0x71, 0x3D, 0xFF]) == nil)
        #expect(FormURLEncoding.decode(body: Array("a=b+c".utf8))?.first?.value == "b c")
    }

    @Test(
        "pairs encode as unreserved bytes, + for a space, upper-case escapes for the rest",
        arguments: [
            ([("metric", "deaths"), ("scale", "log")], "metric=deaths&scale=log"),
            ([("countries", "kr,jp")], "countries=kr%2Cjp"),
            ([("q", "a b~c.d_e-f")], "q=a+b~c.d_e-f"),
            ([("q", "서")], "q=%EC%84%9C"),
            ([("", "")], "="),
            ([], ""),
        ])
    func encode(pairs: [(String, String)], expected: String) {
        #expect(FormURLEncoding.encode(pairs.map { (name: $0.0, value: $0.1) }) == expected)
    }

    @Test("percent-encoding keeps unreserved text as it is and escapes the rest")
    func percentEncode() {
        #expect(PercentDecoding.encode("south-africa_2.0~") == "south-africa_2.0~")
        #expect(PercentDecoding.encode("a b/c") == "a%20b%2Fc")
        #expect(PercentDecoding.encode("a b", spaceAsPlus: true) == "a+b")
        #expect(PercentDecoding.decode("a+b", plusIsSpace: false) == "a+b")
        #expect(PercentDecoding.decode("a+b", plusIsSpace: true) == "a b")
        #expect(PercentDecoding.decode("plain", plusIsSpace: true) == "plain")
    }

    @Test("encoding round-trips through decoding")
    func roundTrip() {
        let pairs = [(name: "q", value: "Bosnia and Herzegovina / Ré+union&x=1")]
        let encoded = FormURLEncoding.encode(pairs)
        #expect(encoded == "q=Bosnia+and+Herzegovina+%2F+R%C3%A9%2Bunion%26x%3D1")
        #expect(FormURLEncoding.decode(encoded)?.first?.value == pairs[0].value)
    }
}
