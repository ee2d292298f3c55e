// Progressive enhancement for the country page: turns #map into a Leaflet map centred on the
// coordinates the server wrote into data-* attributes. Without JavaScript (or Leaflet) the
// fallback text inside #map stays. No inline script: the page's CSP allows only same-origin files.
(function () {
  "use strict";
  function start() {
    var element = document.getElementById("map");
    if (!element || typeof L === "undefined") return;
    var lat = parseFloat(element.dataset.lat);
    var lng = parseFloat(element.dataset.long);
    var zoom = parseInt(element.dataset.zoom, 10) || 5;
    if (!isFinite(lat) || !isFinite(lng)) return;
    element.textContent = "";
    // On touch screens one finger scrolls the page, not the map (zoom buttons and pinch still work).
    var map = L.map(element, { scrollWheelZoom: false, dragging: !L.Browser.mobile, tap: !L.Browser.mobile })
      .setView([lat, lng], zoom);
    L.tileLayer("https://tile.openstreetmap.org/{z}/{x}/{y}.png", {
      maxZoom: 18,
      attribution: "© <a href=\"https://www.openstreetmap.org/copyright\">OpenStreetMap</a> contributors"
    }).addTo(map);
    // Explicit icon URLs: Leaflet guesses the image path from its CSS location, which breaks
    // once it is self-hosted under another path (FIELD-CASES B06).
    var icon = L.icon({
      iconUrl: element.dataset.iconUrl,
      iconRetinaUrl: element.dataset.iconRetinaUrl,
      shadowUrl: element.dataset.shadowUrl,
      iconSize: [25, 41], iconAnchor: [12, 41], popupAnchor: [1, -34], shadowSize: [41, 41]
    });
    L.marker([lat, lng], { icon: icon, title: element.dataset.name, alt: element.dataset.name }).addTo(map);
    // The container may get its final size after layout (fonts, a late stylesheet): re-measure
    // so tiles are not left grey (FIELD-CASES B07).
    window.addEventListener("load", function () { map.invalidateSize(); });
    if (typeof ResizeObserver !== "undefined") {
      new ResizeObserver(function () { map.invalidateSize(); }).observe(element);
    }
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
