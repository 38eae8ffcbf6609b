// The table as one reader knows it, folded from that reader's events alone (as mjkit's
// table::Client does): its hand, every seat's concealed count, melds, flowers, discards, the
// wall, the scores, 連莊 and the round; and the hand's end (wins with their tai, payments).
// `shown()` gives it in the form of the server's `view_json`, which the tests compare with the
// library's client fed the same events.

import type { EventLine, Reader, RulesInfo } from "./protocol";

export const SEATS = 4;
export const TILE_KINDS = 34;
const FLOWER_BASE = 34;

export interface Meld {
  kind: string;
  /** The lowest tile of a chow, the tile of a pung or kong; "hidden" for another seat's concealed kong. */
  tile: string;
  claimed: string | null;
  from: number | null;
}

export interface Discard {
  tile: string;
  seat: number;
  claimed_by: number | null;
  drawn: boolean;
}

export interface Win {
  seat: number;
  from: number | null;
  tile: string;
  hand: string[];
  flags: string[];
  tai: number;
  patterns: { id: number; tai: number }[];
}

export interface Payment {
  seat: number;
  value: number;
  reason: string;
}

export class TableState {
  readonly reader: Reader;
  readonly rules: RulesInfo;
  private readonly notation: string[];
  started = false;
  handIndex = 0;
  dealer = 0;
  wind = 0;
  firstDealer = 0;
  consecutive = 0;
  hand: number[] = new Array(TILE_KINDS).fill(0);
  concealed: number[] = [0, 0, 0, 0];
  melds: Meld[][] = [[], [], [], []];
  flowers: number[] = [0, 0, 0, 0];
  discards: Discard[] = [];
  scores: number[] = [0, 0, 0, 0];
  private head = 0;
  private tail = 0;
  /** The offer of the last claim window: "discard", "added_kong" or "flower". */
  private offer = "discard";
  /** The seat whose turn it is (or who offered the tile), for display. */
  actor: number | null = null;
  /** The tile this seat drew last (its own draws only). */
  drawn: string | null = null;
  over = false;
  exhaustive = false;
  wins: Win[] = [];
  payments: Payment[] = [];
  dealerKept: number | null = null;
  matchOver = false;
  next: number | null = null;

  constructor(reader: Reader, rules: RulesInfo, notation: string[]) {
    this.reader = reader;
    this.rules = rules;
    this.notation = notation;
  }

  get me(): number | null {
    return typeof this.reader === "number" ? this.reader : null;
  }

  code(t: string): number {
    return this.notation.indexOf(t);
  }

  /** Whether this reader knows `seat`'s concealed tiles. */
  private knows(seat: number): boolean {
    return this.me === seat;
  }

  get wallLeft(): number {
    return Math.max(0, Math.max(0, this.tail - this.head) - this.rules.dead_wall);
  }

  /** `seat` receives wall tile `t` (a deal, a draw, a discard it won on). */
  private receive(seat: number, t: string) {
    if (this.knows(seat)) {
      const c = this.code(t);
      if (c >= 0 && c < FLOWER_BASE) {
        this.hand[c] += 1;
        this.concealed[seat] += 1;
      }
    } else {
      // Flowers are counted until their flower event sets them aside.
      this.concealed[seat] += 1;
    }
  }

  /** `seat` gives up `n` concealed tiles of `t`. */
  private giveUp(seat: number, t: string, n: number) {
    if (this.knows(seat)) {
      const c = this.code(t);
      if (c >= 0) this.hand[c] -= n;
    }
    this.concealed[seat] -= n;
  }

