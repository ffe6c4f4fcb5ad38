import Mustache

// The pages' HTML, as Mustache templates (swift-mustache): `{{value}}` is escaped for HTML,
// `{{{html}}}` is only ever a fragment rendered here. No JavaScript but the few lines of live
// reload, so every page works with scripts off. The stylesheet and the script are files of their
// own (/assets/), never inline, so the Content-Security-Policy allows no inline code at all.
enum Templates {
    static let library: MustacheLibrary = {
        var library = MustacheLibrary()
        for (name, text) in sources { try! library.register(text, named: name) }
        return library
    }()

    static func render(_ name: String, _ values: [String: Any]) -> String {
        library.render(values, withTemplate: name) ?? ""
    }

    static let sources: [(String, String)] = [("layout", layout), ("dashboard", dashboard), ("document", document), ("client", client),
                                               ("diagnostics", diagnostics), ("refused", refused)]

    /// /assets/invoic.css
    static let stylesheet = """
        :root { --ink: #1f2933; --muted: #596573; --line: #e4e7eb; --soft: #f5f7fa; --blue: #2457a6; --red: #b42318; --green: #1e7b4b; --orange: #9a5300; }
        * { box-sizing: border-box; }
        body { margin: 0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--ink); background: var(--soft); }
        header.top { background: #fff; border-bottom: 1px solid var(--line); }
        header.top div, main { max-width: 1120px; margin: 0 auto; padding: 14px 24px; }
        header.top div { display: flex; gap: 24px; align-items: baseline; flex-wrap: wrap; }
        header.top strong { font-size: 18px; }
        nav a { color: var(--muted); margin-right: 16px; text-decoration: none; }
        nav a:hover, nav a:focus { color: var(--blue); text-decoration: underline; }
        a { color: var(--blue); }
        .banner { background: #fdecea; color: var(--red); border: 1px solid #f5c2bd; border-radius: 8px; padding: 10px 14px; margin-bottom: 16px; }
        .notice { background: #e7f5ee; color: var(--green); border-radius: 8px; padding: 10px 14px; margin-bottom: 16px; }
        section { background: #fff; border: 1px solid var(--line); border-radius: 12px; padding: 18px 22px; margin-bottom: 18px; }
        h1 { font-size: 24px; margin: 4px 0 14px; } h2 { font-size: 17px; margin: 0 0 12px; }
        .cards { display: grid; grid-template-columns: repeat(auto-fit, minmax(200px, 1fr)); gap: 12px; }
        .card { border: 1px solid var(--line); border-radius: 10px; padding: 12px 16px; }
        .card .label { color: var(--muted); font-size: 13px; } .card .value { display: block; font-size: 22px; font-weight: 650; }
        .card.alert { background: #fdecea; border-color: #f5c2bd; } .card.alert .value { color: var(--red); }
        table { width: 100%; border-collapse: collapse; }
        th { text-align: left; color: var(--muted); font-weight: 500; font-size: 12px; text-transform: uppercase; letter-spacing: .04em; border-bottom: 1px solid #cfd5dc; padding: 6px 8px; }
        td { border-bottom: 1px solid var(--line); padding: 8px; vertical-align: top; }
        td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
        .pill { display: inline-block; padding: 1px 9px; border-radius: 999px; font-size: 12px; background: #eef1f4; color: var(--ink); }
        .pill.overdue { background: #fdecea; color: var(--red); } .pill.paid, .pill.accepted, .pill.converted { background: #e7f5ee; color: var(--green); }
        .pill.sent, .pill.partial { background: #e6eefa; color: var(--blue); } .pill.draft { background: #fdf0dc; color: var(--orange); }
        form.filters { display: flex; flex-wrap: wrap; gap: 8px; align-items: end; margin-bottom: 12px; }
        form.filters label { display: flex; flex-direction: column; font-size: 12px; color: var(--muted); }
        input, select, button { font: inherit; padding: 5px 8px; border: 1px solid #cfd5dc; border-radius: 6px; background: #fff; color: var(--ink); }
        button { background: var(--blue); color: #fff; border-color: var(--blue); cursor: pointer; }
        .actions form { display: inline-flex; gap: 6px; align-items: end; margin: 0 12px 10px 0; flex-wrap: wrap; }
        .actions label { display: flex; flex-direction: column; font-size: 12px; color: var(--muted); }
        pre { white-space: pre-wrap; font: 13px/1.45 ui-monospace, Menlo, monospace; background: var(--soft); padding: 12px; border-radius: 8px; }
        object.pdf { width: 100%; height: 900px; border: 1px solid var(--line); border-radius: 8px; }
        svg.chart rect { fill: var(--blue); } svg.chart text { fill: var(--muted); font-size: 11px; }
        dl.figures { display: grid; grid-template-columns: max-content max-content; gap: 4px 24px; margin: 0; }
        dl.figures dt { color: var(--muted); } dl.figures dd { margin: 0; text-align: right; font-variant-numeric: tabular-nums; }
        .muted { color: var(--muted); } .light { font-weight: 400; } dl.figures.spaced { margin-top: 14px; }
        """

