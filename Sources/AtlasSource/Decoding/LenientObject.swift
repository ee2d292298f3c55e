import AtlasCore

/// One JSON object of a disease.sh body, read field by field so one odd field never sinks its record
/// (docs/field-cases.md B03, B27): `nil` for a member that is missing, `null` or of another kind.
struct LenientObject {
    /// A member name as disease.sh spells it, e.g. `cases`, `countryInfo`, `_id`.
    struct MemberName: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }

        init(_ name: String) {
            stringValue = name
        }

        init(stringValue: String) {
            self.init(stringValue)
        }

        init?(intValue: Int) {
            nil
        }
    }

    private let members: KeyedDecodingContainer<MemberName>

    /// The decoder's current value as an object; `nil` when it is anything else.
    init?(_ decoder: any Decoder) {
        guard let members = try? decoder.container(keyedBy: MemberName.self) else { return nil }
        self.members = members
    }

    private init(members: KeyedDecodingContainer<MemberName>) {
        self.members = members
    }

    /// A count: integers exactly (through `Int64` first), integral doubles exactly, fractions rounded
    /// toward zero; `nil` for strings, booleans, `null` and numbers outside `Int64`.
    func count(_ name: String) -> Int64? {
        let key = MemberName(name)
        if let exact = try? members.decodeIfPresent(Int64.self, forKey: key) { return exact }
        guard let double = try? members.decodeIfPresent(Double.self, forKey: key), double.isFinite else {
            return nil
        }
        // Int64(exactly:) refuses values outside Int64 instead of trapping.
        return Int64(exactly: double.rounded(.towardZero))
    }

    /// The latest `updated` believed: 3000-01-01T00:00:00Z, ms since the epoch.
    static let latestTimestamp: Int64 = 32_503_680_000_000

    /// A time in ms since the epoch from 1970 to 3000, else `nil`: a wild value must neither pass for data
    /// age nor overflow date arithmetic.
    func timestamp(_ name: String) -> Int64? {
        count(name).flatMap { (0...LenientObject.latestTimestamp).contains($0) ? $0 : nil }
    }

    /// A finite number (ratios, `lat`, `long`), else `nil`.
    func ratio(_ name: String) -> Double? {
        guard let double = try? members.decodeIfPresent(Double.self, forKey: MemberName(name)), double.isFinite
        else { return nil }
        return double
    }

    func text(_ name: String) -> String? {
        try? members.decodeIfPresent(String.self, forKey: MemberName(name))
    }

    /// A nested object, e.g. `countryInfo`; `nil` when missing, `null` or not an object.
    func object(_ name: String) -> LenientObject? {
        guard let nested = try? members.nestedContainer(keyedBy: MemberName.self, forKey: MemberName(name))
        else { return nil }
        return LenientObject(members: nested)
    }

    /// The members of `figures`, each read as a count or a ratio (`Figure.isRatio`).
    func figures(_ figures: [Figure]) -> Figures {
        var values = Figures()
        for figure in figures {
            if figure.isRatio {
                values[ratio: figure] = ratio(figure.name)
            } else {
                values[figure] = count(figure.name)
            }
        }
        return values
    }
}
