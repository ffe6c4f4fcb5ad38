#!/usr/bin/env python3
"""`invoic lsp` on a generated book (bench/books/generate.py): the first full check after
`initialize`, then changes to one invoice (diagnostics published, p50/p95), completion requests
(p50/p95), and the server's peak memory against `invoic check` of the same book.

    bench/lsp/run.py [INVOIC] [COUNT]      defaults: .build/release/invoic 10000

Latency of a change is measured from didChange sent to its publishDiagnostics received; it
includes the server's 100 ms debounce, which is also reported subtracted (the check itself)."""
import json
import os
import resource
import subprocess
import sys
import tempfile
import time

here = os.path.dirname(os.path.abspath(__file__))
invoic = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build/release/invoic")
count = int(sys.argv[2]) if len(sys.argv) > 2 else 10000
work = tempfile.mkdtemp()
book = os.path.join(work, "book")
subprocess.run([sys.executable, os.path.join(here, "../books/generate.py"), book, str(count)], check=True)

def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]

# invoic check, alone in its own child: its peak memory is this process's children's peak.
start = time.perf_counter()
subprocess.run([invoic, "check", "-C", book, "--no-history"], capture_output=True)
check_seconds = time.perf_counter() - start
check_kb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss

server = subprocess.Popen([invoic, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)

def send(message):
    body = json.dumps(message).encode()
    server.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    server.stdin.flush()

def receive():
    length = None
    while True:
        line = server.stdout.readline()
        if line in (b"\r\n", b"\n"):
            break
        if not line:
            raise SystemExit("the server ended")
        name, _, value = line.decode().partition(":")
        if name.lower() == "content-length":
            length = int(value)
    return json.loads(server.stdout.read(length))

def until(accept):
    while True:
        message = receive()
        if accept(message):
            return message

uri = "file://" + book
start = time.perf_counter()
send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"rootUri": uri, "capabilities": {}}})
until(lambda m: m.get("id") == 1)
send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
# A request waits for the first check (a clean book publishes nothing to wait for).
send({"jsonrpc": "2.0", "id": 2, "method": "workspace/symbol", "params": {"query": "no such document"}})
until(lambda m: m.get("id") == 2)
first = time.perf_counter() - start
path = sorted(os.path.join(dp, f) for dp, _, fs in os.walk(os.path.join(book, "invoices")) for f in fs)[len(os.listdir(os.path.join(book, "invoices"))) // 2]
text = open(path).read()
doc = "file://" + path
send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {"uri": doc, "languageId": "yaml", "version": 1, "text": text}}})
until(lambda m: m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == doc and m["params"].get("version") == 1)

changes = []
client_line = next(line for line in text.splitlines() if line.startswith("client:"))
for version in range(2, 42):
    edited = text.replace(client_line, client_line + ("x" if version % 2 else ""))
    start = time.perf_counter()
    send({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {"textDocument": {"uri": doc, "version": version}, "contentChanges": [{"text": edited}]}})
    until(lambda m: m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == doc and m["params"].get("version") == version)
    changes.append(time.perf_counter() - start)

completions = []
line = text.splitlines().index(client_line)
for n in range(40):
    start = time.perf_counter()
    send({"jsonrpc": "2.0", "id": 100 + n, "method": "textDocument/completion", "params": {"textDocument": {"uri": doc}, "position": {"line": line, "character": 8}}})
    until(lambda m: m.get("id") == 100 + n)
    completions.append(time.perf_counter() - start)

with open(f"/proc/{server.pid}/status") as status:
    lsp_kb = next(int(line.split()[1]) for line in status if line.startswith("VmHWM:"))
send({"jsonrpc": "2.0", "id": 999, "method": "shutdown"})
until(lambda m: m.get("id") == 999)
send({"jsonrpc": "2.0", "method": "exit"})
server.wait()

ms = lambda seconds: f"{seconds * 1000:.0f} ms"
print(f"book: {count} documents; invoic check: {ms(check_seconds)}, {check_kb // 1024} MB")
print(f"first full check after initialize: {ms(first)}")
print(f"change -> diagnostics: p50 {ms(percentile(changes, 50))}, p95 {ms(percentile(changes, 95))} "
      f"(check alone, without the 100 ms debounce: p50 {ms(percentile(changes, 50) - 0.1)}, p95 {ms(percentile(changes, 95) - 0.1)})")
print(f"completion: p50 {ms(percentile(completions, 50))}, p95 {ms(percentile(completions, 95))}")
print(f"memory: lsp peak {lsp_kb // 1024} MB, invoic check {check_kb // 1024} MB ({lsp_kb / check_kb:.2f}x)")
subprocess.run(["rm", "-rf", work])
