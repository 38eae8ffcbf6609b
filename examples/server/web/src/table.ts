// The game page: one WebSocket to the room, one reader (a seat or the spectator). The table is
// drawn from the reader's events alone (TableState); the actions offered are the server's
// options for this seat; the server referees every click.

import { type Lang, type Words, words } from "./i18n";
import type { ActionJson, EventLine, Hint, Names, Reader, RoomConfig, RulesInfo, SeatInfo, ServerMsg } from "./protocol";
import { SEATS, TableState } from "./state";
import { tileEl } from "./tiles";

interface Welcome {
  room: string;
  reader: Reader;
  config: RoomConfig;
  rules: RulesInfo;
  names: Names;
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, cls = "", text = ""): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text) e.textContent = text;
  return e;
}

export class TablePage {
  private readonly root: HTMLElement;
  private readonly room: string;
  private readonly want: string;
  private lang: Lang;
  private ws: WebSocket | null = null;
  private welcome: Welcome | null = null;
  private state: TableState | null = null;
  private seats: SeatInfo[] = [];
  private options: ActionJson[] = [];
  private optionsNext: number | null = null;
  private hint: Hint | null = null;
  private showHints = localStorage.getItem("mjkit:hints") !== "off";
  private deadline: number | null = null;
  private handOver: { deadline: number | null; asked: boolean } | null = null;
  private log: string[] = [];
  private notice = "";
  private connected = false;
  private retry = 0;
  private stopped = false;
  private pendingRender = false;

  constructor(root: HTMLElement, room: string, want: string, lang: Lang) {
    this.root = root;
    this.room = room;
    this.want = want;
    this.lang = lang;
    const w = window as unknown as Record<string, unknown>;
    w.mjState = () => this.state?.shown() ?? null;
    // For the tests: a raw frame on this page's socket (garbage, an illegal action).
    w.mjSend = (text: string) => {
      this.notice = "";
      this.ws?.send(text);
    };
    w.mjInfo = () => ({
      reader: this.welcome?.reader ?? null,
      connected: this.connected,
      hand: this.state?.handIndex ?? null,
      over: this.state?.over ?? false,
      matchOver: this.state?.matchOver ?? false,
      handOver: this.handOver !== null && !this.handOver.asked,
      options: this.options,
      hint: this.hint,
      next: this.state?.next ?? null,
      scores: this.state ? [...this.state.scores] : null,
      wins: this.state?.wins ?? [],
      notice: this.notice,
    });
    this.connect();
    setInterval(() => {
      if (this.deadline !== null || this.handOver?.deadline) this.render();
    }, 500);
  }

  private get w(): Words {
    return words(this.lang);
  }

  private tokenKey(): string {
    return `mjkit:${this.room}:token`;
  }

  private connect() {
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${proto}://${location.host}/ws/${this.room}`);
    this.ws = ws;
    ws.onopen = () => {
      const seat = this.want === "spectator" ? "spectator" : this.want === "" ? "any" : Number(this.want);
      const token = localStorage.getItem(this.tokenKey());
      ws.send(JSON.stringify({ type: "join", seat, token, lang: this.lang }));
    };
    ws.onmessage = (m) => this.receive(JSON.parse(String(m.data)) as ServerMsg);
    ws.onclose = (c) => {
      this.connected = false;
      this.ws = null;
      if (c.code === 4000) {
        this.stopped = true;
        this.notice = c.reason;
      }
      this.render();
      if (!this.stopped) {
        const wait = Math.min(5000, 300 * 2 ** this.retry);
        this.retry += 1;
        setTimeout(() => this.connect(), wait);
      }
    };
  }

  private send(msg: unknown) {
    this.ws?.send(JSON.stringify(msg));
  }

