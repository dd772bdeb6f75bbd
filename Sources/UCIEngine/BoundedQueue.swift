// BoundedQueue: a blocking first-in first-out queue with a capacity, between a producer and the engine workers.
import Foundation

/// `push` blocks while the queue is full; `pop` blocks while it is empty and open, and returns
/// nil once it is closed and drained. Many producers and consumers may use it at once.
final class BoundedQueue<Element: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var items: [Element] = []
    private var head = 0
    private var closed = false
    let capacity: Int

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// Adds `item`, waiting for room. Returns false (and drops it) if the queue was closed.
    @discardableResult
    func push(_ item: Element) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while items.count - head >= capacity, !closed { condition.wait() }
        guard !closed else { return false }
        items.append(item)
        condition.broadcast()
        return true
    }

    func pop() -> Element? {
        condition.lock()
        defer { condition.unlock() }
        while items.count == head, !closed { condition.wait() }
        guard head < items.count else { return nil }
        let item = items[head]
        head += 1
        if head == items.count {
            items.removeAll(keepingCapacity: true)
            head = 0
        }
        condition.broadcast()
        return item
    }

    /// No more pushes; consumers drain what is left.
    func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }
}
