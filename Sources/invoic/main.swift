import InvoicCLI

InvoicCommand.runAndExit()
