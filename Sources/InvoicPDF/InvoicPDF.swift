// The PDF renderer: see the PDF issue.
