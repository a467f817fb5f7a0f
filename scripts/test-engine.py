#!/usr/bin/python3
"""A small fake engine for the outbox tests: a real HTTP server on 127.0.0.1.

    test-engine.py --log FILE [--plan SPEC] [--token TOKEN] [--stall-seconds S]
                   [--read-delay S] [--read-chunk N] [--answer-delay S] [--dedupe] [--trace]

Prints "PORT <n>" on standard output once it listens. Every POST /v1/moments is checked as the
contract (section 5) says -- multipart/form-data with exactly the parts "moment" (application/json,
whose clientRequestId equals the Idempotency-Key), "original" and "copy" (image/jpeg) -- and logged
as one JSON line in FILE *before* it is answered, so a test can see that a request arrived.

The plan is a comma-separated list of answers, one per request, the last one repeating:
  201, 200, 409, 422, 400, 500, ...   answer with this status (a JSON body)
  503:ra=2                            answer 503 with "Retry-After: 2"
  close                               read half of the body, then close the connection without answering
  stall                               read the whole body, then answer nothing for --stall-seconds
A request that breaks the contract is answered 400 with the problems (unless the plan says close/stall).
POST /_plan with the new SPEC as body replaces the plan and restarts it.

Every logged request says whether its body arrived whole ("complete": false when the sender went away
mid-body) and the moment's "sourceSha256" (the photo it was prepared from). For the kill tests, a
slower and more realistic engine:
  --read-delay S    read the body --read-chunk bytes (default 4096) at a time, pausing S seconds after each
  --answer-delay S  pause S seconds between logging a request and answering it
  --dedupe          keep each moment once, as a real engine does with Idempotency-Key: a key already
                    taken (a whole request answered or about to be answered 200/201) is answered 409
  --trace           also log {"event": "begin"} when a request's headers arrive and {"event": "end",
                    "answered": true|false} when the engine is done with it (lines without "event" are
                    the requests themselves)
"""
import argparse
import email.parser
import email.policy
import hashlib
import json
import os
import signal
import socket
import stat
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

LOCK = threading.Lock()
STATE = {"plan": ["201"], "index": 0, "count": 0, "taken": set()}
ARGS = None


def next_action():
    with LOCK:
        plan = STATE["plan"]
        action = plan[min(STATE["index"], len(plan) - 1)]
        STATE["index"] += 1
        STATE["count"] += 1
        return action, STATE["count"]


def log(entry):
    with LOCK:
        with open(ARGS.log, "a") as f:
            f.write(json.dumps(entry, sort_keys=True) + "\n")
            f.flush()


