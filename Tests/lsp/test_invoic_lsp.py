"""End to end: the built `invoic lsp` driven as a real client drives it (pytest-lsp), under the
capabilities VS Code, Neovim and Emacs (eglot) announce. Run by InvoicLSPTests.EndToEndTests
(`swift test`, hence `make test`) with INVOIC pointing at the built binary."""
import asyncio
import os
import pathlib
import shutil
import subprocess
import sys

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

INVOIC = os.environ.get("INVOIC", str(pathlib.Path(__file__).parents[2] / ".build/debug/invoic"))

SETTINGS = "business: { name: Test Studio }\ndefaults: { currency: USD, locale: en_US, terms: 30, validity: 30, tax: 10% }\n"
DRAFT = "client: acme\nissued: 2026-03-01\nitems:\n  - description: Design\n    quantity: 2\n    price: 100.00\n"
ISSUED = DRAFT + "sent: 2026-03-01\n"
PRESETS = ["visual-studio-code", "neovim", "emacs"]


@pytest.fixture
def book(tmp_path):
    root = tmp_path / "book"
    (root / "clients").mkdir(parents=True)
    (root / "invoices").mkdir()
    (root / "invoic.yaml").write_text(SETTINGS)
    (root / "clients/acme.yaml").write_text("name: Acme Corp\n")
    (root / "invoices/INV-0001.yaml").write_text(ISSUED)
    (root / "invoices/INV-0002.yaml").write_text(DRAFT)
    return root


@pytest_lsp.fixture(
    params=PRESETS,
    config=ClientServerConfig(server_command=[INVOIC, "lsp", "--today", "2026-11-21"]),
)
async def client(request, lsp_client: LanguageClient, book):
    # VS Code and Neovim register the file watchers the server asks for.
    lsp_client.registrations = []
    lsp_client.feature(types.CLIENT_REGISTER_CAPABILITY)(lambda params: lsp_client.registrations.append(params))
    await lsp_client.initialize_session(
        types.InitializeParams(
            capabilities=client_capabilities(request.param),
            root_uri=book.as_uri(),
            workspace_folders=[types.WorkspaceFolder(uri=book.as_uri(), name="book")],
        )
    )
    lsp_client.book = book
    yield
    await lsp_client.shutdown_session()


def uri(client, path):
    return (client.book / path).as_uri()


async def opened(client, path, text):
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=uri(client, path), language_id="yaml", version=1, text=text)))
    await wait_for_diagnostics(client, path, lambda found: True)


async def wait_for_diagnostics(client, path, accept):
    """The diagnostics published for `path` once `accept` takes them."""
    target = uri(client, path)
    while True:
        found = client.diagnostics.get(target)
        if found is not None and accept(found):
            return found
        await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)


def change(client, path, text, version):
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri(client, path), version=version),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)]))


def apply(text, edits):
    lines = text.split("\n")
    def offset(position):
        return sum(len(line) + 1 for line in lines[:position.line]) + len(lines[position.line][:position.character].encode("utf-16-le")) // 2 if position.line < len(lines) else len(text)
    for edit in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
        text = text[:offset(edit.range.start)] + edit.new_text + text[offset(edit.range.end):]
    return text


def check(book):
    return subprocess.run([INVOIC, "check", "-C", str(book), "--today", "2026-11-21"], capture_output=True, text=True)


@pytest.mark.asyncio
async def test_diagnostics_appear_as_you_type_and_clear(client: LanguageClient):
    await opened(client, "invoices/INV-0002.yaml", DRAFT)
    assert list(client.diagnostics[uri(client, "invoices/INV-0002.yaml")]) == []
    change(client, "invoices/INV-0002.yaml", DRAFT.replace("client: acme", "client: acmee"), 2)
    found = await wait_for_diagnostics(client, "invoices/INV-0002.yaml", lambda d: len(d) > 0)
    assert [d.code for d in found] == ["unknown-client"]
    assert found[0].range.start == types.Position(line=0, character=8)
    change(client, "invoices/INV-0002.yaml", DRAFT, 3)
    await wait_for_diagnostics(client, "invoices/INV-0002.yaml", lambda d: list(d) == [])


