// Beacon's phone page. The phone is the camera, microphone, speaker, vibration motor and motion sensor of a Beacon
// running on the person's own machine; docs/protocol.md is the contract this file follows.
'use strict';

// ---- The test hook: what happened, read by scripts/browser_test.py. Always on; each list is capped. ----
const LOG_CAP = 5000;
// live: every sentence shown and put in a live region; regions: when each went into which region (status, alert,
// connection); speaks: only Beacon's `speak` messages; speech: what the phone's own voice was given; audio: Beacon's
// WAV speech played; pressed: each change of a button's pressed state; yours: each list of the person's taught things
// the Find screen was given; frames: camera frames sent.
window.beaconLog = { earcons: [], vibrations: [], live: [], regions: [], speech: [], closes: [], pairing: [], welcomes: [],
                     modes: [], speaks: [], audio: [], pressed: [], yours: [], frames: 0 };
function record(list, item) {
  list.push(item);
  if (list.length > LOG_CAP) list.shift();
}
const now = () => performance.now() / 1000;
const $ = (id) => document.getElementById(id);
const clamp = (x, lo, hi) => (Number.isFinite(x) ? Math.min(hi, Math.max(lo, x)) : lo);

// ---- Preferences, kept on the phone (private browsing may refuse storage: then they last one visit) ----
function stored(key, fallback) {
  try { return localStorage.getItem('beacon.' + key) ?? fallback; } catch { return fallback; }
}
function store(key, value) {
  try {
    if (value === null) localStorage.removeItem('beacon.' + key); else localStorage.setItem('beacon.' + key, value);
  } catch { /* nothing to do: the setting lasts this visit */ }
}
const prefs = {
  // 'screen-reader': the live regions only; 'phone': also speechSynthesis; 'server': espeak-ng audio from Beacon.
  speech: stored('speech', 'screen-reader'),
  gestures: stored('gestures', 'off') === 'on',
  motion: stored('motion', 'on') === 'on',
  location: stored('location', 'off') === 'on',
  preview: stored('preview', 'off') === 'on',
};
const protocolSpeech = () => (prefs.speech === 'server' ? 'server' : 'phone');

// ---- Screens: one visible at a time; focus moves to its heading (or first field) so a screen reader follows ----
const state = { screen: null, mode: 'idle', target: null, saidNoVibration: false, saidTapForSound: false };
function showScreen(name, focusId) {
  for (const screen of ['pair', 'main', 'find', 'settings']) $(screen + '-screen').hidden = screen !== name;
  state.screen = name;
  document.body.dataset.screen = name; // the main screen leaves room for Stop
  document.title = { pair: 'Pair – Beacon', main: 'Beacon', find: 'Find – Beacon', settings: 'Settings – Beacon' }[name];
  $(focusId || name + '-title')?.focus();
}

// ---- Announcements: every sentence goes to the big text, the log and a live region; to a voice when chosen ----
// A live region given a new sentence before a screen reader has picked up the last one loses the last one, so each
// region takes one sentence at a time and leaves it there for about as long as it takes to say (screen readers
// speak some 14 characters a second), or at least LIVE_MIN seconds when sentences queue up.
const LIVE_MIN = 1.2, LIVE_MAX = 6;
const liveDwell = (text, waiting) => (waiting >= 3 ? LIVE_MIN : clamp(0.8 + 0.07 * text.length, LIVE_MIN, LIVE_MAX));
class LiveRegion {
  // staleAfter: seconds after which the last sentence is taken out (a hazard met later, when swiping, would seem
  // still true); null keeps it.
  constructor(id, staleAfter = null) {
    Object.assign(this, { id, staleAfter, queue: [], timer: null });
  }
  get busy() { return this.timer !== null || this.queue.length > 0; }
  say(text, language) {
    this.queue.push({ text, language });
    if (this.timer === null) this.next();
  }
  next() {
    clearTimeout(this.timer);
    this.timer = null;
    const item = this.queue.shift();
    const region = $(this.id);
    if (!item) {
      if (this.staleAfter !== null && region.firstChild) {
        const line = region.firstChild;
        setTimeout(() => { if (region.firstChild === line && !this.busy) region.replaceChildren(); }, this.staleAfter * 1000);
      }
      return;
    }
    const line = document.createElement('p');
    line.textContent = item.text;
    if (item.language) line.lang = item.language; // the screen reader switches voice for Russian or Chinese words
    region.replaceChildren(line);
    record(beaconLog.regions, { region: this.id, text: item.text, time: now() });
    this.timer = setTimeout(() => this.next(), liveDwell(item.text, this.queue.length) * 1000);
  }
  // Stop: what waits is no longer wanted. The sentence in the region stays for its time.
  dropWaiting() { this.queue = []; }
}
const statusRegion = new LiveRegion('status'), alertRegion = new LiveRegion('alert', 8);
function showSaid(text, urgent) {
  const said = $('said');
  said.textContent = text;
  said.scrollTop = 0; // a long sentence scrolls inside the box, from its start
  said.classList.toggle('urgent', urgent);
}
function announce(text, { urgent = false, language = null, local = false } = {}) {
  if (!text) return;
  record(beaconLog.live, text);
  showSaid(text, urgent);
  // Hazards interrupt a screen reader (role=alert); everything else waits its turn (role=status).
  const region = urgent && prefs.speech === 'screen-reader' ? alertRegion : statusRegion;
  region.say(text, language);
  // The page's own sentences (connection lost …) cannot come as audio from Beacon, so the phone says them.
  if (prefs.speech === 'phone' || (local && prefs.speech === 'server')) speakOnPhone(text, language);
}
// The connection's state: said once when it is lost, and left on the screen and in the accessibility tree until
// Beacon is back, when it is taken away. Empty text: connected.
function showConnection(text) {
  const region = $('connection');
  if (region.textContent === text) return;
  if (!text) { region.replaceChildren(); return; }
  record(beaconLog.live, text);
  record(beaconLog.regions, { region: 'connection', text, time: now() });
  showSaid('', false); // the last words no longer hold; the banner says what does
  const line = document.createElement('p');
  line.textContent = text;
  region.replaceChildren(line);
  if (prefs.speech !== 'screen-reader') speakOnPhone(text, null);
}
function applySpeechChoice() {
  // Only one voice at a time: with a spoken voice chosen, the live regions stay quiet for a screen reader.
  const screenReader = prefs.speech === 'screen-reader';
  $('status').setAttribute('aria-live', screenReader ? 'polite' : 'off');
  if (screenReader) $('connection').setAttribute('role', 'alert'); else $('connection').removeAttribute('role');
  for (const input of document.querySelectorAll('input[name^="speech-"]')) input.checked = input.value === prefs.speech;
}
function speakOnPhone(text, language) {
  if (!('speechSynthesis' in window)) return;
  record(beaconLog.speech, text);
  const utterance = new SpeechSynthesisUtterance(text);
  if (language) utterance.lang = language;
  utterance.volume = audio.volume;
  utterance.onstart = () => duck(true);
  utterance.onend = utterance.onerror = () => duck(speechSynthesis.speaking);
  speechSynthesis.speak(utterance);
}

