// The columns of an item store, made to grow while snapshots of them are read: a stream's
// catalog is published many times as its items arrive, and copying a section's columns for
// each snapshot (a Swift array shared with a snapshot is copied on its next append) would cost
// as much as parsing again.
//
// A column's elements live in storage that is only ever appended to: a snapshot is the storage
// and a count, the elements below that count are never written again, and the writer appends
// past them. When the storage is full the writer moves to storage twice as large (copying, as
// an array's growth does); the old storage lives on as long as a snapshot holds it. Readers
// (the browser, search threads) need no lock: what they read was written before the snapshot
// was handed to them (through a lock or a queue), and nobody writes it again.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Memory for `capacity` elements, the first ones initialized by the one writer that owns it.
final class ColumnStorage<Element: BitwiseCopyable>: @unchecked Sendable {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
        base = Self.allocate(nil, capacity)
    }

    deinit { free(base) }

    static var empty: ColumnStorage { ColumnStorage(capacity: 0) }

    /// Moves the elements to memory for `capacity` elements, where the allocator can grow it in
    /// place (realloc: a large block is remapped, not copied, and never held twice). Only for
    /// storage no snapshot holds.
    func resize(to capacity: Int) {
        base = Self.allocate(base, capacity)
        self.capacity = capacity
    }

    private static func allocate(_ old: UnsafeMutablePointer<Element>?, _ capacity: Int) -> UnsafeMutablePointer<
        Element
    > {
        let bytes = max(capacity, 1) * MemoryLayout<Element>.stride
        guard let memory = realloc(old, bytes) else { fatalError("out of memory for \(bytes) bytes") }
        return memory.bindMemory(to: Element.self, capacity: max(capacity, 1))
    }
}

/// The first `count` elements of a column: immutable, shared by every store made from them.
struct Column<Element: BitwiseCopyable>: RandomAccessCollection, @unchecked Sendable {
    private let storage: ColumnStorage<Element>
    let count: Int

    init(storage: ColumnStorage<Element>, count: Int) {
        precondition(count <= storage.capacity)
        self.storage = storage
        self.count = count
    }

    init() { self.init(storage: .empty, count: 0) }

    init(_ elements: [Element]) {
        let storage = ColumnStorage<Element>(capacity: elements.count)
        _ = elements.withUnsafeBufferPointer {
            UnsafeMutableBufferPointer(start: storage.base, count: elements.count).initialize(fromContentsOf: $0)
        }
        self.init(storage: storage, count: elements.count)
    }

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    @inline(__always)
    subscript(position: Int) -> Element {
        precondition(position >= 0 && position < count, "index out of range")
        return storage.base[position]
    }

    @inline(__always)
    func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<Element>) throws -> R) rethrows -> R {
        try withExtendedLifetime(storage) { try body(UnsafeBufferPointer(start: storage.base, count: count)) }
    }

    /// The room in its storage, used or not.
    var capacity: Int { storage.capacity }

    /// Unused room in its storage.
    var spareCapacity: Int { storage.capacity - count }

    /// The same elements in storage of their own size.
    func trimmed() -> Column {
        withUnsafeBufferPointer { Column(Array($0)) }
    }
}

/// A column being written: appends in place while its storage has room, else moves its elements
/// to storage twice as large. Copies of a writer must not both append to one storage: the
/// store that holds writers (`ItemStoreBuilder`) makes its columns their own (`detach`) when it
/// finds itself copied.
struct ColumnWriter<Element: BitwiseCopyable> {
    private(set) var storage: ColumnStorage<Element> = .empty
    private(set) var count = 0

    init() {}

    /// The elements so far, for readers.
    var column: Column<Element> { Column(storage: storage, count: count) }

    var isEmpty: Bool { count == 0 }

    @inline(__always)
    subscript(position: Int) -> Element {
        precondition(position >= 0 && position < count, "index out of range")
        return storage.base[position]
    }

    /// Room for `extra` more elements.
    mutating func reserveCapacity(_ extra: Int) {
        if count + extra > storage.capacity { move(toCapacity: count + extra) }
    }

    @inline(__always)
    mutating func append(_ element: Element) {
        if count == storage.capacity { grow(by: 1) }
        (storage.base + count).initialize(to: element)
        count += 1
    }

    @inline(__always)
    mutating func append(contentsOf elements: UnsafeBufferPointer<Element>) {
        guard let source = elements.baseAddress else { return }
        if count + elements.count > storage.capacity { grow(by: elements.count) }
        (storage.base + count).initialize(from: source, count: elements.count)
        count += elements.count
    }

    mutating func append(contentsOf elements: [Element]) {
        elements.withUnsafeBufferPointer { append(contentsOf: $0) }
    }

    /// Moves its elements to storage of its own, leaving the old storage to the other copy of
    /// this writer and to snapshots.
    mutating func detach() {
        copy(toCapacity: storage.capacity)
    }

    @inline(never)
    private mutating func grow(by extra: Int) {
        move(toCapacity: max(count + extra, storage.capacity * 2, 16))
    }

    /// Grows the storage in place when nothing else holds it (a whole read's stores), else
    /// copies the elements to new storage (a snapshot keeps the old).
    private mutating func move(toCapacity capacity: Int) {
        if isKnownUniquelyReferenced(&storage) {
            storage.resize(to: capacity)
        } else {
            copy(toCapacity: capacity)
        }
    }

    private mutating func copy(toCapacity capacity: Int) {
        let larger = ColumnStorage<Element>(capacity: capacity)
        larger.base.initialize(from: storage.base, count: count)
        storage = larger
    }
}
