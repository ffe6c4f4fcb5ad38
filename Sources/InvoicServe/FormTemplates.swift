// The pages of the document form and the source editor, as Mustache templates: every word from
// `AppWords` in the book's language (`{{w.form_name}}`), every value escaped; no inline script or style (the CSP allows
// none): their stylesheet and script are /assets/form.css and /assets/form.js. Without the
// script everything works: "Add line" and "Remove" are submit buttons that re-render the form.
enum FormTemplates {
    static let documentForm = """
        <link rel="stylesheet" href="/assets/form.css">
        <h1>{{title}}</h1>
        {{#hasErrors}}<div class="banner" role="alert">{{#general}}<p>{{.}}</p>{{/general}}{{^general}}<p>{{w.form_fix_first}}</p>{{/general}}</div>{{/hasErrors}}
        <form method="post" action="{{action}}" class="docform" novalidate>
        <button type="submit" name="op" value="preview" class="default-op" tabindex="-1" aria-hidden="true">{{w.form_preview}}</button>
        <input type="hidden" name="csrf" value="{{csrf}}"><input type="hidden" name="lines" value="{{count}}">
        <div class="docform-grid{{#preview}} with-preview{{/preview}}"><div class="docform-main">
        <section aria-labelledby="who"><h2 id="who">{{w.form_client}}</h2><div class="fields">
        {{#client}}<label>{{w.form_client}}<select name="client" id="f-client"{{#invalid}} aria-invalid="true" aria-describedby="e-client"{{/invalid}}>{{#clients}}<option value="{{id}}"{{#selected}} selected{{/selected}}>{{name}}</option>{{/clients}}<option value="+new"{{#newClientSelected}} selected{{/newClientSelected}}>{{w.form_new_client}}</option></select></label>{{#invalid}}<p class="field-error" id="e-client">{{#errors}}{{.}} {{/errors}}</p>{{/invalid}}{{/client}}
        </div>
        <fieldset class="newclient"><legend>{{w.form_new_client}}</legend><p class="muted small">{{w.form_new_client_help}}</p><div class="fields">
        {{#newClientID}}<label>{{w.form_new_client_id}}<input name="{{name}}" value="{{value}}" id="f-{{name}}"{{#invalid}} aria-invalid="true" aria-describedby="e-{{name}}"{{/invalid}}>{{#invalid}}<span class="field-error" id="e-{{name}}">{{#errors}}{{.}} {{/errors}}</span>{{/invalid}}</label>{{/newClientID}}
        {{#newClientName}}<label>{{w.form_new_client_name}}<input name="{{name}}" value="{{value}}" id="f-{{name}}"{{#invalid}} aria-invalid="true" aria-describedby="e-{{name}}"{{/invalid}}>{{#invalid}}<span class="field-error" id="e-{{name}}">{{#errors}}{{.}} {{/errors}}</span>{{/invalid}}</label>{{/newClientName}}
        {{#newClientEmail}}<label>{{w.form_new_client_email}}<input type="email" name="{{name}}" value="{{value}}" id="f-{{name}}"{{#invalid}} aria-invalid="true" aria-describedby="e-{{name}}"{{/invalid}}>{{#invalid}}<span class="field-error" id="e-{{name}}">{{#errors}}{{.}} {{/errors}}</span>{{/invalid}}</label>{{/newClientEmail}}
        </div></fieldset></section>
        <section aria-labelledby="dates"><h2 id="dates">{{w.form_dates}}</h2><p class="muted small">{{w.form_dates_help}}</p><div class="fields">
        {{#issued}}<label>{{w.form_issued}}<input type="date" name="{{name}}" value="{{value}}" id="f-{{name}}"{{#invalid}} aria-invalid="true" aria-describedby="e-{{name}}"{{/invalid}}>{{#invalid}}<span class="field-error" id="e-{{name}}">{{#errors}}{{.}} {{/errors}}</span>{{/invalid}}</label>{{/issued}}
        {{#due}}<label>{{dueLabel}}<input type="date" name="{{name}}" value="{{value}}" id="f-{{name}}"{{#invalid}} aria-invalid="true" aria-describedby="e-{{name}}"{{/invalid}}>{{#invalid}}<span class="field-error" id="e-{{name}}">{{#errors}}{{.}} {{/errors}}</span>{{/invalid}}</label>{{/due}}
        </div></section>
        <section aria-labelledby="lines-h"><h2 id="lines-h">{{w.form_lines}}</h2>
        <table class="lines"><thead><tr><th scope="col">{{w.form_description}}</th><th scope="col" class="num">{{w.form_quantity}}</th><th scope="col">{{w.form_unit}}</th><th scope="col" class="num">{{w.form_price}}</th><th scope="col">{{w.form_tax}}</th><th scope="col"><span class="visually-hidden">{{w.form_remove}}</span></th></tr></thead><tbody>
        {{#lines}}<tr>
        {{#description}}<td data-label="{{w.form_description}}"><textarea name="{{name}}" rows="1" aria-label="{{w.form_description}} {{n}}" class="wide description"{{#invalid}} aria-invalid="true" aria-describedby="e-{{name}}"{{/invalid}}>{{value}}</textarea>{{#invalid}}<span class="field-error" id="e-{{name}}">{{#errors}}{{.}} {{/errors}}</span>{{/invalid}}</td>{{/description}}
        {{#quantity}}<td class="num" data-label="{{w.form_quantity}}"><input name="{{name}}" value="{{value}}" aria-label="{{w.form_quantity}} {{n}}" size="6" inputmode="decimal"{{#invalid}} aria-invalid="true" aria-describedby="e-{{name}}"{{/invalid}}>{{#invalid}}<span class="field-error" id="e-{{name}}">{{#errors}}{{.}} {{/errors}}</span>{{/invalid}}</td>{{/quantity}}
        {{#unit}}<td data-label="{{w.form_unit}}"><input name="{{name}}" value="{{value}}" aria-label="{{w.form_unit}} {{n}}" size="5"{{#invalid}} aria-invalid="true" aria-describedby="e-{{name}}"{{/invalid}}>{{#invalid}}<span class="field-error" id="e-{{name}}">{{#errors}}{{.}} {{/errors}}</span>{{/invalid}}</td>{{/unit}}
        {{#price}}<td class="num" data-label="{{w.form_price}}"><input name="{{name}}" value="{{value}}" aria-label="{{w.form_price}} {{n}}" size="9" inputmode="decimal"{{#invalid}} aria-invalid="true" aria-describedby="e-{{name}}"{{/invalid}}>{{#invalid}}<span class="field-error" id="e-{{name}}">{{#errors}}{{.}} {{/errors}}</span>{{/invalid}}</td>{{/price}}
        {{#tax}}<td data-label="{{w.form_tax}}"><input name="{{name}}" value="{{value}}" aria-label="{{w.form_tax}} {{n}}" size="7" placeholder="{{defaultTax}}"{{#invalid}} aria-invalid="true" aria-describedby="e-{{name}}"{{/invalid}}>{{#invalid}}<span class="field-error" id="e-{{name}}">{{#errors}}{{.}} {{/errors}}</span>{{/invalid}}</td>{{/tax}}
        <td class="remove">{{#removable}}<button type="submit" name="op" value="remove-{{n}}" class="secondary" aria-label="{{w.form_remove}} {{n}}">{{w.form_remove}}</button>{{/removable}}</td>
        </tr>{{/lines}}
        </tbody></table>
        <p class="muted small">{{w.form_tax_help}}</p>
        <p><button type="submit" name="op" value="add" class="secondary">{{w.form_add_line}}</button></p>
        </section>
        <section aria-labelledby="more"><h2 id="more">{{w.form_details}}</h2><div class="fields">
        {{#discount}}<label>{{w.form_discount}}<input name="{{name}}" value="{{value}}" placeholder="{{w.form_discount_help}}" size="12" id="f-{{name}}"{{#invalid}} aria-invalid="true" aria-describedby="e-{{name}}"{{/invalid}}>{{#invalid}}<span class="field-error" id="e-{{name}}">{{#errors}}{{.}} {{/errors}}</span>{{/invalid}}</label>{{/discount}}
        {{#buyerReference}}<label>{{w.form_buyer_reference}}<input name="{{name}}" value="{{value}}" size="16" id="f-{{name}}"{{#invalid}} aria-invalid="true" aria-describedby="e-{{name}}"{{/invalid}}>{{#invalid}}<span class="field-error" id="e-{{name}}">{{#errors}}{{.}} {{/errors}}</span>{{/invalid}}</label>{{/buyerReference}}
        {{#order}}<label>{{w.form_order}}<input name="{{name}}" value="{{value}}" size="12" id="f-{{name}}"{{#invalid}} aria-invalid="true" aria-describedby="e-{{name}}"{{/invalid}}>{{#invalid}}<span class="field-error" id="e-{{name}}">{{#errors}}{{.}} {{/errors}}</span>{{/invalid}}</label>{{/order}}
        {{#notes}}<label class="grow">{{w.form_notes}}<input name="{{name}}" value="{{value}}" class="wide" id="f-{{name}}"{{#invalid}} aria-invalid="true" aria-describedby="e-{{name}}"{{/invalid}}>{{#invalid}}<span class="field-error" id="e-{{name}}">{{#errors}}{{.}} {{/errors}}</span>{{/invalid}}</label>{{/notes}}
        </div></section>
        </div>
        <aside class="docform-side"><section aria-labelledby="totals-h"><h2 id="totals-h">{{w.form_totals}}</h2>
        {{#totals}}<dl class="figures">{{#rows}}<dt>{{label}}</dt><dd>{{value}}</dd>{{/rows}}</dl>{{/totals}}{{^totals}}<p class="muted">{{w.form_not_priced}}</p>{{/totals}}
        <p class="buttons"><button type="submit" name="op" value="preview" class="secondary">{{w.form_preview}}</button> <button type="submit" name="op" value="save">{{w.form_save}}</button></p>
        {{#number}}<p><a href="/documents/{{number}}">{{w.form_back}}</a></p>{{/number}}
        </section>
        {{#preview}}<section aria-labelledby="preview-h"><h2 id="preview-h">PDF</h2><object class="pdf preview" data="/preview/{{preview}}.pdf" type="application/pdf" aria-label="{{title}} (PDF)"><a href="/preview/{{preview}}.pdf">PDF</a></object></section>{{/preview}}
        </aside></div>
        </form>
        <script src="/assets/form.js"></script>
        """

