// A poll never replaces the game with the same or an older version than the page shows:
// a poll sent just before the player's own move may answer after it, and swapping it in
// would throw away what the player is choosing (ticked cards, a picked tile).
document.addEventListener("htmx:beforeSwap", function (event) {
  if (event.detail.requestConfig.verb !== "get") return;
  var live = document.getElementById("live");
  var found = /data-version="(\d+)"/.exec(event.detail.serverResponse || "");
  if (live && found && Number(found[1]) <= Number(live.dataset.version)) event.detail.shouldSwap = false;
});

// While the player's own move is on its way the page does not poll, and a poll already
// sent is called off: a poll answering first would replace the board under the move, and
// the move's answer (the new position and "Your move was made.") would then land in a
// board no longer on the page.
var moveOnItsWay = false;
document.addEventListener("htmx:beforeRequest", function (event) {
  var live = document.getElementById("live");
  if (!live) return;
  if (event.detail.requestConfig.verb === "get") {
    if (event.target === live && moveOnItsWay) event.preventDefault();
  } else if (live.contains(event.target)) {
    moveOnItsWay = true;
    htmx.trigger(live, "htmx:abort");
  }
});
document.addEventListener("htmx:afterRequest", function (event) {
  if (event.detail.requestConfig && event.detail.requestConfig.verb !== "get") moveOnItsWay = false;
});
