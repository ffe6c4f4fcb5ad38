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
                                               ("diagnostics", diagnostics), ("refused", refused), ("mail", mail)]

    /// /assets/invoic.css
    static let stylesheet = """
        :root { --ink: #1f2933; --muted: #596573; --line: #e4e7eb; --soft: #f5f7fa; --blue: #2457a6; --red: #b42318; --green: #1e7b4b; --orange: #9a5300; }
        * { box-sizing: border-box; }
        body { margin: 0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--ink); background: var(--soft); }
        header.top { background: #fff; border-bottom: 1px solid var(--line); }
        header.top div, main { max-width: 1120px; margin: 0 auto; padding: 14px 24px; }
        header.top div { display: flex; gap: 24px; align-items: baseline; flex-wrap: wrap; }
        header.top strong { font-size: 18px; }
        /* The links wrap on a narrow screen: the longest word ("Eingangsrechnungen") stays on one line of its own, never past the edge. */
        nav { display: flex; flex-wrap: wrap; gap: 2px 16px; min-width: 0; }
        nav a { color: var(--muted); text-decoration: none; }
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
        th { text-align: left; white-space: nowrap; color: var(--muted); font-weight: 500; font-size: 12px; text-transform: uppercase; letter-spacing: .04em; border-bottom: 1px solid #cfd5dc; padding: 6px 8px; }
        td { border-bottom: 1px solid var(--line); padding: 8px; vertical-align: top; }
        td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
        .nowrap, .amount { white-space: nowrap; } .scroll { overflow-x: auto; max-width: 100%; }
        ul.outputs { margin: 0; padding-left: 18px; } ul.outputs li { margin: 4px 0; overflow-wrap: anywhere; }
        .pill { display: inline-block; white-space: nowrap; padding: 1px 9px; border-radius: 999px; font-size: 12px; background: #eef1f4; color: var(--ink); }
        .pill.overdue { background: #fdecea; color: var(--red); } .pill.paid, .pill.accepted, .pill.converted { background: #e7f5ee; color: var(--green); }
        .pill.sent, .pill.partial { background: #e6eefa; color: var(--blue); } .pill.draft { background: #fdf0dc; color: var(--orange); }
        .pill.cdar.warn { background: #fdecea; color: var(--red); } .pill.cdar.s205, .pill.cdar.s211, .pill.cdar.s212 { background: #e7f5ee; color: var(--green); }
        form.filters { display: flex; flex-wrap: wrap; gap: 8px; align-items: end; margin-bottom: 12px; }
        form.filters label { display: flex; flex-direction: column; font-size: 12px; color: var(--muted); }
        input, select, button { font: inherit; padding: 5px 8px; border: 1px solid #cfd5dc; border-radius: 6px; background: #fff; color: var(--ink); }
        button { background: var(--blue); color: #fff; border-color: var(--blue); cursor: pointer; }
        a.button { display: inline-block; padding: 6px 12px; border: 1px solid var(--blue); border-radius: 6px; background: var(--blue); color: #fff; text-decoration: none; }
        a.button.secondary { background: #fff; color: var(--blue); } .new-links { display: flex; flex-wrap: wrap; gap: 8px; margin: 0 0 14px; }
        .actions form { display: inline-flex; gap: 6px; align-items: end; margin: 0 12px 10px 0; flex-wrap: wrap; }
        .actions label { display: flex; flex-direction: column; font-size: 12px; color: var(--muted); }
        pre { white-space: pre-wrap; overflow-wrap: anywhere; font: 13px/1.45 ui-monospace, Menlo, monospace; background: var(--soft); padding: 12px; border-radius: 8px; }
        object.pdf { width: 100%; height: 900px; border: 1px solid var(--line); border-radius: 8px; }
        svg.chart { display: block; } svg.chart rect { fill: var(--blue); } svg.chart text { fill: var(--muted); font-size: 11px; }
        svg.chart text.amount { fill: var(--ink); font-variant-numeric: tabular-nums; }
        dl.figures { display: grid; grid-template-columns: max-content max-content; gap: 4px 24px; margin: 0; }
        dl.figures dt { color: var(--muted); } dl.figures dd { margin: 0; text-align: right; font-variant-numeric: tabular-nums; }
        dl.figures dd { white-space: nowrap; } 
        .muted { color: var(--muted); } .light { font-weight: 400; } dl.figures.spaced { margin-top: 14px; }
        @media (max-width: 640px) {
          header.top div, main { padding: 10px 12px; } header.top div { gap: 6px 16px; }
          section { padding: 12px; border-radius: 10px; } h1 { font-size: 20px; }
          .cards { grid-template-columns: repeat(auto-fit, minmax(150px, 1fr)); gap: 8px; } .card { padding: 10px 12px; } .card .value { font-size: 19px; }
          th, td { padding: 6px 5px; } form.filters label { flex: 1 1 40%; } form.filters input, form.filters select { width: 100%; }
          object.pdf { height: 520px; } dl.figures { grid-template-columns: auto max-content; }
        }
        .received section { border: 0; padding: 0; margin: 0 0 12px; background: none; }
        .received dl { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 2px 16px; margin: 0 0 12px; }
        .received dt { color: var(--muted); } .received dd { margin: 0; overflow-wrap: anywhere; }
        .received .parties { display: flex; flex-wrap: wrap; gap: 4px 48px; } .received h2 { margin-top: 16px; }
        .received table { margin-bottom: 12px; } .received td:last-child, .received th:last-child { text-align: right; white-space: nowrap; }
        .received figure.qr svg { width: 160px; height: auto; }
        @media (max-width: 640px) { .received table { display: block; overflow-x: auto; } .received dl { grid-template-columns: minmax(0, 1fr); } .received dd { margin-bottom: 4px; } }
        dl.figures.message { grid-template-columns: max-content minmax(0, 1fr); } dl.figures.message dd { text-align: left; white-space: normal; overflow-wrap: anywhere; }
        """

    /// /assets/live.js: once the page has loaded, wait for the book to change, then show the new page.
    /// Not once a form is sent or a link followed: the change is then most likely that form's own
    /// (a payment recorded), and reloading the old page would cancel the page that answers it.
    static let liveReload = """
        var leaving = false;
        document.addEventListener("submit", function () { leaving = true; }, true);
        window.addEventListener("beforeunload", function () { leaving = true; });
        function wait() {
          var generation = document.body.dataset.generation;
          fetch("/changes?since=" + encodeURIComponent(generation)).then(function (r) { return r.text(); })
            .then(function (t) { if (leaving) { return; } if (t.trim() !== generation) { location.reload(); } else { wait(); } })
            .catch(function () { if (!leaving) { setTimeout(wait, 2000); } });
        }
        window.addEventListener("load", function () { setTimeout(wait, 300); });

        """

    static let layout = """
        <!DOCTYPE html>
        <html lang="{{lang}}">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>{{title}} · {{business}}</title>
        <link rel="stylesheet" href="/assets/invoic.css">
        <link rel="icon" href="data:,">
        </head>
        <body data-generation="{{generation}}">
        <header class="top"><div><strong>{{business}}</strong>
        <nav aria-label="{{w.book}}"><a href="/">{{w.dashboard}}</a><a href="/diagnostics">{{w.diagnostics}}{{#hasDiagnostics}} ({{diagnosticCount}}){{/hasDiagnostics}}</a>{{#hasPurchases}}<a href="/purchases">{{w.purchases}}</a>{{/hasPurchases}}<a href="/index.json">index.json</a></nav>
        <span class="muted">{{asOf}}{{#readOnly}} · {{w.read_only}}{{/readOnly}}</span></div></header>
        <main>
        {{#hasErrors}}<p class="banner" role="alert">{{errorBanner}} <a href="/diagnostics">{{w.see_diagnostics}}</a>. {{w.errors_banner_tail}}</p>{{/hasErrors}}
        {{#done}}<p class="notice" role="status">{{done}}</p>{{/done}}
        {{{content}}}
        </main>
        {{#reloads}}<script src="/assets/live.js"></script>{{/reloads}}
        </body>
        </html>
        """

    static let dashboard = """
        <h1>{{w.dashboard}}</h1>
        {{#newInvoice}}<p class="new-links"><a class="button" href="/new/invoice">{{w.new_invoice}}</a> <a class="button secondary" href="/new/estimate">{{w.new_estimate}}</a> <a class="button secondary" href="/purchases">{{w.upload_title}}</a></p>{{/newInvoice}}
        {{#cards}}<section aria-labelledby="cards-{{currency}}"><h2 id="cards-{{currency}}">{{currency}}</h2><div class="cards">
        <div class="card"><span class="label">{{w.outstanding}}</span><span class="value amount">{{outstanding}}</span>{{outstandingCount}}</div>
        <div class="card{{#isOverdue}} alert{{/isOverdue}}"><span class="label">{{w.overdue}}</span><span class="value amount">{{overdue}}</span>{{overdueCount}}</div>
        <div class="card"><span class="label">{{w.paid_this_month}}</span><span class="value amount">{{paid}}</span></div>
        <div class="card"><span class="label">{{w.drafts}}</span><span class="value">{{drafts}}</span></div>
        </div></section>{{/cards}}
        {{#hasAging}}<section aria-labelledby="aging"><h2 id="aging">{{w.aged_receivables}}</h2><div class="scroll" tabindex="0"><table><thead><tr><th scope="col">{{w.client}}</th><th scope="col" class="num">{{w.age_current}}</th><th scope="col" class="num">1–30</th><th scope="col" class="num">31–60</th><th scope="col" class="num">61–90</th><th scope="col" class="num">{{w.age_over_90}}</th></tr></thead><tbody>
        {{#aging}}<tr><td><a href="/clients/{{id}}">{{name}}</a></td>{{#buckets}}<td class="num">{{.}}</td>{{/buckets}}</tr>{{/aging}}</tbody></table></div></section>{{/hasAging}}
        {{#chart}}<section aria-labelledby="income"><h2 id="income">{{w.income_by_month}} ({{currency}})</h2><div class="scroll" tabindex="0">{{{svg}}}</div></section>{{/chart}}
        <section aria-labelledby="documents"><h2 id="documents">{{w.documents}} <span class="muted light">{{w.newest_first}}</span></h2>
        <form class="filters" method="get" action="/" role="search">
        <label>{{w.search}}<input type="search" name="q" value="{{filter.q}}" placeholder="{{w.search_hint}}"></label>
        <label>{{w.status}}<select name="status"><option value="">{{w.any}}</option>{{#statuses}}<option value="{{name}}"{{#selected}} selected{{/selected}}>{{label}}</option>{{/statuses}}</select></label>
        <label>{{w.client}}<select name="client"><option value="">{{w.any}}</option>{{#clients}}<option value="{{id}}"{{#selected}} selected{{/selected}}>{{name}}</option>{{/clients}}</select></label>
        <label>{{w.project}}<input name="project" value="{{filter.project}}"></label>
        <label>{{w.category}}<input name="category" value="{{filter.category}}"></label>
        <label>{{w.year}}<input name="year" value="{{filter.year}}" size="5" inputmode="numeric"></label>
        <button type="submit">{{w.filter}}</button> <a href="/">{{w.clear}}</a>
        </form>
        <div class="scroll" tabindex="0"><table class="documents"><thead><tr><th scope="col">{{w.number}}</th><th scope="col">{{w.client}}</th><th scope="col">{{w.issued}}</th><th scope="col">{{w.due}}</th><th scope="col" class="num">{{w.total}}</th><th scope="col" class="num">{{w.due_amount}}</th><th scope="col">{{w.status}}</th></tr></thead><tbody>
        {{#documents}}<tr><td class="nowrap"><a href="/documents/{{number}}">{{number}}</a></td><td><a href="/clients/{{clientID}}">{{client}}</a></td><td class="nowrap">{{issued}}</td><td class="nowrap">{{due}}</td><td class="num">{{total}}</td><td class="num">{{balance}}</td><td><span class="pill {{status}}">{{statusLabel}}</span></td></tr>{{/documents}}
        {{^documents}}<tr><td colspan="7">{{w.no_document_fits}}</td></tr>{{/documents}}
        </tbody></table></div></section>
        """

    static let document = """
        <h1><span class="nowrap">{{kind}} {{number}}</span> <span class="pill {{status}}">{{statusLabel}}</span>{{#peppol}} <span class="pill peppol {{state}}" title="{{title}}">Peppol: {{label}}</span>{{/peppol}}{{#sdi}} <span class="pill sdi {{state}}" title="{{title}}">SdI: {{label}}</span>{{/sdi}}{{#lifeCycle}} <span class="pill cdar s{{code}} {{warn}}" title="{{title}}">{{label}}: {{state}}</span>{{/lifeCycle}}</h1>
        {{#sdi}}{{#hasErrors}}<section aria-labelledby="sdi-errors"><h2 id="sdi-errors">SdI: {{file}}</h2><ul>{{#errors}}<li><code>{{code}}</code> {{description}}</li>{{/errors}}</ul></section>{{/hasErrors}}{{/sdi}}
        <section aria-labelledby="figures"><h2 id="figures">{{w.figures}}</h2>
        <p><a href="/clients/{{clientID}}">{{client}}</a> · {{issuedOn}}{{#dueOn}} · {{dueOn}}{{/dueOn}}{{#file}} · <code>{{file}}</code> · <a href="{{sourceLink}}">{{w.edit_source}}</a>{{/file}}{{#editLink}} · <a href="{{editLink}}">{{w.edit_draft}}</a>{{/editLink}}</p>
        <div class="scroll" tabindex="0"><table class="lines-shown"><thead><tr><th scope="col">{{l.description}}</th><th scope="col" class="num">{{l.quantity}}</th><th scope="col" class="num">{{l.rate}}</th><th scope="col" class="num">{{l.amount}}</th></tr></thead><tbody>
        {{#lines}}<tr><td>{{description}}</td><td class="num">{{quantity}}</td><td class="num">{{price}}</td><td class="num">{{amount}}</td></tr>{{/lines}}
        </tbody></table></div>
        <dl class="figures spaced">{{#totals}}<dt>{{label}}</dt><dd>{{value}}</dd>{{/totals}}</dl>
        </section>
        {{#hasPayments}}<section aria-labelledby="payments"><h2 id="payments">{{paymentsHeading}}</h2><div class="scroll" tabindex="0"><table><thead><tr><th scope="col">{{w.date}}</th><th scope="col" class="num">{{l.amount}}</th><th scope="col">{{w.method}}</th><th scope="col">{{w.reference}}</th></tr></thead><tbody>
        {{#payments}}<tr><td class="nowrap">{{date}}</td><td class="num">{{amount}}</td><td>{{method}}</td><td>{{reference}}</td></tr>{{/payments}}
        </tbody></table></div></section>{{/hasPayments}}
        {{#actions}}<section aria-labelledby="actions"><h2 id="actions">{{w.record}}</h2><div class="actions">
        {{#send}}<form method="post" action="/documents/{{number}}/send"><input type="hidden" name="csrf" value="{{csrf}}"><label>{{w.date}}<input type="date" name="date" value="{{today}}"></label><button type="submit">{{w.mark_sent}}</button></form>{{/send}}
        {{#peppol}}<form method="post" action="/documents/{{number}}/peppol"><input type="hidden" name="csrf" value="{{csrf}}"><button type="submit">{{w.send_peppol}}</button></form>{{/peppol}}
        {{#pay}}<form method="post" action="/documents/{{number}}/pay"><input type="hidden" name="csrf" value="{{csrf}}"><label>{{l.amount}}<input name="amount" value="{{balance}}" size="10" required></label><label>{{w.date}}<input type="date" name="date" value="{{today}}"></label><label>{{w.method}}<select name="method">{{#methods}}<option value="{{value}}">{{label}}</option>{{/methods}}</select></label><button type="submit">{{w.mark_paid}}</button></form>{{/pay}}
        {{#accept}}<form method="post" action="/documents/{{number}}/accept"><input type="hidden" name="csrf" value="{{csrf}}"><label>{{w.date}}<input type="date" name="date" value="{{today}}"></label><button type="submit">{{w.mark_accepted}}</button></form>
        <form method="post" action="/documents/{{number}}/decline"><input type="hidden" name="csrf" value="{{csrf}}"><label>{{w.date}}<input type="date" name="date" value="{{today}}"></label><button type="submit">{{w.mark_declined}}</button></form>{{/accept}}
        {{#convert}}<form method="post" action="/documents/{{number}}/convert"><input type="hidden" name="csrf" value="{{csrf}}"><button type="submit">{{w.convert}}</button></form>{{/convert}}
        {{#refund}}<form method="post" action="/documents/{{number}}/refund"><input type="hidden" name="csrf" value="{{csrf}}"><label>{{l.amount}}<input name="amount" value="{{refundAmount}}" size="10" required></label><label>{{w.date}}<input type="date" name="date" value="{{today}}"></label><label>{{w.method}}<select name="method">{{#methods}}<option value="{{value}}">{{label}}</option>{{/methods}}</select></label><button type="submit">{{w.mark_refunded}}</button></form>{{/refund}}
        {{#credit}}<form method="post" action="/documents/{{number}}/credit"><input type="hidden" name="csrf" value="{{csrf}}"><label>{{w.reason}}<input name="reason" required></label><button type="submit">{{l.credit_note}}</button></form>{{/credit}}
        {{#void}}<form method="post" action="/documents/{{number}}/void"><input type="hidden" name="csrf" value="{{csrf}}"><label>{{w.reason}}<input name="reason" required></label><button type="submit">{{w.mark_void}}</button></form>{{/void}}
        </div></section>{{/actions}}
        {{#reminder}}<section aria-labelledby="reminder"><h2 id="reminder">{{title}}</h2><p>{{summary}}</p><div class="actions">
        <p><a href="/documents/{{number}}/reminder.pdf">{{w.reminder_pdf}}</a></p>
        {{#record}}<form method="post" action="/documents/{{number}}/remind"><input type="hidden" name="csrf" value="{{csrf}}"><button type="submit">{{w.record_reminder}}</button></form>{{/record}}
        </div></section>{{/reminder}}
        <section aria-labelledby="outputs"><h2 id="outputs">{{w.outputs}}</h2><ul class="outputs">
        {{#pdf}}<li><a href="/documents/{{number}}.pdf">{{number}}.pdf</a></li>{{#copy}}<li><a href="/documents/{{number}}/copy.pdf">{{w.copy_pdf}}</a></li>{{/copy}}{{/pdf}}
        {{#einvoices}}<li><a href="/documents/{{number}}/{{format}}.xml">{{w.einvoice}}: {{name}}</a> <span class="muted">{{file}}</span></li>{{/einvoices}}
        {{#mail}}<li><a href="/documents/{{number}}/mail">{{w.mail_preview}}</a></li>{{/mail}}
        </ul></section>
        <section aria-labelledby="history"><h2 id="history">{{w.history}}</h2>{{#history}}<pre>{{history}}</pre>{{/history}}{{^history}}<p>{{w.no_history}}</p>{{/history}}</section>
        <section aria-labelledby="pdf"><h2 id="pdf">PDF</h2>{{#pdf}}<object class="pdf" data="/documents/{{number}}.pdf" type="application/pdf" aria-label="{{pdfLabel}}"><a href="/documents/{{number}}.pdf">{{number}}.pdf</a></object>{{/pdf}}{{^pdf}}<p>{{w.no_pdf_errors}}</p>{{/pdf}}</section>
        """

    static let mail = """
        <h1>{{w.mail_preview}}: <span class="nowrap">{{number}}</span></h1>
        <section aria-labelledby="message"><h2 id="message">{{w.mail}}</h2>
        <dl class="figures message"><dt>{{w.mail_to}}</dt><dd>{{#to}}{{.}}{{/to}}{{^to}}{{w.no_email}}{{/to}}</dd><dt>{{w.subject}}</dt><dd>{{subject}}</dd>
        <dt>{{w.attachments}}</dt><dd>{{#attachments}}<span class="nowrap">{{.}}</span> {{/attachments}}</dd></dl>
        <pre>{{body}}</pre>
        <p>{{w.mail_cli}} <code>invoic mail {{number}}</code></p>
        <p><a href="/documents/{{number}}">{{w.back}}</a></p></section>
        """

    static let client = """
        <h1>{{name}}</h1>
        <section aria-labelledby="balance"><h2 id="balance">{{w.balance}}</h2><dl class="figures">{{#balances}}<dt>{{w.outstanding}} ({{currency}})</dt><dd>{{outstanding}}</dd><dt>{{w.invoiced}}</dt><dd>{{invoiced}}</dd><dt>{{w.paid}}</dt><dd>{{paid}}</dd>{{/balances}}</dl>
        <p>{{#email}}{{email}} · {{/email}}<code>{{file}}</code> · <a href="{{sourceLink}}">{{w.edit_source}}</a></p>
        <p><a href="/clients/{{id}}/statement.pdf">{{l.statement}} (PDF)</a>: {{w.statement_hint}}</p></section>
        <section aria-labelledby="documents"><h2 id="documents">{{w.documents}}</h2><div class="scroll" tabindex="0"><table><thead><tr><th scope="col">{{w.number}}</th><th scope="col">{{w.issued}}</th><th scope="col" class="num">{{w.total}}</th><th scope="col" class="num">{{w.due_amount}}</th><th scope="col">{{w.status}}</th></tr></thead><tbody>
        {{#documents}}<tr><td class="nowrap"><a href="/documents/{{number}}">{{number}}</a></td><td class="nowrap">{{issued}}</td><td class="num">{{total}}</td><td class="num">{{balance}}</td><td><span class="pill {{status}}">{{statusLabel}}</span></td></tr>{{/documents}}
        </tbody></table></div></section>
        """

    static let diagnostics = """
        <h1>{{w.diagnostics}}</h1>
        <section aria-labelledby="found"><h2 id="found">{{summary}}</h2>{{#text}}<pre>{{text}}</pre>{{/text}}{{^text}}<p>{{w.checks_clean}}</p>{{/text}}</section>
        """

    static let refused = """
        <h1>{{heading}}</h1>
        <section aria-labelledby="why"><h2 id="why">{{message}}</h2>{{#text}}<pre>{{text}}</pre>{{/text}}<p><a href="{{back}}">{{w.back}}</a></p></section>
        """
}
