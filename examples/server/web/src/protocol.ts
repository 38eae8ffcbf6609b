// The server's messages (docs/server.md). Events are the lines of mjkit's record format.

export type Reader = number | "spectator";

/** One event line of the record format: keys left out when unused. */
export interface EventLine {
  i: number;
  kind: string;
  seat?: number;
  from?: number;
  tile?: string;
  wind?: number;
  winds?: number[];
  pattern?: number;
  action?: string;
  meld?: string;
  reason?: string;
  flags?: string[];
  tiles?: string[];
  value?: number;
  scores?: number[];
  counters?: number[];
  seed?: number;
}

export interface ActionJson {
  action: string;
  tile?: string;
}

export interface LangNames {
  tiles: string[];
  winds: string[];
  actions: Record<string, string>;
  melds: Record<string, string>;
  reasons: Record<string, string>;
  patterns: string[];
}

export interface Names {
  notation: string[];
  unicode: string[];
  en: LangNames;
  zh: LangNames;
}

export interface RulesInfo {
  variant: string;
  hand_tiles: number;
  wall_tiles: number;
  dead_wall: number;
  flowers: boolean;
  tai: boolean;
}

export type SeatInfo =
  | { kind: "human"; taken: boolean; connected: boolean }
  | { kind: "bot"; bot: string };

export interface RoomConfig {
  preset: string;
  seats: string[];
  bot: string;
  end: string;
  turn_ms: number;
  claim_ms: number;
  hold_claims: boolean;
  [key: string]: unknown;
}

/** One legal action as the hint reads it (mjkit's full bot, from this seat's view only). */
export interface HintOption extends ActionJson {
  shanten: number;
  live: number;
  danger: number;
  win_chance: number;
  value: number;
}

/** mjkit's hint for this seat's decision: the bot's choice and why, and every option read. */
export interface Hint {
  choice: ActionJson;
  reason: number;
  reason_text: string;
  shanten: number;
  value_unit: "tai" | "none";
  options: HintOption[];
}

export type ServerMsg =
  | {
      type: "welcome";
      room: string;
      reader: Reader;
      token: string | null;
      config: RoomConfig;
      rules: RulesInfo;
      seats: SeatInfo[];
      names: Names;
    }
  | { type: "events"; events: EventLine[]; texts: string[] }
  | { type: "options"; next: number; actions: ActionJson[]; deadline_ms: number | null; hint: Hint | null }
  | { type: "error"; code: string; message: string }
  | { type: "seats"; seats: SeatInfo[] }
  | { type: "timeout"; action: ActionJson }
  | { type: "hand_over"; deadline_ms: number | null };
