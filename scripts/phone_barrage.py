#!/usr/bin/env python3
"""Malformed phone messages against a running `beacon serve`, as an attacker would send them, from outside.

    beacon serve --http --port 18080 --data-dir /tmp/barrage --silent &
    python3 scripts/phone_barrage.py --port 18080 --code PAIRING_CODE --count 2000 --jpeg PHOTO.jpg

Pairs once, then opens one WebSocket per message: a valid hello, then one bad message of a kind taken in turn
(random bytes, truncated and bit-flipped JPEGs, a 600 KiB frame, 5,000-deep JSON, wrong versions, types and fields,
65 motion samples, NaN and 1e309, audio outside a talk, a second hello, 2 MiB of text, …), eight connections at a
time. Meanwhile one good phone finds a cup and sends a frame every 0.2 s. Prints how each kind ended (the close
code, or "open" when the server let a harmless message be), how many cues the good phone got, and whether the page
still loads. docs/protocol.md lists the close codes. Needs python3-websocket (websocket-client).
"""
import argparse
import collections
import json
import random
import struct
import threading
import time
import urllib.request

import websocket


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--code", required=True, help="the pairing code beacon serve printed")
    parser.add_argument("--count", type=int, default=2000)
    parser.add_argument("--jpeg", required=True, help="a JPEG photo for the frames")
    args = parser.parse_args()
    base = f"http://127.0.0.1:{args.port}"
    socket_url = f"ws://127.0.0.1:{args.port}/ws"
    jpeg = open(args.jpeg, "rb").read()
    request = urllib.request.Request(base + "/api/pair", data=json.dumps({"code": args.code}).encode(),
                                     headers={"Content-Type": "application/json"})
    token = json.loads(urllib.request.urlopen(request).read())["token"]
    hello = json.dumps({"v": 1, "type": "hello", "token": token, "speech": "phone"})
    rng = random.Random(7)
    lock = threading.Lock()

    def kinds():
        flipped = bytearray(jpeg)
        for _ in range(20):
            flipped[rng.randrange(len(flipped))] ^= 1 << rng.randrange(8)
        return [
            ("random binary", bytes([1]) + bytes(rng.getrandbits(8) for _ in range(rng.randrange(1, 3000)))),
            ("random text", "".join(chr(rng.randrange(32, 127)) for _ in range(rng.randrange(1, 500)))),
            ("truncated JPEG", bytes([1]) + jpeg[: rng.randrange(10, len(jpeg) - 1)]),
            ("bit-flipped JPEG", bytes([1]) + bytes(flipped)),
            ("600 KiB frame", bytes([1, 0xFF, 0xD8]) + bytes(600 * 1024)),
            ("5,000-deep JSON", '{"v":1,"type":"command","text":' + "[" * 5000 + "]" * 5000 + "}"),
            ("wrong version", json.dumps({"v": rng.choice([0, 2, -1, "1", None, 1.5]), "type": "command", "text": "read"})),
            ("wrong type", json.dumps({"v": 1, "type": rng.choice(["dance", "", 7, None, "HELLO"]), "text": "x"})),
            ("wrong field type", json.dumps({"v": 1, "type": "command", "text": rng.choice([1, None, [], {}, True])})),
            ("65 motion samples", json.dumps({"v": 1, "type": "motion",
                                              "samples": [{"t": i, "ax": 0, "ay": 0, "az": 9.8} for i in range(65)]})),
            ("NaN and 1e309", '{"v":1,"type":"location","lat":NaN,"lon":1e309,"accuracy":5}'),
            ("audio outside a talk", bytes([2]) + bytes(3200)),
            ("odd audio bytes", bytes([2]) + bytes(3201)),
            ("unknown binary type", bytes([rng.randrange(3, 256)]) + bytes(10)),
            ("empty binary", b""),
            ("empty text", ""),
            ("second hello", hello),
            ("2 MiB of text", "x" * (2 << 20)),
        ]

    current = {"kinds": None}
    outcomes = collections.Counter()

    def attack(index):
        with lock:
            if current["kinds"] is None or index % 50 == 0:
                current["kinds"] = kinds()
            name, payload = current["kinds"][index % len(current["kinds"])]
        try:
            connection = websocket.create_connection(socket_url, timeout=15)
            connection.send(hello)
            if isinstance(payload, bytes):
                connection.send_binary(payload)
            else:
                connection.send(payload)
            connection.settimeout(3)
            ended = "open after 3 s"
            try:
                while True:
                    opcode, data = connection.recv_data(control_frame=True)
                    if opcode == websocket.ABNF.OPCODE_CLOSE:
                        ended = struct.unpack("!H", data[:2])[0] if len(data) >= 2 else "closed without a code"
                        break
            except websocket.WebSocketTimeoutException:
                pass
            except websocket.WebSocketConnectionClosedException:
                ended = "dropped without a close"
            try:
                connection.close()
            except Exception:
                pass
        except Exception as error:
            ended = "could not connect: " + type(error).__name__
        with lock:
            outcomes[(name, ended)] += 1

    good = {"cues": 0, "ended": None}
    stop = threading.Event()

    def good_phone():
        connection = websocket.create_connection(socket_url, timeout=30)
        connection.send(json.dumps({"v": 1, "type": "hello", "token": token, "speech": "phone", "job": "find cup"}))

        def read():
            while True:
                try:
                    opcode, data = connection.recv_data(control_frame=True)
                except Exception as error:
                    good["ended"] = good["ended"] or type(error).__name__
                    return
                if opcode == websocket.ABNF.OPCODE_CLOSE:
                    good["ended"] = struct.unpack("!H", data[:2])[0] if len(data) >= 2 else "no code"
                    return
                if opcode == websocket.ABNF.OPCODE_TEXT and b'"cue"' in data:
                    good["cues"] += 1

        reader = threading.Thread(target=read, daemon=True)
        reader.start()
        while not stop.is_set():
            connection.send_binary(bytes([1]) + jpeg)
            time.sleep(0.2)
        good["cues before the end"] = good["cues"]
        good["still open at the end"] = good["ended"] is None
        connection.close()

    phone = threading.Thread(target=good_phone)
    phone.start()
    started = time.time()
    next_index = [0]

    def attacker():
        while True:
            with lock:
                index = next_index[0]
                next_index[0] += 1
            if index >= args.count:
                return
            attack(index)

    attackers = [threading.Thread(target=attacker) for _ in range(8)]
    for thread in attackers:
        thread.start()
    for thread in attackers:
        thread.join()
    stop.set()
    phone.join()
    print(f"{args.count} malformed messages in {time.time() - started:.0f} s; how each kind ended:")
    for (name, ended), count in sorted(outcomes.items(), key=lambda item: (item[0][0], str(item[0][1]))):
        print(f"  {name}: {ended} ×{count}")
    print(f"good phone: {good['cues before the end']} cues, still open at the end: {good['still open at the end']}")
    print("page:", urllib.request.urlopen(base + "/").status)


if __name__ == "__main__":
    main()
