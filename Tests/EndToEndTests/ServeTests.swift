import Foundation
import Testing

/// The real binary over real loopback sockets, as a browser or load balancer meets it.
struct ServeTests {
    let server: ServerProcess

    init() throws { server = try ServerProcess() }

    @Test func everyEntryOfTheSnapshotHasADetailPage() throws {
        let api = try fetch(server.port, "/api/countries")
        let countries = try #require(try JSONSerialization.jsonObject(with: Data(api.body)) as? [[String: Any]])
        #expect(countries.count == 224)
        let client = try RawClient(port: server.port)  // one keep-alive connection for the whole walk
        for country in countries {
            let name = try #require(country["country"] as? String)
            let iso2 = (country["countryInfo"] as? [String: Any])?["iso2"] as? String
            var target =
                "/countries/"
                + (iso2?.lowercased() ?? name.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)
            try client.send("GET \(target) HTTP/1.1\r\nHost: localhost\r\n\r\n")
            var response = try client.readResponse()
            if iso2 == nil {
                #expect(response.status == 301, "\(name): \(response.status)")
                target = try #require(response.field("Location"))
                try client.send("GET \(target) HTTP/1.1\r\nHost: localhost\r\n\r\n")
                response = try client.readResponse()
            }
            #expect(response.status == 200, "\(target) answered \(response.status)")
            #expect(
                response.text.contains("<h1 id=\"country-name\">\(htmlEscaped(name))</h1>"), "\(target) lacks its name")
        }
    }

    @Test func theMainPagesAndTwinsAnswer() throws {
        for target in [
            "/", "/countries", "/countries?q=kor&continent=asia&sort=cases", "/countries/kr", "/api/all",
            "/api/countries/kr", "/healthz", "/static/css/atlas.css", "/vendor/leaflet/images/marker-icon.png",
            "/flags/kr.svg", "/?map=deaths",
        ] {
            let response = try fetch(server.port, target)
            #expect(response.status == 200, "\(target): \(response.status)")
            #expect(response.field("Date")?.hasSuffix(" GMT") == true, "\(target) has no Date")
            #expect(response.field("Content-Length") == String(response.body.count))
        }
    }

    @Test func keepAliveServesSeveralRequestsOnOneConnection() throws {
        let client = try RawClient(port: server.port)
        for target in ["/", "/countries/kr", "/healthz"] {
            try client.send("GET \(target) HTTP/1.1\r\nHost: localhost\r\n\r\n")
            #expect(try client.readResponse().status == 200)
        }
    }

    @Test func pipelinedRequestsAreAnsweredInOrder() throws {
        let client = try RawClient(port: server.port)
        try client.send(
            "GET /countries/kr HTTP/1.1\r\nHost: a\r\n\r\nGET /countries/fr HTTP/1.1\r\nHost: a\r\n\r\nGET /countries/jp HTTP/1.1\r\nHost: a\r\n\r\n"
        )
        #expect(try client.readResponse().text.contains(">S. Korea</h1>"))
        #expect(try client.readResponse().text.contains(">France</h1>"))
        #expect(try client.readResponse().text.contains(">Japan</h1>"))
    }

    @Test func headCarriesGetsLengthButNoBodyAndTheNextResponseParses() throws {
        let get = try fetch(server.port, "/")
        let client = try RawClient(port: server.port)
        try client.send("HEAD / HTTP/1.1\r\nHost: t\r\n\r\nGET /countries/kr HTTP/1.1\r\nHost: t\r\n\r\n")
        let head = try client.readResponse(forHead: true)
        #expect(head.status == 200)
        #expect(head.field("Content-Length") == get.field("Content-Length"))
        let next = try client.readResponse()
        #expect(next.status == 200)
        #expect(next.text.hasPrefix("<!DOCTYPE html>"))
    }

    @Test func http10ClosesAfterTheResponse() throws {
        let client = try RawClient(port: server.port)
        try client.send("GET /healthz HTTP/1.0\r\n\r\n")
        #expect(try client.readResponse().status == 200)
        #expect(client.isClosedByServer())
    }

    @Test(arguments: [
        ("garbage\r\n\r\n", 400), ("GET /countries/%FF%FE HTTP/1.1\r\nHost: t\r\n\r\n", 400),
        ("GET /countries?q=%E0%A4 HTTP/1.1\r\nHost: t\r\n\r\n", 400), ("GET / HTTP/2.0\r\nHost: t\r\n\r\n", 505),
        ("GET / HTTP/1.1\r\n\r\n", 400),
        ("POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 400),
    ])
    func malformedRequestsGetOneErrorAndTheConnectionCloses(_ request: String, _ status: Int) throws {
        let client = try RawClient(port: server.port)
        try client.send(request)
        let response = try client.readResponse()
        #expect(response.status == status)
        #expect(response.field("Connection") == "close")
        #expect(client.isClosedByServer())
    }

    @Test func unknownPathsAre404PagesAndWrongMethodsAre405WithAllow() throws {
        let missing = try fetch(server.port, "/no/such/page")
        #expect(missing.status == 404)
        #expect(missing.text.contains("There is no page at this address."))
        let post = try fetch(server.port, "/countries", method: "POST")
        #expect(post.status == 405)
        #expect(post.field("Allow") == "GET, HEAD")
    }

    @Test func clientsThatResetTheirConnectionDoNotKillTheServer() throws {
        for _ in 0..<50 {
            let client = try RawClient(port: server.port)
            try client.send("GET / HTTP/1.1\r\nHost: t\r\n\r\n")
            var linger = linger(l_onoff: 1, l_linger: 0)
            setsockopt(client.socket, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<linger>.size))
        }
        #expect(try fetch(server.port, "/healthz").status == 200)
    }

    @Test func sigtermStopsGracefullyAndClosesTheDatabase() throws {
        #expect(try fetch(server.port, "/").status == 200)
        // A returning visitor's page reads their stars on the event loop's own connection: it too
        // must be closed, or the write-ahead log would stay behind.
        for _ in 0..<4 {
            let visitor = try RawClient(port: server.port)
            try visitor.send(
                "GET /countries/kr HTTP/1.1\r\nHost: t\r\nCookie: atlas_session=0123456789abcdef0123456789abcdef\r\n"
                    + "Connection: close\r\n\r\n")
            #expect(try visitor.readResponse().status == 200)
        }
        #expect(server.stop() == 0)
        // A clean close checkpoints the write-ahead log into the database file and removes it.
        let database = server.directory + "/atlas.sqlite"
        #expect(FileManager.default.fileExists(atPath: database))
        #expect(!FileManager.default.fileExists(atPath: database + "-wal"))
    }
}