  private receive(msg: ServerMsg) {
    switch (msg.type) {
      case "welcome":
        this.connected = true;
        this.retry = 0;
        this.welcome = msg;
        this.seats = msg.seats;
        if (msg.token) localStorage.setItem(this.tokenKey(), msg.token);
        // The hand's events follow from its first: the table is drawn again from them.
        this.state = new TableState(msg.reader, msg.rules, msg.names.notation);
        this.options = [];
        this.optionsNext = null;
        this.hint = null;
        this.deadline = null;
        this.handOver = null;
        this.log = [];
        break;
      case "events":
        msg.events.forEach((e: EventLine, k: number) => {
          if (e.kind === "hand_start") {
            this.handOver = null;
            this.log = [];
          }
          this.state?.apply(e);
          this.log.push(msg.texts[k]);
        });
        if (this.log.length > 300) this.log.splice(0, this.log.length - 300);
        if (this.optionsNext !== null && this.state?.next !== this.optionsNext) {
          this.options = [];
          this.hint = null;
          this.deadline = null;
        }
        break;
      case "options":
        this.options = msg.actions;
        this.optionsNext = msg.next;
        this.hint = msg.hint ?? null;
        this.deadline = msg.deadline_ms === null ? null : Date.now() + msg.deadline_ms;
        break;
      case "hand_over":
        this.handOver = { deadline: msg.deadline_ms === null ? null : Date.now() + msg.deadline_ms, asked: false };
        break;
      case "seats":
        this.seats = msg.seats;
        break;
      case "timeout":
        this.notice = `${this.w.timeout}: ${this.actionText(msg.action)}`;
        break;
      case "error":
        this.notice = `${this.w.error}: ${msg.message}`;
        if (msg.code === "seat_taken" && this.want === "") {
          this.stopped = true;
          location.search = `?room=${this.room}&seat=spectator`;
        }
        break;
    }
    this.render();
  }

  private act(a: ActionJson) {
    this.send({ type: "act", ...a, next: this.optionsNext });
    this.options = [];
    this.hint = null;
    this.deadline = null;
    this.notice = "";
    this.render();
  }

  private names() {
    return this.welcome!.names[this.lang];
  }

  private tileName(t: string): string {
    const n = this.welcome!.names;
    return n[this.lang].tiles[n.notation.indexOf(t)] ?? t;
  }

  private actionText(a: ActionJson): string {
    const name = this.names().actions[a.action] ?? a.action;
    if (!a.tile) return name;
    if (a.action === "chow") {
      const n = this.welcome!.names.notation;
      const low = n.indexOf(a.tile);
      return `${name} ${[0, 1, 2].map((k) => n[low + k]).join(" ")}`;
    }
    return `${name} ${a.tile}`;
  }

  /** Seat `s` as this reader sees it: its position on the screen (0 bottom, 1 right, 2 top, 3 left). */
  private position(s: number): number {
    const me = typeof this.welcome?.reader === "number" ? this.welcome.reader : 0;
    return (s - me + SEATS) % SEATS;
  }

  private seatLabel(s: number): string {
    const st = this.state!;
    const windName = this.names().winds[(s - st.dealer + SEATS) % SEATS];
    const info = this.seats[s];
    let who: string;
    if (this.welcome?.reader === s) who = this.w.you;
    else if (info?.kind === "bot") who = `${this.w.bot} (${info.bot})`;
    else if (info?.kind === "human") who = info.connected ? this.w.person : info.taken ? `${this.w.person}, ${this.w.away}` : this.w.free;
    else who = "";
    return `${windName} · ${who}`;
  }

  private render() {
    if (this.pendingRender) return;
    this.pendingRender = true;
    queueMicrotask(() => {
      this.pendingRender = false;
      this.draw();
    });
  }

  private draw() {
    const w = this.w;
    const root = this.root;
    root.replaceChildren();
    document.title = w.title;
    const top = el("header", "bar");
    const status = el("span", this.connected ? "ok" : "down", this.connected ? w.connected : w.reconnecting);
    status.id = "status";
    status.dataset.connected = String(this.connected);
    const lang = el("button", "", w.lang);
    lang.id = "lang";
    lang.onclick = () => {
      this.lang = this.lang === "en" ? "zh" : "en";
      localStorage.setItem("mjkit:lang", this.lang);
      this.send({ type: "lang", lang: this.lang });
      this.render();
    };
    top.append(el("a", "home", w.title), el("span", "room", `#${this.room}`), status, lang);
    (top.firstChild as HTMLAnchorElement).href = "/";
    root.append(top);
    const st = this.state;
    if (!st || !this.welcome || !st.started) {
      root.append(el("p", "wait", this.notice || w.waitingPlayers));
      return;
    }
    const table = el("main", "table");
    for (let s = 0; s < SEATS; s++) table.append(this.seatEl(s));
    table.append(this.centre());
    root.append(table);
    root.append(this.controls());
    if (st.over) root.append(this.result());
    const log = el("aside", "log");
    log.id = "log";
    log.append(el("h3", "", w.log));
    for (const line of this.log.slice(-14)) log.append(el("div", "", line));
    root.append(log);
  }

  private centre(): HTMLElement {
    const st = this.state!;
    const w = this.w;
    const c = el("section", "centre");
    const deal = ((st.dealer - st.firstDealer + SEATS) % SEATS) + 1;
    const round = el("div", "round", w.round(this.names().winds[st.wind], deal));
    round.id = "round";
    const wall = el("div", "wall", `${w.wall} ${st.wallLeft}`);
    wall.id = "wall";
    wall.dataset.value = String(st.wallLeft);
    const cons = el("div", "cons", `${w.consecutive} ${st.consecutive}`);
    cons.id = "consecutive";
    const hand = el("div", "handno", `${w.hand} ${st.handIndex + 1}`);
    c.append(round, cons, wall, hand);
    if (this.welcome!.reader === "spectator") c.append(el("div", "spectator", w.spectator));
    return c;
  }

