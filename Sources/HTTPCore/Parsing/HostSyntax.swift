/// The `uri-host [ ":" port ]` grammar of RFC 3986 §3.2.2–§3.2.3, shared by the `Host` field
/// (RFC 9110 §7.2) and the authority of an absolute-form request target (RFC 9112 §3.2.2).
enum HostSyntax {
    /// Whether `value` is `IP-literal / IPv4address / reg-name` [ `":" *DIGIT` ]. Empty is allowed (RFC
    /// 9112 §3.2: no authority); userinfo (`@`) is refused (RFC 9110 §4.2.4).
    static func isValidHostAndPort(_ value: Substring.UTF8View) -> Bool {
        // Every request's `Host` is checked: over contiguous bytes, not the view's validated indices.
        value.withContiguousStorageIfAvailable(isValidHostAndPort)
            ?? Array(value).withUnsafeBufferPointer(isValidHostAndPort)
    }

    private static func isValidHostAndPort(_ value: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        if index < value.count, value[index] == UInt8(ascii: "[") {
            guard let close = value.firstIndex(of: UInt8(ascii: "]")) else { return false }
            guard isIPLiteralBody(value[1..<close]) else { return false }
            index = close + 1
        } else {
            // IPv4address is a subset of reg-name, so one pass covers both.
            while index < value.count, value[index] != UInt8(ascii: ":") {
                let byte = value[index]
                if byte == UInt8(ascii: "%") {
                    guard index + 2 < value.count, isHexDigit(value[index + 1]), isHexDigit(value[index + 2])
                    else { return false }
                    index += 3
                    continue
                }
                guard ByteClass.isUnreserved(byte) || isSubDelimiter(byte) else { return false }
                index += 1
            }
        }
        guard index < value.count else { return true }
        guard value[index] == UInt8(ascii: ":") else { return false }
        return value[(index + 1)...].allSatisfy(ByteClass.isDigit)
    }

    /// `IPv6address / IPvFuture` between the brackets, checked for its alphabet only.
    private static func isIPLiteralBody(_ body: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        guard let first = body.first else { return false }
        if first == UInt8(ascii: "v") || first == UInt8(ascii: "V") {
            let rest = body.dropFirst()
            guard let dot = rest.firstIndex(of: UInt8(ascii: ".")), dot > rest.startIndex,
                rest[rest.startIndex..<dot].allSatisfy(isHexDigit)
            else { return false }
            let tail = rest[rest.index(after: dot)...]
            return !tail.isEmpty
                && tail.allSatisfy { ByteClass.isUnreserved($0) || isSubDelimiter($0) || $0 == UInt8(ascii: ":") }
        }
        return body.contains(UInt8(ascii: ":"))
            && body.allSatisfy { isHexDigit($0) || $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ".") }
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool { PercentDecoding.hexValue(byte) != nil }

    /// `sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="` (RFC 3986 §2.2).
    private static func isSubDelimiter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&")...UInt8(ascii: ","), UInt8(ascii: ";"),
            UInt8(ascii: "="):
            true
        default: false
        }
    }
}
