// A poll never replaces the game with the same or an older version than the page shows:
// a poll sent just before the player's own move may answer after it, and swapping it in
// would throw away what the player is choosing (ticked cards, a picked tile).
document.addEventListener("htmx:beforeSwap", function (event) {
  if (event.detail.requestConfig.verb !== "get") return;
  var live = document.getElementById("live");
  var found = /data-version="(\d+)"/.exec(event.detail.serverResponse || "");
  if (live && found && Number(found[1]) <= Number(live.dataset.version)) event.detail.shouldSwap = false;
});
