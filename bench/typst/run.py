"""typst next to invoic on the same one-page invoice (bench/typst/run.sh runs this).

    run.py N BOOK_JSON FONT_DIR   prints typst's batch figures as one line each run

BOOK_JSON is the invoices' data (number, client, lines, totals) as invoic's bench book has them;
one typst Compiler renders them all, as typst's own batch would."""
import json, os, resource, sys, time
import typst

count, data, fonts = int(sys.argv[1]), json.load(open(sys.argv[2])), sys.argv[3]
here = os.path.dirname(os.path.abspath(__file__))
start = time.perf_counter()
compiler = typst.Compiler(os.path.join(here, "invoice.typ"), font_paths=[fonts])
setup = time.perf_counter() - start
wall, cpu, size = time.perf_counter(), time.process_time(), 0
for invoice in data[:count]:
    size += len(compiler.compile(sys_inputs={"invoice": json.dumps(invoice)}))
wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(f"typst batch: {count} PDFs, setup {setup * 1000:.0f} ms, {wall * 1000 / count:.2f} ms per PDF (wall), "
      f"{cpu * 1000 / count:.2f} ms (CPU), peak {peak:.0f} MB, {size / count / 1024:.1f} KB per PDF")
