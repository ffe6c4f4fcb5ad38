#!/usr/bin/env python3
"""Writes a new invoice through `invoic serve`'s form as a person would, in a real headless Chromium.

    scripts/web-form-drive.py URL --width 390 --client ID | --new-client ID NAME
                              --line "Description;quantity;price" (three times, or more)
                              [--axe axe.min.js] [--shots DIR]

Chromium is driven over the DevTools protocol on a pipe (scripts/cdp.py), so nothing beyond
Python's standard library is needed. The page is
loaded from the server itself, as the user loads it, so its forms carry the server's origin.

The walk: the dashboard, its "new invoice" link, the client (or a new one inline), the first
line, "add line" (a real submit: the form works without script), the next lines, "preview"
(totals and a PDF beside the form), "save"; then the document page it lands on, its PDF fetched
by the page, the draft opened again in the form, its first line changed and saved, and the
dashboard again.
At every page: whether anything is cut off at this width (the page scrolls sideways), and, with
--axe, axe-core's WCAG A/AA violations. Prints one JSON object; exit 0 when the walk completed
(the caller judges what it found), 2 when the browser or the page failed.
"""
import argparse, json, os, shutil, sys, tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cdp import Browser  # noqa: E402  (the DevTools client beside this script)


def js(value):
    return json.dumps(value)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("url", help="the server's address, e.g. http://127.0.0.1:18080/")
    parser.add_argument("--width", type=int, default=1280)
    parser.add_argument("--height", type=int, default=900)
    parser.add_argument("--client")
    parser.add_argument("--new-client", nargs=2, metavar=("ID", "NAME"))
    parser.add_argument("--line", action="append", required=True, help="description;quantity;price")
    parser.add_argument("--field", action="append", default=[], metavar="NAME=VALUE", help="another field of the form, e.g. buyer_reference=PO-1")
    parser.add_argument("--axe")
    parser.add_argument("--shots")
    parser.add_argument("--chromium", default=shutil.which("chromium") or shutil.which("chromium-browser") or "chromium")
    options = parser.parse_args()
    base = options.url.rstrip("/")
    axe = open(options.axe, encoding="utf-8").read() if options.axe else None
    report = {"width": options.width, "pages": []}

    def look(browser, name):
        """What a person would see wrong on this page: sideways scrolling, and axe's findings."""
        page = {"name": name, "url": browser.evaluate("location.pathname"),
                "title": browser.evaluate("document.title"),
                "lang": browser.evaluate("document.documentElement.lang"),
                # Against the width asked for: on a phone (mobile emulation) Chromium widens the
                # layout viewport to the content, so clientWidth grows with what overflows.
                "overflow": browser.evaluate(f"Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - {options.width}")}
        if axe:
            browser.evaluate(axe + "\n;0")
            page["axe"] = browser.evaluate("""axe.run(document, {resultTypes: ["violations"],
                runOnly: {type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]}})
                .then(r => r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
                    nodes: v.nodes.map(n => n.target.join(" "))})))""")
        if options.shots:
            browser.screenshot(os.path.join(options.shots, f"{name}-{options.width}.png"))
        report["pages"].append(page)
        return page

    with tempfile.TemporaryDirectory(prefix="invoic-form-") as profile:
        browser = Browser(options.chromium, options.width, options.height, profile)
        try:
            browser.open(options.width, options.height)
            browser.navigate(base + "/")
            look(browser, "dashboard-before")
            # The link a person clicks, found by where it goes, not by its words (they are the book's language).
            browser.submit("document.querySelector('a[href=\"/new/invoice\"]').click()")
            look(browser, "form-empty")
            lines = [line.split(";") for line in options.line]

            def fill(n, line):
                description, quantity, price = line
                return (f"document.querySelector('[name=\"description.{n}\"]').value = {js(description)};"
                        f"document.querySelector('[name=\"quantity.{n}\"]').value = {js(quantity)};"
                        f"document.querySelector('[name=\"price.{n}\"]').value = {js(price)};")

            who = ""
            if options.new_client:
                ident, name = options.new_client
                who = (f"var s = document.getElementById('f-client'); s.value = '+new'; s.dispatchEvent(new Event('change'));"
                       f"document.querySelector('[name=\"new_client_id\"]').value = {js(ident)};"
                       f"document.querySelector('[name=\"new_client_name\"]').value = {js(name)};")
            elif options.client:
                if not browser.evaluate(f"!!document.querySelector('#f-client option[value=' + {js(js(options.client))} + ']')"):
                    raise RuntimeError(f"the form offers no client {options.client}")
                who = f"document.getElementById('f-client').value = {js(options.client)};"
            for field in options.field:
                name, _, value = field.partition("=")
                who += f"document.querySelector('[name=' + {js(js(name))} + ']').value = {js(value)};"
            for n, line in enumerate(lines, start=1):
                if n > 1:
                    # Each added line is a round trip: the server renders the form with one more row.
                    browser.submit("document.querySelector('button[name=\"op\"][value=\"add\"]').click()")
                    if browser.evaluate(f"!!document.querySelector('[name=\"description.{n}\"]')") is not True:
                        raise RuntimeError(f"'add line' did not give a line {n}: " + str(browser.evaluate("location.pathname + ': ' + document.body.innerText.slice(0, 400)")))
                browser.evaluate((who if n == 1 else "") + fill(n, line))
            browser.submit("document.querySelector('.buttons button[value=\"preview\"]').click()")
            preview = look(browser, "form-preview")
            preview["totals"] = browser.evaluate("Array.from(document.querySelectorAll('dl.figures dt, dl.figures dd')).map(e => e.textContent.trim())")
            preview["errors"] = browser.evaluate("Array.from(document.querySelectorAll('.field-error, .banner')).map(e => e.textContent.trim())")
            preview["pdf"] = browser.evaluate("""(function () { var o = document.querySelector('object.preview'); if (!o) { return null; }
                return fetch(o.data).then(r => r.arrayBuffer().then(b => ({status: r.status, type: r.headers.get('content-type'),
                    magic: String.fromCharCode.apply(null, new Uint8Array(b.slice(0, 5)))}))); })()""")
            browser.submit("document.querySelector('.buttons button[value=\"save\"]').click()")
            saved = look(browser, "document")
            saved["heading"] = browser.evaluate("document.querySelector('h1') && document.querySelector('h1').textContent.trim()")
            saved["text"] = browser.evaluate("document.body.innerText")
            pdf = browser.evaluate("(document.querySelector('a[href$=\".pdf\"]') || {}).href || null")
            report["pdf_url"] = pdf
            if pdf:
                # Fetched by the page, as its link would be: the server's answer to the browser.
                report["pdf_head"] = browser.evaluate(f"""fetch({js(pdf)}).then(r => r.arrayBuffer().then(b =>
                    ({{status: r.status, type: r.headers.get('content-type'), bytes: b.byteLength,
                      magic: String.fromCharCode.apply(null, new Uint8Array(b.slice(0, 5)))}})))""")
            # A draft opens in the same form: change its first line and save again.
            browser.submit("document.querySelector('a[href^=\"/edit/\"]').click()")
            edit = look(browser, "form-edit")
            edit["first_line"] = browser.evaluate("document.querySelector('[name=\"description.1\"]').value")
            browser.evaluate(f"document.querySelector('[name=\"description.1\"]').value += {js(' (revised)')}")
            browser.submit("document.querySelector('.buttons button[value=\"save\"]').click()")
            revised = look(browser, "document-revised")
            revised["text"] = browser.evaluate("document.body.innerText")
            browser.navigate(base + "/")
            after = look(browser, "dashboard-after")
            after["text"] = browser.evaluate("document.body.innerText")
        except (RuntimeError, OSError) as error:
            report["error"] = str(error)
            print(json.dumps(report, indent=2, ensure_ascii=False))
            return 2
        finally:
            browser.close()
    print(json.dumps(report, indent=2, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