// ---- Sound: one AudioContext; earcons go through a bus that ducks under speech, as the terminal's mixer does ----
const audio = { ctx: null, master: null, earconBus: null, volume: 1, sources: new Set(), speech: new Set(),
                speechEndsAt: 0, generation: 0, chain: Promise.resolve(), clips: new Map() };
function audioContext() {
  if (audio.ctx) return audio.ctx;
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return null;
  audio.ctx = new Context();
  audio.master = audio.ctx.createGain();
  audio.master.gain.value = audio.volume;
  audio.master.connect(audio.ctx.destination);
  audio.earconBus = audio.ctx.createGain();
  audio.earconBus.connect(audio.master);
  return audio.ctx;
}
function setVolume(value) {
  audio.volume = clamp(value, 0, 1);
  if (audio.master) audio.master.gain.value = audio.volume;
}
function duck(on) {
  if (!audio.earconBus) return;
  audio.earconBus.gain.setTargetAtTime(on ? 0.3 : 1, audio.ctx.currentTime, 0.004);
}
function track(source, set) {
  set.add(source);
  source.onended = () => { set.delete(source); if (set === audio.speech && set.size === 0) duck(false); };
}
// Browsers start sound only after a tap; on a deep link the first tap anywhere turns it on.
function unlockAudio() {
  const ctx = audioContext();
  if (ctx && ctx.state !== 'running') ctx.resume().catch(() => {});
  // iOS speaks from speechSynthesis only after a first utterance made inside a tap.
  if (prefs.speech !== 'screen-reader' && 'speechSynthesis' in window && !audio.speechUnlocked) {
    audio.speechUnlocked = true;
    speechSynthesis.speak(new SpeechSynthesisUtterance(''));
  }
}
function sayIfSoundIsOff() {
  const ctx = audioContext();
  if (!ctx || state.saidTapForSound) return;
  setTimeout(() => {
    if (ctx.state === 'running' || state.saidTapForSound) return;
    state.saidTapForSound = true;
    announce('Tap the screen once to turn on Beacon\'s sounds.', { local: true });
  }, 500);
}

// An earcon message's notes rendered exactly as the terminal renders them: partials under an envelope, the
// clip's peak at 0.4 of full scale; gain and pan are applied as it plays.
function earconClip(notes) {
  const key = JSON.stringify(notes);
  if (audio.clips.has(key)) return audio.clips.get(key);
  const rate = audio.ctx.sampleRate;
  const end = Math.max(0, ...notes.map((n) => clamp(n.start, 0, 5) + clamp(n.duration, 0, 5)));
  const data = new Float32Array(Math.max(1, Math.round(end * rate)));
  for (const note of notes) addNote(data, note, rate);
  const peak = data.reduce((m, x) => Math.max(m, Math.abs(x)), 0);
  if (peak > 0) for (let i = 0; i < data.length; i++) data[i] *= 0.4 / peak;
  const clip = audio.ctx.createBuffer(1, data.length, rate);
  clip.getChannelData(0).set(data);
  if (audio.clips.size > 200) audio.clips.clear(); // a drifting pitch makes new clips; keep the cache bounded
  audio.clips.set(key, clip);
  return clip;
}
function addNote(data, note, rate) {
  const duration = clamp(note.duration, 0, 5);
  const first = Math.round(clamp(note.start, 0, 5) * rate);
  const count = Math.min(Math.round(duration * rate), data.length - first);
  const partials = (Array.isArray(note.partials) ? note.partials : []).slice(0, 16)
    .map((p) => ({ w: 2 * Math.PI * clamp(p.frequency, 0, 20000), a: clamp(p.amplitude, 0, 1) }));
  for (let i = 0; i < count; i++) {
    const t = i / rate;
    let value = 0;
    for (const p of partials) value += p.a * Math.sin(p.w * t);
    data[first + i] += value * envelope(note, t, duration);
  }
}
const raisedCosine = (x) => (x >= 1 ? 1 : x <= 0 ? 0 : 0.5 - 0.5 * Math.cos(Math.PI * x));
// 0 at both ends of the note, so nothing clicks (EarconSynthesizer.envelope in Swift).
function envelope(note, t, duration) {
  if (note.envelope === 'smooth') {
    return raisedCosine(t / (note.attack || 1e-3)) * raisedCosine((duration - t) / (note.release || 1e-3));
  }
  if (note.envelope === 'bell') {
    const attack = note.attack || 1e-3;
    const ring = t < attack ? raisedCosine(t / attack) : Math.exp(-(t - attack) / (note.decay || 1e-3));
    return ring * raisedCosine((duration - t) / 0.010);
  }
  return Math.sin(Math.PI * t / duration); // 'sine'
}
function playEarcon(message, { local = false } = {}) {
  const pan = clamp(Number(message.pan), -1, 1), gain = clamp(Number(message.gain), 0, 1);
  if (!local) record(beaconLog.earcons, { kind: String(message.kind), pan, gain, time: now() });
  const ctx = audioContext();
  if (!ctx || !Array.isArray(message.notes) || message.notes.length === 0) return;
  const source = ctx.createBufferSource();
  source.buffer = earconClip(message.notes);
  const level = ctx.createGain();
  level.gain.value = gain;
  source.connect(level);
  let tail = level;
  if (ctx.createStereoPanner) { // old Safari has no panner: the earcon plays in the middle
    tail = ctx.createStereoPanner();
    tail.pan.value = pan;
    level.connect(tail);
  }
  tail.connect(audio.earconBus);
  track(source, audio.sources);
  source.start();
}
// The terminal's start and end bells (EarconDesign), for the microphone opening and closing.
const LOCAL_BELLS = {
  start: [{ start: 0, duration: 0.16, envelope: 'bell', attack: 0.004, decay: 0.05,
            partials: [{ frequency: 586.7, amplitude: 0.5 }, { frequency: 880, amplitude: 0.5 }] }],
  end: [{ start: 0, duration: 0.2, envelope: 'bell', attack: 0.004, decay: 0.07,
          partials: [{ frequency: 440, amplitude: 0.5 }, { frequency: 660, amplitude: 0.5 }] }],
};

