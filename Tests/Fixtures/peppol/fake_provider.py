#!/usr/bin/env python3
"""A stand-in for the access point providers, the SML's DNS and an SMP, for invoic's tests.

It answers as the providers' published APIs do:
- e-invoice.be: every request is checked against einvoice-be-openapi.json (the operations invoic
  calls, copied unchanged from e-invoice-be/peppol-cli): path and method, query parameters declared
  and required ones present, the multipart body's fields, Bearer authentication. A request that
  does not fit is answered 422 and logged as a violation, which the tests assert never happens.
- Recommand (/api/v1/...), Scrada (/v1/company/...), and a generic endpoint (/generic).
- The SML: a UDP DNS responder answering NAPTR "Meta:SMP" for the names in the config.
- An SMP serving smp-servicegroup.xml and smp-servicemetadata-*.xml for the participants it knows.

Usage: fake_provider.py STATE_DIR. STATE_DIR/config.json (re-read on every request) steers it:
  {"send_state": "TRANSIT" | "FAILED", "fail_reason": "...", "drop_send_answer": false, "delay_send": 0,
   "set": {"doc-1": "SENT"}, "inbox": [{"id": "in-1", "file": "incoming.xml"}],
   "naptr": {"<host name>": "smp"}, "smp_participants": ["0208:0477472701"]}
A hostile provider, for the tests of what invoic keeps of a provider's answers:
  "echo_auth": 401          every request answered so, the body echoing the request's credential headers
                            (as JSON {"detail": ...}; with "echo_as_text": true, as a text/plain dump)
  "hostile_id": "..."       the id every send or upload answers (control characters, megabytes)
  "slow_send": 3            e-invoice.be takes the send (its timeline lists it at once) and keeps the
                            document DRAFT for 3 s before it answers, as a provider busy transmitting does
  "pending_send": true      e-invoice.be takes the send, lists it in the timeline, keeps DRAFT, and the
                            answer is lost (the connection closes): the state a kill mid-call leaves
  "lose_send_request": true e-invoice.be's send never arrives (logged with "lost"): the draft stays untransmitted
It writes STATE_DIR/requests.jsonl (one line per request) and prints "READY <http port> <dns port>".
"""
import json
import os
import re
import socket
import struct
import sys
import threading
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

HERE = os.path.dirname(os.path.abspath(__file__))
STATE = sys.argv[1]
OPENAPI = json.load(open(os.path.join(HERE, "einvoice-be-openapi.json")))
LOCK = threading.Lock()
DOCUMENTS = {}  # e-invoice.be document id -> {"state": ..., "bytes": ...}
COUNTER = [0]
HTTP_PORT = [0]


def config():
    try:
        with open(os.path.join(STATE, "config.json")) as handle:
            return json.load(handle)
    except FileNotFoundError:
        return {}


def log(entry):
    with LOCK, open(os.path.join(STATE, "requests.jsonl"), "a") as handle:
        handle.write(json.dumps(entry, sort_keys=True) + "\n")


def openapi_operation(method, path):
    """The OpenAPI operation a request is for, and its path parameters."""
    for template, operations in OPENAPI["paths"].items():
        pattern = "^" + re.sub(r"\{[^}]+\}", "([^/]+)", template) + "$"
        match = re.match(pattern, path)
        if match and method.lower() in operations:
            return template, operations[method.lower()]
    return None, None


def multipart_fields(content_type, body):
    match = re.search(r'boundary="?([^";]+)"?', content_type or "")
    if not match:
        return None
    boundary = b"--" + match.group(1).encode()
    fields = {}
    for part in body.split(boundary)[1:]:
        if part.startswith(b"--"):
            break
        head, _, content = part.lstrip(b"\r\n").partition(b"\r\n\r\n")
        name = re.search(rb'name="([^"]+)"', head)
        if name:
            fields[name.group(1).decode()] = content[:-2] if content.endswith(b"\r\n") else content
    return fields


