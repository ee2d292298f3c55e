import HTTPCore
import Routing
import Testing

@testable import AtlasWeb

/// Text a visitor sent that a page shows back: what the address or a form carried, with its direction
/// controls (U+202A–U+202E, U+2066–U+2069) shown as `[U+XXXX]` instead of obeyed, its control
/// characters as Control Pictures (`␀`, `␛`), and each echo isolated from the words around it.
struct InvisibleEchoTests {
    /// A zero-width space, word joiner or BOM is shown by its code point, so `k\u{200B}r` cannot pass
    /// for `kr`; the joiners scripts and emoji need stay.
    @Test func invisibleCharactersAreShownByTheirCodePoint() {
        #expect("k\u{200B}r".echoed == "k[U+200B]r")
        #expect("\u{FEFF}kr\u{2060}".echoed == "[U+FEFF]kr[U+2060]")
        #expect("می\u{200C}خواهم".echoed == "می\u{200C}خواهم")
        #expect("👩\u{200D}⚕️".echoed == "👩\u{200D}⚕️")
    }
}

struct EchoTests {
    let app: AppFixture
    var client: TestClient { app.client }

    init() throws { app = try AppFixture() }

    /// `‮aidni` (a right-to-left override, then "aidni"), as a URL carries it.
    static let override = "%E2%80%AEaidni"
    /// How a page shows it.
    static let shownOverride = "[U+202E]aidni"

    /// Every place an address's value comes back on a page: the search, an unknown country id, each
    /// list parameter, each chart parameter (directly and through the date form's redirect).
    static let echoingAddresses: [(target: String, status: Int)] = [
        ("/countries?q=\(override)", 200),
        ("/countries?q=\(override)&continent=europe", 200),
        ("/countries/\(override)", 404),
        ("/countries?continent=\(override)", 400),
        ("/countries?q=\(override)&sort=\(override)", 400),
        ("/countries?page=\(override)", 400),
        ("/countries/kr?metric=\(override)", 400),
        ("/countries/kr?scale=\(override)", 400),
        ("/countries/kr?time=\(override)", 400),
        ("/?per=\(override)", 400),
        ("/countries/kr/history.csv?time=\(override)", 400),
    ]

    @Test(arguments: echoingAddresses)
    func directionControlsInAnAddressAreShownNotObeyed_B36(_ target: String, _ status: Int) throws {
        let page = try client.get(target)
        #expect(page.status.code == status)
        #expect(!page.text.unicodeScalars.contains(where: String.isDirectionControl), "\(target) echoes U+202E")
        // Shown, and isolated from the words around it: inside <bdi>, or in an element with dir="auto".
        let isolated = page.text.contains("<bdi>\(Self.shownOverride)</bdi>")
        let inAutoInput = page.text.contains("value=\"\(Self.shownOverride)\" dir=\"auto\"")
        #expect(isolated || inAutoInput, "\(target) does not show \(Self.shownOverride) isolated")
    }

    @Test func aSearchShowsTheOverrideInTheBoxTheSummaryAndTheTitle() throws {
        let page = try client.get("/countries?q=\(Self.override)")
        #expect(page.text.contains("value=\"\(Self.shownOverride)\" dir=\"auto\""))
        #expect(page.text.contains("for “<bdi>\(Self.shownOverride)</bdi>”"))
        #expect(page.text.contains("<title>“\(Self.shownOverride)” — Countries — Covid Atlas</title>"))
        #expect(!page.text.contains(">India<"), "the override must not turn the search into india")
    }

    @Test func theChartsDateFormShowsTheOverrideIsolatedInItsError() throws {
        let page = try client.get("/countries/kr?from=\(Self.override)&to=")
        #expect(page.status == .badRequest)
        #expect(page.text.contains("From is not a day: “<bdi>\(Self.shownOverride)</bdi>”"), "\(page.text)")
    }

    /// Control characters in a value a 400 or 404 page quotes: never the raw NUL or escape (an HTML
    /// parse error, and a terminal escape when the page is looked at with curl), always visible.
    @Test(arguments: [
        "/countries?continent=a%00b%1Bc", "/countries?sort=a%00b%1Bc", "/countries?page=a%00b%1Bc",
        "/countries/kr?metric=a%00b%1Bc", "/countries/kr?time=a%00b%1Bc", "/countries/a%00b%1Bc",
        "/api/historical/kr?lastdays=a%00b%1Bc",
    ])
    func controlCharactersInAQuotedValueAreShownAsPictures(_ target: String) throws {
        let page = try client.get(target)
        #expect([400, 404].contains(page.status.code))
        #expect(
            !page.text.unicodeScalars.contains { $0.value < 0x20 && !["\n", "\t"].contains($0) || $0.value == 0x7F })
        #expect(page.text.contains("a␀b␛c"), "\(target)")
    }

    @Test func theJSONTwinOfA400QuotesTheValueVisiblyToo() throws {
        let response = try client.get("/api/historical/kr?lastdays=\(Self.override)")
        #expect(response.status == .badRequest)
        #expect(response.fields[.contentType]?.hasPrefix("application/json") == true)
        #expect(!response.text.unicodeScalars.contains(where: String.isDirectionControl))
        #expect(response.text.contains(Self.shownOverride))
    }

    /// The username is refused with a direction control (ProfileValidationTests); the 422 that keeps
    /// what was typed shows the control in the input instead of letting it turn the value around.
    @Test func aRefusedUsernameShowsItsDirectionControlInTheInput() throws {
        let visitor = WebVisitor(client)
        let response = try visitor.submitEditor(
            "save", editorValues(username: "\u{202E}nimda", goal: "2026-05-02"))
        #expect(response.status == .unprocessableContent)
        #expect(!response.text.unicodeScalars.contains(where: String.isDirectionControl))
        #expect(response.text.contains("value=\"[U+202E]nimda\" dir=\"auto\""))
    }

    @Test(arguments: [
        ("a\u{0}b", "a␀b"), ("a\u{1B}[31mb", "a␛[31mb"), ("\t", "␉"), ("a\u{7F}", "a␡"), ("\u{85}", "[U+0085]"),
        ("\u{202A}\u{202B}\u{202C}\u{202D}\u{202E}", "[U+202A][U+202B][U+202C][U+202D][U+202E]"),
        ("\u{2066}\u{2067}\u{2068}\u{2069}", "[U+2066][U+2067][U+2068][U+2069]"), ("\u{FFFE}", "[U+FFFE]"),
        ("مصر", "مصر"), ("👩🏽‍💻 Zoë", "👩🏽‍💻 Zoë"), ("a\u{200F}b", "a\u{200F}b"),
    ])
    func echoedTextShowsWhatWouldActAndKeepsTheRest(_ raw: String, _ shown: String) {
        #expect(raw.echoed == shown)
    }
}
