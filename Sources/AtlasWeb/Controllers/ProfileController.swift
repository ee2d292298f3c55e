import AtlasCore
import AtlasStore
import HTTPCore
import Localization
import Mustache
import Routing

/// The visitor's profile, its draft editor and the favourite stars (docs/design.md, "The profile and
/// its draft"). The profile pages send a returning visitor's cookie again (`Visitor.setCookie`).
///
/// Every POST answers `303 See Other` on success (Post/Redirect/Get, docs/field-cases.md B18), `422`
/// with the visitor's input and a message per bad field, `409` with the newer draft when the form's
/// version is stale, and `403`/`415` from `FormSubmission` before anything is read or written.
struct ProfileController: Sendable {
    let site: SiteContext
    let store: any ProfileStore

    /// `GET /profile`: the committed profile, or the defaults for a visitor who has none yet (a new
    /// visitor, a crawler that keeps no cookies); a GET never creates rows.
    func show(_ language: Language) -> ReplyingHandler {
        { request, _ in
            let visitor = Visitor.resolve(request, sessions: site.sessions)
            let words = site.languages[language]
            // A first visit has no rows to read: the defaults, on the loop.
            guard !site.runsOnWorker(site.snapshots.current(), showsHistories: false, readsRowsOf: visitor)
            else { return .onWorker { try profilePage(request, visitor, words) } }
            return .response(try profilePage(request, visitor, words))
        }
    }

    /// A returning visitor's profile: their rows are read per request, the page is rendered once per
    /// state they can be in (`ProfilePage.state`) and kept in `SiteContext.visitorPages`, with their
    /// token (in a gone star's form) as a hole.
    private func profilePage(_ request: Request, _ visitor: Visitor, _ words: PageWords) throws -> Response {
        if visitor.isNew { return try newVisitorProfilePage(request, visitor, words) }
        let language = words.language
        let rows = try store.visitorRows(visitor.sessionHash)
        let profile =
            rows.profile
            ?? Profile.defaults(createdOn: CalendarDate(utcMillisecondsSinceEpoch: site.configuration.now()))
        let current = site.snapshots.current()
        try site.recordVisit(visitor, in: store)
        let favorites = rows.favorites.map {
            FavoriteCountry($0, catalog: current.catalog, flags: site.flags, language: language)
        }
        let page = ProfilePage(words: words, profile: profile, draft: rows.draft, favorites: favorites)
        // Only a gone star's form carries the token: without one, no HMAC and one tag for the state.
        let token = page.hasGoneFavorites ? visitor.csrfTokenDigits : []
        return try site.cachedVisitorPage(
            request, key: language.target(forEnglish: "/profile"), state: page.state, current, fill: { _ in token },
            fragmentTag: token.isEmpty ? "s" : Visitor.tokenTag("g", token),
            extraFields: Fields(.setCookie, visitor.setCookie(secure: site.isSecure(request)))
        ) {
            var rendered = try site.renderer.render(
                "profile/show", context: page.templateValue,
                layout: profileLayout(profile, words, current), holes: [Self.csrfTokenHole])
            CachePolicy.privateToVisitor.apply(to: &rendered.fields)
            return rendered
        }
    }

    /// A new visitor's profile: today's defaults, the same for every new visitor, so it is rendered once a
    /// day and kept in the page cache; only the `Set-Cookie` is theirs. It is still `private`: a
    /// response that sets a cookie is never for a shared cache.
    private func newVisitorProfilePage(_ request: Request, _ visitor: Visitor, _ words: PageWords) throws -> Response {
        let (key, today) = Self.newVisitorPageKeys.key(.profile, words.language, now: site.configuration.now())
        let current = site.snapshots.current()
        return try site.cachedPage(
            request, key: key, current,
            extraFields: Fields(.setCookie, visitor.setCookie(secure: site.isSecure(request)))
        ) {
            let defaults = Profile.defaults(createdOn: today)
            var page = try site.renderer.render(
                "profile/show",
                context: ProfilePage(words: words, profile: defaults, draft: nil, favorites: [], csrfToken: "")
                    .templateValue,
                layout: profileLayout(defaults, words, current))
            CachePolicy.privateToVisitor.apply(to: &page.fields)
            return page
        }
    }

