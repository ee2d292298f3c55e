/// The field names requests carry most, so the parser hands out a shared `FieldName` for them
/// instead of making two strings (the name as sent and lower-cased) for each line of each request.
/// A browser's page request has about a dozen lines (`User-Agent`, `Accept-Language`,
/// `Sec-Fetch-Mode`…): making their names had been a tenth of such a request's work.
enum KnownFieldNames {
    /// One known name as clients usually spell it and lower-cased (as HTTP/2 and some clients send
    /// them), each with its bytes.
    struct Entry {
        let name: FieldName
        let spelled: [UInt8]
        let lowercaseName: FieldName
        let lowercased: [UInt8]
    }

    /// The known names by their length in bytes.
    static let byLength: [[Entry]] = {
        let names: [FieldName] = [
            .host, .accept, .acceptEncoding, .connection, .cookie, .cacheControl, .contentLength, .contentType,
            .expect, .ifNoneMatch, .ifModifiedSince, .origin, .referer, .secFetchSite, .transferEncoding,
            .xForwardedFor, .xForwardedHost, .xForwardedProto, .xRequestStart,
            "User-Agent", "Accept-Language", "Upgrade-Insecure-Requests", "Sec-Fetch-Mode", "Sec-Fetch-User",
            "Sec-Fetch-Dest", "Sec-CH-UA", "Sec-CH-UA-Mobile", "Sec-CH-UA-Platform", "Pragma", "DNT", "Priority",
            "X-Real-IP", "Content-Encoding",
        ]
        var table = [[Entry]](repeating: [], count: 1 + names.map(\.rawName.utf8.count).max()!)
        for name in names {
            table[name.rawName.utf8.count].append(
                Entry(
                    name: name, spelled: Array(name.rawName.utf8), lowercaseName: FieldName(name.canonicalName),
                    lowercased: Array(name.canonicalName.utf8)))
        }
        return table
    }()

    /// The shared name whose bytes are exactly `bytes`, as usually spelled or lower-cased; `nil`
    /// for any other name or spelling (a name is kept as it was written).
    static func name(spelledAs bytes: UnsafeBufferPointer<UInt8>) -> FieldName? {
        let table = byLength
        guard bytes.count < table.count else { return nil }
        for entry in table[bytes.count] {
            if same(entry.spelled, bytes) { return entry.name }
            if same(entry.lowercased, bytes) { return entry.lowercaseName }
        }
        return nil
    }

    /// Whether `known` holds `bytes`, of the same count. A plain loop: `elementsEqual` went through
    /// iterators at about 260 instructions a name.
    private static func same(_ known: [UInt8], _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        known.withUnsafeBufferPointer { known in
            for index in 0..<known.count where known[index] != bytes[index] { return false }
            return true
        }
    }
}
