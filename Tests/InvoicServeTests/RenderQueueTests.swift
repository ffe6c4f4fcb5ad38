import Foundation
import Hummingbird
import HummingbirdTesting
import InvoicBook
@testable import InvoicServe
import InvoicTestSupport
import Testing

/// Issue 38, point 3: two PDF previews that took long held every other request of `invoic serve`
/// for as long as they ran, since they were made on the threads that answer requests. PDFs are
/// now made on the render queue's own threads, a bounded number at once, and a request waits for
/// its PDF without holding a thread. Renders that never finish stand for slow ones here: the test
/// holds them until it has seen what it must, so it depends on no clock.
@Suite struct RenderQueueTests {
    /// Renders the test holds: each says it started, then waits until the test opens the gate.
    final class Gate: @unchecked Sendable {
        private let lock = NSLock()
        private let semaphore = DispatchSemaphore(value: 0)
        private var count = 0
        var started: Int { lock.withLock { count } }

        func hold() {
            lock.withLock { count += 1 }
            semaphore.wait()
        }

        func open(_ renders: Int) {
            for _ in 0..<renders { semaphore.signal() }
        }

        /// Until `renders` held renders have started (they start on the queue's threads).
        func started(_ renders: Int) async throws {
            while started < renders { try await Task.sleep(for: .milliseconds(5)) }
        }
    }

    /// Every render slot taken by a render that does not end (as many as the machine has cores,
    /// and one more: had they run on the threads that answer requests, none would be left), the
    /// dashboard, a document's page and a client's page are answered; a PDF asked for meanwhile
    /// is refused at once (503, try again), since the queue is full; once the renders end, it is
    /// made.
    @Test func pagesAreAnsweredWhileEveryRenderSlotIsTaken() async throws {
        let root = try ServeTests.book()
        defer { try? FileManager.default.removeItem(at: root) }
        var server = try ServeTests.server(root)
        let slots = ProcessInfo.processInfo.activeProcessorCount + 1
        server.renders = RenderQueue(concurrent: slots, capacity: slots, timeout: .seconds(3600))
        let renders = server.renders, gate = Gate()
        let held = (0..<slots).map { _ in Task { await renders.run { gate.hold() } } }
        try await gate.started(slots)
        try await server.application().test(.router) { client in
            for page in ["/", "/documents/INV-2026-008", "/clients/danube-festival", "/purchases"] {
                try await client.execute(uri: page, method: .get) { response in
                    #expect(response.status == .ok, "\(page)")
                }
            }
            for pdf in ["/documents/INV-2026-008.pdf", "/documents/INV-2026-008/copy.pdf", "/clients/danube-festival/statement.pdf"] {
                try await client.execute(uri: pdf, method: .get) { response in
                    #expect(response.status == .serviceUnavailable && response.headers[.retryAfter] == "5", "\(pdf)")
                    #expect(String(buffer: response.body).contains("busy making other PDFs"))
                }
            }
            gate.open(slots)
            for render in held { #expect(await render.value.isSuccess) }
            for pdf in ["/documents/INV-2026-008.pdf", "/documents/INV-2026-008/copy.pdf", "/clients/danube-festival/statement.pdf"] {
                try await client.execute(uri: pdf, method: .get) { response in
                    #expect(response.status == .ok && String(buffer: response.body).hasPrefix("%PDF-"), "\(pdf)")
                }
            }
        }
    }

    /// A PDF whose render does not end within the queue's time is answered without it (503, still
    /// being made); the render keeps its slot till it ends, so no more than the bound run.
    @Test func aRenderPastTheTimeIsAnsweredWithoutIt() async throws {
        let root = try ServeTests.book()
        defer { try? FileManager.default.removeItem(at: root) }
        var server = try ServeTests.server(root)
        server.renders = RenderQueue(concurrent: 1, capacity: 4, timeout: .milliseconds(200))
        let renders = server.renders, gate = Gate()
        let held = Task { await renders.run { gate.hold() } }
        try await gate.started(1)
        try await server.application().test(.router) { client in
            // Waits behind the held render, which does not end before the answer: too slow.
            try await client.execute(uri: "/documents/INV-2026-008.pdf", method: .get) { response in
                #expect(response.status == .serviceUnavailable)
                #expect(String(buffer: response.body).contains("still being made"))
            }
            try await client.execute(uri: "/", method: .get) { response in #expect(response.status == .ok) }
            gate.open(1)
        }
        // The held render's own caller was answered the same way, at the same bound.
        guard case .failure(.tooSlow) = await held.value else { Issue.record("the held render was not timed out"); return }
    }

    /// The preview of the invoice form is made on the queue too: with the queue full it is
    /// refused, not made on the request's thread.
    @Test func aFormsPreviewGoesThroughTheQueue() async throws {
        let root = try ServeTests.book()
        defer { try? FileManager.default.removeItem(at: root) }
        var server = try ServeTests.server(root)
        server.renders = RenderQueue(concurrent: 1, capacity: 1, timeout: .seconds(3600))
        let renders = server.renders, gate = Gate()
        let held = Task { await renders.run { gate.hold() } }
        try await gate.started(1)
        let headers = DocumentFormTests.headers, body = DocumentFormTests.body(DocumentFormTests.threeLines + [("op", "preview")])
        try await server.application().test(.router) { client in
            try await client.execute(uri: "/new/invoice", method: .post, headers: headers, body: body) { response in
                #expect(response.status == .serviceUnavailable)
            }
            gate.open(1)
            _ = await held.value
            try await client.execute(uri: "/new/invoice", method: .post, headers: headers, body: body) { response in
                #expect(response.status == .ok && String(buffer: response.body).contains("/preview/"), "\(String(buffer: response.body).prefix(300))")
            }
        }
    }
}

extension Result {
    var isSuccess: Bool {
        if case .success = self { return true }
        return false
    }
}