    /// `GET /profile/edit`: the editor on the visitor's draft, or on the committed profile. Only a
    /// returning visitor's first visit writes (their profile); a new visitor gets the defaults under draft
    /// version 0 ("nothing stored yet"). `HEAD` writes nothing.
    func edit(_ language: Language) -> ReplyingHandler {
        { request, _ in
            let visitor = Visitor.resolve(request, sessions: site.sessions)
            let words = site.languages[language]
            guard !site.runsOnWorker(site.snapshots.current(), showsHistories: false, readsRowsOf: visitor)
            else { return .onWorker { try editorPage(request, visitor, words) } }
            guard !visitor.isNew, request.method != .head else {
                return .response(try editorPage(request, visitor, words))
            }
            // On the loop nothing is written: a visitor without a profile yet gets one on a worker.
            guard let opened = try store.existingDraft(visitor.sessionHash) else {
                return .onWorker { try editorPage(request, visitor, words) }
            }
            return .response(try editorPage(request, visitor, words, opened: opened))
        }
    }

    /// The editor; `opened` is the visitor's rows when already read.
    private func editorPage(
        _ request: Request, _ visitor: Visitor, _ words: PageWords, opened: (profile: Profile, draft: Draft)? = nil
    ) throws -> Response {
        let now = site.configuration.now()
        let profile: Profile
        let draft: Draft
        if let opened {
            (profile, draft) = opened
        } else if visitor.isNew {
            return try newVisitorEditorPage(request, visitor, words)
        } else if request.method == .head {
            // HEAD is safe (RFC 9110 §9.2.1): it reads what GET would show (the same draft and version,
            // so the same `ETag`) and writes nothing, so it neither creates the visitor's row nor counts
            // against the new-visitor limit.
            if let opened = try store.existingDraft(visitor.sessionHash) {
                (profile, draft) = opened
            } else {
                profile = Profile.defaults(createdOn: CalendarDate(utcMillisecondsSinceEpoch: now))
                draft = Draft(profile: profile, version: 0)
            }
        } else {
            (profile, draft) = try store.openDraft(site.writing(as: visitor, request))
            try site.recordVisit(visitor, in: store)
        }
        return try returningVisitorEditorPage(request, visitor, words, draft: draft, committed: profile)
    }

    /// A returning visitor's editor on `draft`: rendered once per state (the draft's fields, its
    /// version, the committed goal date that bounds the date field) and kept in
    /// `SiteContext.visitorPages`, with the visitor's token as a hole; their cookie is sent again.
    private func returningVisitorEditorPage(
        _ request: Request, _ visitor: Visitor, _ words: PageWords, draft: Draft, committed: Profile
    ) throws -> Response {
        var state = VisitorState()
        state.add(draft.profile)
        state.add(String(draft.version))
        state.add(committed.goalDate.iso)
        let token = visitor.csrfTokenDigits
        let current = site.snapshots.current()
        return try site.cachedVisitorPage(
            request, key: words.language.target(forEnglish: "/profile/edit"), state: state, current,
            fill: { _ in token },
            fragmentTag: Visitor.tokenTag("e", token),
            extraFields: Fields(.setCookie, visitor.setCookie(secure: site.isSecure(request)))
        ) {
            let (context, layout) = editorContext(
                ProfileForm(draft.profile), version: draft.version, committed: committed, csrfToken: "", status: .ok,
                words: words, current: current)
            return try site.renderer.render(
                "profile/edit", context: context, layout: layout, holes: [Self.csrfTokenHole])
        }
    }

