import Foundation
import Hummingbird

/// The PDF renders of `invoic serve` (a document, a copy, a reminder, a statement, a form's
/// preview, a received invoice's view), off the request path. A render is CPU work that cannot
/// be interrupted; run on the threads that answer requests (as many as the machine has cores),
/// two slow ones held every other request, the dashboard's included, for as long as they took
/// (issue 38). Here renders run on threads of their own, at most `concurrent` at once; at most
/// `capacity` are running or waiting, and a request past that is answered 503 at once; a request
/// whose render has not finished after `timeout` is answered 503 while the render finishes
/// (its slot stays taken till then, so the bound holds). The threads are the queue's own, not
/// Dispatch's: a render blocking one of those could still starve the pool requests run on.
final class RenderQueue: @unchecked Sendable {
    enum Refusal: Error, Sendable {
        case busy
        case tooSlow(Duration)
    }

    let concurrent: Int
    let capacity: Int
    let timeout: Duration
    private let lock = NSLock()
    /// Renders running or waiting.
    private var admitted = 0
    /// Renders not yet started, and the threads running them (each ends when none is left).
    private var jobs: [@Sendable () -> Void] = []
    private var threads = 0

    /// By default a core is left to the requests on a machine with more than one.
    init(concurrent: Int = max(1, ProcessInfo.processInfo.activeProcessorCount - 1), capacity: Int = 8, timeout: Duration = .seconds(20)) {
        self.concurrent = max(1, concurrent)
        self.capacity = max(1, capacity)
        self.timeout = timeout
    }

    /// `work`'s result, computed on the queue's threads; the caller's task waits without holding one.
    func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> Result<T, Refusal> {
        let admitted = lock.withLock { () -> Bool in
            guard self.admitted < capacity else { return false }
            self.admitted += 1
            return true
        }
        guard admitted else { return .failure(.busy) }
        let answer = Answer<T>()
        let timeout = timeout
        return await withCheckedContinuation { continuation in
            answer.await(continuation)
            submit {
                let value = work()
                self.lock.withLock { self.admitted -= 1 }
                answer.give(.success(value))
            }
            answer.timer = Task {
                do { try await Task.sleep(for: timeout) } catch { return }
                answer.give(.failure(.tooSlow(timeout)))
            }
        }
    }

    private func submit(_ job: @escaping @Sendable () -> Void) {
        let start = lock.withLock { () -> Bool in
            jobs.append(job)
            guard threads < concurrent else { return false }
            threads += 1
            return true
        }
        guard start else { return }
        let thread = Thread { self.drain() }
        thread.name = "invoic render"
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// A thread's life: the renders waiting, one after the other, till there is none.
    private func drain() {
        while let job = lock.withLock({ () -> (@Sendable () -> Void)? in
            guard !jobs.isEmpty else {
                threads -= 1
                return nil
            }
            return jobs.removeFirst()
        }) {
            job()
        }
    }

    /// The response `make` gives, made on the queue; a 503 that says why when it cannot be.
    func respond(_ make: @escaping @Sendable () -> Response) async -> Response {
        let message: String
        switch await run(make) {
        case .success(let response): return response
        case .failure(.busy): message = "The server is busy making other PDFs (\(capacity) at most at once): try again in a moment.\n"
        case .failure(.tooSlow(let limit)): message = "This PDF took longer than \(limit.components.seconds) s to make; it is still being made: try again in a moment.\n"
        }
        return Response(status: .serviceUnavailable, headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store", .retryAfter: "5"],
                        body: .init(byteBuffer: ByteBuffer(string: message)))
    }
}

/// One answer, given once: by the render or by the timer, whichever comes first.
private final class Answer<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Result<T, RenderQueue.Refusal>, Never>?
    private var given: Result<T, RenderQueue.Refusal>?
    private var _timer: Task<Void, Never>?

    var timer: Task<Void, Never>? {
        get { lock.withLock { _timer } }
        set {
            // Set after the render may already have answered: then the timer has nothing to do.
            let done = lock.withLock { () -> Bool in
                _timer = newValue
                return given != nil
            }
            if done { newValue?.cancel() }
        }
    }

    func await(_ continuation: CheckedContinuation<Result<T, RenderQueue.Refusal>, Never>) {
        lock.withLock { self.continuation = continuation }
    }

    func give(_ result: Result<T, RenderQueue.Refusal>) {
        let (waiting, timer) = lock.withLock { () -> (CheckedContinuation<Result<T, RenderQueue.Refusal>, Never>?, Task<Void, Never>?) in
            guard given == nil else { return (nil, nil) }
            given = result
            defer { continuation = nil }
            return (continuation, _timer)
        }
        timer?.cancel()
        waiting?.resume(returning: result)
    }
}
