// The browser client against the real server, in Debian's headless Chromium driven by
// playwright-core. Every test starts its own server (release build), plays by clicking, and
// ends with the wire check: every frame each page received, recorded from the wire, judged by
// mjkit's reader rules against the match's record (`mjkit-server check`).
//
//   MJKIT_SERVER   the server binary (default: target/release/mjkit-server)
//   MJKIT_CHROMIUM the browser (default: /usr/bin/chromium)
//   MJKIT_SCREENSHOTS=DIR  also save screenshots of a finished hand there (docs/images)

import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { spawn, execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, "../../../..");
const SERVER = process.env.MJKIT_SERVER ?? join(repo, "target/release/mjkit-server");
const WEB = resolve(here, "../dist");
const SHOTS = process.env.MJKIT_SCREENSHOTS;

let browser;

before(async () => {
  browser = await chromium.launch({
    executablePath: process.env.MJKIT_CHROMIUM ?? "/usr/bin/chromium",
    // As root in a container, without the background services a closed network refuses.
    args: [
      "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync",
    ],
  });
});

// Every server a test started: a test that fails before stopping its server must not leave
// it running (the test process would wait for it forever).
const servers = new Set();

after(async () => {
  await browser?.close();
  for (const s of servers) s.proc.kill("SIGKILL");
});

