// The browser client of mjkit's example server: ?room=ID[&seat=N|spectator][&lang=zh] opens a
// table; no room: the lobby.

import "./style.css";
import type { Lang } from "./i18n";
import { lobby } from "./lobby";
import { TablePage } from "./table";

const params = new URLSearchParams(location.search);
const given = params.get("lang");
const lang: Lang = given === "zh" || given === "en" ? given : localStorage.getItem("mjkit:lang") === "zh" ? "zh" : "en";
const root = document.getElementById("app")!;
const room = params.get("room");
if (room) {
  new TablePage(root, room, params.get("seat") ?? "", lang);
} else {
  void lobby(root, lang);
}
