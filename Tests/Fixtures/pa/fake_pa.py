#!/usr/bin/env python3
"""A stand-in for a French approved platform (plateforme agréée), for invoic's tests, written from
the AFNOR XP Z12-013 OpenAPI annexes: annex A, AFNOR-Flow_Service-1.1.0 (POST /v1/flows,
POST /v1/flows/search, GET /v1/flows/{flowId}) and annex B, AFNOR-Directory_Service-1.1.0
(POST /v1/directory-line/search), as published in fpiccinali/PA_Communautaire docs/norme. The
shapes below are the annexes' schemas (FlowInfo, SearchFlowParams, SearchFlowFilters, Flow,
Acknowledgement, Error, searchDirectoryLine), written out by hand; nothing is copied.

What it checks (a request that breaks the annexes' contract is logged with "violation"; the tests
assert there is none):
- every call carries `Authorization: Bearer <token>` (BearerAuth, RFC 6750) with the token of the
  config, or the one its OAuth2 token endpoint gave; else 401 with an Error object;
- POST /v1/flows is multipart/form-data with exactly the parts `flowInfo` (application/json, a
  FlowInfo: flowSyntax required and in the enum, trackingId at most 36 characters, name at most
  255, processingRule and flowProfile in their enums, sha256 ^[a-f0-9]{64}$, no other property)
  and `file` (application/pdf or application/xml); the file's SHA-256 must be the declared one
  (else 422 ChecksumMismatch); a trackingId it has already is refused (422 AlreadyExistingFlow,
  its unicity check);
- POST /v1/flows/search takes a SearchFlowParams (`where` required with at least one known
  filter, enums respected, limit at most 100);
- POST /v1/directory-line/search takes a searchDirectoryLine (the SIREN filter's `op` is
  "contains", its value digits, at most 9).

What it does:
- takes each flow (202, a FullFlowInfo with a new flowId), keeps it, and for an invoice builds the
  life-cycle status messages a platform returns to the seller, CDAR (CrossDomainAcknowledgement
  AndResponse D22B) modelled on XP Z12-012 annex B's examples (UC1 ... CDV-200 Déposée, CDV-202
  Reçue): an incoming flow of type CustomerInvoiceLC per status of config "statuses" (default
  [200]) naming the invoice's number (BT-1, read from the file), its type code and the seller;
- lists flows (its own deposits, direction Out; the statuses and the config's "incoming" received
  invoices, direction In) by the filters, and serves each one's metadata (with the
  acknowledgement of config "ack": Ok, Error or Pending) and its original file;
- answers OAuth2 client-credentials requests at POST /oauth/token.

Usage: fake_pa.py STATE_DIR. STATE_DIR/config.json (re-read on every request) steers it:
  {"token": "...",                     the bearer token it accepts
   "client_id": "...", "client_secret": "...",  what its token endpoint accepts
   "refuse_credentials": true          every call answers 401
   "refuse_flow": {"errorCode": "...", "errorMessage": "..."}   POST /v1/flows answers 422
   "drop_before": N                    the first N deposits are dropped unread (never taken)
   "drop_after": N                     the first N deposits are taken, then the connection closed
   "ack": "Ok" | "Error" | "Pending", "ack_details": [AcknowledgementDetail...]
   "statuses": [200, 202]              the CDAR statuses made for each invoice taken (not for a CDAR or FRR deposited)
   "reason": {"code": "...", "text": "..."}   the motif of a status that needs one (210, 207 ...)
   "incoming": [{"flowId": "...", "flowType": "SupplierInvoice", "flowSyntax": "UBL", "file": "/path"}]
   "directory": [directory lines]}
Every request is logged to STATE_DIR/requests.jsonl as {method, path, status, violation?,
taken?, downloaded?}. It prints "READY <port>" when it listens.
"""
import base64
import hashlib
import json
import os
import re
import sys
import threading
import urllib.parse
import uuid
import xml.etree.ElementTree as ET
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

STATE = sys.argv[1]
LOCK = threading.Lock()
FLOWS = {}      # flowId -> {"meta": Flow, "bytes": b"...", "trackingId"}
COUNTERS = {"deposits": 0}
ISSUED_TOKENS = set()

