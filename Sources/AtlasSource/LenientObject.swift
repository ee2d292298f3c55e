import AtlasCore

/// One JSON object from a disease.sh body, read field by field so that one odd field never sinks its record
/// (docs/field-cases.md B03, B27): every accessor answers `nil` for a member that is missing, `null` or of another kind.
///
/// Built on Foundation's `JSONDecoder` (through `KeyedDecodingContainer`), which does the JSON parsing.
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

    /// Reads the current value of `decoder` as an object; `nil` when it is anything else.
    init?(_ decoder: any Decoder) {
        guard let members = try? decoder.container(keyedBy: MemberName.self) else { return nil }
        self.members = members
    }

    private init(members: KeyedDecodingContainer<MemberName>) {
        self.members = members
    }

    /// A count: integers exactly (through `Int64` first, so `1636866663168` and `Int64.max` stay exact),
    /// integral doubles (`1000000.0`) exactly, fractional numbers rounded toward zero; `nil` for strings,
    /// booleans, `null` and numbers outside `Int64` (`9223372036854775808`, `1e400`).
    func count(_ name: String) -> Int64? {
        let key = MemberName(name)
        if let exact = try? members.decodeIfPresent(Int64.self, forKey: key) { return exact }
        guard let double = try? members.decodeIfPresent(Double.self, forKey: key), double.isFinite else {
            return nil
        }
        // Int64(exactly:) refuses values outside Int64 instead of trapping.
        return Int64(exactly: double.rounded(.towardZero))
    }

    /// The latest time an `updated` field may carry: 3000-01-01T00:00:00Z, in ms since the epoch.
    static let latestTimestamp: Int64 = 32_503_680_000_000

    /// A time in ms since the epoch (`updated`): a count from 1970 up to the year 3000, else `nil`,
    /// so a wild value can neither pass for data age nor overflow date arithmetic downstream.
    func timestamp(_ name: String) -> Int64? {
        count(name).flatMap { (0...LenientObject.latestTimestamp).contains($0) ? $0 : nil }
    }

    /// A ratio (`…PerOneMillion`, `one…PerPeople`, `lat`, `long`); `nil` for anything but a finite number.
    func ratio(_ name: String) -> Double? {
        guard let double = try? members.decodeIfPresent(Double.self, forKey: MemberName(name)), double.isFinite
        else { return nil }
        return double
    }

    /// A string member; `nil` for any other kind of value.
    func text(_ name: String) -> String? {
        try? members.decodeIfPresent(String.self, forKey: MemberName(name))
    }

    /// A nested object member, e.g. `countryInfo`; `nil` when it is missing, `null` or not an object.
    func object(_ name: String) -> LenientObject? {
        guard let nested = try? members.nestedContainer(keyedBy: MemberName.self, forKey: MemberName(name))
        else { return nil }
        return LenientObject(members: nested)
    }

    /// The members named by `figures`, each read as a count or a ratio by its kind (`Figure.isRatio`).
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
