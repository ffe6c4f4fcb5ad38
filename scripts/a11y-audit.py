#!/usr/bin/env python3
"""Audits HTML pages for accessibility with axe-core in a real headless Chromium.

    scripts/a11y-audit.py [--axe .build/axe/axe.min.js] PAGE.html...

Each page is copied beside axe.min.js with two script tags added before </body> (the page itself
is not touched), loaded by `chromium --headless`, and axe's WCAG 2.x A/AA and best-practice rules
run over the rendered DOM. The violations come back in the dumped DOM and are printed as JSON,
one object per page. Exit status: 0 no violations, 1 violations, 2 the audit itself failed.
"""
import argparse, html, json, os, re, shutil, subprocess, sys, tempfile

RUNNER = """
<script src="axe.min.js"></script>
<script>
axe.run(document, {resultTypes: ["violations"],
                   runOnly: {type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]}})
  .then(function (r) { report({violations: r.violations.map(function (v) {
      return {id: v.id, impact: v.impact, help: v.help,
              nodes: v.nodes.map(function (n) { return {target: n.target.join(" "), summary: n.failureSummary}; })};
    })}); })
  .catch(function (e) { report({error: String(e)}); });
function report(result) {
  var pre = document.createElement("pre");
  pre.id = "axe-audit-result";
  pre.textContent = JSON.stringify(result);
  document.documentElement.appendChild(pre);
}
</script>
"""


def audit(page, axe, chromium):
    with tempfile.TemporaryDirectory(prefix="invoic-a11y-") as work:
        shutil.copy(axe, os.path.join(work, "axe.min.js"))
        text = open(page, encoding="utf-8").read()
        at = text.rfind("</body>")
        text = text[:at] + RUNNER + text[at:] if at >= 0 else text + RUNNER
        target = os.path.join(work, "page.html")
        open(target, "w", encoding="utf-8").write(text)
        command = [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                   "--user-data-dir=" + os.path.join(work, "profile"),
                   "--virtual-time-budget=30000", "--dump-dom", "file://" + target]
        done = subprocess.run(command, capture_output=True, text=True, timeout=180)
        found = re.search(r'<pre id="axe-audit-result">(.*?)</pre>', done.stdout, re.S)
        if not found:
            raise RuntimeError(f"{page}: axe produced no result (chromium exit {done.returncode}): {done.stderr[-800:]}")
        result = json.loads(html.unescape(found.group(1)))
        if "error" in result:
            raise RuntimeError(f"{page}: axe failed: {result['error']}")
        return result["violations"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--axe", default=os.path.join(os.path.dirname(__file__), "..", ".build", "axe", "axe.min.js"))
    parser.add_argument("--chromium", default=shutil.which("chromium") or shutil.which("chromium-browser") or "chromium")
    parser.add_argument("pages", nargs="+")
    options = parser.parse_args()
    if not os.path.exists(options.axe):
        print(f"a11y-audit: {options.axe} is missing; run scripts/axe-core.sh", file=sys.stderr)
        return 2
    results, failed = [], False
    try:
        for page in options.pages:
            violations = audit(page, options.axe, options.chromium)
            failed = failed or bool(violations)
            results.append({"page": page, "violations": violations})
    except (RuntimeError, OSError, subprocess.TimeoutExpired) as error:
        print(f"a11y-audit: {error}", file=sys.stderr)
        return 2
    print(json.dumps(results, indent=2, ensure_ascii=False))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
