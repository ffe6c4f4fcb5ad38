extension IndexReport {
    /// The page's only style: system fonts, quiet greys, one accent, colour only where it means
    /// something (a status, something overdue). Tables scroll sideways on a phone; print drops
    /// the navigation and keeps the pills' colours.
    static let stylesheet = """
    :root {
      --ink: #1f2933; --muted: #596573; --faint: #5f6b77; --line: #e4e7eb; --soft: #f5f7fa;
      --paper: #ffffff; --accent: #3b6e8f; --accent-soft: #d8e6ef;
      --red: #b42318; --red-soft: #fdecea; --green: #1f7a4d; --green-soft: #e5f4ec;
      --blue: #2457a6; --blue-soft: #e6eefa; --orange: #9a5300; --orange-soft: #fdf0dc;
      --grey: #52606d; --grey-soft: #eef1f4; --violet: #5b4aa6; --violet-soft: #ece9f8;
    }
    * { box-sizing: border-box; }
    html { -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }
    body {
      margin: 0; background: var(--soft); color: var(--ink);
      font: 15px/1.5 -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif;
      font-variant-numeric: tabular-nums;
    }
    header.top, nav, main, footer { max-width: 1120px; margin-left: auto; margin-right: auto; padding-left: 24px; padding-right: 24px; }
    header.top { display: flex; justify-content: space-between; align-items: flex-end; gap: 16px; flex-wrap: wrap; padding-top: 28px; }
    .eyebrow { margin: 0; color: var(--muted); font-size: 12px; letter-spacing: .08em; text-transform: uppercase; }
    h1 { margin: 2px 0 0; font-size: 26px; font-weight: 650; letter-spacing: -.01em; }
    .asof { margin: 0; color: var(--muted); }
    .asof time { color: var(--ink); font-weight: 600; }
    .notice { margin-top: 10px; margin-bottom: 0; color: var(--orange); font-size: 14px; }
    nav { display: flex; flex-wrap: wrap; gap: 4px 18px; padding-top: 14px; padding-bottom: 4px; font-size: 14px; }
    nav a { color: var(--muted); text-decoration: none; }
    nav a:hover { color: var(--accent); }
    main { padding-top: 8px; padding-bottom: 8px; }
    section { background: var(--paper); border: 1px solid var(--line); border-radius: 12px; padding: 20px 22px; margin: 16px 0; }
    section.pair { display: grid; grid-template-columns: 1fr 1fr; gap: 32px; }
    h2 { margin: 0 0 14px; font-size: 17px; font-weight: 650; }
    h3.currency { margin: 18px 0 8px; font-size: 13px; font-weight: 650; color: var(--muted); letter-spacing: .06em; }
    h2 + h3.currency { margin-top: 0; }
    .hint { color: var(--faint); font-weight: 400; font-size: 13px; letter-spacing: 0; margin-left: 6px; }
    .empty { color: var(--muted); margin: 0; }
    a { color: var(--accent); }
    .cards { display: grid; grid-template-columns: repeat(4, minmax(0, 1fr)); gap: 12px; }
    .card { border: 1px solid var(--line); border-radius: 10px; padding: 14px 16px; background: var(--paper); display: flex; flex-direction: column; gap: 2px; }
    .card .label { color: var(--muted); font-size: 13px; }
    .card .value { font-size: 22px; font-weight: 650; letter-spacing: -.01em; white-space: nowrap; }
    .card .detail { color: var(--faint); font-size: 13px; }
    .card.alert { border-color: #f4c7c3; background: var(--red-soft); }
    .card.alert .value, .card.alert .label { color: var(--red); }
    .card.good .value { color: var(--green); }
    .scroll:focus-visible { outline: 2px solid var(--blue); outline-offset: 2px; }
    .scroll { overflow-x: auto; -webkit-overflow-scrolling: touch; margin: 0 -6px; padding: 0 6px; }
    table { border-collapse: collapse; width: 100%; font-size: 14px; }
    th, td { padding: 8px 10px; text-align: left; white-space: nowrap; border-bottom: 1px solid var(--line); vertical-align: baseline; }
    thead th { color: var(--muted); font-weight: 500; font-size: 12px; letter-spacing: .04em; text-transform: uppercase; border-bottom: 1px solid #cfd5dc; }
    tbody tr:last-child td { border-bottom: none; }
    tbody tr:hover td { background: #fafbfc; }
    td:first-child, th:first-child { padding-left: 0; }
    td:last-child, th:last-child { padding-right: 0; }
    .num { text-align: right; }
    .unit, .lead { display: none; }
    .zero { color: var(--faint); }
    .date { color: var(--grey); }
    td.doc a { font-weight: 600; text-decoration: none; }
    td.doc a:hover { text-decoration: underline; }
    td.doc .commit { display: block; color: var(--faint); font: 11px ui-monospace, SFMono-Regular, Menlo, monospace; }
    tfoot th, tfoot td, tr.year th, tr.year td { font-weight: 650; border-top: 1px solid #cfd5dc; border-bottom: none; }
    td.strong { font-weight: 650; }
    tr.year th, tr.year td { background: var(--soft); }
    table.tax { width: auto; min-width: min(100%, 520px); }
    table.tax tbody + tbody tr:first-child td { border-top: 10px solid transparent; }
    tr.void td { color: var(--faint); }
    tr.void td.num.total { text-decoration: line-through; }
    tr.archived td:first-child { color: var(--muted); }
    .pill { display: inline-block; padding: 1px 9px; border-radius: 999px; font-size: 12px; font-weight: 600; line-height: 18px; }
    .pill.draft, .pill.expired { background: var(--grey-soft); color: var(--grey); }
    .pill.sent { background: var(--blue-soft); color: var(--blue); }
    .pill.partial { background: var(--orange-soft); color: var(--orange); }
    .pill.paid, .pill.accepted { background: var(--green-soft); color: var(--green); }
    .pill.overdue, .pill.declined { background: var(--red-soft); color: var(--red); }
    .pill.converted, .pill.credited { background: var(--violet-soft); color: var(--violet); }
    .pill.void { background: transparent; color: var(--faint); text-decoration: line-through; border: 1px solid var(--line); }
    .late { margin-left: 8px; color: var(--red); font-size: 12px; }
    .cdar { display: block; margin-top: 2px; color: var(--muted); font-size: 12px; }
    .tag { display: inline-block; margin-left: 6px; padding: 0 7px; border: 1px solid var(--line); border-radius: 4px; color: var(--muted); font-size: 11px; text-transform: uppercase; letter-spacing: .05em; }
    table.aging thead th.age1 { color: #8a6d00; }
    table.aging thead th.age2 { color: var(--orange); }
    table.aging thead th.age3, table.aging thead th.age4 { color: var(--red); }
    svg.chart { display: block; width: 100%; height: auto; }
    svg.chart.narrow { display: none; }
    svg.chart .grid { stroke: var(--line); stroke-width: 1; }
    svg.chart .axis { fill: var(--muted); font-size: 11px; font-family: inherit; }
    svg.chart .year { fill: var(--faint); }
    svg.chart .bar { fill: #8fb3cc; }
    svg.chart .bar.now { fill: var(--accent); }
    svg.chart g:hover .bar { fill: var(--accent); }
    details { margin-top: 10px; font-size: 14px; }
    summary { color: var(--muted); cursor: pointer; }
    table.compact { width: auto; min-width: 260px; margin-top: 6px; }
    ul.shares { list-style: none; margin: 0; padding: 0; }
    ul.shares li { display: grid; grid-template-columns: 1fr auto 3.5em; gap: 2px 12px; padding: 8px 0; border-bottom: 1px solid var(--line); font-size: 14px; }
    ul.shares li:last-child { border-bottom: none; }
    ul.shares .name { overflow-wrap: anywhere; }
    ul.shares .name em { color: var(--muted); }
    ul.shares .amount, ul.shares .share { text-align: right; white-space: nowrap; }
    ul.shares .share { color: var(--faint); }
    ul.shares .track { grid-column: 1 / -1; height: 6px; border-radius: 3px; background: var(--soft); overflow: hidden; }
    ul.shares .fill { display: block; height: 100%; border-radius: 3px; background: #8fb3cc; }
    ul.warnings { margin: 0; padding: 0; list-style: none; font-size: 14px; }
    ul.warnings li { padding: 8px 0; border-bottom: 1px solid var(--line); }
    ul.warnings li:last-child { border-bottom: none; }
    ul.warnings code { font: 13px ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; color: var(--grey); margin-right: 6px; overflow-wrap: anywhere; }
    ul.warnings .code { color: var(--orange); font-size: 12px; margin-left: 4px; }
    footer { color: var(--faint); font-size: 12px; padding-top: 4px; padding-bottom: 32px; }
    @media (max-width: 860px) {
      .cards { grid-template-columns: repeat(2, minmax(0, 1fr)); }
      section.pair { grid-template-columns: 1fr; gap: 8px; }
    }
    @media (max-width: 560px) {
      body { font-size: 14px; }
      header.top, nav, main, footer { padding-left: 12px; padding-right: 12px; }
      header.top { padding-top: 18px; }
      h1 { font-size: 22px; }
      section { padding: 16px 14px; border-radius: 10px; margin: 12px 0; }
      .cards { gap: 8px; }
      .card { padding: 10px 12px; }
      .card .value { font-size: 18px; }
      th, td { padding: 7px 8px; }
      table { font-size: 13px; }
      td:first-child { white-space: normal; min-width: 9em; }
      svg.chart.wide { display: none; }
      svg.chart.narrow { display: block; }
      /* Invoices and estimates become two-column cards: number and status, client and amount. */
      table.docs thead { display: none; }
      table.docs, table.docs tbody { display: block; }
      table.docs tr { display: grid; grid-template-columns: minmax(0, 1fr) auto; gap: 1px 12px; padding: 10px 0; border-bottom: 1px solid var(--line); }
      table.docs tbody tr:last-child { border-bottom: none; }
      table.docs td { display: block; padding: 0; border: none; white-space: nowrap; }
      table.docs td.doc { grid-column: 1; grid-row: 1; }
      table.docs td.status { grid-column: 2; grid-row: 1; text-align: right; }
      table.docs td.client { grid-column: 1; grid-row: 2; overflow: hidden; text-overflow: ellipsis; }
      table.docs td.due { grid-column: 1; grid-row: 3; font-size: 12px; }
      table.docs td.issued, table.docs td.paid { display: none; }
      table.invoices td.balance { grid-column: 2; grid-row: 2; font-weight: 650; color: var(--ink); }
      table.invoices td.balance.zero { font-weight: 400; color: var(--faint); }
      table.invoices td.total { grid-column: 2; grid-row: 3; font-size: 12px; color: var(--muted); }
      table.estimates td.total { grid-column: 2; grid-row: 2; font-weight: 600; }
      table.estimates td.invoice { grid-column: 2; grid-row: 3; text-align: right; font-size: 12px; }
      table.estimates td.invoice a::before { content: "→ "; }
      table.docs .lead { display: inline; }
      /* A credit note: its number and status, client and amount, then the invoice it corrects. */
      table.credit-notes td.invoice { grid-column: 1; grid-row: 3; font-size: 12px; font-weight: 400; }
      table.credit-notes td.total { grid-column: 2; grid-row: 2; font-weight: 600; }
      table.docs .late { display: block; margin: 2px 0 0; }
      table.clients td.client { grid-column: 1; grid-row: 1; white-space: normal; min-width: 0; }
      table.clients td.outstanding { grid-column: 2; grid-row: 1; font-weight: 650; }
      table.clients td.outstanding.zero { font-weight: 400; }
      table.clients td.invoiced { grid-column: 1; grid-row: 2; text-align: left; font-size: 12px; color: var(--muted); }
      table.clients td.paid { display: block; grid-column: 2; grid-row: 2; font-size: 12px; color: var(--muted); }
      table.clients td.activity { grid-column: 1; grid-row: 3; font-size: 12px; }
      table.clients td.count { grid-column: 2; grid-row: 3; font-size: 12px; color: var(--muted); }
      table.clients td.count .unit { display: inline; }
      table.clients td.currency { display: none; }
    }
    @media print {
      @page { margin: 14mm; }
      body { background: #fff; font-size: 10pt; }
      nav, details { display: none; }
      header.top, main, footer { max-width: none; padding-left: 0; padding-right: 0; }
      section { border: none; border-radius: 0; padding: 0; margin: 0 0 18pt; }
      section.pair { grid-template-columns: 1fr 1fr; }
      .scroll { overflow: visible; margin: 0; padding: 0; }
      table { font-size: 8.5pt; }
      th, td { padding: 4pt 5pt; }
      td.client, td:first-child { white-space: normal; }
      thead th { white-space: normal; }
      .cards { grid-template-columns: repeat(4, minmax(0, 1fr)); }
      .card .value { font-size: 14pt; }
      section.pair { display: grid; }
      tr, .card, ul.shares li { break-inside: avoid; }
      h2, h3 { break-after: avoid; }
      a { color: inherit; text-decoration: none; }
      .pill, .card, .fill, svg.chart .bar { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
    }

    """
}
