// The volunteer's page: join with an invitation, see requests in your languages, take one, mark the thing in the
// person's photos. Plain JavaScript against the hub's JSON API; the token stays in this browser's localStorage.
// Changes are pushed (GET /api/events); the page reads on a timer only while it has no stream.
"use strict";

const languageNames = { en: "English", ru: "Russian", zh: "Chinese" };
const state = { token: localStorage.getItem("beaconHubToken"), job: null, photos: 0, shown: 0, cross: { x: 0.5, y: 0.5 },
                offers: new Map(), timers: [], poll: null };
const push = { controller: null, retry: null };
const $ = (id) => document.getElementById(id);

function say(text) {
  // Cleared first, so the same sentence twice is announced twice.
  $("status").textContent = "";
  setTimeout(() => { $("status").textContent = text; }, 50);
}

async function api(path, options = {}) {
  const headers = Object.assign({}, options.headers || {});
  if (state.token) headers.Authorization = "Bearer " + state.token;
  if (options.json !== undefined) {
    headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(options.json);
  }
  const response = await fetch(path, { method: options.method || "GET", headers, body: options.body });
  if (response.status === 401 && path !== "/api/join") {
    forget("Your membership no longer works; join again with a new invitation.");
    throw new Error("signed out");
  }
  return response;
}

async function errorOf(response) {
  try { return (await response.json()).error || response.statusText; } catch { return response.statusText; }
}

function show(screen) {
  for (const id of ["join", "offers", "job"]) $(id).hidden = id !== screen;
  const heading = $(screen).querySelector("h2");
  heading.tabIndex = -1;
  heading.focus();
}

function stopTimers() {
  state.timers.forEach(clearInterval);
  state.timers = [];
}

function forget(message) {
  localStorage.removeItem("beaconHubToken");
  state.token = null;
  stopTimers();
  stopPush();
  setPolling(false);
  show("join");
  if (message) say(message);
}

// Push, and reading on a timer when there is none

// What is on screen, read once: the offers, or the job being helped with.
function readState() {
  return state.job ? refreshJob() : refreshOffers();
}

function setPolling(on) {
  if (on && !state.poll) state.poll = setInterval(readState, 2000);
  if (!on && state.poll) { clearInterval(state.poll); state.poll = null; }
}

function stopPush() {
  if (push.controller) push.controller.abort();
  push.controller = null;
  clearTimeout(push.retry);
  push.retry = null;
}

// One stream of events, read with fetch: EventSource cannot send the token. While it lasts nothing is read on a
// timer; when it fails the page reads every 2 s and tries a stream again after 30 s.
function startPush() {
  stopPush();
  setPolling(true);
  const controller = new AbortController();
  push.controller = controller;
  (async () => {
    try {
      const response = await fetch("/api/events", { headers: { Authorization: "Bearer " + state.token },
                                                    signal: controller.signal });
      if (response.status === 401) { forget("Your membership no longer works; join again with a new invitation."); return; }
      if (!response.ok || !response.body) throw new Error("no stream");
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = "";
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
          received(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
        }
      }
    } catch { /* the stream failed: read instead */ }
    if (controller.signal.aborted || !state.token) return;
    setPolling(true);
    push.retry = setTimeout(startPush, 30000);
  })();
}

// One event of the stream: "event: NAME" and "data: JSON" lines (a line starting ":" keeps it alive).
function received(block) {
  let name = "message", data = "";
  for (const line of block.split("\n")) {
    if (line.startsWith("event: ")) name = line.slice(7);
    else if (line.startsWith("data: ")) data += line.slice(6);
  }
  if (name === "ready") {
    // Pushed from now on: read what is there once, then only listen.
    setPolling(false);
    readState();
  } else if (name === "job") {
    const job = JSON.parse(data);
    if (state.job) {
      if (job.id === state.job.id) jobChanged(job);
    } else if (job.state === "open") {
      addOffer(job);
      $("offers-empty").hidden = state.offers.size > 0;
    } else if (job.id !== state.taking) {
      removeOffer(job.id);
    }
  } else if (name === "gone") {
    if (!state.job) removeOffer(JSON.parse(data).id);
  }
}

// Join

$("join-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const languages = [...document.querySelectorAll("input[name=language]:checked")].map((box) => box.value);
  if (languages.length === 0) { say("Choose at least one language."); return; }
  const response = await api("/api/join", { method: "POST",
    json: { code: $("code").value.trim(), name: $("name").value.trim(), languages } });
  if (!response.ok) { say(await errorOf(response)); return; }
  const reply = await response.json();
  state.token = reply.token;
  localStorage.setItem("beaconHubToken", reply.token);
  say("Welcome, " + reply.member.name + ".");
  showOffers();
  startPush();
});

// Requests

function showOffers() {
  stopTimers();
  state.job = null;
  state.offers = new Map();
  $("offer-list").replaceChildren();
  show("offers");
  refreshOffers();
}

async function refreshOffers() {
  let offers;
  try {
    const response = await api("/api/offers");
    if (!response.ok) { say(await errorOf(response)); return; }
    offers = await response.json();
  } catch { return; }
  if (state.job) return;
  const seen = new Set(offers.map((offer) => offer.id));
  for (const id of [...state.offers.keys()]) {
    if (!seen.has(id)) removeOffer(id);
  }
  for (const offer of offers) addOffer(offer);
  $("offers-empty").hidden = state.offers.size > 0;
}

function addOffer(offer) {
  if (state.offers.has(offer.id)) return;
  const item = document.createElement("li");
  const text = document.createElement("span");
  text.textContent = "Find " + offer.object + " (" + (languageNames[offer.language] || offer.language) + ") ";
  const take = document.createElement("button");
  take.type = "button";
  take.textContent = "Help find " + offer.object;
  take.addEventListener("click", () => takeJob(offer.id));
  item.append(text, take);
  $("offer-list").append(item);
  state.offers.set(offer.id, item);
  say("New request: " + offer.object + ".");
}