    static let immutable = """
        <h1>{{w.form_immutable}}</h1>
        <section aria-labelledby="why"><h2 id="why">{{number}}</h2><p>{{w.form_immutable_text}}</p><p><a href="/documents/{{number}}">{{w.form_back}}</a></p></section>
        """

    static let source = """
        <link rel="stylesheet" href="/assets/form.css">
        <h1>{{w.form_source_title}}: <code>{{file}}</code></h1>
        {{#refusal}}<div class="banner" role="alert"><p>{{refusal}}</p>{{#refused}}<pre>{{refused}}</pre>{{/refused}}</div>{{/refusal}}
        <div class="source-grid">
        <section aria-labelledby="findings"><h2 id="findings">{{w.form_findings}}</h2>{{#diagnostics}}<ul class="findings">{{#rows}}<li class="{{severity}}"><a href="#source-text">{{line}}:{{column}}</a>: {{severity}}: {{message}}</li>{{/rows}}</ul>{{/diagnostics}}{{^diagnostics}}<p class="muted">{{w.form_no_findings}}</p>{{/diagnostics}}</section>
        <section aria-labelledby="text-h"><h2 id="text-h">{{file}}</h2>
        {{#editable}}<form method="post" action="/source"><input type="hidden" name="csrf" value="{{csrf}}"><input type="hidden" name="file" value="{{file}}"><input type="hidden" name="base" value="{{base}}">
        <label for="source-text" class="visually-hidden">{{file}}</label><textarea id="source-text" name="text" rows="{{rows}}" spellcheck="false">
        {{text}}</textarea>
        <p class="muted small">{{w.form_source_help}}</p><p><button type="submit">{{w.form_save_source}}</button></p></form>{{/editable}}
        {{^editable}}<pre>{{text}}</pre>{{/editable}}
        </section></div>
        """