struct CommandLineTests {
    /// A Buddhist-calendar locale and a 12-hour English one with a far-off time zone (docs/field-cases.md B28).
    @Test(arguments: [
        ["LANG": "th_TH.UTF-8", "LC_ALL": "th_TH.UTF-8"],
        ["LANG": "en_US.UTF-8", "LC_ALL": "en_US.UTF-8", "TZ": "America/New_York"],
    ])
    func dataAndDatesDoNotDependOnTheProcessLocale(_ environment: [String: String]) throws {
        let server = try ServerProcess(environment: environment)
        let page = try fetch(server.port, "/")
        #expect(page.text.contains("14 November 2021, 05:11 UTC"))
        #expect(page.text.contains("<time datetime=\"2021-11-14T05:11:02Z\">"))
        #expect(page.text.contains("253,684,421"))
        #expect(!page.text.contains("2564"))
        #expect(!page.text.contains(" AM") && !page.text.contains(" PM"))
    }

    @Test func anUnknownOptionIsOneLineOnStandardErrorWithUsageStatus() throws {
        let result = try runCLI(["serve", "--colour", "blue"])
        #expect(result.status == 64)
        #expect(result.errors == "covid-atlas: serve does not take the option --colour (see covid-atlas --help)\n")
    }

    @Test func aRepeatedOptionIsRefused() throws {
        let result = try runCLI(["serve", "--port", "1", "--port", "2"])
        #expect(result.status == 64)
        #expect(result.errors == "covid-atlas: --port is given more than once (see covid-atlas --help)\n")
    }

    @Test func aBadPortIsRefusedClearly() throws {
        let result = try runCLI(["serve", "--port", "http"])
        #expect(result.status == 64)
        #expect(result.errors.contains("--port “http” is not a whole number from 0 to 65535"))
        #expect(result.errors.split(separator: "\n").count == 1)
    }

    /// A bad `--tile-url` is a usage error like any bad argument (64, which script/supervise does not
    /// restart), checked before the database is opened: nothing is created.
    @Test func anUnusableTileURLIsAUsageErrorOfOneLine() throws {
        let database = NSTemporaryDirectory() + "never-\(UUID().uuidString).sqlite"
        let result = try runCLI([
            "serve", "--port", "0", "--database", database, "--tile-url", "tile.openstreetmap.org/{z}/{x}/{y}.png",
        ])
        #expect(!FileManager.default.fileExists(atPath: database))
        #expect(result.status == 64)
        #expect(
            result.errors
                == "covid-atlas: --tile-url “tile.openstreetmap.org/{z}/{x}/{y}.png” is not usable: "
                + "it must start with http:// or https:// (see covid-atlas --help)\n")
    }

    /// A `--host` that can be no host (written as an address that is none, empty, with a space,
    /// starting with `-`) is a bad argument (64), not a failed start (1) that a supervisor would
    /// restart, and nothing is created; a name is left to the resolver.
    @Test(arguments: [
        ("999.1.1.1", "an IPv4 address of four numbers 0 to 255"),
        ("1.2.3", "an IPv4 address of four numbers 0 to 255"),
        ("::g", "an IPv6 address such as ::1"), ("", "a host name or an IPv4 or IPv6 address"),
        (" 127.0.0.1", "a host name or an IPv4 or IPv6 address"),
        ("-1.2.3.4", "a host name or an IPv4 or IPv6 address"),
    ])
    func aHostThatIsNoAddressIsAUsageError(host: String, expected: String) throws {
        let database = NSTemporaryDirectory() + "never-\(UUID().uuidString).sqlite"
        let result = try runCLI(["serve", "--port", "0", "--database", database, "--host", host])
        #expect(!FileManager.default.fileExists(atPath: database))
        #expect(result.status == 64)
        #expect(result.errors == "covid-atlas: --host “\(host)” is not \(expected) (see covid-atlas --help)\n")
    }
}
