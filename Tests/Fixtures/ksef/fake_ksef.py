#!/usr/bin/env python3
"""A stand-in for KSeF 2.0's API, for invoic's tests, written from the Ministry's open-api.json
(CIRFMF/ksef-docs) and uwierzytelnianie.md / sesja-interaktywna.md.

It really does what KSeF does with what it receives, with Python's `cryptography` (an
implementation independent of invoic's libcrypto calls):
- serves the two public keys the test generated (STATE/token-cert.pem, STATE/symmetric-cert.pem)
  at GET /security/public-key-certificates, and decrypts with their private keys
  (RSAES-OAEP, SHA-256, MGF1-SHA-256) the KSeF token ("{token}|{timestampMs}" of its own
  challenge) and each session's AES-256 key;
- decrypts each invoice (AES-256-CBC, PKCS#7) and checks the SHA-256 (Base64) and size of the
  ciphertext and of the plain file against what the request declares, and that the file is an
  FA(3) invoice of the context's NIP;
- gives each accepted invoice a KSeF number with its CRC-8 (numer-ksef.md: polynomial 0x07,
  initial 0, over the first 32 characters) and a UPO v4-3 (per invoice) that validates against
  upo-v4-3.xsd; a file it already has is a duplicate (440) naming the original number;
- lists the invoices of a session, answers the buyer's query (POST /invoices/query/metadata,
  Subject2) and the download (GET /invoices/ksef/{n}) of the files in config "purchases".

Usage: fake_ksef.py STATE_DIR. STATE_DIR/config.json (re-read on every request) steers it:
  {"token": "...", "nip": "6771234561",
   "expire_access_after": N   each access token answers 401 after N uses (invoic must refresh)
   "refuse_refresh": true     the refresh token is refused too (invoic must authenticate again)
   "drop_send_answer": N      the first N invoices are taken, and the connection is closed
                              before the answer (the answer is lost; KSeF has them)
   "lose_send": N             the first N invoice requests are dropped unread (KSeF never had them)
   "delay_send": 5            each invoice is taken at once and answered 5 s later (a kill meanwhile)
   "processing_polls": 1      how many status queries an invoice answers 150 before 200
   "bad_crc": true            KSeF numbers given with a wrong CRC-8
   "reject": "450"            every invoice fails verification with this code
   "purchases": [{"file": "/path/fa3.xml", "ksef": "...", "stored": "2026-11-02T10:00:00Z"}]}
Each decrypted invoice is written to STATE_DIR/sent-<n>-<number>.xml.
Every request is logged to STATE_DIR/requests.jsonl as {method, path, status, violation?};
a request that breaks the API's contract is logged with "violation" (the tests assert none).
It prints "READY <port>" when it listens.
"""
import base64
import datetime
import hashlib
import json
import os
import random
import re
import sys
import threading
import time
import urllib.parse
import xml.etree.ElementTree as ET
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from cryptography import x509
from cryptography.hazmat.primitives import hashes, padding, serialization
from cryptography.hazmat.primitives.asymmetric import padding as asymmetric
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

STATE = sys.argv[1]
LOCK = threading.Lock()
FA3 = "http://crd.gov.pl/wzor/2025/06/25/13775/"
UPO = "http://upo.schematy.mf.gov.pl/KSeF/v4-3"

CHALLENGES = {}   # challenge -> timestampMs
AUTHS = {}        # operation token -> {"reference", "status", "redeemed"}
ACCESS = {}       # access token -> uses
REFRESH = set()
SESSIONS = {}     # reference -> {"key", "iv", "closed", "polls", "invoices": [...]}
BY_HASH = {}      # invoice hash -> (session, invoice)
COUNTERS = {"send": 0, "number": 0}


def config():
    try:
        with open(os.path.join(STATE, "config.json")) as handle:
            return json.load(handle)
    except FileNotFoundError:
        return {}


def log(entry):
    with LOCK, open(os.path.join(STATE, "requests.jsonl"), "a") as handle:
        handle.write(json.dumps(entry, sort_keys=True) + "\n")


def load_key(name):
    with open(os.path.join(STATE, name + "-key.pem"), "rb") as handle:
        private = serialization.load_pem_private_key(handle.read(), password=None)
    with open(os.path.join(STATE, name + "-cert.pem"), "rb") as handle:
        certificate = x509.load_pem_x509_certificate(handle.read())
    return private, certificate


