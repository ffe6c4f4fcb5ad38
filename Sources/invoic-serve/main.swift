import Foundation
import InvoicServe

exit(ServeMain.run(Array(CommandLine.arguments.dropFirst())))
