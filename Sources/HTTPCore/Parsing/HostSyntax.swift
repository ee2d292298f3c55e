/// The `uri-host [ ":" port ]` grammar of RFC 3986 §3.2.2–§3.2.3, shared by the `Host` field
/// (RFC 9110 §7.2) and the authority of an absolute-form request target (RFC 9112 §3.2.2).
enum HostSyntax {
    /// Whether `value` is `IP-literal / IPv4address / reg-name` [ `":" *DIGIT` ]. Empty is allowed (RFC
    /// 9112 §3.2: no authority); userinfo (`@`) is refused (RFC 9110 §4.2.4).
    static func isValidHostAndPort(_ value: Substring.UTF8View) -> Bool {
        var index = value.startIndex
        if index < value.endIndex, value[index] == UInt8(ascii: "[") {
            guard let close = value[index...].firstIndex(of: UInt8(ascii: "]")) else { return false }
            guard isIPLiteralBody(value[value.index(after: index)..<close]) else { return false }
            index = value.index(after: close)
        } else {
            // IPv4address is a subset of reg-name, so one pass covers both.
            while index < value.endIndex, value[index] != UInt8(ascii: ":") {
                let byte = value[index]
                if byte == UInt8(ascii: "%") {
                    let first = value.index(after: index)
                    guard first < value.endIndex, value.index(after: first) < value.endIndex,
                        isHexDigit(value[first]), isHexDigit(value[value.index(after: first)])
                    else { return false }
                    index = value.index(index, offsetBy: 3)
                    continue
                }
                guard ByteClass.isUnreserved(byte) || isSubDelimiter(byte) else { return false }
                index = value.index(after: index)
            }
        }
        guard index < value.endIndex else { return true }
        guard value[index] == UInt8(ascii: ":") else { return false }
        return value[value.index(after: index)...].allSatisfy(ByteClass.isDigit)
    }

    /// `IPv6address / IPvFuture` between the brackets, checked for its alphabet only.
    private static func isIPLiteralBody(_ body: Substring.UTF8View) -> Bool {
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
        "!$&'()*+,;=".utf8.contains(byte)
    }
}
