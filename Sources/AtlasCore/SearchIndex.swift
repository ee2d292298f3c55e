/// An n-gram index over the entries' folded names, aliases and ISO codes, built once per data
/// version, so a search looks at the few entries that can match instead of every entry.
///
/// Every string a search matches against (`CountryCatalog.Entry.matches`) is indexed by its
/// 2- and 3-grams (in Unicode scalars). Each word of a search key lies inside one indexed string
/// whenever an entry matches (a name contains the key, or all its words, or its space-free form,
/// or the key is an ISO code), so an entry that lacks a word's n-grams cannot match: the
/// candidates are a superset of the matches, checked one by one afterwards.
struct SearchIndex: Sendable {
    /// Entry positions (ascending) by n-gram, the n-gram packed into an integer (`gram`).
    private let postings: [UInt64: [Int32]]
    private let entryCount: Int

    /// - Parameter strings: the indexed strings of each entry, by entry position.
    init(strings: [[String]]) {
        var postings: [UInt64: [Int32]] = [:]
        var grams = Set<UInt64>()
        for (position, texts) in strings.enumerated() {
            grams.removeAll(keepingCapacity: true)
            for text in texts { SearchIndex.addGrams(of: text, to: &grams) }
            for gram in grams { postings[gram, default: []].append(Int32(position)) }
        }
        self.postings = postings
        entryCount = strings.count
    }

    /// Positions of the entries that may match `key` (a folded search key), ascending; `nil` when
    /// the key has no word of 2 or more characters, and every entry is a candidate.
    func candidates(for key: String) -> [Int32]? {
        var lists: [[Int32]] = []
        for word in key.split(separator: " ") {
            let scalars = word.unicodeScalars.map(\.value)
            guard scalars.count >= 2 else { continue }
            let size = min(3, scalars.count)
            var seen = Set<UInt64>()
            for start in 0...(scalars.count - size) {
                let gram = SearchIndex.gram(scalars[start..<start + size])
                guard seen.insert(gram).inserted else { continue }
                guard let list = postings[gram] else { return [] }
                lists.append(list)
            }
        }
        guard !lists.isEmpty else { return nil }
        lists.sort { $0.count < $1.count }
        var result = lists[0]
        for list in lists.dropFirst() {
            result = SearchIndex.intersect(result, list)
            if result.isEmpty { break }
        }
        return result
    }

    private static func addGrams(of text: String, to grams: inout Set<UInt64>) {
        let scalars = text.unicodeScalars.map(\.value)
        for size in 2...3 where scalars.count >= size {
            for start in 0...(scalars.count - size) { grams.insert(gram(scalars[start..<start + size])) }
        }
    }

    /// Two or three Unicode scalars (21 bits each) in one integer; bit 63 marks a 2-gram so that
    /// it never equals a 3-gram.
    private static func gram(_ scalars: ArraySlice<UInt32>) -> UInt64 {
        var value: UInt64 = 0
        for scalar in scalars { value = value << 21 | UInt64(scalar) }
        return scalars.count == 2 ? value | 1 << 63 : value
    }

    private static func intersect(_ a: [Int32], _ b: [Int32]) -> [Int32] {
        var result: [Int32] = []
        result.reserveCapacity(min(a.count, b.count))
        var i = 0
        var j = 0
        while i < a.count, j < b.count {
            if a[i] == b[j] {
                result.append(a[i])
                i += 1
                j += 1
            } else if a[i] < b[j] {
                i += 1
            } else {
                j += 1
            }
        }
        return result
    }
}