    /// /assets/form.css: the form's own rules, beside /assets/invoic.css.
    static let stylesheet = """
        .docform-grid { display: grid; grid-template-columns: minmax(0, 1fr) 280px; gap: 18px; align-items: start; }
        .docform-side { position: sticky; top: 12px; }
        .docform-grid.with-preview { grid-template-columns: minmax(0, 1fr) minmax(300px, 40%); }
        object.pdf.preview { height: 640px; margin-top: 4px; }
        @media (max-width: 860px) { .docform-grid, .docform-grid.with-preview { grid-template-columns: 1fr; } .docform-side { position: static; } object.pdf.preview { height: 480px; } }
        .fields { display: flex; flex-wrap: wrap; gap: 10px 16px; align-items: start; }
        .fields label { display: flex; flex-direction: column; font-size: 13px; color: var(--muted); }
        .fields label.grow { flex: 1 1 320px; }
        fieldset.newclient { border: 1px dashed var(--line); border-radius: 8px; margin: 12px 0 0; padding: 8px 12px; }
        fieldset.newclient legend { font-size: 13px; color: var(--muted); }
        table.lines td { padding: 4px; } table.lines input.wide, .fields input.wide { width: 100%; }
        /* A description wraps and grows with its text, so a long one is read whole, never cut at the field's edge. */
        table.lines textarea.description { display: block; width: 100%; min-height: 2.2em; field-sizing: content; resize: vertical; font: inherit; padding: 5px 8px; border-radius: 6px; overflow-wrap: anywhere; }
        table.lines { table-layout: fixed; } table.lines input { width: 100%; }
        table.lines th:nth-child(1) { width: 33%; } table.lines th:nth-child(2) { width: 14%; } table.lines th:nth-child(3) { width: 11%; }
        table.lines th:nth-child(4) { width: 14%; } table.lines th:nth-child(5) { width: 13%; } table.lines th:nth-child(6) { width: 15%; }
        table.lines th { white-space: normal; padding: 4px; font-size: 11px; letter-spacing: 0; } table.lines td.remove button { width: 100%; padding: 5px 2px; }
        /* A phone: each line a small card of labelled fields (the labels from data-label), not six squeezed columns. */
        @media (max-width: 600px) {
          table.lines, table.lines tbody, table.lines tr, table.lines td { display: block; width: auto; }
          table.lines thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
          table.lines tr { display: grid; grid-template-columns: 1fr 1fr; gap: 4px 10px; padding: 8px 0; border-bottom: 1px solid var(--line); }
          table.lines td { padding: 0; text-align: left; border: 0; } table.lines td:first-child { grid-column: 1 / -1; }
          table.lines td[data-label]::before { content: attr(data-label); display: block; font-size: 12px; color: var(--muted); }
          table.lines td.remove { align-self: end; }
        }
        .field-error { display: block; color: var(--red); font-size: 12px; margin-top: 2px; }
        [aria-invalid="true"] { border-color: var(--red); outline: 1px solid var(--red); }
        button.secondary { background: #fff; color: var(--blue); }
        .default-op { position: absolute; left: -9999px; width: 1px; height: 1px; overflow: hidden; }
        .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
        .small { font-size: 12px; } .buttons { display: flex; gap: 8px; margin-top: 14px; }
        .banner p { margin: 2px 0; }
        .source-grid { display: grid; grid-template-columns: 300px minmax(0, 1fr); gap: 18px; align-items: start; }
        @media (max-width: 860px) { .source-grid { grid-template-columns: 1fr; } }
        textarea { width: 100%; font: 13px/1.45 ui-monospace, Menlo, monospace; padding: 10px; border: 1px solid #cfd5dc; border-radius: 8px; tab-size: 2; }
        ul.findings { padding-left: 18px; margin: 0; font-size: 13px; } ul.findings li.error { color: var(--red); } ul.findings li.warning { color: var(--orange); }
        """

    /// /assets/form.js: hides the new client's fields unless "New client…" is chosen, and keeps
    /// Enter in a description from breaking the line. The form works the same without it.
    static let script = """
        (function () {
          // Enter in a description sends the form as Enter in any other field does (its default
          // button, preview), rather than breaking the line: a description is one line.
          document.querySelectorAll("textarea.description").forEach(function (area) {
            area.addEventListener("keydown", function (event) {
              if (event.key === "Enter" && !event.shiftKey) { event.preventDefault(); area.form.requestSubmit(area.form.querySelector(".default-op")); }
            });
          });
        })();
        (function () {
          var select = document.getElementById("f-client");
          var fields = document.querySelector("fieldset.newclient");
          if (!select || !fields) { return; }
          function show() { fields.hidden = select.value !== "+new"; }
          select.addEventListener("change", show);
          show();
        })();

        """
}
