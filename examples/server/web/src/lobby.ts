// The first page: make a room, or join or watch one.

import { type Lang, words } from "./i18n";

interface RoomInfo {
  id: string;
  preset: string;
  end: string;
  seats: ({ kind: "human"; taken: boolean; connected: boolean } | { kind: "bot"; bot: string })[];
  hand: number;
  started: boolean;
  over: boolean;
}

const PRESETS = ["taiwan16", "taiwan16_common", "thirteen"];
// mjkit is its strongest level (5); mjkit:1 plays as a beginner.
const BOTS = ["mjkit", "mjkit:4", "mjkit:3", "mjkit:2", "mjkit:1", "greedy", "thesis:99"];
const ENDS = ["east", "full", "hands:1", "never"];

function field(label: string, input: HTMLElement): HTMLElement {
  const l = document.createElement("label");
  l.append(label, input);
  return l;
}

function select(name: string, values: string[]): HTMLSelectElement {
  const s = document.createElement("select");
  s.name = name;
  for (const v of values) s.append(new Option(v, v));
  return s;
}

function number(name: string, value: number): HTMLInputElement {
  const i = document.createElement("input");
  i.type = "number";
  i.name = name;
  i.min = "0";
  i.value = String(value);
  return i;
}

export async function lobby(root: HTMLElement, lang: Lang) {
  const w = words(lang);
  root.replaceChildren();
  const h = document.createElement("h1");
  h.textContent = w.title;
  const form = document.createElement("form");
  form.id = "new";
  const people = select("people", ["1", "2", "3", "4"]);
  const hold = document.createElement("input");
  hold.type = "checkbox";
  hold.name = "hold";
  hold.checked = true;
  const hints = document.createElement("input");
  hints.type = "checkbox";
  hints.name = "hints";
  hints.checked = true;
  form.append(
    field(w.preset, select("preset", PRESETS)),
    field(w.people, people),
    field(w.bots, select("bot", BOTS)),
    field(w.end, select("end", ENDS)),
    field(w.turnSeconds, number("turn", 20)),
    field(w.claimSeconds, number("claim", 2.5)),
    field(w.hold, hold),
    field(w.hints, hints),
  );
  const create = document.createElement("button");
  create.textContent = w.create;
  form.append(create);
  form.onsubmit = async (ev) => {
    ev.preventDefault();
    const f = new FormData(form);
    const n = Number(f.get("people"));
    const body = {
      preset: f.get("preset"),
      bot: f.get("bot"),
      end: f.get("end"),
      seats: [0, 1, 2, 3].map((s) => (s < n ? "human" : "bot")),
      turn_ms: Math.round(Number(f.get("turn")) * 1000),
      claim_ms: Math.round(Number(f.get("claim")) * 1000),
      hold_claims: hold.checked,
      hints: hints.checked,
    };
    const r = await fetch("/api/rooms", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    const j = await r.json();
    if (!r.ok) {
      alert(j.error);
      return;
    }
    location.search = `?room=${j.id}`;
  };
  const list = document.createElement("section");
  list.id = "rooms";
  const h2 = document.createElement("h2");
  h2.textContent = w.rooms;
  root.append(h, document.createElement("h2"), form, h2, list);
  (root.children[1] as HTMLElement).textContent = w.newGame;
  const r = await fetch("/api/rooms");
  const rooms = ((await r.json()).rooms as RoomInfo[]).filter((x) => !x.over);
  if (!rooms.length) list.textContent = w.noRooms;
  for (const room of rooms) {
    const row = document.createElement("div");
    row.className = "roomrow";
    const free = room.seats.some((s) => s.kind === "human" && !s.taken);
    row.append(`#${room.id} · ${room.preset} · ${room.end} · ${w.hand} ${room.hand + 1} `);
    if (free) {
      const a = document.createElement("a");
      a.href = `?room=${room.id}`;
      a.textContent = w.join;
      row.append(a, " ");
    }
    const v = document.createElement("a");
    v.href = `?room=${room.id}&seat=spectator`;
    v.textContent = w.watch;
    row.append(v);
    list.append(row);
  }
}
