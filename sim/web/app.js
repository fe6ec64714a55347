// Owlery's page: the board, the rack, the buttons; every rule is the server's.
"use strict";

const COLUMNS = "ABCDEFGHIJKLMNO";
let game = null;          // { id, seat, token }
let state = null;         // the last state the server sent
let selected = null;      // index of the rack tile picked up
let pending = [];         // [{ row, col, letter, index, blank }]

// What each Hogwarts card does, shown on its button (the rulebook's words, shortened).
const CARD_EFFECTS = {
  veritaserum: "Ask a player for a letter you need; they give it for a tile of yours (veritaserum PLAYER LETTER GIVE).",
  felix_felicis: "Draw two Hogwarts cards.",
  harry_potter: "Bonus points for each of H A Y P O in your word.",
  tom_marvolo_riddle: "Bonus points for each of I V D M T in your word.",
  ron_weasley: "Bonus points for each of R N W S L in your word.",
  buckbeak: "Bonus points for each of U C B E K in your word.",
  revelio: "A Glossary word this turn earns 20 instead of 10.",
  expelliarmus: "Take a random tile from a player's rack (expelliarmus PLAYER).",
  rictusempra: "10 bonus points at once.",
  alohomora: "Swap a blank on the board for the letter it stands for (alohomora SQUARE).",
  gemino: "Draw as many Hogwarts cards as you hold.",
  engorgio: "Draw two extra tiles now; return the surplus at the end of your turn.",
  transfiguration: "Exchange tiles and still move (transfiguration TILES).",
  confundo: "Your word may read right to left or bottom to top (type it after <).",
  reparo: "Another turn after this one.",
};

const $ = (id) => document.getElementById(id);

function api(method, path, body) {
  const headers = { "content-type": "application/json" };
  if (game && game.token) headers["x-owlery-token"] = game.token;
  return fetch(path, { method, headers, body: body ? JSON.stringify(body) : undefined })
    .then(async (response) => {
      const text = await response.text();
      const data = text.startsWith("{") ? JSON.parse(text) : { error: text };
      if (!response.ok) throw new Error(data.error || response.statusText);
      return data;
    });
}

function say(text) { $("message").textContent = text || ""; }

function save() {
  localStorage.setItem("owlery-game", JSON.stringify(game));
  location.hash = game ? "game=" + game.id : "";
}

function restore() {
  try { return JSON.parse(localStorage.getItem("owlery-game")); } catch (e) { return null; }
}

function rackTiles() {
  return state && state.rack ? state.rack.split("") : [];
}