// Speech from Beacon's espeak-ng: decoded in arrival order, played one after another.
function playServerSpeech(wav) {
  if (prefs.speech !== 'server') return;
  const ctx = audioContext();
  if (!ctx) return;
  const generation = audio.generation;
  audio.chain = audio.chain.then(() => decode(ctx, wav)).then((clip) => {
    if (generation !== audio.generation) return; // interrupted while decoding
    const source = ctx.createBufferSource();
    source.buffer = clip;
    source.connect(audio.master);
    const at = Math.max(ctx.currentTime, audio.speechEndsAt);
    audio.speechEndsAt = at + clip.duration;
    record(beaconLog.audio, { seconds: clip.duration, time: now() });
    track(source, audio.speech);
    duck(true);
    source.start(at);
  }).catch(() => announce('A piece of Beacon\'s speech could not be played.', { local: true }));
}
function decode(ctx, bytes) { // the callback form, for Safari before 14.1
  return new Promise((resolve, reject) => ctx.decodeAudioData(bytes, resolve, reject));
}
function silence({ earcons }) {
  audio.generation += 1;
  audio.speechEndsAt = 0;
  if ('speechSynthesis' in window) speechSynthesis.cancel();
  const sets = earcons ? [audio.speech, audio.sources] : [audio.speech];
  for (const set of sets) for (const source of set) { try { source.stop(); } catch { /* already ended */ } }
  duck(false);
}

// ---- Vibration; iOS Safari has none, which the person is told once ----
function vibrate(pattern) {
  if (!Array.isArray(pattern)) return;
  const ms = pattern.slice(0, 32).map((n) => Math.round(clamp(Number(n), 0, 10000)));
  if (typeof navigator.vibrate !== 'function') {
    if (!state.saidNoVibration) announce('This phone cannot vibrate, so Beacon uses sound only.', { local: true });
    state.saidNoVibration = true;
    return;
  }
  record(beaconLog.vibrations, ms);
  // Chrome refuses (with a console complaint) to vibrate before the first tap on the page.
  if (navigator.userActivation && !navigator.userActivation.hasBeenActive) return;
  navigator.vibrate(ms);
}

// ---- Pairing: the code buys a token, kept in localStorage ----
const token = () => stored('token', null);
let pairing = false;
async function pair(event) {
  event.preventDefault();
  if (pairing) return; // a second tap while the first is on its way
  unlockAudio();
  askMotionPermission();
  const code = $('pair-code').value.replace(/\D/g, '');
  if (code.length !== 6) return pairRefused('The code is six digits.', 0);
  let response, body = {};
  pairing = true;
  try {
    response = await fetch('/api/pair', { method: 'POST', cache: 'no-store', headers: { 'Content-Type': 'application/json' },
                                          body: JSON.stringify({ code }) });
    body = await response.json().catch(() => ({}));
  } catch {
    return pairRefused('Beacon cannot be reached. Is this phone on the same network as Beacon\'s computer?', 0);
  } finally {
    pairing = false;
  }
  if (!response.ok || typeof body.token !== 'string') {
    return pairRefused(body.error || `Pairing failed (${response.status}).`, response.status);
  }
  record(beaconLog.pairing, { status: response.status, ok: true });
  store('token', body.token);
  $('pair-error').textContent = '';
  $('pair-code').removeAttribute('aria-invalid');
  announce('Paired.', { local: true });
  showScreen('main');
  connect();
}
function pairRefused(text, status) {
  record(beaconLog.pairing, { status, ok: false, error: text });
  $('pair-error').textContent = text; // the field's description, met again when the person returns to it
  $('pair-code').setAttribute('aria-invalid', 'true');
  announce(text, { local: true });
}
// Forgetting asks first: one tap opens the question, a second, on a button that says what it does, forgets.
function askToForget(open, { focus = true } = {}) {
  $('forget-confirm').hidden = !open;
  $('forget').setAttribute('aria-expanded', String(open));
  if (focus) $(open ? 'forget-question' : 'forget').focus();
}
function forgetPhone() {
  askToForget(false, { focus: false });
  conn.closing = true;
  conn.ws?.close(1000, 'Forgotten on this phone.');
  askToPairAgain(null);
  announce('This phone is no longer paired. To use Beacon again, enter the pairing code.', { local: true });
}
// An unpaired phone lends Beacon nothing: no token, no camera.
function askToPairAgain(reason) {
  store('token', null);
  stopCamera();
  showConnection('');
  clearTimeout(conn.timer);
  showScreen('pair');
  if (reason && reason !== conn.lastError) announce(reason, { local: true });
  conn.lastError = '';
}