TOKEN_KEY, TOKEN_CERT = load_key("token")
SYMMETRIC_KEY, SYMMETRIC_CERT = load_key("symmetric")
OAEP = asymmetric.OAEP(mgf=asymmetric.MGF1(algorithm=hashes.SHA256()), algorithm=hashes.SHA256(), label=None)


def now():
    return datetime.datetime.now(datetime.timezone.utc)


def iso(moment):
    return moment.isoformat(timespec="milliseconds").replace("+00:00", "Z")


def reference(kind):
    """A reference number as KSeF writes them (upo-v4-3.xsd TNumerReferencyjny, 36 characters)."""
    hexes = "".join(random.choice("0123456789ABCDEF") for _ in range(22))
    return "%s-%s-%s-%s-%s" % (now().strftime("%Y%m%d"), kind, hexes[:10], hexes[10:20], hexes[20:22])


def crc8(text):
    """numer-ksef.md: CRC-8, polynomial 0x07, initial value 0x00, over the UTF-8 bytes."""
    crc = 0
    for byte in text.encode():
        crc ^= byte
        for _ in range(8):
            crc = ((crc << 1) ^ 0x07) & 0xFF if crc & 0x80 else (crc << 1) & 0xFF
    return crc


def ksef_number(nip):
    COUNTERS["number"] += 1
    body = "%s-%s-%012X" % (nip, now().strftime("%Y%m%d"), 0x0100000A0000 + COUNTERS["number"])
    return "%s-%02X" % (body, crc8(body))


def sha64(data):
    return base64.b64encode(hashlib.sha256(data).digest()).decode()


def fingerprint(certificate):
    return base64.b64encode(hashlib.sha256(certificate.public_bytes(serialization.Encoding.DER)).digest()).decode()


def upo(session_reference, invoice, nip):
    """A per-invoice UPO v4-3, as upo-faktura-kontekst-id-nip.xml is (with the schema's fixed name)."""
    root = ET.Element("{%s}Potwierdzenie" % UPO)
    def sub(parent, name, text=None):
        element = ET.SubElement(parent, "{%s}%s" % (UPO, name))
        if text is not None:
            element.text = text
        return element
    sub(root, "NazwaPodmiotuPrzyjmujacego", "Ministerstwo Finansów")
    sub(root, "NumerReferencyjnySesji", session_reference)
    authentication = sub(root, "Uwierzytelnienie")
    sub(sub(authentication, "IdKontekstu"), "Nip", nip)
    sub(authentication, "SkrotDokumentuUwierzytelniajacego", sha64(invoice["auth"].encode()))
    sub(root, "NazwaStrukturyLogicznej", "Schemat_FA(3)_v1-0E.xsd")
    sub(root, "KodFormularza", "FA (3)")
    document = sub(root, "Dokument")
    sub(document, "NipSprzedawcy", invoice["seller"])
    sub(document, "NumerKSeFDokumentu", invoice["ksefNumber"])
    sub(document, "NumerFaktury", invoice["invoiceNumber"])
    sub(document, "DataWystawieniaFaktury", invoice["issueDate"])
    sub(document, "DataPrzeslaniaDokumentu", invoice["invoicingDate"])
    sub(document, "DataNadaniaNumeruKSeF", invoice["acquisitionDate"])
    sub(document, "SkrotDokumentu", invoice["invoiceHash"])
    sub(document, "TrybWysylki", "Offline" if invoice["offline"] else "Online")
    ET.register_namespace("", UPO)
    return b'<?xml version="1.0" encoding="utf-8"?>\n' + ET.tostring(root, encoding="utf-8")


