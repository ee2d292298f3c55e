import AtlasCharts
import AtlasCore
import Foundation
import Mustache

/// The profile editor's fields exactly as the visitor typed them, with a message for each bad one.
///
/// The username limit counts Swift `Character`s, extended grapheme clusters (UAX #29): `👩🏽‍💻` is 1 of
/// 40. HTML's `maxlength` counts UTF-16 units (👩🏽‍💻 is 7), so the input has none; `profile-editor.js`
/// counts with `Intl.Segmenter`, and this check decides (docs/field-cases.md B20).
struct ProfileForm {
    /// The most user-perceived characters a username may have.
    static let maxUsernameCharacters = 40
    /// The most code points one username character may combine: the longest emoji sequences have 10;
    /// without a bound one "character" could be a megabyte of stacked accents.
    static let maxCodePointsPerCharacter = 16

    var username: String
    var notifications: Bool
    var season: String
    var goalDate: String
    /// Field name (`username`, `season`, `goal_date`) → what is wrong, shown beside the field.
    var errors: [String: String] = [:]

    /// The form showing a stored profile or draft.
    init(_ profile: Profile) {
        username = profile.username
        notifications = profile.notifications
        season = profile.season.rawValue
        goalDate = profile.goalDate.iso
    }

    /// The submitted form, validated: the username trimmed, 1…`maxUsernameCharacters` characters of at
    /// most `maxCodePointsPerCharacter` code points each, without control or direction-control characters
    /// or noncharacters, and showing something; the season one of the four; the goal date a real
    /// `YYYY-MM-DD` within a year of `committedGoal`. An absent `notifications` checkbox means off. The
    /// messages are in the language of `words` (`profile.error.`).
    init(_ submission: FormSubmission, committedGoal: CalendarDate, words: PageWords) {
        self.init(fields: submission.fields, committedGoal: committedGoal, words: words)
    }

    /// As `init(_:committedGoal:words:)`, from the decoded fields of a form (the first value of each
    /// name counts).
    init(fields: [(name: String, value: String)], committedGoal: CalendarDate, words: PageWords) {
        func value(_ name: String) -> String? { fields.first { $0.name == name }?.value }
        username = value("username") ?? ""
        notifications = value("notifications") != nil
        season = value("season") ?? ""
        goalDate = value("goal_date") ?? ""

        let trimmed = username.trimmingWhitespace
        let max = String(ProfileForm.maxUsernameCharacters)
        if trimmed.isEmpty {
            // A name of zero-width spaces (trimmed as space is) was typed but shows nothing.
            let typedSomething = username.unicodeScalars.contains { !$0.properties.isWhitespace }
            errors["username"] =
                typedSomething
                ? words("profile.error.usernameInvisible") : words("profile.error.usernameEmpty", ["max": max])
        } else if trimmed.count > ProfileForm.maxUsernameCharacters {
            errors["username"] = words("profile.error.usernameTooLong", ["max": max, "count": String(trimmed.count)])
        } else if trimmed.unicodeScalars.contains(where: {
            // Line and paragraph separators (U+2028, U+2029) break a line as a line feed does.
            [.control, .lineSeparator, .paragraphSeparator].contains($0.properties.generalCategory)
                || $0.properties.isNoncharacterCodePoint
        }) {
            errors["username"] = words("profile.error.usernameControl")
        } else if trimmed.unicodeScalars.contains(where: String.isDirectionControl) {
            // An override turns around the rest of any line that shows the name (the tab title, the heading).
            errors["username"] = words("profile.error.usernameDirection")
        } else if !trimmed.unicodeScalars.contains(where: ProfileForm.isVisible) {
            // Only invisible marks (a soft hyphen, a joiner, a lone accent): a name that shows nothing.
            errors["username"] = words("profile.error.usernameInvisible")
        } else if let widest = trimmed.map(\.unicodeScalars.count).max(),
            widest > ProfileForm.maxCodePointsPerCharacter
        {
            errors["username"] = words(
                "profile.error.usernameCombines",
                ["count": String(widest), "max": String(ProfileForm.maxCodePointsPerCharacter)])
        }
        if value("season") == nil {
            errors["season"] = words("profile.error.seasonMissing")
        } else if Season(rawValue: season) == nil {
            errors["season"] = words("profile.error.seasonUnknown")
        }
        let range = ProfileForm.goalRange(around: committedGoal)
        if goalDate.isEmpty {
            errors["goal_date"] = words("profile.error.goalMissing")
        } else if let date = CalendarDate(iso: goalDate) {
            if !range.contains(date) {
                errors["goal_date"] = words(
                    "profile.error.goalOutOfRange",
                    ["first": words.readableDate(range.lowerBound), "last": words.readableDate(range.upperBound)])
            }
        } else {
            errors["goal_date"] = words("profile.error.goalInvalid")
        }
    }

