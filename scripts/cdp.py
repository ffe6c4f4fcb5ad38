"""A headless Chromium driven over the DevTools protocol, with Python's standard library only.

Chromium is started with --remote-debugging-pipe: it reads our messages on its fd 3 and writes
its own on fd 4, each a JSON object ending in NUL, so no websocket is needed. Used by
scripts/web-form-drive.py and scripts/web-walk.py.

Every read is bounded by one deadline for the whole run (`Browser(..., deadline=...)`): a page
that never loads, a dialog nobody answers or a hung server ends in `Timeout` naming what was
awaited, never in a hang.

What the page says to its console, what Chromium logs for it (a Content-Security-Policy
violation, a failed load, `net::ERR_BLOCKED_BY_CSP`) and the `securitypolicyviolation` events of
every document are collected in `Browser.problems` as they arrive, whatever the walk is waiting
for at the time.
"""
import base64, json, os, select, subprocess, time


class Timeout(RuntimeError):
    pass


# Runs in every document before its own scripts (injected by the protocol, so the page's CSP
# does not apply to it): records the CSP violations the document meets, the blocked `<object>`
# of a PDF among them, which the console does not always tell.
VIOLATIONS = """
window.__violations = [];
document.addEventListener('securitypolicyviolation', function (e) {
  window.__violations.push(e.violatedDirective + ' blocked ' + (e.blockedURI || 'inline') + ' on ' + location.pathname);
  console.error('CSP: ' + e.violatedDirective + ' blocked ' + (e.blockedURI || 'inline'));
});
"""


class Browser:
    def __init__(self, chromium, width, height, profile, deadline=None):
        read_ours, write_theirs = os.pipe()   # we read what Chromium writes on its fd 4
        read_theirs, write_ours = os.pipe()   # Chromium reads our messages on its fd 3

        def wire():
            # Chromium's ends on fds 3 and 4; every other pipe end is close-on-exec, so
            # close_fds=False keeps only these. (dup2 onto itself keeps close-on-exec: say so.)
            os.dup2(read_theirs, 3)
            os.dup2(write_theirs, 4)
            os.set_inheritable(3, True)
            os.set_inheritable(4, True)

        self.process = subprocess.Popen(
            [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--no-default-browser-check",
             "--remote-debugging-pipe", f"--user-data-dir={profile}", f"--window-size={width},{height}", "about:blank"],
            preexec_fn=wire, close_fds=False, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        os.close(read_theirs)
        os.close(write_theirs)
        self.inbox, self.outbox = os.fdopen(read_ours, "rb", buffering=0), os.fdopen(write_ours, "wb", buffering=0)
        self.buffer, self.next_id, self.events, self.session = b"", 0, [], None
        self.deadline = deadline if deadline is not None else time.time() + 600
        self.problems = []
        self.waiting = "the browser to start"

    def _read(self):
        while b"\0" not in self.buffer:
            left = self.deadline - time.time()
            if left <= 0 or not select.select([self.inbox], [], [], left)[0]:
                raise Timeout(f"timed out waiting for {self.waiting}")
            chunk = self.inbox.read(1 << 16)
            if not chunk:
                raise RuntimeError("Chromium closed the DevTools pipe: " + self.process.stderr.read().decode(errors="replace")[-800:])
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        message = json.loads(message)
        self._note(message)
        return message

    def _note(self, message):
        """Keeps what the page or Chromium reports as wrong, from whichever event it comes."""
        method, params = message.get("method"), message.get("params", {})
        if method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "warning", "assert"):
            text = " ".join(str(arg.get("value", arg.get("description", ""))) for arg in params.get("args", []))
            self.problems.append(f"console.{params['type']}: {text}")
        elif method == "Runtime.exceptionThrown":
            details = params.get("exceptionDetails", {})
            self.problems.append("uncaught: " + details.get("exception", {}).get("description", details.get("text", "")))
        elif method == "Log.entryAdded":
            entry = params.get("entry", {})
            if entry.get("level") in ("error", "warning") or entry.get("source") == "security":
                self.problems.append(f"log ({entry.get('source')}, {entry.get('level')}): {entry.get('text')} {entry.get('url', '')}".strip())
        elif method == "Network.loadingFailed" and params.get("blockedReason"):
            self.problems.append(f"blocked ({params['blockedReason']}): {params.get('errorText', '')}")
        elif method == "Page.javascriptDialogOpening":
            self.problems.append(f"dialog: {params.get('message')}")

    def call(self, method, session=True, **params):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params}
        if session and self.session:
            message["sessionId"] = self.session
        self.outbox.write(json.dumps(message).encode() + b"\0")
        waiting, self.waiting = self.waiting, f"the answer to {method}"
        try:
            while True:
                answer = self._read()
                if answer.get("id") == self.next_id:
                    if "error" in answer:
                        raise RuntimeError(f"{method}: {answer['error']}")
                    return answer.get("result", {})
                self.events.append(answer)
        finally:
            self.waiting = waiting

    def wait_for(self, method, what=None):
        """The next event `method`, within the run's deadline; `what` says what it means, for the timeout."""
        self.waiting = what or method
        while True:
            for index, event in enumerate(self.events):
                if event.get("method") == method:
                    del self.events[:index + 1]
                    return event
            self.events.append(self._read())

    def open(self, width, height):
        target = self.call("Target.createTarget", session=False, url="about:blank")["targetId"]
        self.session = self.call("Target.attachToTarget", session=False, targetId=target, flatten=True)["sessionId"]
        for domain in ("Page.enable", "Runtime.enable", "Log.enable", "Network.enable"):
            self.call(domain)
        self.call("Page.addScriptToEvaluateOnNewDocument", source=VIOLATIONS)
        self.resize(width, height)

    def resize(self, width, height):
        self.call("Emulation.setDeviceMetricsOverride", width=width, height=height, deviceScaleFactor=1, mobile=width < 600)

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"page script failed: {result['exceptionDetails'].get('exception', {}).get('description', result['exceptionDetails'])}")
        return result["result"].get("value")

    def until(self, expression, what, settling=False):
        """Waits, within the deadline, until `expression` is true in the page (polled every 50 ms).
        With `settling`, a page going away meanwhile (its context destroyed) is waited out."""
        self.waiting = what
        while True:
            try:
                if self.evaluate(expression):
                    return
            except RuntimeError:
                if not settling:
                    raise
            if time.time() > self.deadline:
                raise Timeout(f"timed out waiting for {what}")
            time.sleep(0.05)

    # The page the walk is on carries this mark; the next page, a new document, does not. So
    # "the next page has loaded" is a condition on the page itself, never a load event that
    # might be the last page's, arriving late.
    MARK = "window.__invoicWalkMark"

    def _next_page(self, what):
        self.until(f"!{self.MARK} && document.readyState === 'complete'", what, settling=True)

    def navigate(self, url):
        self.evaluate(f"{self.MARK} = true")
        self.call("Page.navigate", url=url)
        self._next_page(f"{url} to load")

    def submit(self, expression, what="the next page"):
        """Runs `expression` (which clicks a submit button) and waits for the next page."""
        self.evaluate(f"{self.MARK} = true")
        self.evaluate(expression)
        self._next_page(what)

    def screenshot(self, path):
        data = self.call("Page.captureScreenshot", format="png", captureBeyondViewport=True)["data"]
        with open(path, "wb") as file:
            file.write(base64.b64decode(data))

    def close(self):
        self.deadline = max(self.deadline, time.time() + 20)
        try:
            self.call("Browser.close", session=False)
        except (RuntimeError, OSError):
            pass
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