    /// `POST /profile/edit` with `action` = `save` (store the draft, `303` to the editor), `done`
    /// (commit draft → profile and delete the draft in one transaction, `303` to `/profile`) or
    /// `cancel` (delete the draft, profile untouched, `303` to `/profile`). With `Accept:
    /// application/json` (the editor's autosave) a save answers `200 {"version":N}` instead of `303`.
    /// - Throws: `HTTPError` `403`/`415`/`400` for a refused or unreadable form, or an unknown `action`.
    /// - Parameter language: the editor's (`/ko/profile/edit`): its messages, and where its `303`s lead.
    func submit(_ request: Request, _ parameters: RouteParameters, language: Language) throws -> Response {
        let words = site.languages[language]
        let profilePath = language.target(forEnglish: "/profile")
        let wantsJSON = ResponseFormat.preferred(by: request) == .json
        let submission: FormSubmission
        do {
            submission = try FormSubmission(keepingTyped: request, site: site)
        } catch let refusal as FormSubmission.SessionRefusal {
            // The autosave has nothing to keep: the page still holds what was typed.
            if wantsJSON { throw refusal.error }
            return try refusedEditor(refusal, request, words: words)
        }
        let writer = site.writing(as: submission.visitor, request)
        let action = submission["action"] ?? ""
        guard ["save", "done", "cancel"].contains(action) else {
            throw HTTPError.inWords(.badRequest, words, "form.unknownAction")
        }
        if action == "cancel" {
            let version = submission["version"].flatMap { Int64($0) }
            guard let newer = try store.discardDraft(writer, expectedVersion: version) else {
                return Response.redirect(to: profilePath, status: .seeOther)
            }
            // Another tab saved edits since this form was shown: they stay, shown above this form.
            let committed = try store.ensureProfile(writer)
            return try editor(
                ProfileForm(submission, committedGoal: committed.goalDate, words: words), version: newer.version,
                committed: committed, visitor: submission.visitor, status: .conflict, words: words,
                newer: newer.profile)
        }
        guard let version = submission["version"].flatMap({ Int64($0) }) else {
            throw HTTPError.inWords(.badRequest, words, "form.noVersion")
        }
        // The form is checked against the committed goal date as read under the visitor's row lock, in the
        // transaction that saves or commits it (creating the row, under the new-visitor limit, if need be).
        var checked: ProfileForm?
        let check = { (committed: Profile) -> Profile? in
            checked = ProfileForm(submission, committedGoal: committed.goalDate, words: words)
            return checked?.profile
        }
        let result =
            action == "save"
            ? try store.saveDraft(writer, expectedVersion: version, checking: check)
            : try store.commitDraft(writer, expectedVersion: version, checking: check)
        let committed = result.committed
        let form = checked ?? ProfileForm(submission, committedGoal: committed.goalDate, words: words)
        guard let outcome = result.outcome else {
            try site.recordVisit(submission.visitor, in: store)
            if wantsJSON {
                return json(.unprocessableContent) { writer in
                    writer.key("errors")
                    writer.beginObject()
                    for (field, message) in form.errors.sorted(by: { $0.key < $1.key }) { writer.field(field, message) }
                    writer.endObject()
                }
            }
            return try editor(
                form, version: version, committed: committed, visitor: submission.visitor,
                status: .unprocessableContent, words: words)
        }
        switch outcome {
        case .saved(let draft):
            if wantsJSON { return json(.ok) { writer in writer.field("version", draft.version) } }
            return Response.redirect(to: language.target(forEnglish: "/profile/edit"), status: .seeOther)
        case .committed:
            return Response.redirect(to: profilePath, status: .seeOther)
        case .conflict(let newer):
            if wantsJSON {
                return json(.conflict) { writer in
                    writer.field("conflict", true)
                    writer.field("version", newer.version)
                }
            }
            // The visitor's input stays in the form; the form now names the newer version, so sending
            // it again is a deliberate overwrite of what is shown above it.
            return try editor(
                form, version: newer.version, committed: committed, visitor: submission.visitor, status: .conflict,
                words: words, newer: newer.profile)
        }
    }