  apply(e: EventLine) {
    this.next = e.i + 1;
    const seat = e.seat ?? -1;
    const flags = e.flags ?? [];
    switch (e.kind) {
      case "hand_start":
        this.started = true;
        this.handIndex = e.value ?? 0;
        this.dealer = seat;
        this.wind = e.wind ?? 0;
        this.firstDealer = e.from ?? 0;
        this.consecutive = e.counters?.[0] ?? 0;
        this.scores = [...(e.scores ?? [0, 0, 0, 0])];
        this.hand = new Array(TILE_KINDS).fill(0);
        this.concealed = [0, 0, 0, 0];
        this.melds = [[], [], [], []];
        this.flowers = [0, 0, 0, 0];
        this.discards = [];
        this.head = 0;
        this.tail = this.rules.wall_tiles;
        this.offer = "discard";
        this.actor = seat;
        this.drawn = null;
        this.over = false;
        this.exhaustive = false;
        this.wins = [];
        this.payments = [];
        this.dealerKept = null;
        break;
      case "deal":
        for (const t of e.tiles ?? []) this.receive(seat, t);
        this.head += (e.tiles ?? []).length;
        break;
      case "draw":
        if (flags.includes("replacement")) this.tail -= 1;
        else this.head += 1;
        this.receive(seat, e.tile ?? "hidden");
        if (this.knows(seat) && this.code(e.tile ?? "") < FLOWER_BASE) this.drawn = e.tile ?? null;
        this.actor = seat;
        break;
      case "flower": {
        const f = this.code(e.tile ?? "") - FLOWER_BASE;
        if (f >= 0) this.flowers[seat] |= 1 << f;
        if (!this.knows(seat)) this.concealed[seat] -= 1;
        this.offer = "flower";
        break;
      }
      case "discard":
        this.giveUp(seat, e.tile ?? "", 1);
        this.discards.push({ tile: e.tile ?? "", seat, claimed_by: null, drawn: flags.includes("drawn") });
        this.offer = "discard";
        this.actor = seat;
        if (this.knows(seat)) this.drawn = null;
        break;
      case "claim_won":
        if (this.offer === "discard") {
          const d = this.discards[this.discards.length - 1];
          if (d && d.claimed_by === null) d.claimed_by = seat;
        }
        break;
      case "meld":
        this.meld(e);
        break;
      case "win":
        this.win(e);
        break;
      case "tai": {
        const w = this.wins.find((x) => x.seat === seat);
        if (w) w.patterns.push({ id: e.pattern ?? 0, tai: e.value ?? 0 });
        break;
      }
      case "exhaustive_draw":
        this.over = true;
        this.exhaustive = true;
        this.actor = null;
        break;
      case "payment":
        this.over = true;
        this.actor = null;
        this.scores[seat] += e.value ?? 0;
        this.payments.push({ seat, value: e.value ?? 0, reason: e.reason ?? "" });
        break;
      case "score_set":
        this.scores[seat] = e.value ?? 0;
        break;
      case "dealer_kept":
        this.dealerKept = e.value ?? 0;
        break;
      case "match_over":
        this.matchOver = true;
        break;
      default:
        // claim_answer, claim_lost, dealer_passed, wind_advanced: nothing to fold.
        break;
    }
  }

  private meld(e: EventLine) {
    const seat = e.seat ?? 0;
    const tile = e.tile ?? "";
    const tiles = e.tiles ?? [];
    switch (e.meld) {
      case "chow": {
        const low = tiles[0];
        const lc = this.code(low);
        for (let k = lc; k < lc + 3; k++) if (this.notation[k] !== tile) this.giveUp(seat, this.notation[k], 1);
        this.melds[seat].push({ kind: "chow", tile: low, claimed: tile, from: e.from ?? null });
        this.actor = seat;
        break;
      }
      case "pung":
      case "exposed_kong":
        this.giveUp(seat, tile, e.meld === "pung" ? 2 : 3);
        this.melds[seat].push({ kind: e.meld, tile, claimed: tile, from: e.from ?? null });
        this.actor = seat;
        break;
      case "concealed_kong":
        if (this.knows(seat)) this.giveUp(seat, tile, 4);
        else this.concealed[seat] -= 4;
        this.melds[seat].push({ kind: "concealed_kong", tile: this.knows(seat) ? tile : "hidden", claimed: null, from: null });
        break;
      case "added_kong": {
        const m = this.melds[seat].find((x) => x.kind === "pung" && x.tile === tile);
        if (m) m.kind = "added_kong";
        this.giveUp(seat, tile, 1);
        this.offer = "added_kong";
        break;
      }
    }
  }

  private win(e: EventLine) {
    const seat = e.seat ?? 0;
    const flags = e.flags ?? [];
    const tile = e.tile ?? "";
    if (flags.includes("seven_rob_one")) {
      const f = this.code(tile) - FLOWER_BASE;
      const from = e.from ?? 0;
      this.flowers[from] &= ~(1 << f);
      this.flowers[seat] |= 1 << f;
    } else if (!flags.includes("eight_flowers") && !flags.includes("self_drawn")) {
      if (flags.includes("robbed_kong") && e.from !== undefined) {
        const m = this.melds[e.from].find((x) => x.kind === "added_kong" && x.tile === tile);
        if (m) m.kind = "pung";
      }
      this.receive(seat, tile);
    }
    this.wins.push({ seat, from: e.from ?? null, tile, hand: e.tiles ?? [], flags, tai: e.value ?? 0, patterns: [] });
  }

  /** The state in the form of the server's `view_json` (compared with the library's client). */
  shown(): unknown {
    return {
      hand_index: this.handIndex,
      dealer: this.dealer,
      wind: this.wind,
      first_dealer: this.firstDealer,
      hand: [...this.hand],
      concealed: [...this.concealed],
      melds: this.melds.map((ms) => ms.map((m) => ({ kind: m.kind, tile: m.tile, claimed: m.claimed, from: m.from }))),
      flowers: [...this.flowers],
      discards: this.discards.map((d) => ({ tile: d.tile, seat: d.seat, claimed_by: d.claimed_by, drawn: d.drawn })),
      wall_left: this.wallLeft,
      scores: [...this.scores],
      consecutive: this.consecutive,
    };
  }
}