@pytest.mark.asyncio
@pytest.mark.parametrize("good,bad", [
    ("client: acme", "client: acmee"),
    ("issued: 2026-03-01", "issued: 2026-03-01\ncurrency: usd"),
    ("issued: 2026-03-01", "issued: 2026-03-01\ntotal: 999.00"),
    ("    price: 100.00", "    price: 100.00\n    amout: 200.00"),
])
async def test_each_quick_fix_leaves_a_book_that_checks(client: LanguageClient, good, bad):
    broken = DRAFT.replace(good, bad)
    path = "invoices/INV-0002.yaml"
    (client.book / path).write_text(broken)
    await opened(client, path, broken)
    found = await wait_for_diagnostics(client, path, lambda d: len(d) > 0)
    assert check(client.book).returncode == 1
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri(client, path)), range=found[0].range,
        context=types.CodeActionContext(diagnostics=found)))
    fix = next(action for action in actions if action.is_preferred)
    (client.book / path).write_text(apply(broken, fix.edit.changes[uri(client, path)]))
    result = check(client.book)
    assert result.returncode == 0, result.stderr


async def actions_for(client, path, found):
    return await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri(client, path)), range=found[0].range,
        context=types.CodeActionContext(diagnostics=found)))


def apply_rename(client, change):
    source, target = pathlib.Path(change.old_uri[len("file://"):]), pathlib.Path(change.new_uri[len("file://"):])
    target.parent.mkdir(parents=True, exist_ok=True)
    source.rename(target)


@pytest.mark.asyncio
@pytest.mark.parametrize("path,text,title,renamed", [
    # INV-0002 again, issued later: it takes the series' next number.
    ("invoices/2026/INV-0002.yaml", DRAFT.replace("2026-03-01", "2026-03-05"), "Take the next free number, INV-0003", "invoices/2026/INV-0003.yaml"),
    # INV-0004 after INV-0002: the last of the series moves down into the gap.
    ("invoices/INV-0004.yaml", DRAFT, "Number this document INV-0003 (closes the gap)", "invoices/INV-0003.yaml"),
])
async def test_the_next_free_number_leaves_a_book_that_checks(client: LanguageClient, path, text, title, renamed):
    (client.book / path).parent.mkdir(parents=True, exist_ok=True)
    (client.book / path).write_text(text)
    await opened(client, path, text)
    found = await wait_for_diagnostics(client, path, lambda d: len(d) > 0)
    assert check(client.book).returncode == 1
    fix = next(action for action in await actions_for(client, path, found) if action.title == title)
    [change] = fix.edit.document_changes
    assert change.new_uri == uri(client, renamed)
    apply_rename(client, change)
    result = check(client.book)
    assert result.returncode == 0, result.stderr


XRECHNUNG_SETTINGS = """business:
  name: Test Studio
  tax_id: DE136695976
  electronic_address: "9930:DE136695976"
  address:
    street: Main Street 1
    country: DE
payment:
  account: DE89 3704 0044 0532 0130 00
defaults: { currency: EUR, locale: de_DE, terms: 30, tax: 19% }
"""
PUBLIC_BUYER = """name: Stadt Bremen
address:
  street: Altenwall 15
  country: DE
electronic_address: "0204:04011000-1234512345-06"
einvoice: [xrechnung]
"""


@pytest.mark.asyncio
async def test_the_keys_an_einvoice_needs_are_added_as_placeholders(client: LanguageClient):
    (client.book / "invoic.yaml").write_text(XRECHNUNG_SETTINGS)
    (client.book / "clients/acme.yaml").write_text(PUBLIC_BUYER)
    client.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams(changes=[
        types.FileEvent(uri=uri(client, "invoic.yaml"), type=types.FileChangeType.Changed)]))
    await opened(client, "clients/acme.yaml", PUBLIC_BUYER)
    found = await wait_for_diagnostics(client, "clients/acme.yaml", lambda d: any(x.code == "BR-DE-15" for x in d))
    assert check(client.book).returncode == 1
    fix = next(action for action in await actions_for(client, "clients/acme.yaml", found) if action.title.startswith("Add the keys the e-invoice needs"))
    for path, text in [("invoic.yaml", XRECHNUNG_SETTINGS), ("clients/acme.yaml", PUBLIC_BUYER)]:
        (client.book / path).write_text(apply(text, fix.edit.changes[uri(client, path)]))
    assert "    city: TODO your city\n" in (client.book / "invoic.yaml").read_text()
    assert "buyer_reference: TODO the reference the client asks you to quote" in (client.book / "clients/acme.yaml").read_text()
    result = check(client.book)
    assert result.returncode == 0, result.stderr