    /// `POST /countries/{id}/favorite`: `star=on` or `off` sets the state the button showed (so a double
    /// click or an older tab is harmless), no `star` toggles; `303` back to the page. Unknown ids are
    /// `404`, but `star=off` for a country starred before it left the data answers `303` to the profile;
    /// other spellings act on the canonical id.
    /// - Throws: `HTTPError` `403`/`415`/`400` from `FormSubmission`, `400` for a `star` other than
    ///   `on`/`off`, `404` for an unknown country.
    /// - Parameter language: the language of the page the form was on (`/ko/countries/kr/favorite`), whose
    ///   page the `303` returns to.
    func toggleFavorite(_ request: Request, _ parameters: RouteParameters, language: Language) throws -> Response {
        let words = site.languages[language]
        let submission = try FormSubmission(request, site: site)
        let wanted: Bool?
        switch submission["star"] {
        case nil: wanted = nil
        case "on": wanted = true
        case "off": wanted = false
        default: throw HTTPError.inWords(.badRequest, words, "form.unknownStar")
        }
        let catalog = site.snapshots.current().catalog
        let entry: CountryCatalog.Entry
        switch catalog.resolve(parameters["id"]) {
        case .found(let found): entry = found
        case .moved(let canonicalID), .matched(let canonicalID):
            guard let found = catalog.entry(id: canonicalID) else {
                throw HTTPError.inWords(.notFound, words, "form.noCountryToStar")
            }
            entry = found
        case .notFound:
            let hash = submission.visitor.sessionHash
            let raw = parameters["id"]
            guard wanted == false, try store.favorites(hash).contains(where: { $0.countryID == raw }) else {
                throw HTTPError.inWords(.notFound, words, "form.noCountryToStar")
            }
            try store.setFavorite(
                site.writing(as: submission.visitor, request), countryID: raw, name: "", starred: false)
            return Response.redirect(to: language.target(forEnglish: "/profile"), status: .seeOther)
        }
        let (id, name) = (entry.id, entry.country.country)
        let writer = site.writing(as: submission.visitor, request)
        if let wanted {
            try store.setFavorite(writer, countryID: id, name: name, starred: wanted)
        } else {
            _ = try store.toggleFavorite(writer, countryID: id, name: name)
        }
        return Response.redirect(to: language.target(forEnglish: Links.country(id)), status: .seeOther)
    }

    /// The editor again for a form refused for its session or token (`FormSubmission.SessionRefusal`):
    /// `403`, nothing written, what was typed kept in the form (checked as a submission would be), a
    /// notice saying so, and the token and draft version of the visitor's session now, or of a new one
    /// (version 0, its cookie sent with it), so sending the form again goes through. The version sent
    /// belonged to the session the form was opened in, so it is not kept.
    /// - Throws: `StoreError` when a returning visitor's rows cannot be read.
    private func refusedEditor(_ refusal: FormSubmission.SessionRefusal, _ request: Request, words: PageWords)
        throws -> Response
    {
        let visitor = Visitor.resolve(request, sessions: site.sessions)
        var committed = Profile.defaults(createdOn: CalendarDate(utcMillisecondsSinceEpoch: site.configuration.now()))
        var version: Int64 = 0
        if !visitor.isNew, let opened = try store.existingDraft(visitor.sessionHash) {
            committed = opened.profile
            version = opened.draft.version
        }
        let form = ProfileForm(fields: refusal.fields, committedGoal: committed.goalDate, words: words)
        var response = try editor(
            form, version: version, committed: committed, visitor: visitor, status: .forbidden, words: words,
            refusal: refusal.reason)
        response.fields[.setCookie] = visitor.setCookie(secure: site.isSecure(request))
        return response
    }