def check_against_openapi(handler, method, path, query, body):
    """What is wrong with a request to e-invoice.be, by its OpenAPI description, or None."""
    template, operation = openapi_operation(method, path)
    if operation is None:
        return f"{method} {path} is not an operation of the e-invoice.be API"
    if not (handler.headers.get("Authorization") or "").startswith("Bearer "):
        return "no Bearer authentication (securitySchemes: HTTPBearer)"
    declared = {p["name"]: p for p in operation.get("parameters") or [] if p["in"] == "query"}
    for name in query:
        if name not in declared:
            return f"query parameter {name} is not declared for {method} {template}"
    for name, parameter in declared.items():
        if parameter.get("required") and name not in query:
            return f"required query parameter {name} is missing"
    request_body = operation.get("requestBody")
    if request_body:
        content = request_body["content"]
        if "multipart/form-data" in content:
            fields = multipart_fields(handler.headers.get("Content-Type"), body)
            if fields is None:
                return "the body is not multipart/form-data"
            ref = content["multipart/form-data"]["schema"]["$ref"].split("/")[-1]
            schema = OPENAPI["components"]["schemas"][ref]
            for name in schema.get("required", []):
                if name not in fields:
                    return f"multipart field {name} is missing"
            for name in fields:
                if name not in schema["properties"]:
                    return f"multipart field {name} is not in {ref}"
    elif body:
        return f"{method} {template} takes no body"
    return None


def document_response(identifier):
    document = DOCUMENTS[identifier]
    return {"id": identifier, "created_at": "2026-11-20T09:00:00Z", "state": document["state"],
            "document_type": document.get("type", "INVOICE"), "direction": document.get("direction", "OUTBOUND"),
            "invoice_id": document.get("number"), "vendor_name": document.get("vendor")}


