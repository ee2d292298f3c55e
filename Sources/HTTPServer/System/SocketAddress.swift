import Glibc

enum SocketAddress {
    /// `host:port` for IPv4, `[host]:port` for IPv6, `"unknown"` for other families.
    static func describe(_ storage: sockaddr_storage) -> String {
        var storage = storage
        return withUnsafePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address -> String in
                var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
                switch Int32(address.pointee.sa_family) {
                case AF_INET:
                    return address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { v4 in
                        var raw = v4.pointee.sin_addr
                        inet_ntop(AF_INET, &raw, &text, socklen_t(text.count))
                        return "\(Self.string(text)):\(UInt16(bigEndian: v4.pointee.sin_port))"
                    }
                case AF_INET6:
                    return address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { v6 in
                        var raw = v6.pointee.sin6_addr
                        inet_ntop(AF_INET6, &raw, &text, socklen_t(text.count))
                        return "[\(Self.string(text))]:\(UInt16(bigEndian: v6.pointee.sin6_port))"
                    }
                default:
                    return "unknown"
                }
            }
        }
    }

    /// The text of a NUL-terminated buffer filled by inet_ntop(3) (ASCII only).
    private static func string(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The port of a bound IPv4 or IPv6 socket address, in host byte order.
    static func port(_ storage: sockaddr_storage) -> Int {
        var storage = storage
        return withUnsafePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address -> Int in
                switch Int32(address.pointee.sa_family) {
                case AF_INET:
                    return address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                        Int(UInt16(bigEndian: $0.pointee.sin_port))
                    }
                case AF_INET6:
                    return address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                        Int(UInt16(bigEndian: $0.pointee.sin6_port))
                    }
                default:
                    return 0
                }
            }
        }
    }
}