// ---- The WebSocket: hello, the server's messages, closing and coming back ----
const conn = { ws: null, welcomed: false, retry: 0, timer: null, job: null, resumeJob: null, lastError: '', lastLoss: '',
               closing: false, everConnected: false, openFind: false };
function connect() {
  clearTimeout(conn.timer);
  if (conn.ws || !token()) return;
  conn.closing = false;
  const ws = new WebSocket((location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/ws');
  ws.binaryType = 'arraybuffer';
  conn.ws = ws;
  ws.onopen = () => {
    const job = conn.job || conn.resumeJob;
    send({ type: 'hello', token: token(), speech: protocolSpeech(), ...(job ? { job } : {}) });
  };
  ws.onmessage = (event) => (typeof event.data === 'string' ? onText(event.data) : onBinary(event.data));
  ws.onclose = (event) => onClose(ws, event);
}
function send(message) {
  if (!conn.ws || conn.ws.readyState !== WebSocket.OPEN) return false;
  conn.ws.send(JSON.stringify({ v: 1, ...message }));
  return true;
}
function sendCommand(text) {
  const command = text.trim().slice(0, 200);
  if (!command) return;
  if (!conn.welcomed) return announce('Beacon is not connected yet.', { local: true });
  send({ type: 'command', text: command });
}
function onText(data) {
  let message;
  try { message = JSON.parse(data); } catch { return; }
  const handler = message && handlers[message.type];
  if (handler) handler(message);
}
function onBinary(data) {
  const bytes = new Uint8Array(data);
  if (bytes[0] === 0x03) playServerSpeech(data.slice(1));
}
const handlers = {
  welcome(m) {
    record(beaconLog.welcomes, { session: m.session, frameRate: m.frameRate, time: now() });
    conn.welcomed = true;
    conn.retry = 0;
    conn.lastLoss = '';
    conn.job = null; // a deep link's job runs once, not again on every reconnection
    showConnection('');
    announce(conn.everConnected ? 'Connected to Beacon again.' : 'Connected to Beacon.', { local: true });
    conn.everConnected = true;
    setFrameRate(m.frameRate);
    startCamera();
    startMotion();
    startLocation();
    keepAwake();
    sayIfSoundIsOff();
    if (conn.openFind) { conn.openFind = false; showScreen('find', 'find-text'); }
  },
  frames: (m) => setFrameRate(m.frameRate),
  speak(m) {
    const urgent = m.priority === 3 || m.priority === 'hazard';
    const text = String(m.text ?? '');
    record(beaconLog.speaks, { text, priority: m.priority, time: now() });
    report.heard(text);
    announce(text, { urgent, language: typeof m.language === 'string' ? m.language : null });
  },
  interrupt: () => silence({ earcons: false }),
  'stop-all': () => { silence({ earcons: true }); statusRegion.dropWaiting(); },
  earcon: (m) => playEarcon(m),
  haptic: (m) => vibrate(m.pattern),
  mode: (m) => showMode(String(m.mode), m.target == null ? null : String(m.target)),
  volume: (m) => setVolume(Number(m.value)),
  setting: () => {}, // the server speaks the change; nothing on the page depends on it
  show(m) {
    $('shown').textContent = String(m.text ?? '');
    $('shown').hidden = !m.text;
  },
  'your-things': (m) => showYourThings(Array.isArray(m.names) ? m.names.map(String) : []),
  error(m) { // the server's last words before it closes: they stay up, as a lost connection does
    conn.lastError = String(m.text ?? '');
    showConnection(conn.lastError);
  },
};
function onClose(ws, event) {
  if (conn.ws !== ws) return;
  record(beaconLog.closes, { code: event.code, reason: event.reason });
  conn.ws = null;
  conn.welcomed = false;
  setFrameRate(0);
  endTalk();
  releaseWakeLock();
  // Nothing runs without a connection, so no button stays pressed; the job itself is started again on return.
  state.mode = 'idle';
  report.end();
  showPressed();
  if (conn.closing) return;
  if (event.code === 1008 && /pair/i.test(event.reason)) return askToPairAgain(event.reason);
  // Said once, not again on every failed retry while the machine stays away, and left on the screen until it is back.
  const loss = event.reason || (conn.everConnected ? 'Lost the connection to Beacon.' : 'Cannot reach Beacon.');
  const fresh = event.reason ? loss !== conn.lastError && loss !== conn.lastLoss : !conn.lastLoss && !conn.lastError;
  if (fresh) showConnection(loss + ' Trying again.');
  conn.lastLoss = loss;
  conn.lastError = '';
  reconnectLater();
}
// Backoff 1, 2, 4 … 30 s, so a machine that is down is not hammered; coming back to the page tries at once.
function reconnectLater() {
  const delay = Math.min(30, 2 ** conn.retry) * (0.8 + 0.4 * Math.random());
  conn.retry += 1;
  clearTimeout(conn.timer);
  conn.timer = setTimeout(connect, delay * 1000);
}
// The mode to start again if the connection drops and comes back: walk mode silently ending is the worst case.
function jobFor(mode, target) {
  if (mode === 'find' && target) return 'find ' + target;
  if (mode === 'find-text' && target) return 'find text ' + target;
  return { walk: 'walk', explore: 'explore', continuous: 'continuous', 'short-text': 'short text' }[mode] || null;
}
function showMode(mode, target) {
  const before = state.mode;
  state.mode = mode;
  state.target = target;
  conn.resumeJob = jobFor(mode, target);
  record(beaconLog.modes, mode);
  // Explore ends by itself as soon as it has looked: its report is still to be said, so Explore stays pressed
  // (and pressing it still stops) until the report is over. Stop, or another job, ends that at once.
  if (before === 'explore' && (mode === 'on-demand' || mode === 'continuous')) report.begin(); else report.end();
  showPressed();
}
// A button is pressed while its job runs, and only while Beacon is connected.
const PRESSED = { find: ['find', 'find-text'], read: ['read'], explore: ['explore', 'continuous'], walk: ['walk'],
  'short-text': ['short-text'] };
function showPressed() {
  for (const [id, modes] of Object.entries(PRESSED)) {
    const on = conn.welcomed && (modes.includes(state.mode) || (id === 'explore' && report.holding));
    if ($(id).getAttribute('aria-pressed') === String(on)) continue;
    $(id).setAttribute('aria-pressed', String(on));
    record(beaconLog.pressed, { id, pressed: on, time: now() });
  }
}
// Explore's report, said after the mode has gone back to scanning. Beacon sends each sentence of it when it has
// finished saying the last (at about 14 characters a second), so the report is over once no sentence has come for
// longer than the last one takes, and the phone has finished saying it too: the screen reader's live region has
// given out every sentence, the phone's voice or Beacon's audio has stopped.
const report = {
  holding: false, lastAt: 0, lastText: '', timer: null,
  heard(text) {
    this.lastAt = now();
    this.lastText = text;
  },
  begin() {
    this.holding = true;
    clearInterval(this.timer);
    this.timer = setInterval(() => { if (!this.stillSaid()) { this.end(); showPressed(); } }, 250);
  },
  end() {
    this.holding = false;
    clearInterval(this.timer);
    this.timer = null;
  },
  stillSaid() {
    if (now() - this.lastAt < 1 + 0.075 * this.lastText.length) return true; // the next sentence may still come
    if (statusRegion.busy || alertRegion.busy) return true;
    if ('speechSynthesis' in window && speechSynthesis.speaking) return true;
    return audio.speech.size > 0 || (audio.ctx !== null && audio.ctx.currentTime < audio.speechEndsAt);
  },
};

// ---- The camera: the rear camera, JPEG frames at the rate the server asks, never a backlog ----
const FRAME_KIND = new Uint8Array([0x01]);
const camera = { stream: null, starting: false, timer: null, busy: false, canvas: document.createElement('canvas') };
// iOS ends the camera's track while the page is hidden; a stream with no live track is started again.
const cameraLive = () => camera.stream?.getVideoTracks().some((track) => track.readyState === 'live');
async function startCamera() {
  if (cameraLive() || camera.starting) return;
  if (!navigator.mediaDevices?.getUserMedia) {
    return announce('This browser cannot lend its camera to Beacon; open the page over HTTPS.', { local: true });
  }
  camera.starting = true;
  try {
    camera.stream = await navigator.mediaDevices.getUserMedia({
      audio: false,
      video: { facingMode: { ideal: 'environment' }, width: { ideal: 640 }, height: { ideal: 480 } },
    });
    $('camera').srcObject = camera.stream;
    await $('camera').play();
  } catch (error) {
    announce(`The camera is not available (${error.name}). Beacon needs it to see.`, { local: true });
  } finally {
    camera.starting = false;
  }
}
function stopCamera() {
  camera.stream?.getTracks().forEach((track) => track.stop());
  camera.stream = null;
}
function setFrameRate(rate) {
  clearInterval(camera.timer);
  camera.timer = null;
  const fps = clamp(Number(rate), 0, 30);
  if (fps > 0) camera.timer = setInterval(sendFrame, 1000 / fps);
}
function sendFrame() {
  const ws = conn.ws, video = $('camera');
  // One frame at a time: while the last is still encoding or queued on the socket, this tick is skipped.
  if (!conn.welcomed || camera.busy || ws.bufferedAmount > 16384 || video.readyState < 2 || !video.videoWidth) return;
  camera.busy = true;
  // The longer side is 640, whichever way the phone is held, so nothing is stretched.
  const scale = 640 / Math.max(video.videoWidth, video.videoHeight);
  camera.canvas.width = Math.round(video.videoWidth * scale);
  camera.canvas.height = Math.round(video.videoHeight * scale);
  camera.canvas.getContext('2d').drawImage(video, 0, 0, camera.canvas.width, camera.canvas.height);
  camera.canvas.toBlob((jpeg) => {
    camera.busy = false;
    if (!jpeg || conn.ws !== ws || ws.readyState !== WebSocket.OPEN) return;
    ws.send(new Blob([FRAME_KIND, jpeg]));
    beaconLog.frames += 1;
  }, 'image/jpeg', 0.7);
}

// ---- Motion, orientation and location ----
const DEGREES = Math.PI / 180;
const motion = { listening: false, asked: false, samples: [], flushedAt: 0, orientation: null, orientationAt: 0 };
// iOS asks for motion permission only from inside a tap; other browsers have no such step.
async function askMotionPermission() {
  const Motion = window.DeviceMotionEvent, Orientation = window.DeviceOrientationEvent;
  if (!prefs.motion || motion.asked || typeof Motion?.requestPermission !== 'function') return;
  motion.asked = true;
  try {
    const answers = await Promise.all([Motion.requestPermission(), Orientation?.requestPermission?.() ?? 'granted']);
    motion.granted = answers[0] === 'granted';
    if (motion.granted) startMotion();
    else announce('Motion sensors were not allowed; Beacon works without them but cannot notice a fall.', { local: true });
  } catch { motion.asked = false; /* not inside a tap after all: the next tap asks again */ }
}
function startMotion() {
  const needsAsking = typeof window.DeviceMotionEvent?.requestPermission === 'function';
  if (!prefs.motion || motion.listening || !conn.welcomed || (needsAsking && !motion.granted)) return;
  motion.listening = true;
  addEventListener('devicemotion', onMotion);
  addEventListener('deviceorientation', onOrientation);
}
function stopMotion() {
  motion.listening = false;
  removeEventListener('devicemotion', onMotion);
  removeEventListener('deviceorientation', onOrientation);
}
const round = (x, places = 4) => Math.round((x || 0) * 10 ** places) / 10 ** places;
function onMotion(event) {
  const a = event.accelerationIncludingGravity, r = event.rotationRate;
  if (!a || a.x == null) return; // a desktop fires once with nothing in it
  const t = now();
  // rotationRate is in degrees a second about z (alpha), x (beta) and y (gamma); the IMU format wants rad/s by axis.
  motion.samples.push({ t: round(t), ax: round(a.x), ay: round(a.y), az: round(a.z),
                        gx: round((r?.beta ?? 0) * DEGREES), gy: round((r?.gamma ?? 0) * DEGREES), gz: round((r?.alpha ?? 0) * DEGREES) });
  // Half a second at most between messages, so a fall reaches Beacon quickly.
  if (motion.samples.length >= 64 || t - motion.flushedAt >= 0.5) {
    if (conn.welcomed) send({ type: 'motion', samples: motion.samples });
    motion.samples = [];
    motion.flushedAt = t;
  }
}
function onOrientation(event) {
  const t = now(), last = motion.orientation;
  const angles = { alpha: event.alpha, beta: event.beta, gamma: event.gamma };
  const moved = !last || ['alpha', 'beta', 'gamma'].some((k) => Math.abs((angles[k] ?? 0) - (last[k] ?? 0)) >= 2);
  if (!moved || t - motion.orientationAt < 0.2 || !conn.welcomed) return; // five a second is plenty for pitch
  motion.orientation = angles;
  motion.orientationAt = t;
  const angle = (x) => (x == null ? null : round(x, 1));
  send({ type: 'orientation', alpha: angle(angles.alpha), beta: angle(angles.beta), gamma: angle(angles.gamma) });
}
const geo = { watch: null, sentAt: -Infinity };
function startLocation() {
  if (!prefs.location || geo.watch !== null || !navigator.geolocation || !conn.welcomed) return;
  geo.watch = navigator.geolocation.watchPosition(onPosition, onPositionError,
                                                  { enableHighAccuracy: true, maximumAge: 10000, timeout: 60000 });
}
function stopLocation() {
  if (geo.watch !== null) navigator.geolocation.clearWatch(geo.watch);
  geo.watch = null;
}
function onPosition(position) {
  if (now() - geo.sentAt < 10) return; // the emergency message needs a recent place, not a track
  const c = position.coords;
  if (send({ type: 'location', lat: c.latitude, lon: c.longitude, accuracy: Math.round(c.accuracy) })) geo.sentAt = now();
}
function onPositionError(error) {
  if (error.code !== error.PERMISSION_DENIED) return; // no fix yet: the watch keeps trying
  stopLocation();
  setPreference('location', false);
  announce('Location was not allowed, so the emergency message will not say where you are.', { local: true });
}

// ---- The microphone: push to talk, 16 kHz 16-bit mono to the server's recogniser ----
const talk = { state: 'idle', stream: null, nodes: [], pressedAt: 0, pressStarted: false, heldHandled: false };
async function startTalk() {
  if (talk.state !== 'idle') return;
  if (!conn.welcomed) return announce('Beacon is not connected yet.', { local: true });
  talk.state = 'opening';
  showTalking(true);
  if ('speechSynthesis' in window) speechSynthesis.cancel(); // the phone's own voice must not reach the microphone
  try {
    talk.stream = await navigator.mediaDevices.getUserMedia({ audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true } });
  } catch (error) {
    talk.state = 'idle';
    showTalking(false);
    return announce(`The microphone is not available (${error.name}). You can type a command instead.`, { local: true });
  }
  if (talk.state !== 'opening') return closeMicrophone(); // released while the microphone was opening
  listen(talk.stream);
  talk.state = 'talking';
  send({ type: 'talk', state: 'start' });
  playEarcon({ kind: 'start', pan: 0, gain: 0.6, notes: LOCAL_BELLS.start }, { local: true });
}
function listen(stream) {
  const ctx = audioContext();
  ctx.resume().catch(() => {});
  const source = ctx.createMediaStreamSource(stream);
  // ScriptProcessor rather than an AudioWorklet: it runs on every phone browser and needs no extra file.
  const processor = ctx.createScriptProcessor(4096, 1, 1);
  processor.onaudioprocess = (event) => sendAudio(event.inputBuffer.getChannelData(0), ctx.sampleRate);
  const mute = ctx.createGain(); // a processor runs only when connected onwards; nothing is heard
  mute.gain.value = 0;
  source.connect(processor);
  processor.connect(mute);
  mute.connect(ctx.destination);
  talk.nodes = [source, processor, mute];
}
function endTalk() {
  if (talk.state === 'idle') return;
  const wasTalking = talk.state === 'talking';
  talk.state = 'idle';
  showTalking(false);
  closeMicrophone();
  if (wasTalking) {
    send({ type: 'talk', state: 'end' });
    playEarcon({ kind: 'end', pan: 0, gain: 0.6, notes: LOCAL_BELLS.end }, { local: true });
  }
}
function closeMicrophone() {
  for (const node of talk.nodes) node.disconnect();
  talk.nodes = [];
  talk.stream?.getTracks().forEach((t) => t.stop());
  talk.stream = null;
}
function showTalking(on) {
  $('talk').setAttribute('aria-pressed', String(on));
  $('talk').textContent = on ? 'Talking… tap to send' : 'Talk';
}
// Averaging each output sample's span of input is the low-pass filter and the resampler in one step.
function sendAudio(input, rate) {
  if (talk.state !== 'talking' || !conn.ws || conn.ws.readyState !== WebSocket.OPEN) return;
  const step = rate / 16000, count = Math.floor(input.length / step);
  const bytes = new Uint8Array(1 + 2 * count), view = new DataView(bytes.buffer);
  bytes[0] = 0x02;
  for (let i = 0; i < count; i++) {
    const from = Math.floor(i * step), to = Math.max(from + 1, Math.floor((i + 1) * step));
    let sum = 0;
    for (let j = from; j < to; j++) sum += input[j];
    view.setInt16(1 + 2 * i, Math.round(clamp(sum / (to - from), -1, 1) * 32767), true);
  }
  conn.ws.send(bytes);
}
// Talk works held (release sends) and tapped (tap again sends): a screen reader's double tap is a short press.
const HOLD = 0.4;
function onTalkDown(event) {
  if (!event.isPrimary) return;
  event.currentTarget.setPointerCapture?.(event.pointerId); // a finger sliding off while holding still ends the talk
  talk.pressedAt = now();
  talk.pressStarted = talk.state === 'idle';
  talk.heldHandled = false;
  if (talk.pressStarted) startTalk();
}
function onTalkUp() {
  if (!talk.pressedAt) return;
  if (talk.pressStarted && now() - talk.pressedAt >= HOLD) { endTalk(); talk.heldHandled = true; }
}
function onTalkClick() {
  const fromPointer = talk.pressedAt !== 0;
  const startedByThisPress = talk.pressStarted;
  talk.pressedAt = 0;
  talk.pressStarted = false;
  if (talk.heldHandled) { talk.heldHandled = false; return; } // a hold that already ended
  if (fromPointer && startedByThisPress) return; // a quick tap that started talking: it stays on
  if (talk.state === 'idle') startTalk(); else endTalk(); // keyboards and screen readers toggle
}

// ---- Whole-screen gestures, only when chosen, never on a control ----
const gesture = { downAt: 0, x: 0, y: 0, longTimer: null, talking: false, taps: 0, tapTimer: null };
const isControl = (target) => target.closest?.('button, input, label, a, select, textarea, fieldset, video');
function onGestureDown(event) {
  if (!prefs.gestures || state.screen !== 'main' || !event.isPrimary || isControl(event.target)) return;
  gesture.downAt = now();
  gesture.x = event.clientX;
  gesture.y = event.clientY;
  gesture.longTimer = setTimeout(() => { gesture.talking = true; startTalk(); }, 600);
}
function onGestureMove(event) {
  if (gesture.downAt && Math.hypot(event.clientX - gesture.x, event.clientY - gesture.y) > 24) clearTimeout(gesture.longTimer);
}
function onGestureUp() {
  if (!gesture.downAt) return;
  gesture.downAt = 0;
  clearTimeout(gesture.longTimer);
  if (gesture.talking) { gesture.talking = false; endTalk(); return; }
  gesture.taps += 1;
  clearTimeout(gesture.tapTimer);
  gesture.tapTimer = setTimeout(onTaps, 400); // wait: this tap may be the first of three
}
function onTaps() {
  const taps = gesture.taps;
  gesture.taps = 0;
  if (taps >= 3) return stopEverything();
  if (taps === 1) sendCommand(state.mode === 'find' || state.mode === 'find-text' ? 'where is it' : 'repeat');
}

// ---- The buttons and forms ----
function stopEverything() {
  silence({ earcons: true }); // quiet at once, before the server's answer arrives
  statusRegion.dropWaiting();
  endTalk();
  sendCommand('stop');
}
// A pressed button stops its job; Find unpressed asks what to find first.
const isPressed = (id) => $(id).getAttribute('aria-pressed') === 'true';
function toggleJob(id, command) {
  if (isPressed(id)) sendCommand('stop'); else sendCommand(command);
}
function findOrStop() {
  if (isPressed('find')) return sendCommand('stop');
  $('find-text').value = '';
  showScreen('find', 'find-text');
}
// The things the person taught Beacon, first on the Find screen: one tap finds "my keys" as a spoken find would.
function showYourThings(names) {
  record(beaconLog.yours, { names, time: now() });
  const list = $('yours');
  list.replaceChildren(...names.map((name) => {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = name.charAt(0).toUpperCase() + name.slice(1);
    button.addEventListener('click', () => findThing('my ' + name));
    const item = document.createElement('li');
    item.append(button);
    return item;
  }));
  list.hidden = $('yours-title').hidden = names.length === 0;
}
function findThing(what) {
  const thing = what.trim();
  if (!thing) return announce('Say what to find, for example cup.', { local: true });
  showScreen('main', 'find');
  sendCommand('find ' + thing);
}
function setPreference(key, on) {
  prefs[key] = on;
  store(key, on ? 'on' : 'off');
  $(key).checked = on;
}
function chooseSpeech(value) {
  prefs.speech = value;
  store('speech', value);
  applySpeechChoice();
  unlockAudio();
  send({ type: 'preferences', speech: protocolSpeech() });
}
function onSubmit(id, act) {
  $(id).addEventListener('submit', (event) => { event.preventDefault(); act(); });
}
function wireControls() {
  const clicks = {
    find: findOrStop,
    read: () => toggleJob('read', 'read'),
    explore: () => toggleJob('explore', 'explore'),
    walk: () => toggleJob('walk', 'walk'),
    // Questions answered once, from the newest picture: nothing to hold pressed.
    identify: () => sendCommand('what is this'),
    colour: () => sendCommand('what colour is this'),
    light: () => sendCommand('is the light on'),
    'short-text': () => toggleJob('short-text', 'short text'),
    stop: stopEverything,
    talk: onTalkClick,
    'find-cancel': () => showScreen('main', 'find'),
    'open-settings': () => { askToForget(false, { focus: false }); showScreen('settings'); },
    'close-settings': () => showScreen('main', 'open-settings'),
    forget: () => askToForget($('forget-confirm').hidden),
    'forget-yes': forgetPhone,
    'forget-cancel': () => { askToForget(false); announce('This phone stays paired.', { local: true }); },
  };
  for (const [id, act] of Object.entries(clicks)) $(id).addEventListener('click', act);
  for (const button of document.querySelectorAll('[data-object]')) button.addEventListener('click', () => findThing(button.dataset.object));
  for (const [type, act] of [['pointerdown', onTalkDown], ['pointerup', onTalkUp], ['pointercancel', onTalkUp]]) $('talk').addEventListener(type, act);
  $('talk').addEventListener('contextmenu', (event) => event.preventDefault()); // a long press is talking, not a menu
  $('pair-form').addEventListener('submit', pair);
  onSubmit('command-form', () => { sendCommand($('command-text').value); $('command-text').value = ''; });
  onSubmit('find-form', () => findThing($('find-text').value));
  addEventListener('keydown', (event) => { // Escape leaves the prompt or the settings, back to the button that opened it
    if (event.key === 'Escape' && (state.screen === 'find' || state.screen === 'settings')) {
      showScreen('main', state.screen === 'find' ? 'find' : 'open-settings');
    }
  });
  wireSettings();
}
// Each switch: stored, then applied at once.
const SWITCHES = {
  gestures: (on) => document.body.classList.toggle('gestures', on),
  motion: (on) => { if (on) { askMotionPermission(); startMotion(); } else stopMotion(); },
  location: (on) => (on ? startLocation() : stopLocation()),
  preview: (on) => $('camera').classList.toggle('visible', on),
};
function wireSettings() {
  for (const input of document.querySelectorAll('input[name^="speech-"]')) {
    input.addEventListener('change', () => input.checked && chooseSpeech(input.value));
  }
  for (const [key, apply] of Object.entries(SWITCHES)) {
    $(key).checked = prefs[key];
    $(key).addEventListener('change', (event) => { setPreference(key, event.target.checked); apply(prefs[key]); });
  }
  SWITCHES.gestures(prefs.gestures);
  SWITCHES.preview(prefs.preview);
}
// The first tap anywhere turns sound on and, on iOS, asks for the motion sensors.
function wireFirstTap() {
  const onTap = () => { unlockAudio(); askMotionPermission(); };
  for (const type of ['click', 'touchend', 'keydown']) document.addEventListener(type, onTap, { capture: true });
  document.addEventListener('pointerdown', onGestureDown);
  document.addEventListener('pointermove', onGestureMove);
  document.addEventListener('pointerup', onGestureUp);
  document.addEventListener('pointercancel', onGestureUp);
}

// ---- The page's life: the screen stays on while Beacon looks; a hidden page reconnects when it comes back ----
let wakeLock = null;
async function keepAwake() {
  if (!navigator.wakeLock || wakeLock || document.visibilityState !== 'visible') return;
  try {
    wakeLock = await navigator.wakeLock.request('screen');
    wakeLock.addEventListener('release', () => { wakeLock = null; });
  } catch { /* low battery or not allowed: the phone may sleep */ }
}
function releaseWakeLock() { wakeLock?.release().catch(() => {}); wakeLock = null; }
function wireLifecycle() {
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible') return;
    if (conn.welcomed) { keepAwake(); startCamera(); }
    else if (!conn.ws && token() && state.screen !== 'pair') { conn.retry = 0; connect(); }
  });
  addEventListener('pagehide', () => { conn.closing = true; conn.ws?.close(1000, 'The page was closed.'); });
  if ('serviceWorker' in navigator) navigator.serviceWorker.register('/sw.js').catch(() => {}); // no install offline: fine
}