# Annex A's enums.
FLOW_SYNTAX = ["CII", "UBL", "Factur-X", "CDAR", "FRR"]
FLOW_PROFILE = ["Basic", "CIUS", "Extended-CTC-FR"]
PROCESSING_RULE = ["B2B", "B2BInt", "B2C", "OutOfScope", "ArchiveOnly", "NotApplicable"]
FLOW_TYPE = ["CustomerInvoice", "SupplierInvoice", "StateInvoice", "CustomerInvoiceLC", "SupplierInvoiceLC",
             "StateCustomerInvoiceLC", "StateSupplierInvoiceLC", "AggregatedCustomerTransactionReport",
             "UnitaryCustomerTransactionReport", "AggregatedCustomerPaymentReport", "UnitaryCustomerPaymentReport",
             "UnitarySupplierTransactionReport", "MultiFlowReport"]
FLOW_DIRECTION = ["In", "Out"]
ACK_STATUS = ["Pending", "Ok", "Error"]
FLOW_INFO_PROPERTIES = {"trackingId", "name", "processingRule", "flowSyntax", "flowProfile", "sha256"}
SEARCH_FILTERS = {"updatedAfter", "updatedBefore", "processingRule", "flowType", "flowDirection", "trackingId", "ackStatus"}
# Annex B's searchDirectoryLine.
DIRECTORY_SEARCH = {"filters", "sorting", "fields", "limit", "ignore"}
DIRECTORY_FILTERS = {"addressingIdentifier", "siren", "siret", "routingIdentifier", "addressingSuffix"}
# XP Z12-012's life-cycle statuses (MDT-105 code, MDT-106 label).
STATUS_LABELS = {200: "Déposée", 201: "Emise par la plateforme", 202: "Reçue", 203: "Mise à disposition",
                 204: "Prise en charge", 205: "Approuvée", 206: "Approuvée partiellement", 207: "En litige",
                 210: "Refusée", 211: "Paiement transmis", 212: "Encaissée", 213: "Rejetée"}

CII = "urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"
RAM = "urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"
UBL_CBC = "urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2"


def config():
    try:
        with open(os.path.join(STATE, "config.json")) as handle:
            return json.load(handle)
    except FileNotFoundError:
        return {}


def log(entry):
    with LOCK, open(os.path.join(STATE, "requests.jsonl"), "a") as handle:
        handle.write(json.dumps(entry, sort_keys=True) + "\n")


