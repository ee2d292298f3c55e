// Progressive enhancement for the profile editor (/profile/edit): saves the draft as the visitor
// types, a moment after they stop, so closing the tab loses nothing. Without JavaScript the Save
// draft, Done and Cancel buttons do the same through plain form posts. No inline script: the
// page's CSP allows only same-origin files.
//
// Each autosave answers {"version": N}; the hidden version field is updated to N, so the visitor's
// own next submit is never mistaken for a stale one. A 409 means another tab changed the draft:
// autosaving stops and the visitor is told to reload, so nothing is overwritten silently.
//
// The username limit counts user-perceived characters (grapheme clusters, as the server's Swift
// `Character` count does); HTML maxlength would count UTF-16 code units, so it is not used.
(function () {
  "use strict";
  var DELAY_MS = 800;

  // The number of graphemes and the most code points any one of them combines (the server refuses
  // a character of more than data-max-code-points, such as a letter under stacked accents).
  function graphemes(text) {
    var count = 0;
    var widest = text ? 1 : 0;
    if (typeof Intl !== "undefined" && Intl.Segmenter) {
      var iterator = new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(text)[Symbol.iterator]();
      for (var step = iterator.next(); !step.done; step = iterator.next()) {
        count += 1;
        widest = Math.max(widest, Array.from(step.value.segment).length);
      }
      return { count: count, widest: widest };
    }
    return { count: Array.from(text).length, widest: widest };
  }

  function start() {
    var form = document.getElementById("profile-form");
    if (!form || !window.fetch || !window.URLSearchParams || !window.FormData) return;
    var status = document.getElementById("autosave-status");
    var version = form.elements.namedItem("version");
    var username = form.elements.namedItem("username");
    var timer = null;
    var inFlight = false;
    var again = false;
    var stopped = false;

    function say(text) { if (status) status.textContent = text; }

    // The page's words for what this script says (data-message-NAME on the form, from the catalog of
    // the page's language), with {max}, {count} and {status} filled in.
    function message(name, values) {
      var text = form.getAttribute("data-message-" + name) || "";
      return text.replace(/\{([a-z]+)\}/g, function (all, key) {
        return values && values[key] !== undefined ? String(values[key]) : all;
      });
    }

    // What the server trims (String.trimmingWhitespace: Unicode White_Space and U+200B). JavaScript's
    // trim() also takes U+FEFF and leaves U+0085 and U+200B, so a name at the limit would be judged
    // differently here and there.
    var edges = /^[\t\n\v\f\r \u0085\u00A0\u1680\u2000-\u200B\u2028\u2029\u202F\u205F\u3000]+|[\t\n\v\f\r \u0085\u00A0\u1680\u2000-\u200B\u2028\u2029\u202F\u205F\u3000]+$/g;
    function trimmed(text) { return text.replace(edges, ""); }

    function checkUsername() {
      // The limits come from the page (ProfileForm), so they are written in one place.
      var max = parseInt(username.dataset.maxCharacters, 10);
      var maxCodePoints = parseInt(username.dataset.maxCodePoints, 10);
      var measured = graphemes(trimmed(username.value));
      var text = "";
      if (measured.count > max) {
        text = message("too-long", { max: max, count: measured.count });
      } else if (measured.widest > maxCodePoints) {
        text = message("combines", { count: measured.widest, max: maxCodePoints });
      }
      username.setCustomValidity(text);
    }

    function save() {
      timer = null;
      if (stopped) return;
      if (inFlight) { again = true; return; }
      var data = new URLSearchParams(new FormData(form));
      data.set("action", "save");
      inFlight = true;
      say(message("saving"));
      // form.action would be the buttons named "action"; the attribute is the URL.
      fetch(form.getAttribute("action"), {
        method: "POST",
        credentials: "same-origin",
        headers: { "Accept": "application/json", "Content-Type": "application/x-www-form-urlencoded" },
        body: data.toString()
      }).then(function (response) {
        return response.json().catch(function () { return {}; }).then(function (body) {
          if (response.ok && body.version !== undefined) {
            version.value = String(body.version);
            say(message("saved"));
          } else if (response.status === 409) {
            stopped = true;
            say(message("conflict"));
          } else if (response.status === 422) {
            say(message("invalid"));
          } else {
            say(message("failed", { status: response.status }));
          }
        });
      }).catch(function () {
        say(message("offline"));
      }).then(function () {
        inFlight = false;
        if (again) { again = false; schedule(); }
      });
    }

    function schedule() {
      if (timer) clearTimeout(timer);
      timer = setTimeout(save, DELAY_MS);
    }

    form.addEventListener("input", function (event) {
      if (event.target === username) checkUsername();
      schedule();
    });
    form.addEventListener("change", schedule);
    // A real submit (any button) cancels a pending autosave, and waits for one in flight so the
    // version the form sends is the newest.
    form.addEventListener("submit", function (event) {
      if (timer) { clearTimeout(timer); timer = null; }
      stopped = true;
      if (inFlight) {
        event.preventDefault();
        var submitter = event.submitter;
        var wait = setInterval(function () {
          if (inFlight) return;
          clearInterval(wait);
          if (submitter && form.requestSubmit) { form.requestSubmit(submitter); } else { form.submit(); }
        }, 50);
      }
    });
    // Back or Forward can restore this page from the back/forward cache as it was left. Left by a
    // submit (Save draft, Done, Cancel) or after a conflict, its version is stale and the autosave
    // stopped: show the draft as it is now. Left by a link, it carries on (a pending autosave runs).
    window.addEventListener("pageshow", function (event) {
      if (event.persisted && stopped) window.location.reload();
    });
    checkUsername();
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
