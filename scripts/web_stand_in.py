#!/usr/bin/env python3
"""A stand-in for `beacon serve --http`, for working on the web app without building Beacon.

Serves Sources/BeaconServer/Web with the real server's headers (the Content-Security-Policy included), answers
POST /api/pair (the code is 123456 unless --code says otherwise) and runs a scripted session on /ws that follows
docs/protocol.md: welcome, then for `find X` an earcon tick for every frame received with its pan sweeping from left
to right, `read` says a fixed text, `stop` silences, `hazard` says a hazard, and
the end of push to talk says how many seconds of 16 kHz audio came. It judges nothing about vision; it only
lets the page and scripts/browser_test.py be exercised end to end. Standard library only.

    python3 scripts/web_stand_in.py --port 8089
"""
import argparse
import asyncio
import base64
import hashlib
import json
import math
import os
import secrets
import struct
import time
import urllib.parse

WEB = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Sources", "BeaconServer", "Web")
TYPES = {".html": "text/html; charset=utf-8", ".css": "text/css; charset=utf-8", ".js": "text/javascript; charset=utf-8",
         ".webmanifest": "application/manifest+json", ".svg": "image/svg+xml"}
PAGES = {"/", "/find", "/find-text", "/read", "/explore", "/walk"}
FILES = {"/app.js", "/app.css", "/sw.js", "/manifest.webmanifest", "/icon.svg"}
CSP = "default-src 'self'; connect-src 'self'; img-src 'self'; media-src 'self'; object-src 'none'; base-uri 'none'"
TICK = [{"start": 0, "duration": 0.03, "envelope": "sine", "partials": [{"frequency": 880, "amplitude": 1}]}]
READ_TEXT = "EXIT. Fire door, keep shut."


class Session:
    def __init__(self, writer, tokens):
        self.writer, self.tokens = writer, tokens
        self.hello = None
        self.mode, self.target, self.frames, self.messages = "idle", None, 0, 0
        self.talk_bytes = None

    async def send(self, **message):
        await send_frame(self.writer, 0x1, json.dumps({"v": 1, **message}).encode())

    async def say(self, text, priority=2):
        await self.send(type="speak", text=text, language="en", priority=priority)
        if self.hello and self.hello.get("speech") == "server":
            await send_frame(self.writer, 0x2, b"\x03" + beep_wav())

    async def close(self, code, reason):
        await send_frame(self.writer, 0x8, struct.pack("!H", code) + reason.encode())
        raise ConnectionError(reason)

    async def text(self, data):
        self.messages += 1
        try:
            message = json.loads(data)
        except ValueError:
            await self.close(1007, f"Message {self.messages} is not valid JSON.")
        kind = message.get("type")
        if self.hello is None:
            if kind != "hello" or message.get("token") not in self.tokens:
                await self.close(1008, "Pair this phone first.")
            self.hello = message
            await self.send(type="welcome", session=1, frameRate=5, speech=message.get("speech", "phone"))
            if message.get("job"):
                await self.command(message["job"])
        elif kind == "command":
            await self.command(str(message.get("text", "")))
        elif kind == "talk":
            if message.get("state") == "start":
                self.talk_bytes = 0
            elif self.talk_bytes is not None:
                # What the recogniser would get: 16 kHz 16-bit mono, so 32,000 bytes a second.
                await self.say(f"Heard {self.talk_bytes / 32000:.1f} seconds.")
                self.talk_bytes = None
        elif kind == "preferences":
            self.hello["speech"] = message.get("speech")
        elif kind not in ("motion", "orientation", "location"):
            await self.close(1002, f'Unknown message type "{kind}".')

    async def command(self, text):
        words = text.strip().lower()
        if words.startswith("find text "):
            await self.enter("find-text", text.strip()[10:], f"Looking for the text {text.strip()[10:]}.")
        elif words.startswith("find "):
            await self.enter("find", words[5:], f"Looking for {words[5:]}.")
        elif words in ("read", "explore", "walk"):
            await self.enter(words, None, {"read": "Reading.", "explore": "Exploring.", "walk": "Walking."}[words])
            if words == "read":
                await self.say(READ_TEXT)
        elif words == "stop":
            await self.send(type="stop-all")
            await self.enter("idle", None, "Stopped.")
        elif words == "hazard":
            await self.say("Car ahead, coming closer.", priority=3)
            await self.send(type="haptic", pattern=[100, 80, 100, 80, 100, 600])
        else:
            await self.say(f"You said: {text}.")

    async def enter(self, mode, target, words):
        self.mode, self.target = mode, target
        await self.send(type="mode", mode=mode, **({"target": target} if target else {}))
        await self.say(words)

    async def binary(self, data):
        if not data or data[0] not in (1, 2):
            await self.close(1003, "Unknown binary message.")
        if data[0] == 2 and self.talk_bytes is not None:
            self.talk_bytes += len(data) - 1
        if data[0] == 1:
            self.frames += 1
            if not data[1:3] == b"\xff\xd8":
                await self.close(1003, f"Frame {self.frames} is not a readable JPEG.")
            if self.mode == "find":
                # The pan sweeps left to right over twenty frames, as a cup crossing the view would.
                pan = -1 + 2 * ((self.frames - 1) % 20) / 19
                await self.send(type="earcon", kind="tick", pan=round(pan, 3), gain=0.8, notes=TICK)
                if self.frames % 10 == 0:
                    await self.send(type="haptic", pattern=[40])


