import Foundation
import HTTPCore
import Routing
import Testing

/// A temporary tree: root/css/site.css, root/js/app.js, root/.secret, and a file beside the root.
final class StaticTree {
    let base: String
    let root: String

    init() throws {
        base = NSTemporaryDirectory() + "static-\(UUID().uuidString)"
        root = base + "/public"
        let manager = FileManager.default
        try manager.createDirectory(atPath: root + "/css", withIntermediateDirectories: true)
        try manager.createDirectory(atPath: root + "/js", withIntermediateDirectories: true)
        try "body{}".write(toFile: root + "/css/site.css", atomically: true, encoding: .utf8)
        try "let x = 1".write(toFile: root + "/js/app.js", atomically: true, encoding: .utf8)
        try "hidden".write(toFile: root + "/.secret", atomically: true, encoding: .utf8)
        try "outside".write(toFile: base + "/outside.txt", atomically: true, encoding: .utf8)
        try manager.createSymbolicLink(atPath: root + "/escape.txt", withDestinationPath: base + "/outside.txt")
    }

    deinit { try? FileManager.default.removeItem(atPath: base) }
}

struct StaticFilesTests {
    let tree: StaticTree
    let client: TestClient

    init() throws {
        tree = try StaticTree()
        let files = StaticFiles(root: tree.root)
        var router = Router()
        router.get("/static/*") { request, parameters in try files.response(for: parameters.rest, request: request) }
        client = TestClient(router)
    }

    @Test func servesFilesWithTheirContentType() throws {
        let css = try client.get("/static/css/site.css")
        #expect(css.status == .ok)
        #expect(css.text == "body{}")
        #expect(css.fields[.contentType] == "text/css; charset=utf-8")
        #expect(try client.get("/static/js/app.js").fields[.contentType] == "text/javascript; charset=utf-8")
    }

    @Test(arguments: [
        "/static/../outside.txt", "/static/%2e%2e/outside.txt", "/static/%2E%2E/%2E%2E/outside.txt",
        "/static/css/..%2F..%2Foutside.txt", "/static/%252e%252e/outside.txt", "/static/escape.txt",
        "/static/.secret", "/static/css", "/static/css/", "/static/", "/static/missing.css",
    ])
    func nothingOutsideTheRootOrHiddenOrADirectoryIsServed(_ target: String) throws {
        let response = try client.get(target)
        #expect(response.status == .notFound, "\(target) answered \(response.status)")
        #expect(!response.text.contains("outside"))
        #expect(!response.text.contains("hidden"))
    }

    @Test func extraFieldsGoWithEveryFileItsGzipFormAndItsNotModified() throws {
        let files = StaticFiles(
            root: tree.root, cachePolicy: .publicFor(seconds: 60),
            extraFields: [.contentSecurityPolicy: "default-src 'none'"])
        var router = Router()
        router.get("/static/*") { request, parameters in try files.response(for: parameters.rest, request: request) }
        let client = TestClient(router)
        let plain = try client.get("/static/css/site.css")
        #expect(plain.fields[.contentSecurityPolicy] == "default-src 'none'")
        #expect(plain.fields[.cacheControl] == "public, max-age=60")
        #expect(plain.fields[.contentType] == "text/css; charset=utf-8")
        let fingerprinted = try #require(files.fingerprinted("css/site.css"))
        #expect(try client.get("/static/" + fingerprinted).fields[.contentSecurityPolicy] == "default-src 'none'")
        let eTag = try #require(plain.fields[.eTag])
        let notModified = try client.get("/static/css/site.css", fields: [.ifNoneMatch: eTag])
        #expect(notModified.status == .notModified)
        #expect(notModified.fields[.contentSecurityPolicy] == "default-src 'none'")
    }

    @Test func headHasNoBodyButTheSameFields() throws {
        let head = try client.execute(.head, "/static/css/site.css")
        #expect(head.status == .ok)
        #expect(head.body.isEmpty)
        #expect(head.fields[.contentType] == "text/css; charset=utf-8")
    }

    @Test func postIsNotAllowed() throws {
        #expect(try client.execute(.post, "/static/css/site.css").status == .methodNotAllowed)
    }

    @Test func anIfModifiedSinceAtOrAfterTheFileTimeIs304() throws {
        let first = try client.get("/static/css/site.css")
        let lastModified = try #require(first.fields[.lastModified])
        #expect(try client.get("/static/css/site.css", fields: [.ifModifiedSince: lastModified]).status == .notModified)
        let later = try client.get("/static/css/site.css", fields: [.ifModifiedSince: "Fri, 01 Jan 2100 00:00:00 GMT"])
        #expect(later.status == .notModified)
        let earlier = try client.get(
            "/static/css/site.css", fields: [.ifModifiedSince: "Sat, 01 Jan 2000 00:00:00 GMT"])
        #expect(earlier.status == .ok)
        #expect(earlier.body == Array("body{}".utf8))
    }

    @Test func aMatchingETagIs304() throws {
        let first = try client.get("/static/css/site.css")
        let eTag = try #require(first.fields[.eTag])
        let second = try client.get("/static/css/site.css", fields: [.ifNoneMatch: eTag])
        #expect(second.status == .notModified)
        #expect(second.body.isEmpty)
    }
}
