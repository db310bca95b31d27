/// The controllers a walk of a view subtree finds, the first held inline: each step of a
/// containment cycle finds exactly one (a controller's own view), and the arrays those
/// steps allocated and freed were a tenth of a cycle's instructions (docs/performance.md).
/// Order is the walk's: the first found first.
struct ControllerList: Sequence {
    private var head: ViewController?
    private var tail: [ViewController] = []

    init() {}
    init(_ c: ViewController) { head = c }

    var isEmpty: Bool { head == nil }

    mutating func append(_ c: ViewController) {
        if head == nil { head = c } else { tail.append(c) }
    }

    func filter(_ keep: (ViewController) throws -> Bool) rethrows -> ControllerList {
        var out = ControllerList()
        for c in self where try keep(c) { out.append(c) }
        return out
    }

    func makeIterator() -> Iterator { Iterator(list: self) }

    /// `head`, then `tail` in order; nothing once `head` is nil (then `tail` is empty).
    struct Iterator: IteratorProtocol {
        let list: ControllerList
        var index = -1

        mutating func next() -> ViewController? {
            defer { index += 1 }
            if index < 0 { return list.head }
            return index < list.tail.count ? list.tail[index] : nil
        }
    }
}
