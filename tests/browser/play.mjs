// The browser test: a real Chromium, headless, plays Scrabble: Harry Potter Edition against a
// bot on `owlery serve` by clicking: a word placed tile by tile, the bot's answer, a card, a
// short game to its end, a screenshot. Run by tests/browser.sh.
import { chromium } from "playwright-core";
import { spawn } from "node:child_process";
import { mkdtempSync, mkdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const owlery = process.env.OWLERY_BIN;
const shots = process.env.OWLERY_SCREENSHOTS || "target/browser";
const server = spawn(owlery, ["serve", "--addr", "127.0.0.1:0"], { stdio: ["ignore", "pipe", "inherit"] });
const base = await new Promise((resolve) =>
  server.stdout.once("data", (d) => resolve(String(d).trim().replace("owlery serves ", "").replace(/\/$/, ""))));
// The browser's profile lives in a temporary directory, removed however the test ends.
const profile = mkdtempSync(join(tmpdir(), "owlery-chromium-"));
const removeProfile = () => { try { rmSync(profile, { recursive: true, force: true }); } catch { /* best effort */ } };
const fail = async (message) => { console.error("FAILED: " + message); server.kill(); removeProfile(); process.exit(1); };

async function api(method, path, body, token) {
  const headers = { "content-type": "application/json" };
  if (token) headers["x-owlery-token"] = token;
  const response = await fetch(base + path, { method, headers, body: body ? JSON.stringify(body) : undefined });
  return { status: response.status, data: await response.json() };
}

const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  headless: true,
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--no-first-run"],
});
const page = context.pages()[0] || await context.newPage();
page.on("dialog", (dialog) => dialog.accept(page.nextAnswer || ""));
page.setDefaultTimeout(20000);

const game = () => page.evaluate(() => JSON.parse(localStorage.getItem("owlery-game")));
const waitForTurn = () => page.waitForFunction(() => {
  const status = document.getElementById("status").textContent;
  return !document.body.dataset.busy && (status.startsWith("Your turn") || status.startsWith("Game over"));
});

// Places a move given in standard notation (8H WORD, H8 (R)EAD) by clicking rack and squares.
async function clickMove(notation) {
  const [coordinate, word] = notation.split(" ");
  const across = /^\d/.test(coordinate);
  let row = Number(coordinate.match(/\d+/)[0]) - 1;
  let col = coordinate.match(/[A-O]/)[0].charCodeAt(0) - 65;
  let onBoard = false;
  for (const ch of word) {
    if (ch === "(") { onBoard = true; continue; }
    if (ch === ")") { onBoard = false; continue; }
    if (!onBoard && ch !== ".") {
      const blank = ch === ch.toLowerCase();
      const label = blank ? "?" : ch;
      const tile = page.locator("#rack button:not(.used)", { hasText: new RegExp(`^\\${label}$`) }).first();
      await tile.click();
      page.nextAnswer = ch.toUpperCase();
      await page.click(`[data-square="${String.fromCharCode(65 + col)}${row + 1}"]`);
    }
    if (across) col += 1; else row += 1;
  }
}

async function playTurn() {
  const { id, seat, token } = await game();
  const hints = (await api("GET", `/api/games/${id}/hints?seat=${seat}`, null, token)).data.hints;
  const before = await page.locator("#moves li").count();
  if (hints.length === 0) await page.click("#pass");
  else { await clickMove(hints[0].move); await page.click("#play"); }
  await page.waitForFunction((n) => document.querySelectorAll("#moves li").length > n, before);
  await waitForTurn();
  return before;
  const message = await page.textContent("#message");
  if (message) await fail(`the move ${hints[0]?.move} was refused: ${message}`);
}

// 1. A new game against a bot from the page, a word placed by clicking, the bot's answer.
await page.goto(base + "/");
if (!(await page.textContent("#empty-state")).startsWith("No game yet")) await fail("no empty state on the page");
mkdirSync(shots, { recursive: true });
await page.screenshot({ path: join(shots, "owlery-empty.png"), fullPage: true });
await page.selectOption("#opponents", "greedy");
await page.fill("#seed", "11");
await page.click("#start");
await page.waitForSelector("#board .sq");
if ((await page.locator("#board .sq").count()) !== 225) await fail("the board has no 225 squares");
if (!(await page.textContent("#legend")).includes("a Hogwarts square")) await fail("the board has no legend");
if (!(await page.textContent("#legend")).includes("read backwards (Confundo)")) await fail("the legend does not explain backwards words");
await waitForTurn();
const before = await playTurn();
const lines = await page.locator("#moves li").count();
if (lines < before + 2) await fail(`expected the person's move and the bot's answer, saw ${lines - before} new lines`);
console.log(`placed a word by clicking; the bot answered (${lines} lines)`);