class Dropped(Exception):
    pass


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def answer(self, status, body=None, content_type="application/json", violation=None):
        log({"method": self.command, "path": self.path, "status": status, **({"violation": violation} if violation else {})})
        data = b"" if body is None else (body if isinstance(body, bytes) else json.dumps(body).encode())
        self.send_response(status)
        if data:
            self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def refuse(self, status, code, description, details=None, violation=None):
        self.answer(status, {"exception": {"exceptionDetailList": [
            {"exceptionCode": code, "exceptionDescription": description, "details": details or []}],
            "serviceCode": "fake", "timestamp": iso(now())}}, violation=violation)

    def drop(self):
        log({"method": self.command, "path": self.path, "status": 0, "dropped": True})
        self.close_connection = True
        raise Dropped()

    def body(self):
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        if not raw:
            return {}
        try:
            return json.loads(raw)
        except ValueError:
            return None

    def bearer(self):
        value = self.headers.get("Authorization", "")
        return value[7:] if value.startswith("Bearer ") else None

    def authorized(self):
        """The access token: known and, with expire_access_after, not worn out."""
        token = self.bearer()
        if token not in ACCESS:
            self.refuse(401, 21301, "Brak autoryzacji", ["no or unknown access token"])
            return False
        ACCESS[token] += 1
        limit = config().get("expire_access_after")
        if limit is not None and ACCESS[token] > limit:
            self.refuse(401, 21301, "Brak autoryzacji", ["the access token expired"])
            return False
        return True

    def do_GET(self):
        self.route("GET")

    def do_POST(self):
        self.route("POST")

    def route(self, method):
        try:
            with LOCK_ROUTE:
                self.dispatch(method)
        except Dropped:
            return

    def dispatch(self, method):
        parsed = urllib.parse.urlsplit(self.path)
        path = parsed.path
        if path.startswith("/v2"):
            path = path[3:]
        query = urllib.parse.parse_qs(parsed.query)
        cfg = config()
        body = self.body() if method == "POST" else {}
        if body is None:
            return self.refuse(400, 21405, "Błąd walidacji danych wejściowych", ["the body is not JSON"], violation="body not JSON")

        if method == "GET" and path == "/security/public-key-certificates":
            keys = []
            for certificate, usage in ((TOKEN_CERT, "KsefTokenEncryption"), (SYMMETRIC_CERT, "SymmetricKeyEncryption")):
                keys.append({"certificate": base64.b64encode(certificate.public_bytes(serialization.Encoding.DER)).decode(),
                             "certificateId": fingerprint(certificate), "publicKeyId": fingerprint(certificate),
                             "validFrom": iso(now() - datetime.timedelta(days=1)), "validTo": iso(now() + datetime.timedelta(days=365)),
                             "usage": [usage]})
            return self.answer(200, keys)

        if method == "POST" and path == "/auth/challenge":
            challenge = reference("CR")
            moment = now()
            CHALLENGES[challenge] = int(moment.timestamp() * 1000)
            return self.answer(200, {"challenge": challenge, "timestamp": iso(moment), "timestampMs": CHALLENGES[challenge], "clientIp": "127.0.0.1"})

        if method == "POST" and path == "/auth/ksef-token":
            missing = [key for key in ("challenge", "contextIdentifier", "encryptedToken") if key not in body]
            if missing:
                return self.refuse(400, 21405, "Błąd walidacji danych wejściowych", missing, violation="missing " + ",".join(missing))
            context = body["contextIdentifier"]
            if context.get("type") != "Nip" or context.get("value") != cfg.get("nip"):
                return self.refuse(400, 21405, "Błąd walidacji danych wejściowych", ["unknown context"], violation="context %r" % context)
            status = {"code": 200, "description": "Uwierzytelnianie zakończone sukcesem"}
            timestamp = CHALLENGES.pop(body["challenge"], None)
            try:
                plain = TOKEN_KEY.decrypt(base64.b64decode(body["encryptedToken"]), OAEP).decode()
            except Exception as error:  # noqa: BLE001 - any failure is a bad token
                plain = None
                log({"method": method, "path": path, "violation": "token not decryptable: %s" % error})
            if timestamp is None:
                status = {"code": 450, "description": "Uwierzytelnianie zakończone niepowodzeniem z powodu błędnego tokenu", "details": ["Nieprawidłowe wyzwanie autoryzacyjne"]}
            elif plain != "%s|%d" % (cfg.get("token"), timestamp):
                status = {"code": 450, "description": "Uwierzytelnianie zakończone niepowodzeniem z powodu błędnego tokenu", "details": ["Nieprawidłowy token"]}
            operation = "op-" + reference("AU")
            AUTHS[operation] = {"reference": reference("AU"), "status": status, "redeemed": False, "polls": 0}
            return self.answer(202, {"referenceNumber": AUTHS[operation]["reference"],
                                     "authenticationToken": {"token": operation, "validUntil": iso(now() + datetime.timedelta(minutes=10))}})

        if method == "GET" and path.startswith("/auth/") and path.count("/") == 2:
            auth = AUTHS.get(self.bearer())
            if auth is None or auth["reference"] != path.split("/")[2]:
                return self.refuse(401, 21301, "Brak autoryzacji", violation="auth status without its operation token")
            auth["polls"] += 1
            if auth["polls"] == 1 and auth["status"]["code"] == 200:
                return self.answer(200, {"startDate": iso(now()), "authenticationMethod": "Token",
                                         "authenticationMethodInfo": {"category": "Token", "code": "token.ksef", "displayName": "Token KSeF"},
                                         "status": {"code": 100, "description": "Uwierzytelnianie w toku"}})
            return self.answer(200, {"startDate": iso(now()), "authenticationMethod": "Token",
                                     "authenticationMethodInfo": {"category": "Token", "code": "token.ksef", "displayName": "Token KSeF"},
                                     "status": auth["status"]})

        if method == "POST" and path == "/auth/token/redeem":
            auth = AUTHS.get(self.bearer())
            if auth is None or auth["status"]["code"] != 200:
                return self.refuse(401, 21301, "Brak autoryzacji")
            if auth["redeemed"]:
                return self.refuse(400, 21304, "Tokeny zostały już pobrane", violation="redeemed twice")
            auth["redeemed"] = True
            access, refresh = "acc-" + reference("AT"), "ref-" + reference("RT")
            ACCESS[access] = 0
            REFRESH.add(refresh)
            later = iso(now() + datetime.timedelta(minutes=15))
            return self.answer(200, {"accessToken": {"token": access, "validUntil": later}, "refreshToken": {"token": refresh, "validUntil": later}})

        if method == "POST" and path == "/auth/token/refresh":
            if self.bearer() not in REFRESH or cfg.get("refuse_refresh"):
                return self.refuse(401, 21301, "Brak autoryzacji", ["the refresh token expired"])
            access = "acc-" + reference("AT")
            ACCESS[access] = 0
            log({"method": method, "path": path, "refreshed": True})
            return self.answer(200, {"accessToken": {"token": access, "validUntil": iso(now() + datetime.timedelta(minutes=15))}})

        if method == "POST" and path == "/invoices/query/metadata":
            if not self.authorized():
                return
            if body.get("subjectType") != "Subject2" or "dateRange" not in body:
                return self.refuse(400, 21405, "Błąd walidacji danych wejściowych", violation="query %r" % body)
            size = int(query.get("pageSize", ["10"])[0])
            offset = int(query.get("pageOffset", ["0"])[0])
            if not 10 <= size <= 250:
                return self.refuse(400, 21405, "Błąd walidacji danych wejściowych", violation="pageSize %d" % size)
            since = body["dateRange"]["from"]
            listed = []
            for purchase in cfg.get("purchases", []):
                if purchase["stored"] < since:
                    continue
                data = open(purchase["file"], "rb").read()
                tree = ET.fromstring(data)
                listed.append({"ksefNumber": purchase["ksef"], "invoiceNumber": tree.findtext(".//{%s}P_2" % FA3) or "",
                               "issueDate": tree.findtext(".//{%s}P_1" % FA3) or "", "invoicingDate": purchase["stored"],
                               "acquisitionDate": purchase["stored"], "permanentStorageDate": purchase["stored"],
                               "seller": {"nip": tree.findtext(".//{%s}Podmiot1//{%s}NIP" % (FA3, FA3)) or ""},
                               "buyer": {"identifier": {"type": "Nip", "value": cfg.get("nip")}},
                               "netAmount": 0, "grossAmount": 0, "vatAmount": 0, "currency": "PLN", "invoicingMode": "Online",
                               "invoiceType": "Vat", "formCode": {"systemCode": "FA (3)", "schemaVersion": "1-0E", "value": "FA"},
                               "isSelfInvoicing": False, "hasAttachment": False,
                               "invoiceHash": purchase.get("hash") or sha64(data)})
            page = listed[offset:offset + size]
            return self.answer(200, {"hasMore": offset + size < len(listed), "isTruncated": False, "invoices": page})

        match = re.fullmatch(r"/invoices/ksef/([^/]+)", path)
        if method == "GET" and match:
            if not self.authorized():
                return
            for purchase in cfg.get("purchases", []):
                if purchase["ksef"] == urllib.parse.unquote(match.group(1)):
                    return self.answer(200, open(purchase["file"], "rb").read(), "application/xml")
            return self.refuse(404, 21164, "Faktura o podanym numerze nie istnieje")

        if method == "POST" and path == "/sessions/online":
            if not self.authorized():
                return
            form = body.get("formCode") or {}
            if form != {"systemCode": "FA (3)", "schemaVersion": "1-0E", "value": "FA"}:
                return self.refuse(400, 21405, "Błąd walidacji danych wejściowych", violation="formCode %r" % form)
            encryption = body.get("encryption") or {}
            try:
                key = SYMMETRIC_KEY.decrypt(base64.b64decode(encryption["encryptedSymmetricKey"]), OAEP)
                iv = base64.b64decode(encryption["initializationVector"])
            except Exception as error:  # noqa: BLE001
                return self.refuse(400, 21405, "Błąd odszyfrowania klucza", violation="session key: %s" % error)
            if len(key) != 32 or len(iv) != 16:
                return self.refuse(400, 21405, "Błąd odszyfrowania klucza", violation="key %d bytes, IV %d" % (len(key), len(iv)))
            session = reference("SO")
            SESSIONS[session] = {"key": key, "iv": iv, "closed": False, "polls": 0, "invoices": [], "auth": self.bearer()}
            return self.answer(201, {"referenceNumber": session, "validUntil": iso(now() + datetime.timedelta(hours=12))})

        match = re.fullmatch(r"/sessions/online/([^/]+)/invoices", path)
        if method == "POST" and match:
            if not self.authorized():
                return
            session = SESSIONS.get(match.group(1))
            if session is None or session["closed"]:
                return self.refuse(400, 21405, "Sesja nie istnieje lub jest zamknięta", violation="send into a closed or unknown session")
            COUNTERS["send"] += 1
            if COUNTERS["send"] <= cfg.get("lose_send", 0):
                self.drop()
            missing = [key for key in ("invoiceHash", "invoiceSize", "encryptedInvoiceHash", "encryptedInvoiceSize", "encryptedInvoiceContent") if key not in body]
            if missing:
                return self.refuse(400, 21405, "Błąd walidacji danych wejściowych", missing, violation="missing " + ",".join(missing))
            encrypted = base64.b64decode(body["encryptedInvoiceContent"])
            if len(encrypted) != body["encryptedInvoiceSize"] or sha64(encrypted) != body["encryptedInvoiceHash"]:
                return self.refuse(400, 21405, "Skrót lub rozmiar zaszyfrowanej faktury niezgodny", violation="encrypted hash or size")
            decryptor = Cipher(algorithms.AES(session["key"]), modes.CBC(session["iv"])).decryptor()
            try:
                padded = decryptor.update(encrypted) + decryptor.finalize()
                unpadder = padding.PKCS7(128).unpadder()
                plain = unpadder.update(padded) + unpadder.finalize()
            except ValueError as error:
                return self.refuse(400, 21405, "Błąd odszyfrowania pliku", violation="decryption: %s" % error)
            if len(plain) != body["invoiceSize"] or sha64(plain) != body["invoiceHash"]:
                return self.refuse(400, 21405, "Skrót lub rozmiar faktury niezgodny", violation="plain hash or size")
            try:
                tree = ET.fromstring(plain)
            except ET.ParseError as error:
                return self.refuse(400, 21405, "Faktura nie jest XML", violation="not XML: %s" % error)
            seller = tree.findtext("{%s}Podmiot1/{%s}DaneIdentyfikacyjne/{%s}NIP" % (FA3, FA3, FA3))
            moment = iso(now())
            invoice = {"ordinalNumber": len(session["invoices"]) + 1, "referenceNumber": reference("EE"),
                       "invoiceHash": body["invoiceHash"], "invoiceNumber": tree.findtext("{%s}Fa/{%s}P_2" % (FA3, FA3)) or "",
                       "issueDate": tree.findtext("{%s}Fa/{%s}P_1" % (FA3, FA3)) or "", "invoicingDate": moment, "acquisitionDate": moment,
                       "seller": seller or "", "offline": bool(body.get("offlineMode")), "polls": 0, "auth": "token",
                       "bytes": plain}
            if tree.tag != "{%s}Faktura" % FA3 or seller != cfg.get("nip"):
                invoice["status"] = {"code": 450, "description": "Błąd weryfikacji semantyki dokumentu faktury", "details": ["not an FA(3) invoice of the context's NIP"]}
            elif cfg.get("reject"):
                invoice["status"] = {"code": int(cfg["reject"]), "description": "Błąd weryfikacji semantyki dokumentu faktury", "details": ["P_15 differs from the sum of the lines"]}
            elif body["invoiceHash"] in BY_HASH:
                original_session, original = BY_HASH[body["invoiceHash"]]
                invoice["status"] = {"code": 440, "description": "Duplikat faktury", "extensions": {
                    "originalSessionReferenceNumber": original_session, "originalKsefNumber": original["ksefNumber"]}}
            else:
                invoice["ksefNumber"] = ksef_number(seller)
                if cfg.get("bad_crc"):
                    # A number whose CRC-8 is off by one: invoic must not keep it.
                    invoice["ksefNumber"] = invoice["ksefNumber"][:-2] + "%02X" % ((int(invoice["ksefNumber"][-2:], 16) + 1) % 256)
                invoice["status"] = {"code": 200, "description": "Sukces"}
                BY_HASH[body["invoiceHash"]] = (match.group(1), invoice)
            session["invoices"].append(invoice)
            # What it decrypted, for the tests to compare with the file invoic's build wrote.
            with open(os.path.join(STATE, "sent-%d-%s.xml" % (COUNTERS["send"], re.sub(r"[^A-Za-z0-9-]", "_", invoice["invoiceNumber"]))), "wb") as handle:
                handle.write(plain)
            log({"method": method, "path": path, "accepted": invoice["status"]["code"], "invoiceNumber": invoice["invoiceNumber"], "offline": invoice["offline"]})
            if COUNTERS["send"] <= cfg.get("lose_send", 0) + cfg.get("drop_send_answer", 0):
                self.drop()
            if cfg.get("delay_send"):
                # Slow to answer, as a busy KSeF: the test kills invoic meanwhile.
                LOCK_ROUTE.release()
                try:
                    time.sleep(cfg["delay_send"])
                finally:
                    LOCK_ROUTE.acquire()
            return self.answer(202, {"referenceNumber": invoice["referenceNumber"]})

        match = re.fullmatch(r"/sessions/online/([^/]+)/close", path)
        if method == "POST" and match:
            if not self.authorized():
                return
            session = SESSIONS.get(match.group(1))
            if session is None:
                return self.refuse(400, 21405, "Sesja nie istnieje", violation="close of an unknown session")
            session["closed"] = True
            return self.answer(204)

        match = re.fullmatch(r"/sessions/([^/]+)", path)
        if method == "GET" and match:
            if not self.authorized():
                return
            session = SESSIONS.get(match.group(1))
            if session is None:
                return self.refuse(400, 21405, "Sesja nie istnieje")
            status = {"code": 100, "description": "Sesja interaktywna otwarta"}
            if session["closed"]:
                session["polls"] += 1
                status = {"code": 170, "description": "Sesja interaktywna zamknięta"} if session["polls"] == 1 else {"code": 200, "description": "Sesja interaktywna przetworzona pomyślnie"}
            return self.answer(200, {"status": status, "dateCreated": iso(now()), "dateUpdated": iso(now()), "invoiceCount": len(session["invoices"])})

        match = re.fullmatch(r"/sessions/([^/]+)/invoices", path)
        if method == "GET" and match:
            if not self.authorized():
                return
            session = SESSIONS.get(match.group(1))
            if session is None:
                return self.refuse(400, 21405, "Sesja nie istnieje")
            return self.answer(200, {"invoices": [self.public(invoice) for invoice in session["invoices"]]})

        match = re.fullmatch(r"/sessions/([^/]+)/invoices/ksef/([^/]+)/upo", path)
        if method == "GET" and match:
            if not self.authorized():
                return
            session = SESSIONS.get(match.group(1))
            invoice = next((i for i in (session or {}).get("invoices", []) if i.get("ksefNumber") == match.group(2)), None)
            if invoice is None:
                return self.refuse(404, 21178, "Nie znaleziono UPO", violation="UPO of an unknown invoice")
            return self.answer(200, upo(match.group(1), invoice, cfg.get("nip")), "application/xml")

        match = re.fullmatch(r"/sessions/([^/]+)/invoices/([^/]+)", path)
        if method == "GET" and match:
            if not self.authorized():
                return
            session = SESSIONS.get(match.group(1))
            invoice = next((i for i in (session or {}).get("invoices", []) if i["referenceNumber"] == match.group(2)), None)
            if invoice is None:
                return self.refuse(400, 21405, "Faktura nie istnieje", violation="status of an unknown invoice")
            invoice["polls"] += 1
            if invoice["polls"] <= cfg.get("processing_polls", 1):
                return self.answer(200, {**self.public(invoice), "status": {"code": 150, "description": "Trwa przetwarzanie"}, "ksefNumber": None})
            return self.answer(200, self.public(invoice))

        return self.refuse(404, 0, "no such operation", violation="%s %s is not an operation of open-api.json" % (method, path))

    @staticmethod
    def public(invoice):
        return {key: value for key, value in invoice.items() if key not in ("bytes", "polls", "auth", "seller", "offline", "issueDate")}


LOCK_ROUTE = threading.Lock()


def main():
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    print("READY %d" % server.server_address[1], flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
