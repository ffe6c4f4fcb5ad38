import Foundation

/// What `PeppolSender` and `PeppolReceiver` both work with, set up once: the book, its provider's
/// settings, the adapter those settings choose, and the clock the records are stamped with.
struct ProviderConnection {
    let root: String
    let settings: ProviderSettings
    let provider: any PeppolProvider
    let now: () -> Date

    init(root: String, settings: ProviderSettings, now: @escaping () -> Date) {
        self.root = root
        self.settings = settings
        self.provider = settings.adapter()
        self.now = now
    }
}

/// A sender or receiver reads the connection's parts by name.
protocol ProviderClient {
    var connection: ProviderConnection { get }
}

extension ProviderClient {
    var root: String { connection.root }
    var settings: ProviderSettings { connection.settings }
    var provider: any PeppolProvider { connection.provider }
    var now: () -> Date { connection.now }
}