function render() {
  $("setup").hidden = !!game;
  $("table").hidden = !game;
  if (!state) return;
  const board = $("board");
  board.innerHTML = "";
  state.board.forEach((row, r) => row.forEach((square, c) => {
    const div = document.createElement("div");
    div.className = "sq" + (square.premium ? " " + square.premium : "") + (square.brown ? " brown" : "");
    div.dataset.square = COLUMNS[c] + (r + 1);
    div.title = div.dataset.square;
    const placed = pending.find((p) => p.row === r && p.col === c);
    const letter = placed ? placed.letter : square.letter;
    if (letter) {
      const tile = document.createElement("div");
      tile.className = "tile" + (letter === letter.toLowerCase() ? " blank" : "") + (placed ? " pending" : "") + (!placed && square.backwards ? " backwards" : "");
      if (!placed && square.backwards) tile.title = "part of a word read backwards (Confundo)";
      tile.textContent = letter.toUpperCase();
      div.appendChild(tile);
    } else {
      div.textContent = { tw: "TW", dw: "DW", tl: "TL", dl: "DL", start: "★" }[square.premium] || "";
    }
    div.addEventListener("click", () => clickSquare(r, c));
    board.appendChild(div);
  }));
  const players = $("players");
  players.innerHTML = "";
  state.players.forEach((p, s) => {
    const div = document.createElement("div");
    div.className = s === state.to_move && !state.over ? "to-move" : "";
    div.textContent = `${s + 1}. ${p.human ? "you" : p.name} (${p.house}): ${p.score}` + (p.cards_held ? `, ${p.cards_held} card(s)` : "");
    players.appendChild(div);
  });
  const yours = !state.over && state.to_move === game.seat;
  $("status").textContent = state.over ? `Game over: ${state.end.verdict}. ${state.end.lines.join("; ")}.`
    : yours ? `Your turn. Bag: ${state.bag} tiles.` : "The bots are thinking…";
  const rack = $("rack");
  rack.innerHTML = "";
  rackTiles().forEach((letter, index) => {
    const button = document.createElement("button");
    button.textContent = letter === "?" ? "?" : letter;
    button.dataset.index = index;
    if (pending.some((p) => p.index === index)) button.className = "used";
    if (selected === index) button.className = "selected";
    button.addEventListener("click", () => { selected = selected === index ? null : index; render(); });
    rack.appendChild(button);
  });
  const cards = $("cards");
  cards.innerHTML = "";
  (state.cards || []).forEach((card) => {
    const button = document.createElement("button");
    button.textContent = "Play " + card.replace(/_/g, " ");
    button.dataset.card = card;
    button.title = CARD_EFFECTS[card] || "";
    button.addEventListener("click", () => playCard(card));
    cards.appendChild(button);
  });
  $("challenge").disabled = !state.can_challenge;
  const moves = $("moves");
  moves.innerHTML = "";
  state.moves.forEach((line) => { const li = document.createElement("li"); li.textContent = line; moves.appendChild(li); });
  moves.scrollTop = moves.scrollHeight;
}

function clickSquare(row, col) {
  const at = pending.findIndex((p) => p.row === row && p.col === col);
  if (at >= 0) { pending.splice(at, 1); render(); return; }
  if (selected === null || state.board[row][col].letter) return;
  let letter = rackTiles()[selected];
  let blank = false;
  if (letter === "?") {
    const chosen = (prompt("Which letter does the blank stand for?") || "").trim().toUpperCase();
    if (!/^[A-Z]$/.test(chosen)) { say("A blank needs one letter A-Z."); return; }
    letter = chosen.toLowerCase();
    blank = true;
  }
  pending.push({ row, col, letter, index: selected, blank });
  selected = null;
  render();
}

// The pending tiles as a move in standard notation: the whole word, board letters as '.'.
function notation() {
  if (pending.length === 0) throw new Error("Place tiles on the board first.");
  const rows = new Set(pending.map((p) => p.row));
  const cols = new Set(pending.map((p) => p.col));
  const letterAt = (r, c) => {
    if (r < 0 || c < 0 || r > 14 || c > 14) return null;
    const p = pending.find((q) => q.row === r && q.col === c);
    if (p) return p.letter;
    return state.board[r][c].letter ? "." : null;
  };
  let across = rows.size === 1;
  if (rows.size === 1 && cols.size === 1) {
    const { row, col } = pending[0];
    across = letterAt(row, col - 1) !== null || letterAt(row, col + 1) !== null;
  } else if (rows.size !== 1 && cols.size !== 1) {
    throw new Error("Tiles go in one row or one column.");
  }
  const [dr, dc] = across ? [0, 1] : [1, 0];
  let { row: r, col: c } = pending.reduce((a, b) => (a.row * 15 + a.col <= b.row * 15 + b.col ? a : b));
  while (letterAt(r - dr, c - dc) !== null) { r -= dr; c -= dc; }
  const start = across ? `${r + 1}${COLUMNS[c]}` : `${COLUMNS[c]}${r + 1}`;
  let word = "";
  while (letterAt(r, c) !== null) { word += letterAt(r, c); r += dr; c += dc; }
  return `${start} ${word}`;
}

async function showTurns(turns) {
  for (const line of turns) {
    const li = document.createElement("li");
    li.textContent = line;
    $("moves").appendChild(li);
    await new Promise((resolve) => setTimeout(resolve, 400));
  }
}

