import Foundation
import HTTPCore
import Routing
import Testing

@testable import AtlasWeb

/// U+FFFE, a Unicode noncharacter (Swift string literals refuse to spell one).
let noncharacter = String(Unicode.Scalar(0xFFFE as UInt32)!)

struct ProfileValidationTests {
    /// Each bad submission: the fields, the field that must carry a message, and words of that message.
    static let invalidSubmissions: [(String, [String: String?], String, String)] = [
        ("empty username", editorValues(username: "", goal: "2026-05-02"), "username", "1 to 40 characters"),
        ("only spaces", editorValues(username: "   ", goal: "2026-05-02"), "username", "1 to 40 characters"),
        (
            "41 characters", editorValues(username: String(repeating: "a", count: 41), goal: "2026-05-02"), "username",
            "at most 40"
        ),
        (
            "10,000 characters", editorValues(username: String(repeating: "x", count: 10_000), goal: "2026-05-02"),
            "username", "this one has 10000"
        ),
        ("a tab inside", editorValues(username: "Ada\tLovelace", goal: "2026-05-02"), "username", "control characters"),
        (
            "a right-to-left override", editorValues(username: "\u{202E}evil", goal: "2026-05-02"), "username",
            "text-direction controls"
        ),
        (
            "a left-to-right isolate", editorValues(username: "Ada\u{2066}x\u{2069}", goal: "2026-05-02"), "username",
            "text-direction controls"
        ),
        (
            "a noncharacter", editorValues(username: "Ada" + noncharacter, goal: "2026-05-02"), "username",
            "noncharacters"
        ),
        ("a line separator", editorValues(username: "Ada\u{2028}Lovelace", goal: "2026-05-02"), "username", "control"),
        (
            "only invisible marks", editorValues(username: "\u{00AD}\u{200D}\u{0301}", goal: "2026-05-02"), "username",
            "shows nothing"
        ),
        (
            "Hangul fillers and a blank braille pattern",
            editorValues(username: "\u{3164}\u{FFA0} \u{115F}\u{2800}", goal: "2026-05-02"), "username", "shows nothing"
        ),
        (
            "only zero-width spaces", editorValues(username: "\u{200B} \u{200B}", goal: "2026-05-02"), "username",
            "shows nothing"
        ),
        ("missing username", ["season": "winter", "goal_date": "2026-05-02"], "username", "1 to 40 characters"),
        ("impossible date", editorValues(goal: "2025-02-30"), "goal_date", "real calendar date"),
        ("not a date", editorValues(goal: "tomorrow"), "goal_date", "real calendar date"),
        ("too far ahead", editorValues(goal: "2027-05-02"), "goal_date", "from 1 May 2025 to 1 May 2027"),
        ("too far back", editorValues(goal: "2025-04-30"), "goal_date", "from 1 May 2025 to 1 May 2027"),
        ("missing date", ["username": "Ada", "season": "winter"], "goal_date", "Choose a goal date"),
        ("unknown season", editorValues(season: "monsoon", goal: "2026-05-02"), "season", "spring, summer, autumn"),
        ("missing season", ["username": "Ada", "goal_date": "2026-05-02"], "season", "Choose a seasonal photo"),
    ]

    /// What counts as drawing something in a username: letters, digits, punctuation, symbols; not
    /// spaces, format characters, marks, Hangul fillers or the blank braille pattern.
    @Test(
        arguments: [
            ("A", true), ("김", true), ("7", true), ("!", true), ("€", true), ("ㄱ", true),
            (" ", false), ("\u{00AD}", false), ("\u{200B}", false), ("\u{0301}", false), ("\u{3164}", false),
            ("\u{FFA0}", false), ("\u{115F}", false), ("\u{1160}", false), ("\u{2800}", false),
        ] as [(Unicode.Scalar, Bool)])
    func aScalarIsVisibleWhenItDrawsSomething(_ scalar: Unicode.Scalar, _ visible: Bool) {
        #expect(ProfileForm.isVisible(scalar) == visible)
    }

