/// A 2- and 3-gram index (in Unicode scalars) over the strings entries match against, built once per
/// data version. Each word of a search lies inside an indexed string of any matching entry, so its
/// candidates are a superset of the matches, checked one by one afterwards.
struct SearchIndex: Sendable {
    /// Ascending entry positions by n-gram (`gram`).
    private let postings: [UInt64: [Int32]]
    private let entryCount: Int

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

    /// Ascending positions of the entries that may match the folded `key`; `nil` (every entry) when it has
    /// no word of two or more characters.
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

    /// Two or three scalars (21 bits each) in one integer; bit 63 marks a 2-gram.
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
