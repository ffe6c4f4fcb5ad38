#!/usr/bin/env python3
"""The web app's first hour, walked as a person would in a real headless Chromium (issue 37).

    scripts/web-walk.py URL --width 1280 --client ID --line "Description;quantity;unit;price[;tax]" (three)
                        --receive FILE [--english WORDS.json] [--shots DIR] [--timeout SECONDS]

The walk: the dashboard, "new invoice", the client, three lines (two "add line" round trips),
preview (the PDF must show inside the page), save, the document page (its PDF inside it), mark
sent, pay, the mail preview, the client's page, its file in the source editor, edited and saved,
the Purchases page, a received e-invoice uploaded through its form, the purchase's own page, the
purchase paid from the app, the diagnostics.

Every page is judged as it is shown: wider than the viewport (`scrollWidth` above --width: the
page scrolls sideways), a console error or warning, a Content-Security-Policy violation or any
load Chromium blocked, a label placeholder left unfilled (`{name}`), and, with --english, a word
of the given list (English words invoic knows, that the book's language does not use). Every
form is filled and submitted by the page itself (DOM events), so its Origin is the page's.

Prints one JSON object: {"pages": [{"name", "url", "overflow", "problems", "placeholders",
"english", ...}], "error": ...}. The whole walk is bounded by --timeout; the error then says
what it was waiting for. Exit 0 when the walk completed (the caller judges what it found),
2 when it could not.
"""
import argparse, json, os, re, shutil, sys, tempfile, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cdp import Browser, Timeout  # noqa: E402  (the DevTools client beside this script)


def js(value):
    return json.dumps(value)


# The page's text outside code: every text node not inside `code`, `pre`, `textarea` or `script`,
# and what the page's fields and links say in their attributes.
PROSE = """(function () {
  var walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT), node, out = [document.title];
  while ((node = walker.nextNode())) { if (!node.parentElement.closest('code, pre, textarea, script, style')) { out.push(node.nodeValue); } }
  document.querySelectorAll('[placeholder], [title], [aria-label]').forEach(function (e) {
    out.push(e.getAttribute('placeholder') || '', e.getAttribute('title') || '', e.getAttribute('aria-label') || ''); });
  return out.join(' ');
})()"""


