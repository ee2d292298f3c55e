import Glibc
import Testing

@testable import HTTPServer

struct SocketAddressTests {
    @Test("IPv4 and IPv6 peers are described as host:port and [host]:port")
    func describe() {
        var v4 = sockaddr_in()
        v4.sin_family = sa_family_t(AF_INET)
        v4.sin_port = UInt16(8080).bigEndian
        v4.sin_addr.s_addr = inet_addr("192.0.2.17")
        var v6 = sockaddr_in6()
        v6.sin6_family = sa_family_t(AF_INET6)
        v6.sin6_port = UInt16(443).bigEndian
        v6.sin6_addr = in6addr_loopback
        #expect(SocketAddress.describe(Self.storage(v4)) == "192.0.2.17:8080")
        #expect(SocketAddress.describe(Self.storage(v6)) == "[::1]:443")
        #expect(SocketAddress.describe(sockaddr_storage()) == "unknown")
    }

    private static func storage<Address>(_ address: Address) -> sockaddr_storage {
        var storage = sockaddr_storage()
        withUnsafeBytes(of: address) { source in
            withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: source) }
        }
        return storage
    }
}