    @Test(arguments: StoreKind.available, invalidSubmissions.indices)
    func badInputIs422WithAMessageBesideTheFieldAndNothingStored(_ store: StoreKind, _ index: Int) throws {
        let (_, values, field, message) = ProfileValidationTests.invalidSubmissions[index]
        let fixture = try AppFixture(store: store, now: profileDay)
        let visitor = WebVisitor(fixture.client)
        try visitor.submitEditor("save", editorValues(username: "Saved draft", goal: "2026-05-03"))
        let rowBefore = try storedProfileRow(fixture)
        for action in ["save", "done"] {
            let response = try visitor.submitEditor(action, values)
            #expect(response.status == .unprocessableContent)
            let errorID = ["username": "username-error", "season": "season-error", "goal_date": "goal-error"][field]!
            #expect(response.text.contains("id=\"\(errorID)\""))
            #expect(response.text.contains(message))
            // What the visitor typed, with what would act instead of showing made visible (EchoTests).
            if let typed = values["username"] ?? nil {
                #expect(response.inputValue("username") == typed.echoedAsOwnText)
            }
            if let typed = values["goal_date"] ?? nil { #expect(response.inputValue("goal_date") == typed) }
        }
        #expect(try storedProfileRow(fixture) == rowBefore)
        #expect(try visitor.get("/profile/edit").inputValue("username") == "Saved draft")
    }

    @Test(arguments: StoreKind.available)
    func theRejectedFormKeepsEveryValueAndListsBothErrors_B19(_ store: StoreKind) throws {
        let fixture = try AppFixture(store: store, now: profileDay)
        let visitor = WebVisitor(fixture.client)
        let response = try visitor.submitEditor(
            "save", ["username": "", "notifications": "on", "season": "winter", "goal_date": "2099-01-01"])
        #expect(response.status == .unprocessableContent)
        #expect(response.text.contains("<li><a href=\"#field-username\">Username: "))
        #expect(response.text.contains("<li><a href=\"#field-goal_date\">Goal date: "))
        #expect(response.text.contains("value=\"winter\" checked"))
        #expect(response.text.contains("name=\"notifications\" type=\"checkbox\" value=\"on\" checked"))
        #expect(response.inputValue("goal_date") == "2099-01-01")
        #expect(try visitor.get("/profile").text.contains("<h1 id=\"profile-name\" dir=\"auto\">guest</h1>"))
    }

    /// 20 × 👩🏽‍💻 is 20 characters (each 1 grapheme of 4 scalars, 15 UTF-8 bytes, 7 UTF-16 units).
    @Test(
        arguments: StoreKind.available,
        [
            String(repeating: "👩🏽‍💻", count: 20), "Zoë Ångström 🚀", String(repeating: "🇰🇷", count: 40),
            "Zoe\u{308} decomposed",
        ])
    func namesCountedInCharactersAreStoredAndShownByteIdentical_B20(_ store: StoreKind, _ name: String) throws {
        let fixture = try AppFixture(store: store, now: profileDay)
        let visitor = WebVisitor(fixture.client)
        let done = try visitor.submitEditor("done", editorValues(username: name, goal: "2026-05-02"))
        #expect(done.status == .seeOther)
        let profile = try visitor.get("/profile")
        #expect(profile.text.contains("<h1 id=\"profile-name\" dir=\"auto\">\(name)</h1>"))
        #expect(Array(try visitor.get("/profile/edit").inputValue("username")!.utf8) == Array(name.utf8))
        let row = try storedProfileRow(fixture)
        #expect(row.first?[1] == name.utf8.map { String(format: "%02X", $0) }.joined())
    }

    @Test(arguments: StoreKind.available)
    func the41stEmojiIsRejectedWithTheSameUnit_B20(_ store: StoreKind) throws {
        let fixture = try AppFixture(store: store, now: profileDay)
        let response = try WebVisitor(fixture.client).submitEditor(
            "done", editorValues(username: String(repeating: "👩🏽‍💻", count: 41), goal: "2026-05-02"))
        #expect(response.status == .unprocessableContent)
        #expect(response.text.contains("this one has 41"))
        let editor = try WebVisitor(fixture.client).get("/profile/edit").text
        #expect(editor.contains("data-max-characters=\"40\""))
        #expect(!editor.contains("maxlength"))
    }

    @Test(
        arguments: StoreKind.available,
        ["<img src=x onerror=alert(1)>", "\"><script>alert(1)</script>", "O'Brien & <b>Co</b>"])
    func aUsernameIsAlwaysShownAsText_B21(_ store: StoreKind, _ name: String) throws {
        let fixture = try AppFixture(store: store, now: profileDay)
        let visitor = WebVisitor(fixture.client)
        #expect(try visitor.submitEditor("done", editorValues(username: name, goal: "2026-05-02")).status == .seeOther)
        for page in [try visitor.get("/profile"), try visitor.get("/profile/edit")] {
            #expect(!page.text.contains(name))
            #expect(!page.text.contains("<script>alert"))
            #expect(!page.text.contains("<img src=x"))
        }
        let profile = try visitor.get("/profile").text
        let escaped = name.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "'", with: "&#39;")
        #expect(profile.contains("<h1 id=\"profile-name\" dir=\"auto\">\(escaped)</h1>"))
        #expect(profile.contains("<title>\(escaped) — Profile — Covid Atlas</title>"))
        #expect(try visitor.get("/profile/edit").inputValue("username") == name)
    }

