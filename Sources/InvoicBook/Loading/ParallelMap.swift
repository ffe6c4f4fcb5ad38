import Dispatch

/// Maps on all cores, keeping the input order, so results never depend on scheduling.
/// - Parameter serialBelow: fewer items than this are mapped on the calling thread: for a small
///   book (one invoice given to `invoic pdf`) starting the pool's threads costs more than the work.
public func parallelMap<T: Sendable, R: Sendable>(_ items: [T], serialBelow: Int = 0, _ transform: @Sendable (T) -> R) -> [R] {
    if items.count < max(2, serialBelow) { return items.map(transform) }
    let slots = ResultSlots<R>(count: items.count)
    DispatchQueue.concurrentPerform(iterations: items.count) { index in
        slots.store(transform(items[index]), at: index)
    }
    return slots.takeAll()
}

/// Write-once slots filled from many threads: each index is written by exactly one iteration.
private final class ResultSlots<R>: @unchecked Sendable {
    private let base: UnsafeMutableBufferPointer<R?>

    init(count: Int) {
        base = .allocate(capacity: count)
        base.initialize(repeating: nil)
    }

    func store(_ value: R, at index: Int) { base[index] = value }

    deinit { base.deinitialize().deallocate() }

    /// The results, moved out rather than copied: a copy of a book's decoded files is tens of MB.
    fileprivate func takeAll() -> [R] {
        Array(unsafeUninitializedCapacity: base.count) { buffer, count in
            for index in base.indices {
                (buffer.baseAddress! + index).initialize(to: (base.baseAddress! + index).move()!)
                (base.baseAddress! + index).initialize(to: nil)
            }
            count = base.count
        }
    }
}