/** Starts a server on `port` (0: any) with its rooms in `data`. */
async function startServer(data, port = 0) {
  const proc = spawn(SERVER, ["--addr", `127.0.0.1:${port}`, "--data", data, "--web", WEB], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const lines = createInterface({ input: proc.stdout });
  const addr = await new Promise((ok, fail) => {
    proc.once("exit", (c) => fail(new Error(`server exited ${c}`)));
    lines.once("line", (l) => {
      const m = l.match(/http:\/\/([^/]+)\//);
      if (m) ok(m[1]);
      else fail(new Error(l));
    });
  });
  const server = { proc, addr, exited: new Promise((ok) => proc.once("exit", ok)) };
  servers.add(server);
  server.exited.then(() => servers.delete(server));
  return server;
}

async function stopServer(server, signal = "SIGTERM") {
  server.proc.kill(signal);
  await server.exited;
}

async function createRoom(addr, config) {
  const r = await fetch(`http://${addr}/api/rooms`, { method: "POST", body: JSON.stringify(config) });
  const j = await r.json();
  assert.equal(r.status, 201, JSON.stringify(j));
  return j.id;
}

const FAST = { turn_ms: 0, claim_ms: 0, hold_claims: false, bot_ms: 0, next_ms: 0 };

/** A page on a room; every text frame it receives is kept (across reconnects). */
async function openPage(context, addr, room, seat = "", shots = false) {
  const page = await context.newPage();
  page.shots = shots && SHOTS;
  const wire = { frames: [], reader: null, errors: [] };
  page.on("websocket", (ws) => {
    ws.on("framereceived", (f) => {
      if (typeof f.payload === "string") wire.frames.push(f.payload);
    });
  });
  page.on("pageerror", (e) => wire.errors.push(e.message));
  const q = seat === "" ? "" : `&seat=${seat}`;
  await page.goto(`http://${addr}/?room=${room}${q}`);
  await page.waitForFunction(() => window.mjInfo?.().connected && window.mjInfo().hand !== null);
  wire.reader = await page.evaluate(() => window.mjInfo().reader);
  return { page, wire };
}

const info = (page) => page.evaluate(() => window.mjInfo());

/** Clicks what a player would: a win, a pung or kong, else a pass; in a turn the drawn tile. */
async function clickOnce(page, options) {
  const has = (a) => options.some((o) => o.action === a);
  for (const a of ["win", "eight_flowers", "rob_flower", "pung", "exposed_kong", "concealed_kong", "added_kong"]) {
    if (has(a)) {
      await page.locator(`#actions button[data-action="${a}"]`).first().click();
      return;
    }
  }
  if (has("discard")) {
    const drawn = page.locator("#hand button.discardable:has(.tile.drawn)");
    await ((await drawn.count()) ? drawn : page.locator("#hand button.discardable").last()).click();
    return;
  }
  await page.locator('#actions button[data-action="pass"]').click();
}

/** Plays by clicking until the match is over or `stop(info, clicks)` says so. */
async function play(page, stop = () => false) {
  let clicks = 0;
  for (;;) {
    await page.waitForFunction(
      () => {
        const i = window.mjInfo();
        return !i.connected || i.options.length > 0 || i.handOver || i.matchOver;
      },
      null,
      { timeout: 120_000, polling: 25 },
    );
    const i = await info(page);
    if (i.matchOver || stop(i, clicks)) return i;
    if (!i.connected) {
      await page.waitForTimeout(100);
    } else if (i.options.length) {
      await clickOnce(page, i.options);
      clicks += 1;
    } else if (i.handOver) {
      if (page.shots && i.wins.length) {
        page.shots = false;
        await screenshots(page);
      }
      await page.locator("#next").click();
    }
  }
}

async function screenshots(page) {
  await page.setViewportSize({ width: 1280, height: 1000 });
  await page.screenshot({ path: join(SHOTS, "server-hand-en.png"), fullPage: true });
  await page.locator("#lang").click();
  await page.screenshot({ path: join(SHOTS, "server-hand-zh.png"), fullPage: true });
  await page.locator("#lang").click();
}

/** The wire check: each page's frames and final state against the match's record. */
async function wireCheck(addr, room, pages, preset = "taiwan16") {
  const r = await fetch(`http://${addr}/api/rooms/${room}/record`);
  assert.equal(r.status, 200, "the record is published at the match's end");
  const record = await r.text();
  const connections = [];
  for (const { page, wire } of pages) {
    assert.deepEqual(wire.errors, [], "no script error in the page");
    const shown = page.isClosed() ? null : await page.evaluate(() => window.mjState());
    connections.push({ reader: wire.reader, frames: wire.frames, shown });
  }
  const dir = mkdtempSync(join(tmpdir(), "mjkit-wire-"));
  const file = join(dir, "wire.json");
  writeFileSync(file, JSON.stringify({ preset, connections, record }));
  const out = execFileSync(SERVER, ["check", file], { encoding: "utf8" });
  rmSync(dir, { recursive: true });
  assert.match(out, /no violation/);
  return out;
}

function tempData() {
  return mkdtempSync(join(tmpdir(), "mjkit-rooms-"));
}

describe("the browser client", { concurrency: true, timeout: 600_000 }, () => {
  test("a person plays a whole East round against three bots by clicking", async () => {
    const data = tempData();
    const server = await startServer(data);
    const room = await createRoom(server.addr, { ...FAST, end: "east", seed: 7 });
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const me = await openPage(context, server.addr, room, "", true);
    const watcher = await openPage(await browser.newContext(), server.addr, room, "spectator");
    assert.equal(me.wire.reader, 0);
    assert.equal(watcher.wire.reader, "spectator");
    // The options carry mjkit's hint (the wire check proves it is the library's hint for
    // this seat's own view): the choice marked, the reason written, hidden on request.
    await me.page.waitForFunction(() => window.mjInfo().options.length > 0);
    assert.ok((await info(me.page)).hint, "the options carry a hint");
    assert.match(await me.page.locator("#hint").textContent(), /^Hint: .+ · .+/);
    assert.ok((await me.page.locator(".hinted").count()) >= 1, "the bot's choice is marked");
    await me.page.locator("#hints-toggle").click();
    assert.equal(await me.page.locator("#hint, .hinted").count(), 0, "hints hidden");
    await me.page.locator("#hints-toggle").click();
    assert.equal(await me.page.locator("#hint").count(), 1);
    const end = await play(me.page);
    assert.ok(end.matchOver);
    // What the page shows is the state it folded: the scores in the seats and the final table.
    const shown = await me.page.evaluate(() => window.mjState());
    for (let s = 0; s < 4; s++) {
      const text = await me.page.locator(`.seat[data-seat="${s}"] .score`).textContent();
      assert.equal(Number(text), shown.scores[s]);
    }
    assert.match(await me.page.locator("#result").textContent(), /The match is over/);
    assert.equal(shown.scores.reduce((a, b) => a + b, 0), 0, "the payments sum to zero");
    const hands = shown.hand_index + 1;
    assert.ok(hands >= 4, `an East round has at least four hands (${hands})`);
    console.log(`East round: ${hands} hands, scores ${shown.scores.join(" ")}`);
    console.log(await wireCheck(server.addr, room, [me, watcher]));
    await stopServer(server);
    rmSync(data, { recursive: true });
  });

  test("four browser clients play a hand together", async () => {
    const data = tempData();
    const server = await startServer(data);
    const room = await createRoom(server.addr, { ...FAST, end: "hands:1", seats: ["human", "human", "human", "human"], seed: 3 });
    const pages = [];
    for (let s = 0; s < 4; s++) pages.push(await openPage(await browser.newContext(), server.addr, room, String(s)));
    assert.deepEqual(pages.map((p) => p.wire.reader), [0, 1, 2, 3]);
    await Promise.all(pages.map((p) => play(p.page)));
    const states = await Promise.all(pages.map((p) => p.page.evaluate(() => window.mjState())));
    for (const st of states) {
      assert.deepEqual(st.scores, states[0].scores);
      assert.deepEqual(st.discards, states[0].discards, "every seat sees the same rivers");
    }
    // Each seat sees its own hand only: the others' concealed tiles are counts.
    for (let s = 0; s < 4; s++) {
      const hidden = await pages[s].page.locator(`.seat:not([data-seat="${s}"]) .concealed .tile.back`).count();
      const faces = await pages[s].page.locator(`.seat:not([data-seat="${s}"]) .concealed .tile:not(.back)`).count();
      assert.equal(faces, 0);
      assert.equal(hidden, [0, 1, 2, 3].filter((o) => o !== s).reduce((a, o) => a + states[s].concealed[o], 0));
    }
    console.log(await wireCheck(server.addr, room, pages));
    await stopServer(server);
    rmSync(data, { recursive: true });
  });

  test("a client disconnects mid-hand, rejoins and shows the true scores and hand", async () => {
    const data = tempData();
    const server = await startServer(data);
    const room = await createRoom(server.addr, { ...FAST, end: "hands:3", seed: 5 });
    const context = await browser.newContext();
    const first = await openPage(context, server.addr, room);
    // The first hand to its end, then a few decisions into the second.
    let start = null;
    const stopped = await play(first.page, (i, clicks) => {
      if (i.hand === 1 && start === null) start = clicks;
      return start !== null && clicks >= start + 6 && i.options.length > 0;
    });
    assert.ok(!stopped.matchOver && stopped.options.length > 0, "stopped at a decision mid-hand");
    const before = await first.page.evaluate(() => window.mjState());
    assert.ok(before.hand_index >= 1);
    assert.notDeepEqual(before.scores, [0, 0, 0, 0], "the first hand paid");
    await first.page.close();
    // The same browser (its seat token in localStorage) comes back.
    const again = await openPage(context, server.addr, room);
    await again.page.waitForFunction(() => window.mjInfo().options.length > 0);
    const after = await again.page.evaluate(() => window.mjState());
    assert.deepEqual(after, before, "the rejoined page shows the same hand, melds, rivers and scores");
    for (let s = 0; s < 4; s++) {
      assert.equal(Number(await again.page.locator(`.seat[data-seat="${s}"] .score`).textContent()), before.scores[s]);
    }
    const held = await again.page.locator("#hand .tile").count();
    assert.equal(held, before.hand.reduce((a, b) => a + b, 0));
    await play(again.page);
    console.log(await wireCheck(server.addr, room, [first, again]));
    await stopServer(server);
    rmSync(data, { recursive: true });
  });

  test("the server restarts mid-hand and the game resumes", async () => {
    const data = tempData();
    let server = await startServer(data);
    const port = server.addr.split(":")[1];
    // Two hands: a bot may win the first before the person has decided much.
    const room = await createRoom(server.addr, { ...FAST, end: "hands:2", seed: 9 });
    const me = await openPage(await browser.newContext(), server.addr, room);
    const stopped = await play(me.page, (i, clicks) => clicks >= 5 && i.options.length > 0);
    assert.ok(!stopped.matchOver && stopped.options.length > 0, "stopped at a decision mid-hand");
    const before = await me.page.evaluate(() => window.mjState());
    await stopServer(server, "SIGKILL");
    await me.page.waitForFunction(() => !window.mjInfo().connected);
    assert.match(await me.page.locator("#status").textContent(), /reconnecting/);
    server = await startServer(data, port);
    await me.page.waitForFunction(() => window.mjInfo().connected && window.mjInfo().options.length > 0, null, { timeout: 30_000 });
    assert.deepEqual(await me.page.evaluate(() => window.mjState()), before, "the game is where it was");
    await play(me.page);
    console.log(await wireCheck(server.addr, room, [me]));
    await stopServer(server);
    rmSync(data, { recursive: true });
  });

  test("garbage or an illegal action gets an error and the table is unchanged", async () => {
    const data = tempData();
    const server = await startServer(data);
    const room = await createRoom(server.addr, { ...FAST, end: "hands:1", seed: 13 });
    const me = await openPage(await browser.newContext(), server.addr, room);
    await me.page.waitForFunction(() => window.mjInfo().options.length > 0);
    const before = await me.page.evaluate(() => window.mjState());
    const notation = ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "4p", "5p", "6p", "7p", "8p", "9p",
      "1s", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "1z", "2z", "3z", "4z", "5z", "6z", "7z"];
    const missing = notation[before.hand.findIndex((n) => n === 0)];
    const cases = [
      ["garbage", /not JSON/],
      ['{"type":"act","action":"discard","tile":"' + missing + '"}', /not one of seat 0's legal actions/],
      ['{"type":"act","action":"pung","tile":"1m"}', /not one of seat 0's legal actions/],
      ['{"type":"act","action":"fly","tile":"1m"}', /unknown action/],
      ['{"type":"next"}', /the hand is not over/],
    ];
    for (const [text, message] of cases) {
      await me.page.evaluate((t) => window.mjSend(t), text);
      await me.page.waitForFunction((m) => new RegExp(m).test(window.mjInfo().notice), message.source);
      assert.match(await me.page.locator("#notice").textContent(), message);
      assert.deepEqual(await me.page.evaluate(() => window.mjState()), before, `${text} changed nothing`);
    }
    // The options still stand: the hand goes on by clicking.
    assert.ok((await info(me.page)).options.length > 0);
    await play(me.page);
    console.log(await wireCheck(server.addr, room, [me]));
    await stopServer(server);
    rmSync(data, { recursive: true });
  });
});