    /// A new visitor's editor: today's defaults under draft version 0 ("nothing stored yet"), rendered
    /// once a day and kept in the page cache with the form's CSRF token as a hole.
    private func newVisitorEditorPage(_ request: Request, _ visitor: Visitor, _ words: PageWords) throws -> Response {
        let (key, today) = Self.newVisitorPageKeys.key(.editor, words.language, now: site.configuration.now())
        let token = visitor.csrfTokenDigits
        let current = site.snapshots.current()
        return try site.cachedPage(
            request, key: key, current,
            fill: { _ in token },
            fragmentTag: Visitor.tokenTag("e", token),
            extraFields: Fields(.setCookie, visitor.setCookie(secure: site.isSecure(request)))
        ) {
            let defaults = Profile.defaults(createdOn: today)
            let (context, layout) = editorContext(
                ProfileForm(defaults), version: 0, committed: defaults, csrfToken: "", status: .ok, words: words,
                current: current)
            return try site.renderer.render(
                "profile/edit", context: context, layout: layout, holes: [Self.csrfTokenHole])
        }
    }

    /// The keys of a new visitor's pages in the page cache.
    private static let newVisitorPageKeys = NewVisitorPageKeys()

    /// The hole a cached editor leaves for the visitor's CSRF token (`{{{holes.csrfToken}}}`).
    private static let csrfTokenHole = "csrfToken"

    /// The editor on `form` as sent; `refusal`, why a form was refused, is said above it.
    private func editor(
        _ form: ProfileForm, version: Int64, committed: Profile, visitor: Visitor, status: StatusCode,
        words: PageWords, newer: Profile? = nil, refusal: FormSubmission.SessionRefusal.Reason? = nil
    ) throws -> Response {
        var (context, layout) = editorContext(
            form, version: version, committed: committed, csrfToken: visitor.csrfToken, status: status, words: words,
            newer: newer)
        if let refusal {
            context.set(
                "refusal",
                [
                    "reason": .string(words("profile.refused." + refusal.rawValue)),
                    "kept": .string(words("profile.refused.kept")),
                ])
        }
        var response = try site.renderer.page("profile/edit", status: status, context: context, layout: layout)
        // The form holds this visitor's token and input: never for a shared cache.
        CachePolicy.privateToVisitor.apply(to: &response)
        return response
    }

    /// The editor's template values and layout; `csrfToken` is empty where the token is a hole, and
    /// `current` the data whose freshness line the layout shows (the data as of now when `nil`).
    private func editorContext(
        _ form: ProfileForm, version: Int64, committed: Profile, csrfToken: String, status: StatusCode,
        words: PageWords, newer: Profile? = nil, current: SnapshotCache.Current? = nil
    ) -> (TemplateValue, LayoutContext) {
        let language = words.language
        var context = form.templateValue(committedGoal: committed.goalDate, words: words)
        context["version"] = .string(String(version))
        context["csrfToken"] = .string(csrfToken)
        context["action"] = .string(language.target(forEnglish: "/profile/edit"))
        if let newer {
            context["conflict"] = [
                "username": .string(newer.username.echoedAsOwnText),
                "notifications": .string(words(newer.notifications ? "profile.on" : "profile.off")),
                "season": .string("\(newer.season.emoji) \(words("season." + newer.season.rawValue))"),
                "goalDate": .string(words.readableDate(newer.goalDate)),
                "goalDateISO": .string(newer.goalDate.iso),
            ]
        }
        let title = words(
            "layout.titleSuffix", ["title": words(status == .ok ? "title.editProfile" : "title.checkForm")])
        var layout = site.layout(
            title, .inProfile, current, language: language, englishTarget: "/profile/edit")
        layout.scripts = ["profile-editor.js"]
        return (.object(context), layout)
    }

    /// The profile page's layout: the username as its title, in the page's language.
    private func profileLayout(_ profile: Profile, _ words: PageWords, _ current: SnapshotCache.Current)
        -> LayoutContext
    {
        site.layout(
            words(
                "layout.titleSuffix", ["title": words("title.profile", ["username": profile.username.echoedAsOwnText])]),
            .profile, current, language: words.language, englishTarget: "/profile")
    }

    /// A small JSON object for the editor's autosave (`profile-editor.js`); it only means something now.
    private func json(_ status: StatusCode, _ members: (inout JSONWriter) -> Void) -> Response {
        var response = JSONResponse.object(status: status, members)
        CachePolicy.noStore.apply(to: &response)
        return response
    }
}
