import HTTPCore
import Testing

@testable import Routing

/// `Accept-Encoding` (RFC 9110 §12.5.3): gzip is sent when named or covered by `*` with a weight
/// above 0, as a browser lists it or as a proxy might (case, spaces, several lines).
struct ContentCodingTests {
    private func request(_ lines: [String]) throws -> Request {
        var fields: Fields = [.host: "test.local"]
        for line in lines { fields.append(.acceptEncoding, line) }
        return Request(method: .get, target: try RequestTarget(parsing: "/"), fields: fields, body: [])
    }

    @Test(
        arguments: [
            (["gzip, deflate, br, zstd"], true), (["gzip"], true), (["GZIP;q=0.5"], true), (["x-gzip"], true),
            (["X-GZip ; Q = 0.5"], true), (["*"], true), (["br, *;q=0.1"], true), (["deflate, gzip;level=1"], true),
            (["deflate;q=1.0, gzip ; q=0.001"], true), (["br", "gzip"], true), ([",, gzip ,"], true),
            ([], false), ([""], false), (["identity"], false), (["br"], false), (["gzipx"], false), (["gzi"], false),
            (["gzip;q=0"], false), (["gzip;q=0.000"], false), (["*;q=0"], false), (["gzip;q=0, *"], false),
            (["*, gzip;q=0"], false), (["gzip;q=2"], false), (["gzip;q=abc"], false), (["gzip;q="], false),
            (["gzip;q=0.5;q=0"], false), (["gzip;q=0", "*"], false), (["gzip;q=0", "gzip"], true),
        ] as [([String], Bool)])
    func gzipIsAcceptedWhenAListWeighsItAboveZero(lines: [String], accepted: Bool) throws {
        #expect(ContentCoding.acceptsGzip(try request(lines)) == accepted, "Accept-Encoding: \(lines)")
    }
}
