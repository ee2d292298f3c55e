import Foundation
import Glibc
import HTTPCore
import TestSupport
import Testing

@testable import HTTPServer

/// One client (one address) cannot hold every slot: past `maxConnectionsPerClient` its oldest idle
/// connection makes way for its new one, and a client whose connections are all busy is refused more.
/// The capped client here is 127.0.0.9; other loopback addresses (127.0.0.2) are other clients, and
/// the machine's own 127.0.0.1 (where a proxy on the same machine connects from) is not capped.
@Suite(.serialized)
struct ClientCapTests {
    /// The address of the client the tests cap.
    static let client = "127.0.0.9"

    static func configuration(cap: Int) -> ServerConfiguration {
        var configuration = ServerConfiguration(eventLoopCount: 2)
        configuration.maxConnectionsPerClient = cap
        return configuration
    }

    @Test func aNewConnectionOverTheCapClosesTheClientsOldestIdleOne() throws {
        try withServer(Self.configuration(cap: 4)) { server, port in
            var idle: [RawClient] = []
            for index in 0..<4 {
                let client = try RawClient(port: port, from: Self.client)
                client.send("GET /\(index) HTTP/1.1\r\nHost: t\r\n\r\n")
                #expect(client.readResponse()?.body == "GET /\(index)")
                idle.append(client)
                usleep(20_000)  // distinct idle times
            }
            let newest = try RawClient(port: port, from: Self.client)
            newest.send("GET /newest HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(newest.readResponse()?.body == "GET /newest")
            #expect(idle[0].isClosedByServer(), "the oldest idle connection makes way")
            #expect(waitUntil(deadline: .seconds(3)) { server.openConnectionCount == 4 })
            idle[3].send("GET /still HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(idle[3].readResponse()?.body == "GET /still")
        }
    }

    @Test func aClientWhoseConnectionsAreAllBusyIsRefusedAnotherButOtherClientsAreServed() throws {
        // Busy as a test can tell: each request is being answered on a worker, which says when it starts
        // (a half-sent request is busy too, but nothing tells when the server has read it; a fixed wait
        // for that raced the clock). One loop: it marks a connection busy right after handing its request
        // to a worker, so once it has answered another client, all four are marked.
        var configuration = Self.configuration(cap: 4)
        configuration.eventLoopCount = 1
        let responder = BlockingResponder()
        try withServer(configuration, responder: responder) { _, port in
            var busy: [RawClient] = []
            for index in 0..<4 {
                let client = try RawClient(port: port, from: Self.client)
                client.send("GET /blocking/\(index) HTTP/1.1\r\nHost: t\r\n\r\n")
                busy.append(client)
            }
            for _ in 0..<4 { try #require(responder.started.wait(timeout: .now() + 30) == .success) }
            let other = try RawClient(port: port, from: "127.0.0.2")
            other.send("GET /other HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(other.readResponse()?.body == "fast /other")
            let refused = try RawClient(port: port, readTimeout: 3, from: Self.client)
            refused.send("GET /over HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(refused.readResponse() == nil)
            let another = try RawClient(port: port, from: "127.0.0.3")
            another.send("GET /another HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(another.readResponse()?.body == "fast /another")
            for _ in 0..<4 { responder.proceed.signal() }
            for (index, client) in busy.enumerated() {
                #expect(client.readResponse()?.body == "done /blocking/\(index)")
            }
        }
    }

    @Test func aFloodOfIdleConnectionsFromOneAddressLeavesRoomForEveryoneElse() throws {
        raiseDescriptorLimit(to: 4096)
        var configuration = Self.configuration(cap: 256)
        configuration.maxConnections = 1_000
        try withServer(configuration) { server, port in
            var flood: [RawClient] = []
            for _ in 0..<1_500 {
                guard let client = try? RawClient(port: port, from: Self.client) else { break }
                flood.append(client)
            }
            #expect(waitUntil(deadline: .seconds(5)) { server.openConnectionCount <= 257 })
            // The flood's own address still gets a new connection (an idle one makes way) ...
            let same = try RawClient(port: port, readTimeout: 3, from: Self.client)
            same.send("GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(same.readResponse()?.body == "GET /healthz")
            // ... and every other client is served at once.
            for index in 0..<20 {
                let other = try RawClient(port: port, readTimeout: 3, from: "127.0.0.\(2 + index % 5)")
                other.send("GET /other/\(index) HTTP/1.1\r\nHost: t\r\n\r\n")
                #expect(other.readResponse()?.body == "GET /other/\(index)")
            }
            #expect(flood.count == 1_500)
        }
    }

    /// A reverse proxy on the same machine connects from 127.0.0.1 for every client it serves.
    @Test func theMachinesOwnAddressIsNotCapped() throws {
        try withServer(Self.configuration(cap: 4)) { server, port in
            var busy: [RawClient] = []
            for index in 0..<12 {
                let client = try RawClient(port: port, from: "127.0.0.1")
                client.send("GET /held/\(index) HTTP/1.1\r\nHost: t\r\nX-Part: ")
                busy.append(client)
            }
            #expect(waitUntil(deadline: .seconds(3)) { server.openConnectionCount == 12 })
            let more = try RawClient(port: port, readTimeout: 3, from: "127.0.0.1")
            more.send("GET /more HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(more.readResponse()?.body == "GET /more")
        }
    }

    @Test func withoutACapOneClientMayHoldManyConnections() throws {
        try withServer(Self.configuration(cap: 0)) { server, port in
            let clients = try (0..<40).map { _ in try RawClient(port: port, from: Self.client) }
            #expect(waitUntil(deadline: .seconds(3)) { server.openConnectionCount == 40 })
            clients[0].send("GET /first HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(clients[0].readResponse()?.body == "GET /first")
        }
    }

    @Test(arguments: [
        ("127.0.0.1", "127.0.0.1", true), ("127.0.0.1", "127.0.0.2", false),
        ("2001:db8:1:2::1", "2001:db8:1:2:ffff::9", true), ("2001:db8:1:2::1", "2001:db8:1:3::1", false),
        ("::ffff:192.0.2.7", "192.0.2.7", true),
    ])
    func addressesAreOneClientByIPv4AddressOrIPv6Slash64(first: String, second: String, same: Bool) {
        #expect((ClientKey(Self.address(first)) == ClientKey(Self.address(second))) == same)
    }

    static func address(_ text: String) -> sockaddr_storage {
        var storage = sockaddr_storage()
        withUnsafeMutableBytes(of: &storage) { raw in
            if text.contains(":") {
                var v6 = sockaddr_in6()
                v6.sin6_family = sa_family_t(AF_INET6)
                inet_pton(AF_INET6, text, &v6.sin6_addr)
                withUnsafeBytes(of: v6) { raw.copyMemory(from: $0) }
            } else {
                var v4 = sockaddr_in()
                v4.sin_family = sa_family_t(AF_INET)
                inet_pton(AF_INET, text, &v4.sin_addr)
                withUnsafeBytes(of: v4) { raw.copyMemory(from: $0) }
            }
        }
        return storage
    }
}