// 2. A card: a Gryffindor seat draws cards at the start; one that needs nothing more, played
// from the page after a reload (the game survives it).
const simple = ["revelio", "rictusempra", "felix_felicis", "gemino", "engorgio", "reparo",
  "harry_potter", "tom_marvolo_riddle", "ron_weasley", "buckbeak"];
let chosen = null;
for (let seed = 1; seed < 200 && !chosen; seed++) {
  const { data } = await api("POST", "/api/games", { seats: ["human", "greedy"], seed, houses: ["gryffindor", "slytherin"] });
  const card = (data.state.cards || []).find((c) => simple.includes(c));
  if (card && data.state.to_move === 0) chosen = { id: data.id, seat: 0, token: data.tokens["0"], card };
}
if (!chosen) await fail("no seed gave a card to play");
await page.evaluate((g) => localStorage.setItem("owlery-game", JSON.stringify(g)), chosen);
await page.reload();
await page.waitForSelector(`#cards button[data-card="${chosen.card}"]`);
await page.click(`#cards button[data-card="${chosen.card}"]`);
await page.waitForFunction(() => !document.body.dataset.busy &&
  [...document.querySelectorAll("#moves li")].some((li) => li.textContent.includes("plays")));
const message = await page.textContent("#message");
if (message) await fail(`the card was refused: ${message}`);
console.log(`played ${chosen.card} from the page`);

// 3. A short game from a seeded position near the end, played to its end by clicking.
const { data: short } = await api("POST", "/api/games", { seats: ["human", "greedy"], seed: 4, near_end: true });
await page.evaluate((g) => localStorage.setItem("owlery-game", JSON.stringify(g)),
  { id: short.id, seat: 0, token: short.tokens["0"] });
await page.reload();
await waitForTurn();
for (let turn = 0; turn < 40; turn++) {
  if ((await page.textContent("#status")).startsWith("Game over")) break;
  await playTurn();
}
const ended = await page.textContent("#status");
if (!ended.startsWith("Game over")) await fail("the short game did not end");
if (!/ (wins|tie) with -?\d+/.test(ended)) await fail(`the end names no winner: ${ended}`);
mkdirSync(shots, { recursive: true });
await page.screenshot({ path: join(shots, "owlery-game-over.png"), fullPage: true });
console.log(`finished a short game; screenshot in ${join(shots, "owlery-game-over.png")}`);

// 4. Monopoly: Harry Potter against a bot, every decision a button, to the end of the game.
await page.goto(base + "/monopoly");
if (!(await page.textContent("#empty-state")).startsWith("No game yet")) await fail("no empty state on the Monopoly page");
await page.screenshot({ path: join(shots, "owlery-monopoly-empty.png"), fullPage: true });
await page.selectOption("#opponents", "heuristic");
await page.fill("#seed", "9");
await page.click("#new-table button");
let clicks = 0;
const asked = () => page.waitForFunction(() => document.body.dataset.over === "1" ||
  !document.getElementById("question").hidden);
await asked();
while ((await page.evaluate(() => document.body.dataset.over)) !== "1") {
  const number = await page.getAttribute("#question", "data-number");
  await page.click("#question button >> nth=0");
  await page.waitForFunction((n) => document.body.dataset.over === "1" ||
    (!document.getElementById("question").hidden && document.getElementById("question").dataset.number !== n), number);
  if (++clicks > 3000) await fail("the Monopoly game did not end");
}
if (clicks < 5) await fail(`only ${clicks} decisions in a Monopoly game`);
if (await page.locator("#ring .band-dark_blue").count() !== 2) await fail("the ring shows no colour bands");
if (await page.locator("#ring .owner-0, #ring .owner-1").count() < 1) await fail("the ring shows no owners' colours");
const verdict = await page.textContent("#verdict");
if (!/ (wins|tie) with -?\d+/.test(verdict)) await fail(`the Monopoly end names no winner: ${verdict}`);
await page.screenshot({ path: join(shots, "owlery-monopoly.png"), fullPage: true });
console.log(`played Monopoly to its end with ${clicks} clicks; screenshot in ${join(shots, "owlery-monopoly.png")}`);
await context.close();
server.kill();
removeProfile();