async function send(text, discard) {
  say("");
  document.body.dataset.busy = "1";
  try {
    const body = { seat: game.seat, move: text };
    if (discard) body.discard = discard;
    const result = await api("POST", `/api/games/${game.id}/move`, body);
    pending = []; selected = null;
    await showTurns(result.turns);
    state = result.state;
    render();
  } catch (error) {
    if (/name (\d+) to return/.test(error.message)) {
      const tiles = prompt(error.message + "\nTiles to return to the bag:");
      if (tiles) return send(text, tiles.trim().toUpperCase());
    }
    say(error.message);
  } finally {
    delete document.body.dataset.busy;
  }
}

async function playCard(card) {
  let text = card;
  if (["expelliarmus", "veritaserum", "alohomora", "transfiguration"].includes(card)) {
    const extra = prompt(`${card}: what else does it need? (expelliarmus 2, veritaserum 2 E A, alohomora H8, transfiguration QV)`);
    if (extra === null) return;
    text = card + " " + extra;
  }
  say("");
  document.body.dataset.busy = "1";
  try {
    const result = await api("POST", `/api/games/${game.id}/card`, { seat: game.seat, card: text });
    await showTurns(result.turns);
    state = result.state;
    render();
  } catch (error) { say(error.message); } finally { delete document.body.dataset.busy; }
}

async function load() {
  state = await api("GET", `/api/games/${game.id}?seat=${game.seat}`);
  render();
}

$("new-game").addEventListener("submit", async (event) => {
  event.preventDefault();
  const seats = ["human", ...$("opponents").value.split(",")];
  const seed = $("seed").value === "" ? undefined : Number($("seed").value);
  try {
    const result = await api("POST", "/api/games", { game: "scrabble-hp", seats, seed });
    const [seat, token] = Object.entries(result.tokens)[0];
    game = { id: result.id, seat: Number(seat), token };
    save();
    state = result.state;
    pending = []; selected = null;
    await showTurns([]);
    render();
  } catch (error) { say(error.message); alert(error.message); }
});
$("play").addEventListener("click", () => { try { send(notation()); } catch (error) { say(error.message); } });
$("recall").addEventListener("click", () => { pending = []; selected = null; render(); });
$("pass").addEventListener("click", () => send("pass"));
$("exchange").addEventListener("click", () => {
  const tiles = prompt("Tiles to exchange (? for a blank):");
  if (tiles) send("exchange " + tiles.trim().toUpperCase());
});
$("hint").addEventListener("click", async () => {
  try {
    const result = await api("GET", `/api/games/${game.id}/hints?seat=${game.seat}`);
    say(result.hints.length ? "Best: " + result.hints.map((h) => `${h.move} (${h.score}${h.detail ? ": " + h.detail : ""})`).join(", ") : "No placement: exchange or pass.");
  } catch (error) { say(error.message); }
});
$("challenge").addEventListener("click", async () => {
  try {
    const result = await api("POST", `/api/games/${game.id}/challenge`, { seat: game.seat });
    await showTurns(result.turns);
    state = result.state;
    render();
  } catch (error) { say(error.message); }
});
$("typed").addEventListener("submit", (event) => { event.preventDefault(); send($("typed-move").value.trim()); $("typed-move").value = ""; });
// The record needs the seat's token, so it is fetched with it and opened as a file.
$("gcg").addEventListener("click", async (event) => {
  event.preventDefault();
  try {
    const response = await fetch(`/api/games/${game.id}/gcg?seat=${game.seat}`, { headers: { "x-owlery-token": game.token } });
    if (!response.ok) throw new Error((await response.json()).error || response.statusText);
    const url = URL.createObjectURL(new Blob([await response.text()], { type: "text/plain" }));
    window.open(url);
  } catch (error) { say(error.message); }
});
$("new").addEventListener("click", (event) => { event.preventDefault(); game = null; state = null; save(); render(); });

game = restore();
if (game) load().catch(() => { game = null; save(); render(); }); else render();