    /// /assets/live.js: once the page has loaded, wait for the book to change, then show the new page.
    static let liveReload = """
        function wait() {
          var generation = document.body.dataset.generation;
          fetch("/changes?since=" + encodeURIComponent(generation)).then(function (r) { return r.text(); })
            .then(function (t) { if (t.trim() !== generation) { location.reload(); } else { wait(); } })
            .catch(function () { setTimeout(wait, 2000); });
        }
        window.addEventListener("load", function () { setTimeout(wait, 300); });

        """

    static let layout = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>{{title}} · {{business}}</title>
        <link rel="stylesheet" href="/assets/invoic.css">
        </head>
        <body data-generation="{{generation}}">
        <header class="top"><div><strong>{{business}}</strong>
        <nav aria-label="Book"><a href="/">Dashboard</a><a href="/diagnostics">Diagnostics{{#hasDiagnostics}} ({{diagnosticCount}}){{/hasDiagnostics}}</a><a href="/index.json">index.json</a></nav>
        <span class="muted">as of {{today}}{{#readOnly}} · read-only{{/readOnly}}</span></div></header>
        <main>
        {{#hasErrors}}<p class="banner" role="alert">The book has {{errorCount}} error(s): <a href="/diagnostics">see the diagnostics</a>. Nothing is sent or built until they are fixed.</p>{{/hasErrors}}
        {{#done}}<p class="notice" role="status">{{done}}</p>{{/done}}
        {{{content}}}
        </main>
        <script src="/assets/live.js"></script>
        </body>
        </html>
        """

    static let dashboard = """
        <h1>Dashboard</h1>
        {{#cards}}<section aria-labelledby="cards-{{currency}}"><h2 id="cards-{{currency}}">{{currency}}</h2><div class="cards">
        <div class="card"><span class="label">Outstanding</span><span class="value">{{outstanding}}</span>{{outstandingCount}} open</div>
        <div class="card{{#isOverdue}} alert{{/isOverdue}}"><span class="label">Overdue</span><span class="value">{{overdue}}</span>{{overdueCount}} invoices</div>
        <div class="card"><span class="label">Paid this month</span><span class="value">{{paid}}</span></div>
        <div class="card"><span class="label">Drafts</span><span class="value">{{drafts}}</span></div>
        </div></section>{{/cards}}
        {{#hasAging}}<section aria-labelledby="aging"><h2 id="aging">Aged receivables</h2><table><thead><tr><th scope="col">Client</th><th scope="col" class="num">Current</th><th scope="col" class="num">1–30</th><th scope="col" class="num">31–60</th><th scope="col" class="num">61–90</th><th scope="col" class="num">Over 90</th></tr></thead><tbody>
        {{#aging}}<tr><td><a href="/clients/{{id}}">{{name}}</a></td>{{#buckets}}<td class="num">{{.}}</td>{{/buckets}}</tr>{{/aging}}</tbody></table></section>{{/hasAging}}
        {{#chart}}<section aria-labelledby="income"><h2 id="income">Income by month ({{currency}})</h2>{{{svg}}}</section>{{/chart}}
        <section aria-labelledby="documents"><h2 id="documents">Documents <span class="muted light">newest first</span></h2>
        <form class="filters" method="get" action="/" role="search">
        <label>Search<input type="search" name="q" value="{{filter.q}}" placeholder="number or client"></label>
        <label>Status<select name="status"><option value="">any</option>{{#statuses}}<option{{#selected}} selected{{/selected}}>{{name}}</option>{{/statuses}}</select></label>
        <label>Client<select name="client"><option value="">any</option>{{#clients}}<option value="{{id}}"{{#selected}} selected{{/selected}}>{{name}}</option>{{/clients}}</select></label>
        <label>Project<input name="project" value="{{filter.project}}"></label>
        <label>Category<input name="category" value="{{filter.category}}"></label>
        <label>Year<input name="year" value="{{filter.year}}" size="5" inputmode="numeric"></label>
        <button type="submit">Filter</button> <a href="/">clear</a>
        </form>
        <table><thead><tr><th scope="col">Number</th><th scope="col">Client</th><th scope="col">Issued</th><th scope="col">Due</th><th scope="col" class="num">Total</th><th scope="col" class="num">Due amount</th><th scope="col">Status</th></tr></thead><tbody>
        {{#documents}}<tr><td><a href="/documents/{{number}}">{{number}}</a></td><td><a href="/clients/{{clientID}}">{{client}}</a></td><td>{{issued}}</td><td>{{due}}</td><td class="num">{{total}}</td><td class="num">{{balance}}</td><td><span class="pill {{status}}">{{status}}</span></td></tr>{{/documents}}
        {{^documents}}<tr><td colspan="7">No document fits.</td></tr>{{/documents}}
        </tbody></table></section>
        {{#newInvoice}}<section aria-labelledby="new"><h2 id="new">New document</h2><div class="actions">
        <p><a href="/new/invoice">New invoice</a> · <a href="/new/estimate">New estimate</a></p>
        </div></section>{{/newInvoice}}
        """

    static let document = """
        <h1>{{kind}} {{number}} <span class="pill {{status}}">{{status}}</span></h1>
        <section aria-labelledby="figures"><h2 id="figures">Figures</h2>
        <p><a href="/clients/{{clientID}}">{{client}}</a> · issued {{issued}}{{#due}} · due {{due}}{{/due}}{{#file}} · <code>{{file}}</code> · <a href="{{sourceLink}}">Edit source</a>{{/file}}{{#editLink}} · <a href="{{editLink}}">Edit draft</a>{{/editLink}}</p>
        <table><thead><tr><th scope="col">Description</th><th scope="col" class="num">Quantity</th><th scope="col" class="num">Price</th><th scope="col" class="num">Amount</th></tr></thead><tbody>
        {{#lines}}<tr><td>{{description}}</td><td class="num">{{quantity}}</td><td class="num">{{price}}</td><td class="num">{{amount}}</td></tr>{{/lines}}
        </tbody></table>
        <dl class="figures spaced">{{#totals}}<dt>{{label}}</dt><dd>{{value}}</dd>{{/totals}}</dl>
        </section>
        {{#hasPayments}}<section aria-labelledby="payments"><h2 id="payments">Payments</h2><table><thead><tr><th scope="col">Date</th><th scope="col" class="num">Amount</th><th scope="col">Method</th><th scope="col">Reference</th></tr></thead><tbody>
        {{#payments}}<tr><td>{{date}}</td><td class="num">{{amount}}</td><td>{{method}}</td><td>{{reference}}</td></tr>{{/payments}}
        </tbody></table></section>{{/hasPayments}}
        {{#actions}}<section aria-labelledby="actions"><h2 id="actions">Record</h2><div class="actions">
        {{#send}}<form method="post" action="/documents/{{number}}/send"><input type="hidden" name="csrf" value="{{csrf}}"><label>Date<input type="date" name="date" value="{{today}}"></label><button type="submit">Sent</button></form>{{/send}}
        {{#pay}}<form method="post" action="/documents/{{number}}/pay"><input type="hidden" name="csrf" value="{{csrf}}"><label>Amount<input name="amount" value="{{balance}}" size="10" required></label><label>Date<input type="date" name="date" value="{{today}}"></label><label>Method<select name="method"><option>bank_transfer</option><option>card</option><option>cash</option><option>check</option><option>other</option></select></label><button type="submit">Paid</button></form>{{/pay}}
        {{#accept}}<form method="post" action="/documents/{{number}}/accept"><input type="hidden" name="csrf" value="{{csrf}}"><label>Date<input type="date" name="date" value="{{today}}"></label><button type="submit">Accepted</button></form>
        <form method="post" action="/documents/{{number}}/decline"><input type="hidden" name="csrf" value="{{csrf}}"><label>Date<input type="date" name="date" value="{{today}}"></label><button type="submit">Declined</button></form>{{/accept}}
        {{#convert}}<form method="post" action="/documents/{{number}}/convert"><input type="hidden" name="csrf" value="{{csrf}}"><button type="submit">Convert to an invoice</button></form>{{/convert}}
        {{#refund}}<form method="post" action="/documents/{{number}}/refund"><input type="hidden" name="csrf" value="{{csrf}}"><label>Amount<input name="amount" value="{{refundAmount}}" size="10" required></label><label>Date<input type="date" name="date" value="{{today}}"></label><label>Method<select name="method"><option>bank_transfer</option><option>card</option><option>cash</option><option>check</option><option>other</option></select></label><button type="submit">Refunded</button></form>{{/refund}}
        {{#credit}}<form method="post" action="/documents/{{number}}/credit"><input type="hidden" name="csrf" value="{{csrf}}"><label>Reason<input name="reason" required></label><button type="submit">Credit note</button></form>{{/credit}}
        {{#void}}<form method="post" action="/documents/{{number}}/void"><input type="hidden" name="csrf" value="{{csrf}}"><label>Reason<input name="reason" required></label><button type="submit">Void</button></form>{{/void}}
        </div></section>{{/actions}}
        <section aria-labelledby="history"><h2 id="history">History</h2>{{#history}}<pre>{{history}}</pre>{{/history}}{{^history}}<p>Not in a git repository, or not committed yet.</p>{{/history}}</section>
        <section aria-labelledby="pdf"><h2 id="pdf">PDF</h2>{{#pdf}}<object class="pdf" data="/documents/{{number}}.pdf" type="application/pdf" aria-label="PDF of {{number}}"><a href="/documents/{{number}}.pdf">{{number}}.pdf</a></object>{{/pdf}}{{^pdf}}<p>No PDF while the book has errors.</p>{{/pdf}}</section>
        """

    static let client = """
        <h1>{{name}}</h1>
        <section aria-labelledby="balance"><h2 id="balance">Balance</h2><dl class="figures">{{#balances}}<dt>Outstanding ({{currency}})</dt><dd>{{outstanding}}</dd><dt>Invoiced</dt><dd>{{invoiced}}</dd><dt>Paid</dt><dd>{{paid}}</dd>{{/balances}}</dl>
        <p>{{#email}}{{email}} · {{/email}}<code>{{file}}</code> · <a href="{{sourceLink}}">Edit source</a></p>
        <p><a href="/clients/{{id}}/statement.pdf">Statement of account (PDF)</a>: every open invoice with its payments, credit notes and refunds, and the balance.</p></section>
        <section aria-labelledby="documents"><h2 id="documents">Documents</h2><table><thead><tr><th scope="col">Number</th><th scope="col">Issued</th><th scope="col" class="num">Total</th><th scope="col" class="num">Due amount</th><th scope="col">Status</th></tr></thead><tbody>
        {{#documents}}<tr><td><a href="/documents/{{number}}">{{number}}</a></td><td>{{issued}}</td><td class="num">{{total}}</td><td class="num">{{balance}}</td><td><span class="pill {{status}}">{{status}}</span></td></tr>{{/documents}}
        </tbody></table></section>
        """

    static let diagnostics = """
        <h1>Diagnostics</h1>
        <section aria-labelledby="found"><h2 id="found">{{summary}}</h2>{{#text}}<pre>{{text}}</pre>{{/text}}{{^text}}<p>Nothing to report: the book checks clean.</p>{{/text}}</section>
        """

    static let refused = """
        <h1>Not written</h1>
        <section aria-labelledby="why"><h2 id="why">{{message}}</h2>{{#text}}<pre>{{text}}</pre>{{/text}}<p><a href="{{back}}">Back</a></p></section>
        """
}
