// Progressive enhancement for the country page: turns #map into a Leaflet map of the country the
// server described in data-* attributes (centre, outline bounds, ISO2 code, tile URL). Without
// JavaScript (or Leaflet) the fallback text inside #map stays. No inline script: the page's CSP
// allows only same-origin files.
//
// Offline first: country outlines served by the app (Natural Earth) lie in a pane *below* the
// tiles, so when tiles load they cover them, and when they cannot (no network, blocked) the
// outlines still show the world. The selected country's outline lies in a pane above the tiles.
(function () {
  "use strict";

  function parseBounds(text) {
    var parts = (text || "").split(",").map(parseFloat);
    if (parts.length !== 4 || !parts.every(isFinite)) return null;
    return L.latLngBounds([parts[0], parts[1]], [parts[2], parts[3]]);
  }

  // Text from the page (its catalog's words, in data-* attributes) for Leaflet's HTML attribution.
  function escaped(text) {
    return String(text || "").replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  }

  function addOutlines(map, element) {
    var iso2 = element.dataset.iso2;
    var url = element.dataset.outlinesUrl;
    if (!url || typeof fetch === "undefined") return;
    fetch(url, { credentials: "same-origin" })
      .then(function (response) {
        if (!response.ok) throw new Error("outlines: HTTP " + response.status);
        return response.json();
      })
      .then(function (outlines) {
        L.geoJSON(outlines, {
          pane: "outlines",
          interactive: false,
          attribution: escaped(element.dataset.outlinesWord) +
            " <a href=\"https://www.naturalearthdata.com/\">Natural Earth</a>",
          style: { color: "#8a9aab", weight: 1, fillColor: "#f4f1ea", fillOpacity: 1 }
        }).addTo(map);
        if (!iso2) return;
        L.geoJSON(outlines, {
          pane: "selected",
          interactive: false,
          filter: function (feature) { return feature.properties && feature.properties.iso2 === iso2; },
          style: { color: "#b45309", weight: 2, fillColor: "#f59e0b", fillOpacity: 0.18 }
        }).addTo(map);
      })
      .catch(function (error) {
        // The marker and any tiles still show; say why the background is missing.
        if (window.console) console.warn("Covid Atlas map: " + error.message);
      });
  }

  function start() {
    var element = document.getElementById("map");
    if (!element || typeof L === "undefined") return;
    var lat = parseFloat(element.dataset.lat);
    var lng = parseFloat(element.dataset.long);
    var zoom = parseInt(element.dataset.zoom, 10) || 5;
    if (!isFinite(lat) || !isFinite(lng)) return;
    element.textContent = "";
    element.classList.add("map-live");
    // On touch screens one finger scrolls the page, not the map (zoom buttons and pinch still work).
    var map = L.map(element, {
      scrollWheelZoom: false, dragging: !L.Browser.mobile, tap: !L.Browser.mobile, worldCopyJump: true,
      zoomSnap: 0.5, // half steps fit a country closely; the +/- buttons still move whole steps
      zoomControl: false
    });
    // The zoom buttons' names in the page's language.
    L.control.zoom({ zoomInTitle: element.dataset.zoomIn, zoomOutTitle: element.dataset.zoomOut }).addTo(map);
    map.createPane("outlines").style.zIndex = 150; // below the tile pane (200)
    map.createPane("selected").style.zIndex = 350; // above tiles, below overlays and markers
    var bounds = parseBounds(element.dataset.bounds);
    function frame() {
      // Fit the country's outline: a small country is not a dot, a large one not cropped.
      if (bounds) map.fitBounds(bounds, { padding: [12, 12], maxZoom: 10, animate: false });
      else map.setView([lat, lng], zoom, { animate: false });
    }
    frame();
    // The tile layer asks for tiles with the page's referrer (the page's Referrer-Policy is
    // strict-origin-when-cross-origin): OSM refuses anonymous tile requests (docs/field-cases.md B08).
    L.tileLayer(element.dataset.tileUrl || "https://tile.openstreetmap.org/{z}/{x}/{y}.png", {
      maxZoom: 18,
      attribution: "© <a href=\"https://www.openstreetmap.org/copyright\">OpenStreetMap</a> " +
        escaped(element.dataset.contributorsWord)
    }).addTo(map);
    addOutlines(map, element);
    // Explicit icon URLs: Leaflet guesses the image path from its CSS location, which breaks
    // once it is self-hosted under another path (docs/field-cases.md B06).
    var icon = L.icon({
      iconUrl: element.dataset.iconUrl,
      iconRetinaUrl: element.dataset.iconRetinaUrl,
      shadowUrl: element.dataset.shadowUrl,
      iconSize: [25, 41], iconAnchor: [12, 41], popupAnchor: [1, -34], shadowSize: [41, 41]
    });
    L.marker([lat, lng], { icon: icon, title: element.dataset.name, alt: element.dataset.name }).addTo(map);
    // The container may get its final size after layout (fonts, a late stylesheet, a rotated
    // phone): re-measure so tiles are not left grey, and re-frame the country (docs/field-cases.md B07).
    function remeasure() {
      // A hidden map has no size to fit; the reveal brings another resize.
      if (!element.clientWidth || !element.clientHeight) return;
      var size = map.getSize();
      if (size.x === element.clientWidth && size.y === element.clientHeight) return;
      map.invalidateSize({ animate: false });
      frame();
    }
    window.addEventListener("load", function () { map.invalidateSize(); });
    if (typeof ResizeObserver !== "undefined") {
      new ResizeObserver(remeasure).observe(element);
    } else {
      window.addEventListener("resize", remeasure);
    }
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