def now_stamp(index):
    # Reproducible, increasing times: the flows' order is their creation order.
    return "2026-11-21T10:%02d:%02dZ" % (index // 60 % 60, index % 60)


def multipart_parts(content_type, body):
    """Each part's name, headers and content, or None when the body is not multipart."""
    match = re.search(r'boundary="?([^";]+)"?', content_type or "")
    if not match:
        return None
    boundary = b"--" + match.group(1).encode()
    parts = []
    for chunk in body.split(boundary)[1:]:
        if chunk.startswith(b"--"):
            break
        head, _, content = chunk[2:].partition(b"\r\n\r\n") if chunk.startswith(b"\r\n") else chunk.partition(b"\r\n\r\n")
        headers = {}
        for line in head.decode("utf-8", "replace").split("\r\n"):
            key, _, value = line.partition(":")
            headers[key.strip().lower()] = value.strip()
        name = re.search(r'name="([^"]+)"', headers.get("content-disposition", ""))
        parts.append((name.group(1) if name else None, headers, content[:-2] if content.endswith(b"\r\n") else content))
    return parts


def flow_info_problem(info):
    if not isinstance(info, dict):
        return "flowInfo is not a JSON object (FlowInfo)"
    for key in info:
        if key not in FLOW_INFO_PROPERTIES:
            return f"flowInfo has {key}, not a FlowInfo property"
    if info.get("flowSyntax") not in FLOW_SYNTAX:
        return f"flowInfo.flowSyntax {info.get('flowSyntax')!r} is missing or not in the FlowSyntax enum"
    if "flowProfile" in info and info["flowProfile"] not in FLOW_PROFILE:
        return f"flowInfo.flowProfile {info['flowProfile']!r} is not in the FlowProfile enum"
    if "processingRule" in info and info["processingRule"] not in PROCESSING_RULE:
        return f"flowInfo.processingRule {info['processingRule']!r} is not in the ProcessingRule enum"
    if "trackingId" in info and (not isinstance(info["trackingId"], str) or len(info["trackingId"]) > 36):
        return "flowInfo.trackingId is not a NotOnlyUuid (a string of at most 36 characters)"
    if "name" in info and (not isinstance(info["name"], str) or len(info["name"]) > 255):
        return "flowInfo.name is not a string of at most 255 characters"
    if "sha256" in info and not re.fullmatch(r"[a-f0-9]{64}", str(info["sha256"])):
        return "flowInfo.sha256 does not match ^[a-f0-9]{64}$"
    return None


def search_problem(params):
    if not isinstance(params, dict) or set(params) - {"limit", "where"}:
        return "the body is not a SearchFlowParams (limit, where)"
    where = params.get("where")
    if not isinstance(where, dict) or not where:
        return "SearchFlowParams.where is required, with at least one filter"
    for key, value in where.items():
        if key not in SEARCH_FILTERS:
            return f"where.{key} is not a SearchFlowFilters property"
    for key, enum in (("flowType", FLOW_TYPE), ("flowDirection", FLOW_DIRECTION), ("processingRule", PROCESSING_RULE)):
        if key in where and (not isinstance(where[key], list) or any(v not in enum for v in where[key])):
            return f"where.{key} is not an array of its enum"
    if "ackStatus" in where and where["ackStatus"] not in ACK_STATUS:
        return "where.ackStatus is not a FlowAckStatus"
    if "trackingId" in where and (not isinstance(where["trackingId"], str) or len(where["trackingId"]) > 36):
        return "where.trackingId is not a NotOnlyUuid"
    limit = params.get("limit", 25)
    if not isinstance(limit, int) or limit > 100 or limit < 1:
        return "limit is not an integer of at most 100"
    return None


def directory_problem(body):
    if not isinstance(body, dict) or set(body) - DIRECTORY_SEARCH:
        return "the body is not a searchDirectoryLine"
    filters = body.get("filters", {})
    if not isinstance(filters, dict) or set(filters) - DIRECTORY_FILTERS:
        return "filters is not a searchDirectoryLineFilters"
    siren = filters.get("siren")
    if siren is not None:
        if siren.get("op") != "contains":
            return "filters.siren.op is not \"contains\" (containsOperator)"
        if not re.fullmatch(r"[0-9]{0,9}", str(siren.get("value", ""))):
            return "filters.siren.value is not a sirenSearch (digits, at most 9)"
    if "limit" in body and not isinstance(body["limit"], int):
        return "limit is not an int32"
    return None


def invoice_facts(data, name):
    """The invoice's number (BT-1), type code (BT-3), date (BT-2) and seller's SIREN, from its XML."""
    facts = {"number": (name or "invoice").split(".")[0], "type": "380", "date": "20261121", "seller": "000000000"}
    try:
        root = ET.fromstring(data)
    except ET.ParseError:
        return facts
    if root.tag == "{%s}CrossIndustryInvoice" % "urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100":
        doc = root.find("{%s}ExchangedDocument" % CII)
        if doc is not None:
            facts["number"] = doc.findtext("{%s}ID" % RAM) or facts["number"]
            facts["type"] = doc.findtext("{%s}TypeCode" % RAM) or facts["type"]
            # BT-2, format 102 (YYYYMMDD): MDT-100 of the status must be the invoice's own date.
            stamp = doc.find("{%s}IssueDateTime" % RAM)
            if stamp is not None and len(stamp) and (stamp[0].text or "").strip():
                facts["date"] = stamp[0].text.strip()
        # The seller's SIREN (BT-30), not the buyer's: under SellerTradeParty only.
        for seller in root.iter("{%s}SellerTradeParty" % RAM):
            org = seller.find("{%s}SpecifiedLegalOrganization" % RAM)
            if org is not None:
                facts["seller"] = org.findtext("{%s}ID" % RAM) or facts["seller"]
            break
    else:
        facts["number"] = root.findtext("{%s}ID" % UBL_CBC) or facts["number"]
        facts["type"] = root.findtext("{%s}InvoiceTypeCode" % UBL_CBC) or root.findtext("{%s}CreditNoteTypeCode" % UBL_CBC) or facts["type"]
        issued = root.findtext("{%s}IssueDate" % UBL_CBC)
        if issued:
            facts["date"] = issued.replace("-", "")
        cac = "urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"
        seller = root.find("{%s}AccountingSupplierParty/{%s}Party/{%s}PartyLegalEntity" % (cac, cac, cac))
        if seller is not None:
            facts["seller"] = seller.findtext("{%s}CompanyID" % UBL_CBC) or facts["seller"]
    return facts


def frr_type(data):
    """The flow type of an e-reporting file: a report of transactions or of payments."""
    try:
        root = ET.fromstring(data)
    except ET.ParseError:
        return "MultiFlowReport"
    names = {element.tag.split("}")[-1] for element in root.iter()}
    if "PaymentsReport" in names:
        return "AggregatedCustomerPaymentReport"
    return "AggregatedCustomerTransactionReport"


# XP Z12-012: the statuses a refusal, rejection or dispute must give a motif for (BR-FR-CDV-15).
NEEDS_REASON = {206, 207, 208, 210, 213, 501}


def cdar(facts, code, index, reason=None):
    """A CDAR status message as XP Z12-012 annex B's examples write one (UC1 ... CDV-202 Reçue):
    200 to 203 and 213 are the platforms' (transmission, MDT-77 305), the others the buyer's
    processing (23), and a status of NEEDS_REASON carries its motif (MDT-113, config "reason")."""
    stamp = "20261121%06d" % (100000 + index)
    label = STATUS_LABELS.get(code, "Statut")
    phase = "305" if code <= 203 or code in (213, 501) else "23"
    role = "WK" if phase == "305" else "BY"
    motif = ""
    if code in NEEDS_REASON:
        reason = reason or {"code": "DOUBLON", "text": "Facture reçue en double"}
        motif = f"""
      <ram:SpecifiedDocumentStatus>
        <ram:ReasonCode>{reason["code"]}</ram:ReasonCode>
        <ram:Reason>{reason["text"]}</ram:Reason>
        <ram:SequenceNumeric>1</ram:SequenceNumeric>
      </ram:SpecifiedDocumentStatus>"""
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossDomainAcknowledgementAndResponse xmlns:qdt="urn:un:unece:uncefact:data:standard:QualifiedDataType:100" xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossDomainAcknowledgementAndResponse:100">
  <rsm:ExchangedDocumentContext>
    <ram:BusinessProcessSpecifiedDocumentContextParameter><ram:ID>REGULATED</ram:ID></ram:BusinessProcessSpecifiedDocumentContextParameter>
    <ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn.cpro.gouv.fr:1p0:CDV:invoice</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter>
  </rsm:ExchangedDocumentContext>
  <rsm:ExchangedDocument>
    <ram:ID>{facts["number"]}_{code}_{stamp}#{facts["type"]}_{facts["date"]}</ram:ID>
    <ram:Name>CDV-{code}_{label}</ram:Name>
    <ram:IssueDateTime><udt:DateTimeString format="204">{stamp}</udt:DateTimeString></ram:IssueDateTime>
    <ram:SenderTradeParty><ram:RoleCode>{role}</ram:RoleCode></ram:SenderTradeParty>
    <ram:IssuerTradeParty><ram:RoleCode>{role}</ram:RoleCode></ram:IssuerTradeParty>
    <ram:RecipientTradeParty>
      <ram:GlobalID schemeID="0002">{facts["seller"]}</ram:GlobalID>
      <ram:RoleCode>SE</ram:RoleCode>
    </ram:RecipientTradeParty>
  </rsm:ExchangedDocument>
  <rsm:AcknowledgementDocument>
    <ram:MultipleReferencesIndicator><udt:Indicator>false</udt:Indicator></ram:MultipleReferencesIndicator>
    <ram:TypeCode>{phase}</ram:TypeCode>
    <ram:IssueDateTime><udt:DateTimeString format="204">{stamp}</udt:DateTimeString></ram:IssueDateTime>
    <ram:ReferenceReferencedDocument>
      <ram:IssuerAssignedID>{facts["number"]}</ram:IssuerAssignedID>
      <ram:StatusCode>43</ram:StatusCode>
      <ram:TypeCode>{facts["type"]}</ram:TypeCode>
      <ram:ReceiptDateTime><udt:DateTimeString format="204">{stamp}</udt:DateTimeString></ram:ReceiptDateTime>
      <ram:FormattedIssueDateTime><qdt:DateTimeString format="102">{facts["date"]}</qdt:DateTimeString></ram:FormattedIssueDateTime>
      <ram:ProcessConditionCode>{code}</ram:ProcessConditionCode>
      <ram:ProcessCondition>{label}</ram:ProcessCondition>
      <ram:IssuerTradeParty><ram:GlobalID schemeID="0002">{facts["seller"]}</ram:GlobalID></ram:IssuerTradeParty>{motif}
    </ram:ReferenceReferencedDocument>
  </rsm:AcknowledgementDocument>
</rsm:CrossDomainAcknowledgementAndResponse>
""".encode()


def add_flow(meta, data):
    with LOCK:
        index = len(FLOWS)
        meta.setdefault("submittedAt", now_stamp(index))
        meta.setdefault("updatedAt", meta["submittedAt"])
        FLOWS[meta["flowId"]] = {"meta": meta, "bytes": data}


def load_incoming():
    for entry in config().get("incoming", []):
        if entry["flowId"] in FLOWS:
            continue
        with open(entry["file"], "rb") as handle:
            data = handle.read()
        add_flow({"flowId": entry["flowId"], "flowType": entry.get("flowType", "SupplierInvoice"), "flowDirection": "In",
                  "flowSyntax": entry.get("flowSyntax", "UBL"), "processingRule": "B2B",
                  "acknowledgement": {"status": "Ok"}}, data)


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def send_json(self, status, obj, entry):
        body = json.dumps(obj).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
        entry["status"] = status
        log(entry)

    def error(self, status, code, message, entry):
        self.send_json(status, {"errorCode": code, "errorMessage": message}, entry)

    def authorized(self, entry):
        cfg = config()
        header = self.headers.get("Authorization") or ""
        if not header.startswith("Bearer "):
            entry["violation"] = "no Bearer authentication (BearerAuth)"
        token = header[7:]
        if cfg.get("refuse_credentials") or (token != cfg.get("token") and token not in ISSUED_TOKENS):
            self.error(401, "INVALID_TOKEN", "the bearer token " + token + " is not valid", entry)
            return False
        request_id = self.headers.get("X-Request-Id")
        if request_id is not None:
            try:
                uuid.UUID(request_id)
            except ValueError:
                entry["violation"] = "X-Request-Id is not a uuid (RequestIdHeader)"
        return True

    def body(self):
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length else b""

    def do_GET(self):
        url = urllib.parse.urlparse(self.path)
        entry = {"method": "GET", "path": url.path}
        match = re.fullmatch(r".*/v1/flows/([^/]+)", url.path)
        if not match:
            return self.error(404, "MISSING_RESOURCE", "no such route", entry)
        if not self.authorized(entry):
            return
        load_incoming()
        flow_id = urllib.parse.unquote(match.group(1))
        query = urllib.parse.parse_qs(url.query)
        if set(query) - {"docType"}:
            entry["violation"] = "query parameters other than docType"
        doc_type = query.get("docType", ["Metadata"])[0]
        if doc_type not in ("Metadata", "Original", "Converted", "ReadableView"):
            entry["violation"] = "docType not in its enum"
        flow = FLOWS.get(flow_id)
        if flow is None:
            return self.error(404, "MISSING_RESOURCE", "Requested resource is Not Found", entry)
        if doc_type == "Metadata":
            return self.send_json(200, self.with_ack(flow["meta"]), entry)
        data = flow["bytes"]
        self.send_response(200)
        self.send_header("Content-Type", "application/octet-stream")
        self.send_header("Content-Disposition", "attachment;filename=%s" % flow_id)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)
        entry["status"] = 200
        entry["downloaded"] = flow_id
        log(entry)

    def with_ack(self, meta):
        meta = dict(meta)
        if meta.get("flowDirection") == "Out":
            cfg = config()
            ack = {"status": cfg.get("ack", "Ok")}
            if cfg.get("ack_details"):
                ack["details"] = cfg["ack_details"]
            meta["acknowledgement"] = ack
        return meta

    def do_POST(self):
        url = urllib.parse.urlparse(self.path)
        entry = {"method": "POST", "path": url.path}
        body = self.body()
        if url.path.endswith("/oauth/token"):
            return self.token(body, entry)
        if not (url.path.endswith("/v1/flows") or url.path.endswith("/v1/flows/search") or url.path.endswith("/v1/directory-line/search")):
            return self.error(404, "MISSING_RESOURCE", "no such route", entry)
        if not self.authorized(entry):
            return
        if url.path.endswith("/v1/flows"):
            return self.create(body, entry)
        try:
            params = json.loads(body)
        except ValueError:
            entry["violation"] = "the body is not JSON"
            return self.error(400, "MISSING_REQUIRED_FIELD", "Invalid request format", entry)
        if url.path.endswith("/v1/directory-line/search"):
            problem = directory_problem(params)
            if problem:
                entry["violation"] = problem
                return self.error(400, "MISSING_REQUIRED_FIELD", problem, entry)
            siren = params.get("filters", {}).get("siren", {}).get("value", "")
            lines = [line for line in config().get("directory", []) if siren in line.get("siren", "")]
            if not lines:
                return self.error(404, "MISSING_RESOURCE", "no directory line", entry)
            return self.send_json(200, {"search": params, "totalNumberOfResults": len(lines), "results": lines}, entry)
        problem = search_problem(params)
        if problem:
            entry["violation"] = problem
            return self.error(400, "MISSING_REQUIRED_FIELD", problem, entry)
        load_incoming()
        where = params["where"]
        results = []
        for flow in sorted(FLOWS.values(), key=lambda f: f["meta"]["updatedAt"]):
            meta = self.with_ack(flow["meta"])
            if "flowDirection" in where and meta["flowDirection"] not in where["flowDirection"]:
                continue
            if "flowType" in where and meta.get("flowType") not in where["flowType"]:
                continue
            if "trackingId" in where and meta.get("trackingId") != where["trackingId"]:
                continue
            if "updatedAfter" in where and meta["updatedAt"] <= where["updatedAfter"]:
                continue
            results.append(meta)
        limit = params.get("limit", 25)
        self.send_json(200, {"limit": limit, "filters": where, "results": results[:limit]}, entry)

    def token(self, body, entry):
        cfg = config()
        header = self.headers.get("Authorization") or ""
        form = urllib.parse.parse_qs(body.decode())
        if form.get("grant_type") != ["client_credentials"]:
            entry["violation"] = "the token request's grant_type is not client_credentials (RFC 6749 4.4)"
        try:
            user, _, password = base64.b64decode(header[6:]).decode().partition(":") if header.startswith("Basic ") else ("", "", "")
        except ValueError:
            user, password = "", ""
        user, password = urllib.parse.unquote_plus(user), urllib.parse.unquote_plus(password)
        if cfg.get("refuse_credentials") or user != cfg.get("client_id") or password != cfg.get("client_secret"):
            return self.send_json(401, {"error": "invalid_client", "error_description": "client " + user + " with secret " + password + " unknown"}, entry)
        issued = "issued-" + uuid.uuid4().hex
        ISSUED_TOKENS.add(issued)
        self.send_json(200, {"access_token": issued, "token_type": "Bearer", "expires_in": 3600}, entry)

    def create(self, body, entry):
        cfg = config()
        with LOCK:
            COUNTERS["deposits"] += 1
            number = COUNTERS["deposits"]
        if number <= cfg.get("drop_before", 0):
            entry.update(status=0, dropped="before")
            log(entry)
            self.close_connection = True
            return
        parts = multipart_parts(self.headers.get("Content-Type"), body)
        if parts is None:
            entry["violation"] = "the body is not multipart/form-data (FlowPostRequest)"
            return self.error(400, "MISSING_REQUIRED_FIELD", "Invalid request format", entry)
        names = [name for name, _, _ in parts]
        if sorted(names) != ["file", "flowInfo"]:
            entry["violation"] = f"the parts are {names}, not exactly flowInfo and file"
            return self.error(400, "MISSING_REQUIRED_FIELD", "Invalid request format", entry)
        fields = {name: (headers, content) for name, headers, content in parts}
        if fields["flowInfo"][0].get("content-type") != "application/json":
            entry["violation"] = "the flowInfo part is not application/json"
        if fields["file"][0].get("content-type") not in ("application/pdf", "application/xml"):
            entry["violation"] = "the file part is not application/pdf or application/xml"
        try:
            info = json.loads(fields["flowInfo"][1])
        except ValueError:
            info = None
        problem = flow_info_problem(info)
        if problem:
            entry["violation"] = problem
            return self.error(400, "MISSING_REQUIRED_FIELD", problem, entry)
        data = fields["file"][1]
        if not data:
            return self.error(422, "EmptyFlow", "The binary flow is empty.", entry)
        if "sha256" in info and hashlib.sha256(data).hexdigest() != info["sha256"]:
            return self.error(422, "ChecksumMismatch", "Checksum provided is different from computed one", entry)
        if cfg.get("refuse_flow"):
            refusal = cfg["refuse_flow"]
            return self.error(422, refusal.get("errorCode", "UNPROCESSABLE_ENTITY"), refusal.get("errorMessage"), entry)
        tracking = info.get("trackingId")
        if tracking and any(f["meta"].get("trackingId") == tracking for f in FLOWS.values()):
            return self.error(422, "AlreadyExistingFlow", "The flow has already been sent and received.", entry)
        flow_id = str(uuid.uuid4())
        # The platform computes the flow type (FlowInfo has none): from the syntax, and for an
        # e-reporting file (FRR) from the report it holds (Flux 10: TransactionsReport or PaymentsReport).
        syntax = info["flowSyntax"]
        invoice = syntax in ("CII", "UBL", "Factur-X")
        flow_type = "CustomerInvoice" if invoice else "CustomerInvoiceLC" if syntax == "CDAR" else frr_type(data)
        meta = {"flowId": flow_id, "flowType": flow_type, "flowDirection": "Out", "flowSyntax": syntax,
                "processingRule": info.get("processingRule", "B2B"), "processingRuleSource": "Input" if "processingRule" in info else "Computed"}
        if tracking:
            meta["trackingId"] = tracking
        if "flowProfile" in info:
            meta["flowProfile"] = info["flowProfile"]
        add_flow(meta, data)
        # Statuses come back about invoices only, not about a status or a report deposited.
        facts = invoice_facts(data, info.get("name")) if invoice else {"number": None}
        for code in cfg.get("statuses", [200]) if invoice else []:
            add_flow({"flowId": str(uuid.uuid4()), "flowType": "CustomerInvoiceLC", "flowDirection": "In", "flowSyntax": "CDAR",
                      "processingRule": "B2B", "acknowledgement": {"status": "Ok"}}, cdar(facts, code, len(FLOWS), cfg.get("reason")))
        entry["taken"] = flow_id
        entry["trackingId"] = tracking
        entry["sha256"] = hashlib.sha256(data).hexdigest()
        entry["invoice"] = facts["number"]
        entry["flowSyntax"] = syntax
        entry["flowType"] = flow_type
        entry["name"] = info.get("name")
        if number <= cfg.get("drop_before", 0) + cfg.get("drop_after", 0):
            entry.update(status=0, dropped="after")
            log(entry)
            self.close_connection = True
            return
        full = {"flowId": flow_id, "submittedAt": FLOWS[flow_id]["meta"]["submittedAt"]}
        full.update(info)
        self.send_json(202, full, entry)


def main():
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    print("READY %d" % server.server_address[1], flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