SERVICE_GROUP = open(os.path.join(HERE, "smp-servicegroup.xml")).read()
SERVICE_METADATA = {
    "Invoice": open(os.path.join(HERE, "smp-servicemetadata-invoice.xml")).read(),
    "CreditNote": open(os.path.join(HERE, "smp-servicemetadata-creditnote.xml")).read(),
}


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *arguments):
        pass

    def answer(self, status, payload, content_type="application/json"):
        body = payload if isinstance(payload, bytes) else (json.dumps(payload) if content_type == "application/json" else payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def handle_any(self, method):
        parsed = urllib.parse.urlsplit(self.path)
        path = parsed.path
        query = dict(urllib.parse.parse_qsl(parsed.query, keep_blank_values=True))
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        entry = {"method": method, "path": path, "query": query, "length": len(body),
                 "headers": {k.lower(): v for k, v in self.headers.items() if k.lower().startswith(("x-", "idempotency", "authorization", "content-type"))}}
        echo = config().get("echo_auth")
        if echo and not path.startswith(("/files/", "/iso6523-actorid-upis")):
            # A careless gateway: its error repeats the request, credentials and all.
            entry["echoed"] = True
            log(entry)
            dump = "".join(f"{name}: {value}\n" for name, value in self.headers.items()
                           if name.lower() in ("authorization", "x-api-key", "x-password"))
            text = f"invalid credentials for {method} {path}; the request was:\n{dump}"
            if config().get("echo_as_text"):
                return self.answer(echo, text, "text/plain")
            return self.answer(echo, {"detail": text})
        if path.startswith("/api/v1/"):
            entry["provider"] = "recommand"
            return self.recommand(method, path, query, body, entry)
        if path.startswith("/api/"):
            entry["provider"] = "e-invoice.be"
            problem = check_against_openapi(self, method, path, query, body)
            if problem:
                entry["violation"] = problem
                log(entry)
                return self.answer(422, {"detail": problem})
            return self.einvoice(method, path, query, body, entry)
        if path.startswith("/v1/company/"):
            entry["provider"] = "scrada"
            return self.scrada(method, path, body, entry)
        if path.startswith("/generic"):
            entry["provider"] = "http"
            return self.generic(method, path, body, entry)
        if path.startswith("/files/"):
            log(entry)
            identifier = urllib.parse.unquote(path.split("/")[-1])
            return self.answer(200, DOCUMENTS[identifier]["bytes"], "application/xml")
        if path.startswith("/iso6523-actorid-upis"):
            entry["provider"] = "smp"
            log(entry)
            return self.smp(urllib.parse.unquote(path))
        log(entry)
        return self.answer(404, {"detail": "not found"})

    def do_GET(self):
        self.handle_any("GET")

    def do_POST(self):
        self.handle_any("POST")

    def do_PUT(self):
        self.handle_any("PUT")

    # e-invoice.be
    def einvoice(self, method, path, query, body, entry):
        settings = config()
        for identifier, state in (settings.get("set") or {}).items():
            if identifier in DOCUMENTS:
                DOCUMENTS[identifier]["state"] = state
        if method == "POST" and path == "/api/documents/ubl":
            fields = multipart_fields(self.headers.get("Content-Type"), body)
            with LOCK:
                COUNTER[0] += 1
                identifier = settings.get("hostile_id") or f"doc-{COUNTER[0]}"
            number = re.search(rb"<cbc:ID>([^<]+)</cbc:ID>", fields["file"])
            DOCUMENTS[identifier] = {"state": "DRAFT", "bytes": fields["file"], "number": number.group(1).decode() if number else None, "sends": 0}
            entry["file_sha256"] = __import__("hashlib").sha256(fields["file"]).hexdigest()
            entry["id"] = identifier
            log(entry)
            return self.answer(200, document_response(identifier))
        match = re.match(r"^/api/documents/([^/]+)(/send|/timeline|/ubl)?$", path)
        if match and urllib.parse.unquote(match.group(1)) in DOCUMENTS:
            identifier, action = urllib.parse.unquote(match.group(1)), match.group(2)
            document = DOCUMENTS[identifier]
            if action == "/send":
                if document["state"] != "DRAFT" or document.get("sends"):
                    entry["violation"] = f"{identifier} sent twice"
                    log(entry)
                    return self.answer(400, {"detail": "document already sent"})
                if settings.get("lose_send_request"):
                    # The request never reached the provider: no transmission, the connection closes.
                    entry["lost"] = True
                    log(entry)
                    self.close_connection = True
                    self.connection.shutdown(socket.SHUT_RDWR)
                    return
                document["sends"] = 1
                if settings.get("pending_send"):
                    # Taken and being transmitted (the timeline says so), still DRAFT; the answer is lost.
                    log(entry)
                    self.close_connection = True
                    self.connection.shutdown(socket.SHUT_RDWR)
                    return
                if settings.get("slow_send"):
                    # Taken; DRAFT until the provider is done, which takes a while.
                    log(entry)
                    __import__("time").sleep(settings["slow_send"])
                    document["state"] = settings.get("send_state", "TRANSIT")
                    return self.answer(200, document_response(identifier))
                document["state"] = settings.get("send_state", "TRANSIT")
                log(entry)
                if settings.get("delay_send"):
                    # The provider took it and answers slowly: time for a test to kill invoic meanwhile.
                    __import__("time").sleep(settings["delay_send"])
                if settings.get("drop_send_answer"):
                    # The provider took it; the answer never reaches invoic (a crash, a lost connection).
                    self.close_connection = True
                    self.connection.shutdown(socket.SHUT_RDWR)
                    return
                return self.answer(200, document_response(identifier))
            log(entry)
            if action == "/timeline":
                events = [{"event_type": "document_created", "timestamp": "2026-11-20T09:00:00Z"}]
                if document.get("sends") or document["state"] != "DRAFT":
                    events.append({"event_type": "send_attempted", "timestamp": "2026-11-20T09:00:01Z"})
                if document["state"] == "FAILED":
                    events.append({"event_type": "send_failed", "timestamp": "2026-11-20T09:00:02Z",
                                   "details": {"error": settings.get("fail_reason", "receiver unreachable")}})
                return self.answer(200, {"document_id": identifier, "events": events})
            if action == "/ubl":
                return self.answer(200, {"file_name": f"{identifier}.xml", "file_size": len(document["bytes"]),
                                         "signed_url": f"http://127.0.0.1:{HTTP_PORT[0]}/files/{urllib.parse.quote(identifier, safe='')}"})
            return self.answer(200, document_response(identifier))
        if path == "/api/inbox/":
            log(entry)
            items = []
            for item in settings.get("inbox", []):
                if item["id"] not in DOCUMENTS:
                    DOCUMENTS[item["id"]] = {"state": "RECEIVED", "direction": "INBOUND", "vendor": "Supplier BV",
                                             "bytes": open(os.path.join(STATE, item["file"]), "rb").read()}
                items.append(document_response(item["id"]))
            return self.answer(200, {"items": items, "total": len(items), "page": 1, "page_size": 100, "pages": 1, "has_next_page": False})
        log(entry)
        return self.answer(404, {"detail": "Document not found"})

    # Recommand
    def recommand(self, method, path, query, body, entry):
        settings = config()
        if not (self.headers.get("Authorization") or "").startswith(("Basic ", "Bearer ")):
            entry["violation"] = "no authentication"
            log(entry)
            return self.answer(401, {"success": False, "errors": ["Unauthorized"]})
        match = re.match(r"^/api/v1/([^/]+)/send$", path)
        if method == "POST" and match:
            request = json.loads(body)
            for key in ("recipient", "documentType", "document"):
                if key not in request:
                    entry["violation"] = f"no {key}"
            if request.get("documentType") != "xml":
                entry["violation"] = "documentType is not xml"
            with LOCK:
                COUNTER[0] += 1
                identifier = settings.get("hostile_id") or f"doc_{COUNTER[0]}"
            entry["id"] = identifier
            log(entry)
            return self.answer(200, {"success": True, "id": identifier, "teamId": "team_1", "companyId": match.group(1),
                                     "sentOverPeppol": settings.get("send_state", "TRANSIT") != "FAILED", "sentOverEmail": False,
                                     "emailRecipients": [], "peppolMessageId": "msg-1", "envelopeId": "env-1"})
        if method == "GET" and path == "/api/v1/inbox":
            log(entry)
            return self.answer(200, {"success": True, "documents": [{"id": item["id"], "senderId": "0208:0987654321"} for item in settings.get("inbox", [])]})
        match = re.match(r"^/api/v1/documents/([^/]+)(/mark-as-read)?$", path)
        if match:
            log(entry)
            identifier = match.group(1)
            if match.group(2):
                return self.answer(200, {"success": True})
            item = next((i for i in settings.get("inbox", []) if i["id"] == identifier), None)
            xml = open(os.path.join(STATE, item["file"])).read() if item else "<Invoice/>"
            return self.answer(200, {"success": True, "document": {"id": identifier, "xml": xml}})
        log(entry)
        return self.answer(404, {"success": False, "errors": ["not found"]})

    # Scrada
    def scrada(self, method, path, body, entry):
        settings = config()
        if not self.headers.get("X-API-KEY") or not self.headers.get("X-PASSWORD"):
            entry["violation"] = "no X-API-KEY / X-PASSWORD"
        match = re.match(r"^/v1/company/([^/]+)/peppol/(.*)$", path)
        rest = match.group(2) if match else ""
        if method == "POST" and rest == "outbound/document":
            for header in ("x-scrada-peppol-sender-id", "x-scrada-peppol-receiver-id", "x-scrada-peppol-document-type-value", "x-scrada-peppol-process-value"):
                if not self.headers.get(header):
                    entry["violation"] = f"no {header}"
            with LOCK:
                COUNTER[0] += 1
                identifier = settings.get("hostile_id") or f"0000-{COUNTER[0]}"
            entry["id"] = identifier
            log(entry)
            return self.answer(200, identifier)
        info = re.match(r"^outbound/document/([^/]+)/info$", rest)
        if method == "GET" and info:
            log(entry)
            failed = settings.get("send_state") == "FAILED"
            return self.answer(200, {"id": info.group(1), "status": "Error" if failed else "Processed", "attempt": 1,
                                     "errorMessage": settings.get("fail_reason") if failed else None})
        if method == "GET" and rest == "inbound/document/unconfirmed":
            log(entry)
            return self.answer(200, {"results": [{"id": item["id"], "peppolSenderID": "0208:0987654321"} for item in settings.get("inbox", [])]})
        document = re.match(r"^inbound/document/([^/]+)(/confirm)?$", rest)
        if document:
            log(entry)
            if document.group(2):
                return self.answer(200, b"", "text/plain")
            item = next((i for i in settings.get("inbox", []) if i["id"] == document.group(1)), None)
            return self.answer(200, open(os.path.join(STATE, item["file"]), "rb").read(), "application/xml")
        log(entry)
        return self.answer(404, {"message": "not found"})

    def generic(self, method, path, body, entry):
        settings = config()
        if method == "POST" and path == "/generic":
            with LOCK:
                COUNTER[0] += 1
                identifier = settings.get("hostile_id") or f"g-{COUNTER[0]}"
            entry["id"] = identifier
            log(entry)
            return self.answer(201, {"id": identifier, "status": "queued"})
        log(entry)
        failed = settings.get("send_state") == "FAILED"
        return self.answer(200, {"id": path.split("/")[-1], "status": "failed" if failed else "delivered", "reason": settings.get("fail_reason")})

    # The SMP
    def smp(self, path):
        settings = config()
        base = f"http://127.0.0.1:{HTTP_PORT[0]}"
        match = re.match(r"^/iso6523-actorid-upis::([^/]+)(/services/busdox-docid-qns::(.*))?$", path)
        if not match or match.group(1) not in settings.get("smp_participants", []):
            return self.answer(404, "<error>not found</error>", "application/xml")
        participant = match.group(1)
        if not match.group(2):
            group = SERVICE_GROUP.replace("{BASE}", base).replace("{PARTICIPANT_ENCODED}", urllib.parse.quote(participant, safe=""))
            return self.answer(200, group.replace("{PARTICIPANT}", participant), "application/xml")
        kind = "CreditNote" if "CreditNote-2" in match.group(3) else "Invoice"
        return self.answer(200, SERVICE_METADATA[kind].replace("{PARTICIPANT}", participant), "application/xml")


def dns_responder(sock):
    """Answers NAPTR queries for the names in the config (U, Meta:SMP, !^.*$!<SMP URL>!); NXDOMAIN otherwise."""
    while True:
        data, address = sock.recvfrom(4096)
        identifier, flags, questions = struct.unpack(">HHH", data[:6])
        offset, labels = 12, []
        while data[offset]:
            labels.append(data[offset + 1:offset + 1 + data[offset]].decode())
            offset += 1 + data[offset]
        question_end = offset + 5
        name = ".".join(labels).lower()
        qtype = struct.unpack(">H", data[offset + 1:offset + 3])[0]
        log({"provider": "dns", "name": name, "type": qtype})
        targets = config().get("naptr", {})
        header_flags = 0x8180
        answers = b""
        count = 0
        if name in targets and qtype == 35:
            url = f"http://127.0.0.1:{HTTP_PORT[0]}" if targets[name] == "smp" else targets[name]
            def text(value):
                encoded = value.encode()
                return bytes([len(encoded)]) + encoded
            rdata = struct.pack(">HH", 100, 10) + text("U") + text("Meta:SMP") + text(f"!^.*$!{url}!") + b"\x00"
            answers = b"\xc0\x0c" + struct.pack(">HHIH", 35, 1, 60, len(rdata)) + rdata
            count = 1
        elif name not in targets:
            header_flags = 0x8183  # NXDOMAIN
        response = struct.pack(">HHHHHH", identifier, header_flags, 1, count, 0, 0) + data[12:question_end] + answers
        sock.sendto(response, address)


def main():
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    HTTP_PORT[0] = server.server_address[1]
    dns = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    dns.bind(("127.0.0.1", 0))
    threading.Thread(target=dns_responder, args=(dns,), daemon=True).start()
    print(f"READY {HTTP_PORT[0]} {dns.getsockname()[1]}", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