# Whether the `<object>` of a PDF shows the PDF, not its fallback link: Chromium renders an
# object's children only when the object itself cannot show what it embeds (blocked, failed,
# not a type it can show).
PDF_SHOWN = """(function (selector) {
  var o = document.querySelector(selector);
  if (!o) { return {present: false}; }
  var fallback = o.querySelector('a');
  var box = o.getBoundingClientRect();
  return {present: true, data: o.getAttribute('data'), width: Math.round(box.width), height: Math.round(box.height),
          fallback_shown: !!(fallback && fallback.getClientRects().length > 0)};
})"""


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("url")
    parser.add_argument("--width", type=int, default=1280)
    parser.add_argument("--height", type=int, default=900)
    parser.add_argument("--client", required=True)
    parser.add_argument("--line", action="append", required=True, help="description;quantity;unit;price[;tax]")
    parser.add_argument("--receive", required=True, help="a received e-invoice to upload on the Purchases page")
    parser.add_argument("--english", help="a JSON list of words that must not appear (lower case)")
    parser.add_argument("--shots")
    parser.add_argument("--timeout", type=float, default=240)
    parser.add_argument("--chromium", default=shutil.which("chromium") or shutil.which("chromium-browser") or "chromium")
    options = parser.parse_args()
    base = options.url.rstrip("/")
    english = set(json.load(open(options.english, encoding="utf-8"))) if options.english else set()
    report = {"width": options.width, "pages": []}

    def look(browser, name, **checks):
        """What a person would see wrong on this page, and what the walk wants to know of it."""
        page = {"name": name, "url": browser.evaluate("location.pathname"), "title": browser.evaluate("document.title"),
                "lang": browser.evaluate("document.documentElement.lang"), "generation": browser.evaluate("document.body.dataset.generation"),
                "href": browser.evaluate("location.href"),
                # Against the width asked for: on a phone (mobile emulation) Chromium widens
                # the layout viewport to the content, so innerWidth grows with what overflows.
                "overflow": browser.evaluate(f"Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - {options.width}"),
                "header": browser.evaluate("!!document.querySelector('header.top nav a[href=\"/\"]')"),
                "notice": browser.evaluate("(document.querySelector('.notice') || {}).textContent || null"),
                "banner": browser.evaluate("(document.querySelector('.banner, .field-error') || {}).textContent || null")}
        text = browser.evaluate("document.title + '\\n' + document.body.innerText + '\\n' + "
                                "Array.from(document.querySelectorAll('[placeholder], [title], [aria-label]'))"
                                ".map(e => [e.getAttribute('placeholder'), e.getAttribute('title'), e.getAttribute('aria-label')].join(' ')).join(' ')")
        page["text"] = text
        page["placeholders"] = sorted(set(re.findall(r"\{[A-Za-z_][A-Za-z0-9_]*\}", text)))
        # The words a person reads as the app's: not a command or a file name (`<code>`, `<pre>`:
        # `invoic receive FILE`, diagnostics, which stay English as a compiler's do), not a path.
        prose = browser.evaluate(PROSE)
        page["english"] = sorted({word for token in prose.split() if "/" not in token and not re.search(r"\w\.\w", token)
                                  for word in re.findall(r"[A-Za-z][A-Za-z'’-]*[A-Za-z]", token) if word.lower() in english})
        page["problems"] = browser.problems + (browser.evaluate("window.__violations || []") or [])
        browser.problems = []
        for key, expression in checks.items():
            page[key] = browser.evaluate(expression)
        if options.shots:
            browser.screenshot(os.path.join(options.shots, f"{name}-{options.width}.png"))
        report["pages"].append(page)
        return page

    def pdf_shown(browser, selector, what):
        """Waits until the object's box is laid out, then tells whether the PDF or the fallback shows."""
        browser.until(f"!document.querySelector({js(selector)}) || document.querySelector({js(selector)}).getBoundingClientRect().height > 0",
                      f"the PDF of {what} to be laid out")
        return browser.evaluate(PDF_SHOWN + f"({js(selector)})")

    def click(browser, selector, what):
        if not browser.evaluate(f"!!document.querySelector({js(selector)})"):
            raise RuntimeError(f"no {what} ({selector}) on {browser.evaluate('location.pathname')}: "
                               + str(browser.evaluate("document.body.innerText.slice(0, 600)")))
        browser.submit(f"document.querySelector({js(selector)}).click()", what)

    with tempfile.TemporaryDirectory(prefix="invoic-walk-") as profile:
        browser = Browser(options.chromium, options.width, options.height, profile, deadline=time.time() + options.timeout)
        try:
            browser.open(options.width, options.height)
            browser.navigate(base + "/")
            look(browser, "dashboard")
            click(browser, 'a[href="/new/invoice"]', "the new-invoice form")
            look(browser, "form-empty")
            lines = [line.split(";") for line in options.line]
            for n, line in enumerate(lines, start=1):
                description, quantity, unit, price, tax = (line + [""])[:5]
                if n > 1:
                    click(browser, 'button[name="op"][value="add"]', f"the form with line {n}")
                fill = "".join(f"document.querySelector('[name=\"{field}.{n}\"]').value = {js(value)};"
                               for field, value in (("description", description), ("quantity", quantity), ("unit", unit), ("price", price), ("tax", tax)))
                if n == 1:
                    fill = f"document.getElementById('f-client').value = {js(options.client)};" + fill
                browser.evaluate(fill)
            click(browser, '.buttons button[value="preview"]', "the preview")
            preview = look(browser, "form-preview",
                           totals="Array.from(document.querySelectorAll('dl.figures dt, dl.figures dd')).map(e => e.textContent.trim())",
                           description_fits="Array.from(document.querySelectorAll('[name^=\"description.\"]')).every(e => e.scrollWidth <= e.clientWidth && e.scrollHeight <= e.clientHeight + 1)")
            preview["pdf"] = pdf_shown(browser, "object.pdf", "the preview")
            click(browser, '.buttons button[value="save"]', "the saved invoice's page")
            document = look(browser, "document", lines="Array.from(document.querySelectorAll('table.lines-shown tbody tr')).map(r => Array.from(r.cells).map(c => c.textContent.trim()))",
                            totals="Array.from(document.querySelectorAll('dl.figures dt, dl.figures dd')).map(e => e.textContent.trim())")
            document["pdf"] = pdf_shown(browser, "object.pdf", "the document page")
            click(browser, 'form[action$="/send"] button', "the invoice marked sent")
            look(browser, "document-sent")
            click(browser, 'form[action$="/pay"] button', "the invoice paid")
            look(browser, "document-paid", status="(document.querySelector('h1 .pill') || {}).className || null",
                 payments="Array.from(document.querySelectorAll('#payments')).map(e => e.textContent.trim())")
            click(browser, 'a[href$="/mail"]', "the mail preview")
            look(browser, "mail")
            browser.navigate(base + "/clients/" + options.client)
            look(browser, "client")
            click(browser, 'a[href^="/source?"]', "the client's file in the source editor")
            look(browser, "source")
            browser.evaluate("var t = document.getElementById('source-text'); t.value = t.value.replace(/\\s*$/, '') + '\\n# Notiz: Ansprechpartnerin Frau Nord\\n';"
                             "t.dispatchEvent(new Event('input'))")
            click(browser, 'form[action="/source"] button[type="submit"]', "the source saved")
            look(browser, "source-saved", saved="document.getElementById('source-text') ? document.getElementById('source-text').value.includes('# Notiz') : false")
            browser.navigate(base + "/purchases")
            look(browser, "purchases-empty")
            root = browser.call("DOM.getDocument")["root"]["nodeId"]
            field = browser.call("DOM.querySelector", nodeId=root, selector='form[action="/purchases"] input[type="file"]')["nodeId"]
            if not field:
                raise RuntimeError("the Purchases page has no file field")
            browser.call("DOM.setFileInputFiles", files=[os.path.abspath(options.receive)], nodeId=field)
            click(browser, 'form[action="/purchases"] button[type="submit"]', "the upload received")
            look(browser, "purchases")
            click(browser, 'a[href^="/purchases/view?"]', "the purchase's page")
            look(browser, "purchase", styled="getComputedStyle(document.body).fontFamily.indexOf('Times') < 0",
                 balance="(document.querySelector('#pay + dl.figures dd') || {}).textContent || null")
            # Typed as a German writes it: `235,62`.
            browser.evaluate("var a = document.querySelector('form[action=\"/purchases/pay\"] [name=\"amount\"]'); a.value = a.value.replace('.', ',')")
            click(browser, 'form[action="/purchases/pay"] button', "the purchase paid")
            look(browser, "purchase-paid", balance="(document.querySelector('#pay + dl.figures dd') || {}).textContent || null",
                 pay_form="!!document.querySelector('form[action=\"/purchases/pay\"]')")
            browser.navigate(base + "/diagnostics")
            look(browser, "diagnostics")
            browser.navigate(base + "/")
            look(browser, "dashboard-after")
        except (RuntimeError, OSError, Timeout) as error:
            report["error"] = str(error)
            print(json.dumps(report, indent=2, ensure_ascii=False))
            return 2
        finally:
            browser.close()
    print(json.dumps(report, indent=2, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