    /// Whether `scalar` draws something of its own: a letter, digit, punctuation mark or symbol
    /// (Unicode general categories L, N, P and S), not a space, a format character or a mark; nor a
    /// default-ignorable letter (the Hangul fillers U+3164, U+FFA0, U+115F, U+1160, which fonts draw as
    /// nothing and are used for blank names), nor the blank braille pattern U+2800.
    static func isVisible(_ scalar: Unicode.Scalar) -> Bool {
        guard !scalar.properties.isDefaultIgnorableCodePoint, scalar != "\u{2800}" else { return false }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .decimalNumber, .letterNumber, .otherNumber,
            .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
            .finalPunctuation, .otherPunctuation,
            .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol:
            return true
        default:
            return false
        }
    }

    /// The allowed goal dates: one year either side of the committed goal date.
    static func goalRange(around goal: CalendarDate) -> ClosedRange<CalendarDate> {
        goal.addingYears(-1)...goal.addingYears(1)
    }

    /// The profile these fields describe, when every field is valid.
    var profile: Profile? {
        guard errors.isEmpty, let season = Season(rawValue: season), let goal = CalendarDate(iso: goalDate) else {
            return nil
        }
        return Profile(
            username: username.trimmingWhitespace, notifications: notifications,
            season: season, goalDate: goal)
    }

    /// The editor's values in the language of `words`: fields as typed, the season choices, the date
    /// range, the hints, the messages, and the editor script's messages (`profile.script.`).
    func templateValue(committedGoal: CalendarDate, words: PageWords) -> [String: TemplateValue] {
        let range = ProfileForm.goalRange(around: committedGoal)
        let order = ["username": 0, "season": 1, "goal_date": 2]
        let labels = ["username": "profile.username", "season": "profile.season", "goal_date": "profile.goalDate"]
        let errorList: [TemplateValue] = errors.sorted { order[$0.key, default: 9] < order[$1.key, default: 9] }
            .map {
                [
                    "field": .string($0.key), "label": .string(labels[$0.key].map { words($0) } ?? $0.key),
                    "message": .string($0.value),
                ]
            }
        // The script fills `{max}`, `{count}` and `{status}` itself; each message is a data attribute.
        let scriptMessages: [TemplateValue] = [
            ("saving", "profile.script.saving"), ("saved", "profile.script.saved"),
            ("conflict", "profile.script.conflict"), ("invalid", "profile.script.invalid"),
            ("failed", "profile.script.failed"), ("offline", "profile.script.offline"),
            ("too-long", "profile.error.usernameTooLong"), ("combines", "profile.error.usernameCombines"),
        ].map { name, key in ["name": .string(name), "text": .string(words(key))] }
        return [
            // As typed, acting characters made visible and invisible ones kept, so sending it back keeps the name.
            "username": .string(username.echoedAsOwnText),
            "notifications": .bool(notifications),
            "seasons": .array(
                Season.allCases.map { choice in
                    [
                        "value": .string(choice.rawValue), "label": .string(words("season." + choice.rawValue)),
                        "emoji": .string(choice.emoji), "checked": .bool(choice.rawValue == season),
                    ]
                }),
            "goalDate": .string(goalDate),
            "goalMin": .string(range.lowerBound.iso),
            "goalMax": .string(range.upperBound.iso),
            "goalHint": .string(
                words(
                    "profile.goalHint",
                    ["first": words.readableDate(range.lowerBound), "last": words.readableDate(range.upperBound)])),
            "usernameHint": .string(
                words("profile.usernameHint", ["max": String(ProfileForm.maxUsernameCharacters)])),
            "scriptMessages": .array(scriptMessages),
            "maxCharacters": .string(String(ProfileForm.maxUsernameCharacters)),
            "maxCodePoints": .string(String(ProfileForm.maxCodePointsPerCharacter)),
            "usernameError": errors["username"].map(TemplateValue.string) ?? .null,
            "seasonError": errors["season"].map(TemplateValue.string) ?? .null,
            "goalDateError": errors["goal_date"].map(TemplateValue.string) ?? .null,
            "errors": .array(errorList),
            "hasErrors": .bool(!errors.isEmpty),
        ]
    }
}