  private seatEl(s: number): HTMLElement {
    const st = this.state!;
    const names = this.welcome!.names;
    const pos = this.position(s);
    const box = el("section", `seat pos${pos}`);
    box.dataset.seat = String(s);
    if (st.actor === s && !st.over) box.classList.add("active");
    const head = el("div", "head");
    const label = el("span", "label", this.seatLabel(s));
    const score = el("span", "score", String(st.scores[s]));
    score.dataset.value = String(st.scores[s]);
    head.append(label, score);
    if (st.dealer === s) head.append(el("span", "dealer", this.w.dealer));
    box.append(head);
    const flowers = el("div", "flowers");
    for (let f = 0; f < 8; f++) if (st.flowers[s] & (1 << f)) flowers.append(tileEl(names.notation[34 + f], names, this.lang, "small"));
    const melds = el("div", "melds");
    for (const m of st.melds[s]) {
      const g = el("span", "meld");
      g.dataset.kind = m.kind;
      const n = names.notation;
      const list =
        m.kind === "chow"
          ? [0, 1, 2].map((k) => n[n.indexOf(m.tile) + k])
          : new Array(m.kind === "pung" ? 3 : 4).fill(m.tile);
      list.forEach((t, k) => {
        const hidden = m.kind === "concealed_kong" && (k === 0 || k === 3);
        g.append(tileEl(hidden ? "hidden" : t, names, this.lang, "small"));
      });
      melds.append(g);
    }
    box.append(flowers, melds);
    if (this.welcome!.reader === s) {
      box.append(this.ownHand());
    } else {
      const conc = el("div", "concealed");
      conc.dataset.count = String(st.concealed[s]);
      for (let k = 0; k < st.concealed[s]; k++) conc.append(tileEl("hidden", names, this.lang, "small"));
      box.append(conc);
    }
    const river = el("div", "river");
    for (const d of st.discards) {
      if (d.seat !== s) continue;
      const t = tileEl(d.tile, names, this.lang, "small");
      if (d.claimed_by !== null) t.classList.add("claimed");
      river.append(t);
    }
    box.append(river);
    return box;
  }

  private ownHand(): HTMLElement {
    const st = this.state!;
    const names = this.welcome!.names;
    const hand = el("div", "hand");
    hand.id = "hand";
    const discardable = new Set(this.options.filter((a) => a.action === "discard").map((a) => a.tile!));
    const tiles: string[] = [];
    st.hand.forEach((n, k) => {
      for (let c = 0; c < n; c++) tiles.push(names.notation[k]);
    });
    // The tile just drawn stands apart at the right.
    let drawn: string | null = null;
    if (st.drawn && tiles.includes(st.drawn) && st.actor === st.me && !st.over) {
      drawn = st.drawn;
      tiles.splice(tiles.lastIndexOf(drawn), 1);
    }
    const add = (t: string, extra: string) => {
      const b = el("button", "tilebtn");
      b.append(tileEl(t, names, this.lang, extra));
      b.dataset.tile = t;
      if (discardable.has(t)) {
        b.classList.add("discardable");
        this.markHint(b, { action: "discard", tile: t });
        b.onclick = () => this.act({ action: "discard", tile: t });
      } else {
        b.disabled = true;
      }
      hand.append(b);
    };
    tiles.forEach((t) => add(t, ""));
    if (drawn) add(drawn, "drawn");
    return hand;
  }

  private controls(): HTMLElement {
    const w = this.w;
    const bar = el("section", "controls");
    bar.id = "actions";
    const others = this.options.filter((a) => a.action !== "discard");
    const turn = this.options.some((a) => a.action === "discard");
    if (this.options.length) {
      bar.append(el("span", "prompt", turn ? w.yourTurn : w.yourClaim));
      if (this.deadline !== null) {
        const left = Math.max(0, Math.ceil((this.deadline - Date.now()) / 1000));
        bar.append(el("span", "timer", w.timeLeft(left)));
      }
    }
    for (const a of others) {
      const b = el("button", `act act-${a.action}`, this.actionText(a));
      b.dataset.action = a.action;
      if (a.tile) b.dataset.tile = a.tile;
      this.markHint(b, a);
      b.onclick = () => this.act(a);
      bar.append(b);
    }
    if (this.options.length && this.hint) {
      const toggle = el("button", "hint-toggle", `${w.hints}: ${this.showHints ? "✓" : "–"}`);
      toggle.id = "hints-toggle";
      toggle.onclick = () => {
        this.showHints = !this.showHints;
        localStorage.setItem("mjkit:hints", this.showHints ? "on" : "off");
        this.render();
      };
      bar.append(toggle);
      if (this.showHints) {
        const h = this.hint;
        const line = el("span", "hint", `${w.hint}: ${this.actionText(h.choice)} · ${w.reasons[h.reason] ?? h.reason_text}`);
        line.id = "hint";
        bar.append(line);
      }
    }
    if (this.notice) {
      const n = el("span", "notice", this.notice);
      n.id = "notice";
      bar.append(n);
    }
    return bar;
  }

