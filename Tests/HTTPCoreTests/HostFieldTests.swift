import Testing

@testable import HTTPCore

struct HostFieldTests {
    @Test(
        "Host values that are uri-host [\":\" port] are accepted (RFC 9110 §7.2)",
        arguments: [
            "example.com", "example.com:8080", "localhost", "127.0.0.1", "127.0.0.1:80", "[::1]", "[::1]:8080",
            "[2001:db8::7]", "[::ffff:192.0.2.1]", "[v1.fe80::a+en1]", "xn--rksmrgs-5wao1o.se", "a_b~c-d.e",
            "h%C3%A9", "sub!$&'()*+,;=x", "example.com:", "",
        ])
    func accepted(_ host: String) {
        let outcomes = parseAll("GET / HTTP/1.1\r\nHost: \(host)\r\n\r\n").map(Parsed.init)
        #expect(outcomes.first == .request(method: "GET", path: "/", version: .http1_1, body: ""))
    }

    @Test(
        "Host values with bytes outside reg-name, IP-literal or port are refused with 400",
        arguments: [
            "a\"b<c>", "a b", "user@example.com", "example.com/path", "example.com:80x", "example.com:80:81",
            "[::1", "[::1]x", "[zz::1]", "[]", "a%2", "a%zz", "exa\u{00E9}mple.com", "a?b", "a#b", "{x}", "a\\b",
        ])
    func refused(_ host: String) {
        let outcomes = parseAll("GET / HTTP/1.1\r\nHost: \(host)\r\n\r\n").map(Parsed.init)
        #expect(outcomes == [.error(.invalidHost)])
        #expect(ParseError.invalidHost.status == .badRequest)
    }
}