function removeOffer(id) {
  const item = state.offers.get(id);
  if (!item) return;
  item.remove();
  state.offers.delete(id);
  $("offers-empty").hidden = state.offers.size > 0;
  say("A request was taken by another helper.");
}

async function takeJob(id) {
  // Its taking is pushed too, maybe before this answer: it is not "taken by another helper".
  state.taking = id;
  let response;
  try {
    response = await askToTake(id);
  } finally {
    state.taking = null;
  }
  if (!response) { say("The hub did not answer; try again."); refreshOffers(); return; }
  if (!response.ok) { say(await errorOf(response)); refreshOffers(); return; }
  const job = await response.json();
  stopTimers();
  state.job = job;
  state.photos = 0;
  state.shown = 0;
  $("job-title").textContent = "Find " + job.object;
  $("photo-box").hidden = true;
  $("photo-waiting").hidden = false;
  show("job");
  say("You are helping find " + job.object + ".");
  refreshJob();
  state.timers.push(setInterval(heartbeat, 20000));
}

// A take whose answer was lost (its instance died) may still have gone through: asked again 2 s later, the hub
// answers the holder with the job. Null when neither asking was answered; signing out ends it as any call does.
async function askToTake(id) {
  for (let attempt = 1; attempt <= 2; attempt++) {
    if (attempt > 1) await new Promise((resolve) => setTimeout(resolve, 2000));
    try {
      return await api("/api/jobs/" + id + "/take", { method: "POST" });
    } catch (error) {
      if (error.message === "signed out") throw error;
    }
  }
  return null;
}

// The job

async function refreshJob() {
  if (!state.job) return;
  let job;
  try {
    const response = await api("/api/jobs/" + state.job.id);
    if (!response.ok) { say("This request was closed."); showOffers(); return; }
    job = await response.json();
  } catch { return; }
  await jobChanged(job);
}

// The job being helped with, as read or pushed.
async function jobChanged(job) {
  if (!state.job || job.id !== state.job.id) return;
  if (job.state === "closed") { say("This request was closed."); showOffers(); return; }
  if (job.photos > state.shown) await showPhoto(job.photos);
}

async function showPhoto(number) {
  const response = await api("/api/jobs/" + state.job.id + "/photos/" + number);
  if (!response.ok) return;
  const url = URL.createObjectURL(await response.blob());
  const image = $("photo");
  const previous = image.src;
  image.src = url;
  image.alt = "Photo " + number + " from the person";
  if (previous.startsWith("blob:")) URL.revokeObjectURL(previous);
  $("photo-box").querySelectorAll(".mark").forEach((mark) => mark.remove());
  $("photo-box").setAttribute("aria-label", "Photo " + number + ": mark the thing");
  $("photo-box").hidden = false;
  $("photo-waiting").hidden = true;
  state.shown = number;
  placeCross();
  if (number > 1) say("New photo.");
}

async function heartbeat() {
  if (!state.job) return;
  const response = await api("/api/jobs/" + state.job.id + "/heartbeat", { method: "POST" });
  if (!response.ok) { say("This request is no longer yours."); showOffers(); }
}

function placeCross() {
  const cross = $("cross");
  cross.style.left = state.cross.x * 100 + "%";
  cross.style.top = state.cross.y * 100 + "%";
}

async function sendMark(mark, spoken) {
  if (!state.job) return;
  const response = await api("/api/jobs/" + state.job.id + "/marks", { method: "POST", json: mark });
  say(response.ok ? spoken : await errorOf(response));
  return response.ok;
}

async function markAt(x, y) {
  if (state.shown === 0) return;
  const point = { x: Math.min(1, Math.max(0, x)), y: Math.min(1, Math.max(0, y)) };
  if (await sendMark({ photo: state.shown, x: point.x, y: point.y }, "Marked. Beacon is guiding them there.")) {
    const dot = document.createElement("span");
    dot.className = "mark";
    dot.style.left = point.x * 100 + "%";
    dot.style.top = point.y * 100 + "%";
    $("photo-box").append(dot);
  }
}

$("photo").addEventListener("click", (event) => {
  const box = event.target.getBoundingClientRect();
  markAt((event.clientX - box.left) / box.width, (event.clientY - box.top) / box.height);
});

$("photo-box").addEventListener("keydown", (event) => {
  const step = event.shiftKey ? 0.1 : 0.02;
  const moves = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
  if (moves[event.key]) {
    event.preventDefault();
    state.cross.x = Math.min(1, Math.max(0, state.cross.x + moves[event.key][0]));
    state.cross.y = Math.min(1, Math.max(0, state.cross.y + moves[event.key][1]));
    placeCross();
  } else if (event.key === "Enter" || event.key === " ") {
    event.preventDefault();
    markAt(state.cross.x, state.cross.y);
  }
});

$("not-here").addEventListener("click", () => {
  if (state.shown > 0) sendMark({ photo: state.shown, notInPhoto: true }, "Sent: not in this photo.");
});

$("message-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const text = $("message").value.trim();
  if (!text) return;
  if (await sendMark({ message: text }, "Sent. Beacon will say it.")) $("message").value = "";
});

$("done").addEventListener("click", async () => {
  if (state.job) await api("/api/jobs/" + state.job.id + "/close", { method: "POST" });
  say("Thank you.");
  showOffers();
});

// Start

const invited = new URLSearchParams(location.search).get("code");
if (invited) $("code").value = invited;
if (state.token) { showOffers(); startPush(); } else show("join");
