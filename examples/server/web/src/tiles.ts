// Drawing tiles: the face of each tile (the characters printed on it) and its name from the
// library's name table as a tooltip.

import type { Names } from "./protocol";
import type { Lang } from "./i18n";

const NUMBERS = ["一", "二", "三", "四", "五", "六", "七", "八", "九"];
const SUITS: Record<string, string> = { m: "萬", p: "筒", s: "條" };
const HONOURS = ["東", "南", "西", "北", "白", "發", "中"];
const FLOWERS = ["春", "夏", "秋", "冬", "梅", "蘭", "竹", "菊"];

/** The characters printed on a tile: [big, small]. */
export function face(t: string): [string, string] {
  const n = Number(t[0]);
  const suit = t[1];
  if (suit in SUITS) return [NUMBERS[n - 1], SUITS[suit]];
  if (suit === "z") return [HONOURS[n - 1], ""];
  if (suit === "f") return [FLOWERS[n - 1], String(((n - 1) % 4) + 1)];
  return ["", ""];
}

export function tileEl(t: string, names: Names, lang: Lang, extra = ""): HTMLElement {
  const el = document.createElement("span");
  el.className = `tile ${extra}`.trim();
  if (t === "hidden") {
    el.classList.add("back");
    el.dataset.tile = "hidden";
    return el;
  }
  const code = names.notation.indexOf(t);
  el.dataset.tile = t;
  el.dataset.suit = t[1];
  el.title = `${names[lang].tiles[code] ?? t} (${t})`;
  const [big, small] = face(t);
  const b = document.createElement("b");
  b.textContent = big;
  el.append(b);
  if (small) {
    const i = document.createElement("i");
    i.textContent = small;
    el.append(i);
  }
  if (t === "7z") el.classList.add("red");
  if (t === "6z") el.classList.add("green");
  return el;
}
