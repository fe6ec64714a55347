// Owlery's Monopoly page: the ring, the players, the question the game asks you as buttons.
"use strict";

let table = null;   // { id, seat, token }
let timer = null;
const $ = (id) => document.getElementById(id);

async function api(method, path, body) {
  const headers = { "content-type": "application/json" };
  if (table && table.token) headers["x-owlery-token"] = table.token;
  const response = await fetch(path, { method, headers, body: body ? JSON.stringify(body) : undefined });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(data.error || response.statusText);
  return data;
}

// Space n's cell on the 11 x 11 ring: GO at the bottom right, going clockwise.
function cell(n) {
  if (n <= 10) return [11, 11 - n];
  if (n <= 20) return [11 - (n - 10), 1];
  if (n <= 30) return [1, 1 + (n - 20)];
  return [1 + (n - 30), 11];
}

function render(state) {
  $("setup").hidden = true;
  $("table").hidden = false;
  const ring = $("ring");
  ring.querySelectorAll(".space").forEach((e) => e.remove());
  state.spaces.forEach((s) => {
    const div = document.createElement("div");
    div.className = "space" + (s.owner !== null ? " owned-" + s.owner : "");
    div.dataset.space = s.space;
    const [row, col] = cell(s.space);
    div.style.gridRow = row; div.style.gridColumn = col;
    div.innerHTML = `<div>${s.space}. ${s.name}${s.value ? " (" + s.value + ")" : ""}</div>`;
    if (s.band) {
      const band = document.createElement("div");
      band.className = "band band-" + s.band;
      band.title = s.band.replace("_", " ");
      div.prepend(band);
    }
    const owner = document.createElement("span");
    owner.className = "owner";
    owner.textContent = (s.owner !== null ? "P" + (s.owner + 1) : "") + (s.crest ? " ★ crest" : "") + (s.mortgaged ? " mortgaged" : "");
    if (s.owner !== null) owner.classList.add("owner-" + s.owner);
    div.appendChild(owner);
    if (s.tokens.length) {
      const tokens = document.createElement("span");
      tokens.className = "tokens";
      tokens.textContent = s.tokens.map((t) => t + 1).join(" ");
      div.appendChild(tokens);
    }
    ring.appendChild(div);
  });
  $("players").innerHTML = state.players.map((p, s) =>
    `<div>${s + 1}. ${s === table.seat ? "you" : p.name} (${p.house}): ${p.points} points` +
    (p.in_jail ? ", in Jail" : "") + (p.out ? ", out" : "") + (p.final !== null && p.final !== undefined ? ` — final ${p.final}` : "") + "</div>").join("") +
    (state.over ? `<div id="verdict"><b>Game over: ${state.end.why}. ${state.end.verdict}.</b></div>` : "");
  const events = $("events");
  events.innerHTML = state.events.slice(-30).map((e) => `<li>${e.replace(/</g, "&lt;")}</li>`).join("");
  events.scrollTop = events.scrollHeight;
  const box = $("question");
  const q = state.question;
  box.hidden = !q;
  document.body.dataset.over = state.over ? "1" : "";
  if (!q) return;
  box.innerHTML = "";
  box.dataset.number = q.number;
  const text = document.createElement("div");
  text.textContent = q.text;
  box.appendChild(text);
  if (q.problem) { const p = document.createElement("div"); p.style.color = "#a02020"; p.textContent = q.problem; box.appendChild(p); }
  const send = async (answer) => {
    try { await api("POST", `/api/monopoly/${table.id}/answer`, { seat: table.seat, question: q.number, answer }); }
    catch (error) { alert(error.message); }
    poll();
  };
  q.choices.forEach((choice) => {
    const button = document.createElement("button");
    button.textContent = choice === "" ? "No trade: roll" : choice === "y" ? "Yes" : choice === "n" ? "No" : choice;
    button.dataset.answer = choice;
    button.addEventListener("click", () => send(choice));
    box.appendChild(button);
  });
  const form = document.createElement("form");
  const input = document.createElement("input");
  input.placeholder = "or type an answer (help: space numbers, a bid, trade 2 give 1 take 3 points 20)";
  input.style.width = "28em";
  form.appendChild(input);
  form.addEventListener("submit", (event) => { event.preventDefault(); send(input.value.trim()); });
  box.appendChild(form);
}

async function poll() {
  clearTimeout(timer);
  try {
    const state = await api("GET", `/api/monopoly/${table.id}?seat=${table.seat}`);
    render(state);
    if (!state.over && !state.question) timer = setTimeout(poll, 300);
  } catch (error) { table = null; localStorage.removeItem("owlery-monopoly"); }
}

$("new-table").addEventListener("submit", async (event) => {
  event.preventDefault();
  const seats = ["human", ...$("opponents").value.split(",")];
  const seed = $("seed").value === "" ? undefined : Number($("seed").value);
  try {
    const result = await api("POST", "/api/monopoly", { seats, seed });
    const [seat, token] = Object.entries(result.tokens)[0];
    table = { id: result.id, seat: Number(seat), token };
    localStorage.setItem("owlery-monopoly", JSON.stringify(table));
    poll();
  } catch (error) { alert(error.message); }
});

try { table = JSON.parse(localStorage.getItem("owlery-monopoly")); } catch (e) { table = null; }
if (table) poll();