@pytest.mark.asyncio
async def test_completion_and_hover(client: LanguageClient):
    text = DRAFT.replace("client: acme", "client: ")
    await opened(client, "invoices/INV-0002.yaml", text)
    items = await client.text_document_completion_async(types.CompletionParams(
        text_document=types.TextDocumentIdentifier(uri=uri(client, "invoices/INV-0002.yaml")), position=types.Position(line=0, character=8)))
    items = items.items if hasattr(items, "items") else items
    assert [(item.label, item.detail) for item in items] == [("acme", "Acme Corp")]
    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri(client, "invoices/INV-0001.yaml")), position=types.Position(line=1, character=1)))
    # 2 x 100.00 at 10%: 200.00 + 20.00 = 220.00, nothing paid.
    assert "| **total** | **220.00 USD** |" in hover.contents.value
    assert "| **open** | **220.00 USD** |" in hover.contents.value


@pytest.mark.asyncio
async def test_rename_is_refused_on_an_issued_document(client: LanguageClient):
    with pytest.raises(Exception, match="immutable"):
        await client.text_document_rename_async(types.RenameParams(
            text_document=types.TextDocumentIdentifier(uri=uri(client, "invoices/INV-0002.yaml")),
            position=types.Position(line=0, character=9), new_name="acme-corp"))


@pytest.mark.asyncio
async def test_go_to_the_client(client: LanguageClient):
    found = await client.text_document_definition_async(types.DefinitionParams(
        text_document=types.TextDocumentIdentifier(uri=uri(client, "invoices/INV-0002.yaml")), position=types.Position(line=0, character=9)))
    location = found[0] if isinstance(found, list) else found
    assert location.uri == uri(client, "clients/acme.yaml")


# The raw stream: what a broken or vanishing client does.

def frame(body: bytes) -> bytes:
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def read_messages(data: bytes):
    import json
    messages = []
    while data:
        header, _, rest = data.partition(b"\r\n\r\n")
        length = int(header.split(b":")[1])
        messages.append(json.loads(rest[:length]))
        data = rest[length:]
    return messages


def test_malformed_messages_get_errors_and_eof_ends_the_server(book):
    stream = (frame(b'{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"rootUri":"' + book.as_uri().encode() + b'","capabilities":{}}}')
              + frame(b"{oops") + b"Content-Length: nope\r\n\r\n"
              + frame(b'{"jsonrpc":"2.0","id":2,"method":"textDocument/hover","params":{"textDocument":7}}')
              + frame(b'{"jsonrpc":"2.0","id":3,"method":"shutdown"}'))
    done = subprocess.run([INVOIC, "lsp"], input=stream, capture_output=True, timeout=60)
    messages = read_messages(done.stdout)
    assert [m.get("error", {}).get("code") for m in messages if "error" in m] == [-32700, -32700, -32602]
    assert done.returncode == 0  # EOF after shutdown


def test_a_client_that_vanishes_mid_request(book):
    server = subprocess.Popen([INVOIC, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    server.stdin.write(frame(b'{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"rootUri":"' + book.as_uri().encode() + b'","capabilities":{}}}'))
    server.stdin.write(b"Content-Length: 500\r\n\r\n{\"jsonrpc\":")  # half a request
    server.stdin.flush()
    server.stdout.close()  # nobody reads the answers any more
    server.stdin.close()
    assert server.wait(timeout=60) == 1  # EOF without shutdown: exit status 1, no crash (a signal is negative)


def test_exit_without_shutdown_is_status_1(book):
    stream = frame(b'{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}') + frame(b'{"jsonrpc":"2.0","method":"exit"}')
    done = subprocess.run([INVOIC, "lsp"], input=stream, capture_output=True, timeout=60, cwd=book)
    assert done.returncode == 1