    /// A name of one "character" that is a letter under hundreds of combining marks (or joiners) is
    /// refused: the 40-character limit alone would let one character carry a megabyte and its marks
    /// would pile up over the page.
    @Test(
        arguments: StoreKind.available,
        ["e" + String(repeating: "\u{301}", count: 300), "a" + String(repeating: "\u{200D}", count: 17)])
    func aCharacterBuiltFromTooManyCodePointsIsRefused_B20(_ store: StoreKind, _ name: String) throws {
        let fixture = try AppFixture(store: store, now: profileDay)
        let visitor = WebVisitor(fixture.client)
        let response = try visitor.submitEditor("done", editorValues(username: name, goal: "2026-05-02"))
        #expect(response.status == .unprocessableContent)
        #expect(response.text.contains("id=\"username-error\""))
        #expect(response.text.contains("at most 16"))
        #expect(try visitor.get("/profile").text.contains("<h1 id=\"profile-name\" dir=\"auto\">guest</h1>"))
        #expect(try visitor.get("/profile/edit").text.contains("data-max-code-points=\"16\""))
    }

    /// A refused name with control characters comes back with each one shown as a Control Picture (a
    /// noncharacter as its code point): the page stays valid HTML (a NUL or ESC in a page is a parse
    /// error) and the visitor sees what and where they were.
    @Test(arguments: StoreKind.available)
    func controlCharactersInARefusedNameAreShownAsPictures(_ store: StoreKind) throws {
        let fixture = try AppFixture(store: store, now: profileDay)
        let response = try WebVisitor(fixture.client).submitEditor(
            "save", editorValues(username: "a\u{0}b\u{1B}c\u{7F}d" + noncharacter, goal: "2026-05-02"))
        #expect(response.status == .unprocessableContent)
        #expect(response.inputValue("username") == "a␀b␛c␡d[U+FFFE]")
        let forbidden = response.text.unicodeScalars.filter {
            ($0.properties.generalCategory == .control && !["\t", "\n", "\r"].contains($0))
                || $0.properties.isNoncharacterCodePoint
        }
        #expect(forbidden.isEmpty)
    }

    @Test(arguments: StoreKind.available)
    func theGoalDateIsReadableAndMachineReadable_B28(_ store: StoreKind) throws {
        let fixture = try AppFixture(store: store, now: profileDay)
        let visitor = WebVisitor(fixture.client)
        try visitor.submitEditor("done", editorValues(goal: "2026-05-10"))
        let profile = try visitor.get("/profile").text
        #expect(profile.contains("<time datetime=\"2026-05-10\">10 May 2026</time>"))
        #expect(!profile.contains("2569"))
        let editor = try visitor.get("/profile/edit")
        #expect(editor.inputValue("goal_date") == "2026-05-10")
        #expect(editor.text.contains("min=\"2025-05-10\" max=\"2027-05-10\""))
    }
}