def beep_wav(seconds=0.3, rate=16000):
    samples = b"".join(struct.pack("<h", int(8000 * math.sin(2 * math.pi * 440 * i / rate))) for i in range(int(seconds * rate)))
    return (b"RIFF" + struct.pack("<I", 36 + len(samples)) + b"WAVEfmt " + struct.pack("<IHHIIHH", 16, 1, 1, rate, rate * 2, 2, 16)
            + b"data" + struct.pack("<I", len(samples)) + samples)


async def send_frame(writer, opcode, payload):
    header = bytes([0x80 | opcode])
    n = len(payload)
    header += bytes([n]) if n < 126 else (bytes([126]) + struct.pack("!H", n) if n < 65536 else bytes([127]) + struct.pack("!Q", n))
    writer.write(header + payload)
    await writer.drain()


async def read_message(reader):
    """One whole message (continuations joined): (opcode, payload)."""
    parts, first_opcode = [], None
    while True:
        b0, b1 = await reader.readexactly(2)
        opcode, n = b0 & 0x0F, b1 & 0x7F
        n = struct.unpack("!H", await reader.readexactly(2))[0] if n == 126 else (
            struct.unpack("!Q", await reader.readexactly(8))[0] if n == 127 else n)
        mask = await reader.readexactly(4) if b1 & 0x80 else b"\0\0\0\0"
        payload = bytes(x ^ mask[i % 4] for i, x in enumerate(await reader.readexactly(n)))
        if opcode >= 0x8:
            return opcode, payload
        first_opcode = first_opcode if first_opcode is not None else opcode
        parts.append(payload)
        if b0 & 0x80:
            return first_opcode, b"".join(parts)


async def websocket(reader, writer, headers, tokens):
    accept = base64.b64encode(hashlib.sha1((headers["sec-websocket-key"] + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").encode()).digest())
    writer.write(b"HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: " + accept + b"\r\n\r\n")
    session = Session(writer, tokens)
    try:
        while True:
            opcode, payload = await read_message(reader)
            if opcode == 0x8:
                await send_frame(writer, 0x8, payload[:2])
                return
            if opcode == 0x9:
                await send_frame(writer, 0xA, payload)
            elif opcode == 0x1:
                await session.text(payload.decode())
            elif opcode == 0x2:
                await session.binary(payload)
    except (ConnectionError, asyncio.IncompleteReadError):
        return


async def respond(writer, status, body, content_type="application/json", extra=""):
    reason = {200: "OK", 403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed", 429: "Too Many Requests"}[status]
    cache = "no-cache" if content_type != "application/json" else "no-store"
    writer.write((f"HTTP/1.1 {status} {reason}\r\nContent-Type: {content_type}\r\nContent-Length: {len(body)}\r\n"
                  f"Cache-Control: {cache}\r\nX-Content-Type-Options: nosniff\r\nContent-Security-Policy: {CSP}\r\n"
                  f"{extra}Connection: close\r\n\r\n").encode() + body)
    await writer.drain()


def make_handler(code, tokens, failures):
    async def handle(reader, writer):
        try:
            request = (await reader.readuntil(b"\r\n\r\n")).decode("latin-1").split("\r\n")
            method, target, _ = request[0].split(" ", 2)
            headers = {k.strip().lower(): v.strip() for k, v in (line.split(":", 1) for line in request[1:] if ":" in line)}
            body = await reader.readexactly(int(headers.get("content-length", 0)))
            path = urllib.parse.urlsplit(target).path
            if path == "/ws" and headers.get("upgrade", "").lower() == "websocket":
                await websocket(reader, writer, headers, tokens)
            elif path == "/api/pair" and method == "POST":
                peer = writer.get_extra_info("peername")[0]
                # Five failures per address in a minute, then 429 for the rest of it (docs/protocol.md).
                recent = failures[peer] = [t for t in failures.get(peer, []) if time.monotonic() - t < 60]
                if len(recent) >= 5:
                    await respond(writer, 429, b'{"error":"Too many tries; wait a minute."}', extra="Retry-After: 60\r\n")
                elif json.loads(body or b"{}").get("code") == code:
                    token = secrets.token_urlsafe(32)
                    tokens.add(token)
                    await respond(writer, 200, json.dumps({"token": token}).encode())
                else:
                    recent.append(time.monotonic())
                    await respond(writer, 403, b'{"error":"Wrong pairing code."}')
            elif method == "GET" and (path in PAGES or path in FILES):
                name = "index.html" if path in PAGES else path[1:]
                with open(os.path.join(WEB, name), "rb") as file:
                    await respond(writer, 200, file.read(), TYPES[os.path.splitext(name)[1]])
            else:
                await respond(writer, 404, b'{"error":"Not found."}')
        except (asyncio.IncompleteReadError, ConnectionError, ValueError):
            pass
        finally:
            writer.close()
    return handle


async def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8089)
    parser.add_argument("--code", default="123456")
    args = parser.parse_args()
    server = await asyncio.start_server(make_handler(args.code, set(), {}), "127.0.0.1", args.port)
    print(f"stand-in Beacon on http://127.0.0.1:{args.port}/?pair={args.code}", flush=True)
    async with server:
        await server.serve_forever()


if __name__ == "__main__":
    asyncio.run(main())