  /** With hints shown: the option's reading as the button's tooltip, the bot's choice marked. */
  private markHint(b: HTMLElement, a: ActionJson) {
    const h = this.hint;
    if (!h || !this.showHints) return;
    const same = (x: ActionJson) => x.action === a.action && (x.tile ?? null) === (a.tile ?? null);
    const o = h.options.find(same);
    if (o) b.title = this.w.optionText(o.shanten, o.live, o.danger, o.win_chance);
    if (same(h.choice)) b.classList.add("hinted");
  }

  private result(): HTMLElement {
    const st = this.state!;
    const w = this.w;
    const names = this.welcome!.names;
    const ln = names[this.lang];
    const box = el("section", "result");
    box.id = "result";
    if (st.exhaustive) box.append(el("h2", "", w.exhaustive));
    for (const win of st.wins) {
      const h = el("h2", "");
      const how = w.winHow(win.flags.includes("self_drawn"), this.tileName(win.tile), win.from !== null ? this.seatLabel(win.from) : null);
      h.textContent = `${this.seatLabel(win.seat)} ${w.wins} (${how})`;
      const hand = el("div", "shown");
      for (const t of win.hand) hand.append(tileEl(t, names, this.lang, "small"));
      for (const m of st.melds[win.seat]) {
        const g = el("span", "meld");
        const n = names.notation;
        const list = m.kind === "chow" ? [0, 1, 2].map((k) => n[n.indexOf(m.tile) + k]) : new Array(m.kind === "pung" ? 3 : 4).fill(m.tile);
        list.forEach((t) => g.append(tileEl(t, names, this.lang, "small")));
        hand.append(g);
      }
      box.append(h, hand);
      if (win.patterns.length) {
        const table = el("table", "tai");
        for (const p of win.patterns) {
          const tr = el("tr");
          tr.append(el("td", "", ln.patterns[p.id] ?? `#${p.id}`), el("td", "num", `${p.tai} ${w.tai}`));
          table.append(tr);
        }
        const tr = el("tr", "total");
        tr.append(el("td", "", w.total), el("td", "num", `${win.tai} ${w.tai}`));
        table.append(tr);
        box.append(table);
      }
    }
    if (st.payments.length) {
      box.append(el("h3", "", w.payments));
      const table = el("table", "payments");
      for (const p of st.payments) {
        const tr = el("tr");
        tr.dataset.seat = String(p.seat);
        tr.append(
          el("td", "", this.seatLabel(p.seat)),
          el("td", "num", p.value > 0 ? `+${p.value}` : String(p.value)),
          el("td", "", ln.reasons[p.reason] ?? p.reason),
        );
        table.append(tr);
      }
      box.append(table);
    }
    if (st.matchOver) {
      box.append(el("h2", "", w.matchOver));
      const table = el("table", "final");
      const order = [0, 1, 2, 3].sort((a, b) => st.scores[b] - st.scores[a]);
      order.forEach((s) => {
        const tr = el("tr");
        const rank = order.findIndex((o) => st.scores[o] === st.scores[s]) + 1;
        tr.append(el("td", "", `${w.rank} ${rank}`), el("td", "", this.seatLabel(s)), el("td", "num", String(st.scores[s])));
        table.append(tr);
      });
      box.append(table);
    } else if (this.handOver && typeof this.welcome!.reader === "number") {
      const b = el("button", "next", this.handOver.asked ? w.waitingNext : w.next);
      b.id = "next";
      b.disabled = this.handOver.asked;
      b.onclick = () => {
        this.handOver!.asked = true;
        this.send({ type: "next" });
        this.render();
      };
      box.append(b);
      if (this.handOver.deadline) {
        box.append(el("span", "timer", w.timeLeft(Math.max(0, Math.ceil((this.handOver.deadline - Date.now()) / 1000)))));
      }
    }
    return box;
  }
}