def check(headers, body):
    """Returns (problems, facts) about one request."""
    problems, facts = [], {}
    key = headers.get("Idempotency-Key")
    if not key:
        problems.append("no Idempotency-Key")
    auth = headers.get("Authorization")
    if ARGS.token is not None and auth != "Bearer " + ARGS.token:
        problems.append("wrong or missing bearer token")
    if ARGS.token is None and auth is not None:
        problems.append("an Authorization header was sent without a token configured")
    ctype = headers.get("Content-Type", "")
    if not ctype.startswith("multipart/form-data") or "boundary=" not in ctype:
        problems.append("Content-Type is not multipart/form-data with a boundary: " + ctype)
        return problems, facts
    raw = b"Content-Type: " + ctype.encode() + b"\r\nMIME-Version: 1.0\r\n\r\n" + body
    message = email.parser.BytesParser(policy=email.policy.HTTP).parsebytes(raw)
    if not message.is_multipart():
        problems.append("the body is not multipart")
        return problems, facts
    parts = {}
    for part in message.iter_parts():
        name = part.get_param("name", header="content-disposition")
        if name in parts:
            problems.append("part %r appears twice" % name)
        parts[name] = (part.get_content_type(), part.get_payload(decode=True) or b"")
    facts["parts"] = sorted(str(n) for n in parts)
    if set(parts) != {"moment", "original", "copy"}:
        problems.append("parts are %s, not moment, original, copy" % sorted(str(n) for n in parts))
    if "moment" in parts:
        ctype_m, data = parts["moment"]
        if ctype_m != "application/json":
            problems.append("moment part is " + ctype_m)
        try:
            record = json.loads(data)
            facts["momentId"] = record.get("id")
            facts["clientRequestId"] = record.get("clientRequestId")
            source = record.get("source")
            facts["sourceSha256"] = source.get("sha256") if isinstance(source, dict) else None
            if record.get("clientRequestId") != key:
                problems.append("Idempotency-Key differs from clientRequestId")
        except ValueError as e:
            problems.append("moment is not JSON: %s" % e)
    for name in ("original", "copy"):
        if name in parts:
            ctype_p, data = parts[name]
            if ctype_p != "image/jpeg":
                problems.append(name + " part is " + ctype_p)
            if not (data.startswith(b"\xff\xd8") and data.endswith(b"\xff\xd9")):
                problems.append(name + " is not a whole JPEG")
            facts[name + "Sha256"] = hashlib.sha256(data).hexdigest()
            facts[name + "Bytes"] = len(data)
    return problems, facts


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, fmt, *args):
        pass

    def answer(self, status, payload, extra=None):
        body = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        for k, v in (extra or {}).items():
            self.send_header(k, v)
        self.end_headers()
        self.wfile.write(body)

    def do_POST(self):
        length = int(self.headers.get("Content-Length", "0") or "0")
        if self.path == "/_plan":
            spec = self.rfile.read(length).decode()
            with LOCK:
                STATE["plan"] = [s.strip() for s in spec.split(",") if s.strip()]
                STATE["index"] = 0
            self.answer(200, {"plan": STATE["plan"]})
            return
        action, n = next_action()
        entry = {"n": n, "path": self.path, "action": action,
                 "key": self.headers.get("Idempotency-Key"),
                 "auth": self.headers.get("Authorization")}
        if not ARGS.trace:
            self.handle_moment(action, entry, length)
            return
        log({"event": "begin", "n": n, "key": entry["key"], "t": time.time()})
        answered = False
        try:
            answered = self.handle_moment(action, entry, length)
        finally:
            log({"event": "end", "n": n, "key": entry["key"], "answered": answered, "t": time.time()})

    def handle_moment(self, action, entry, length):
        """Reads, checks, logs and answers one POST; returns whether an answer was written."""
        if action == "close":
            self.rfile.read(max(0, length // 2))
            entry["problems"] = []
            log(entry)
            self.close_connection = True
            try:
                self.connection.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            return False
        body = self.read_body(length)
        problems, facts = check(self.headers, body)
        if self.path != "/v1/moments":
            problems.append("path is " + self.path)
        entry.update(facts)
        entry["problems"] = problems
        entry["complete"] = len(body) == length
        if not entry["complete"]:
            # The sender went away mid-body: nothing to answer, nothing kept.
            log(entry)
            self.close_connection = True
            return False
        if ARGS.dedupe and not problems and action.partition(":")[0] in ("200", "201"):
            with LOCK:
                duplicate = entry["key"] in STATE["taken"]
                STATE["taken"].add(entry["key"])
            if duplicate:
                action = entry["action"] = "409"
                entry["dedupe"] = True
        log(entry)
        if ARGS.answer_delay > 0:
            time.sleep(ARGS.answer_delay)
        return self.respond(action, problems, facts)

    def read_body(self, length):
        """The body, or as much of it as arrived before the sender went away."""
        if ARGS.read_delay <= 0:
            return self.rfile.read(length)
        parts, left = [], length
        while left > 0:
            try:
                chunk = self.rfile.read(min(ARGS.read_chunk, left))
            except OSError:
                break
            if not chunk:
                break
            parts.append(chunk)
            left -= len(chunk)
            time.sleep(ARGS.read_delay)
        return b"".join(parts)

    def respond(self, action, problems, facts):
        if action == "stall":
            time.sleep(ARGS.stall_seconds)
            self.close_connection = True
            return False
        if problems:
            self.answer(400, {"error": "bad request", "problems": problems})
            return True
        status, _, option = action.partition(":")
        extra = {}
        if option.startswith("ra="):
            extra["Retry-After"] = option[3:]
        status = int(status)
        if status in (200, 201):
            self.answer(status, {"id": "engine-" + str(facts.get("momentId")), "received": True}, extra)
        elif status == 409:
            self.answer(409, {"error": "already have it", "id": "engine-" + str(facts.get("momentId"))}, extra)
        else:
            self.answer(status, {"error": "answer %d from the test engine" % status}, extra)
        return True


def main():
    global ARGS
    parser = argparse.ArgumentParser()
    parser.add_argument("--log", required=True)
    parser.add_argument("--plan", default="201")
    parser.add_argument("--token")
    parser.add_argument("--stall-seconds", type=float, default=30)
    parser.add_argument("--max-seconds", type=float, default=600)
    parser.add_argument("--read-delay", type=float, default=0)
    parser.add_argument("--read-chunk", type=int, default=4096)
    parser.add_argument("--answer-delay", type=float, default=0)
    parser.add_argument("--dedupe", action="store_true")
    parser.add_argument("--trace", action="store_true")
    ARGS = parser.parse_args()
    # A child of a Swift test inherits a signal mask that blocks SIGTERM: undo it, so that
    # terminating the engine works; and leave on our own when the test process goes away
    # (standard input reaches its end) or after --max-seconds whatever happens.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGTERM, signal.SIGINT])
    signal.signal(signal.SIGTERM, signal.SIG_DFL)

    def watch_parent():
        try:
            while os.read(0, 4096):
                pass
        except OSError:
            pass
        os._exit(0)

    if stat.S_ISFIFO(os.fstat(0).st_mode):
        threading.Thread(target=watch_parent, daemon=True).start()
    threading.Timer(ARGS.max_seconds, lambda: os._exit(0)).start()
    STATE["plan"] = [s.strip() for s in ARGS.plan.split(",") if s.strip()]
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    print("PORT %d" % server.server_address[1], flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
