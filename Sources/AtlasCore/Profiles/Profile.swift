/// What a visitor's profile holds, committed or as a draft (docs/design.md, "The profile and its draft").
public struct Profile: Sendable, Equatable {
    /// The name shown as the profile's title: trimmed, 1–40 `Character`s, no control characters.
    public var username: String
    /// Whether the visitor wants notifications.
    public var notifications: Bool
    /// The seasonal photo.
    public var season: Season
    /// The visitor's goal date.
    public var goalDate: CalendarDate

    /// A profile from its fields.
    public init(username: String, notifications: Bool, season: Season, goalDate: CalendarDate) {
        self.username = username
        self.notifications = notifications
        self.season = season
        self.goalDate = goalDate
    }

    /// A new visitor's: `guest`, notifications on, winter, the goal date the creation day (UTC).
    public static func defaults(createdOn day: CalendarDate) -> Profile {
        Profile(username: "guest", notifications: true, season: .winter, goalDate: day)
    }
}
