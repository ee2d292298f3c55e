/// The seasonal photo of a visitor's profile (docs/design.md, "The profile and its draft").
public enum Season: String, Sendable, CaseIterable, Equatable {
    /// 🌷, the form value `spring`.
    case spring
    /// 🌞, the form value `summer`.
    case summer
    /// 🍂, the form value `autumn`.
    case autumn
    /// ☃️, the form value `winter`; a new visitor's choice.
    case winter

    /// The emoji standing for the photo: 🌷, 🌞, 🍂, ☃️.
    public var emoji: String {
        switch self {
        case .spring: return "🌷"
        case .summer: return "🌞"
        case .autumn: return "🍂"
        case .winter: return "☃️"
        }
    }
}