// ---- Deep links: /find?object=cup, /find-text?text=EXIT, /read, /explore, /walk, /short-text start a job once connected, and
// /identify, /colour, /light ask their question once ----
function readLink() {
  const query = new URLSearchParams(location.search);
  const path = location.pathname.replace(/\/+$/, '');
  const words = (name) => (query.get(name) || '').trim();
  if (path === '/find') { if (words('object')) conn.job = 'find ' + words('object'); else conn.openFind = true; }
  if (path === '/find-text' && words('text')) conn.job = 'find text ' + words('text');
  if (['/read', '/explore', '/walk'].includes(path)) conn.job = path.slice(1);
  if (path === '/short-text') conn.job = 'short text';
  const questions = { '/identify': 'what is this', '/colour': 'what colour is this', '/light': 'is the light on' };
  if (questions[path]) conn.job = questions[path];
  if (conn.job) conn.job = conn.job.slice(0, 200);
  const code = (query.get('pair') || '').replace(/\D/g, '').slice(0, 6);
  if (code) $('pair-code').value = code;
  // Back to the bare page, so a reload does not start the job again or keep the code in the history.
  if (path !== '' || location.search) history.replaceState(null, '', '/');
}

function start() {
  readLink();
  wireControls();
  wireFirstTap();
  wireLifecycle();
  applySpeechChoice();
  if (token()) { showScreen('main'); connect(); } else showScreen('pair');
}
start();
