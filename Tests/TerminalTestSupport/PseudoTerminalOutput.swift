// What programs write to a pseudo-terminal, read on a thread of its own for as long as the
// terminal is open: a screen writes whole frames with blocking writes, and a pty holds only a
// few kilobytes, so a frame larger than that would block for ever if nobody read while it was
// written.
//
// To know that everything written so far has been read, a "fence" is written on the slave side:
// the pty keeps bytes in order, so once the reader has seen the fence it has seen what came
// before. The fence is bytes that never occur in a screen's output (0xF8 to 0xFF are never
// valid in UTF-8, and it writes UTF-8 and ASCII escape sequences) and all differ, so a plain
// byte-by-byte match cannot miss one that starts inside a failed match.

#if canImport(Glibc)
    import Glibc
#endif

/// `@unchecked Sendable`: what the reading thread shares is only touched with `lock` held.
public final class PseudoTerminalOutput: @unchecked Sendable {
    static let fence: [UInt8] = [0xFF, 0xFE, 0xFD, 0xFC, 0xFB, 0xFA, 0xF9, 0xF8]

    private let master: Int32
    private let slave: Int32
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var thread = pthread_t()
    private var fencesWritten = 0
    private var fencesSeen = 0
    private var matched = 0
    /// Whether the terminal has ended (every slave descriptor closed) and the thread with it.
    private var ended = false
    /// Whether the bytes read are kept (else only during a `capture`), and those kept since
    /// they were last given.
    private let keepingEverything: Bool
    private var keeping: Bool
    private var kept: [UInt8] = []
    private var gaveUp = false

    /// Starts the thread that reads `master`; fences are written on `slave` (a descriptor that
    /// stays open until the terminal is closed). With `keepingEverything`, every byte read is
    /// kept until taken (`take`); otherwise only those of a `capture`: a benchmark drawing many
    /// frames between two captures keeps none of them.
    init(master: Int32, slave: Int32, keepingEverything: Bool) {
        self.master = master
        self.slave = slave
        self.keepingEverything = keepingEverything
        keeping = keepingEverything
        pthread_mutex_init(lock, nil)
        pthread_cond_init(changed, nil)
        let context = Unmanaged.passRetained(self).toOpaque()
        let status = pthread_create(
            &thread, nil,
            { context in
                let output = Unmanaged<PseudoTerminalOutput>.fromOpaque(context!).takeRetainedValue()
                output.drain()
                return nil
            }, context)
        precondition(status == 0, "pthread_create failed: \(status)")
    }

    deinit {
        pthread_cond_destroy(changed)
        pthread_mutex_destroy(lock)
        changed.deallocate()
        lock.deallocate()
    }

    /// Whether a `take` or `capture` gave up waiting (30 s) for what was written to come
    /// through, or could not ask (the fence could not be written).
    public var timedOut: Bool {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return gaveUp
    }

    /// Everything written to the terminal since the last call (since reading started, the
    /// first time), once all of it has arrived; with `keepingEverything` only.
    public func take() -> [UInt8] {
        settle()
        pthread_mutex_lock(lock)
        let bytes = kept
        kept.removeAll(keepingCapacity: true)
        pthread_mutex_unlock(lock)
        return bytes
    }

    /// The bytes the terminal received from what `body` wrote, once all of them have arrived.
    /// What came before and was not taken is dropped.
    public func capture(_ body: () -> Void) -> [UInt8] {
        settle()
        pthread_mutex_lock(lock)
        keeping = true
        kept.removeAll(keepingCapacity: true)
        pthread_mutex_unlock(lock)
        body()
        settle()
        pthread_mutex_lock(lock)
        keeping = keepingEverything
        let bytes = kept
        kept.removeAll(keepingCapacity: true)
        pthread_mutex_unlock(lock)
        return bytes
    }

    /// Waits until every byte written to the terminal so far has been read (at most 30 s).
    private func settle() {
        pthread_mutex_lock(lock)
        fencesWritten += 1
        let target = fencesWritten
        pthread_mutex_unlock(lock)
        guard writeFence() else {
            pthread_mutex_lock(lock)
            gaveUp = true
            pthread_mutex_unlock(lock)
            return
        }
        // Never for ever: a test that hangs tells nothing.
        let deadline = Self.deadline(seconds: 30)
        pthread_mutex_lock(lock)
        while fencesSeen < target && !ended {
            var until = deadline
            if pthread_cond_timedwait(changed, lock, &until) == ETIMEDOUT {
                gaveUp = true
                break
            }
        }
        pthread_mutex_unlock(lock)
    }

    /// The fence, whole, on the slave (non-blocking: while the terminal is full, it waits for
    /// the thread to make room).
    private func writeFence() -> Bool {
        Self.fence.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(slave, bytes.baseAddress! + offset, bytes.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0 && errno == EAGAIN {
                    var poller = pollfd(fd: slave, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&poller, 1, 50)
                } else if !(written < 0 && errno == EINTR) {
                    return false
                }
            }
            return true
        }
    }

    /// Called by `PseudoTerminal.close()` once its slave side is closed: waits at most
    /// `seconds` for the thread to see the terminal end.
    func waitForEnd(seconds: Int) {
        let deadline = Self.deadline(seconds: seconds)
        pthread_mutex_lock(lock)
        while !ended {
            var until = deadline
            if pthread_cond_timedwait(changed, lock, &until) == ETIMEDOUT { break }
        }
        let joinable = ended
        pthread_mutex_unlock(lock)
        if joinable { pthread_join(thread, nil) } else { pthread_detach(thread) }
    }

    /// The thread: reads until the terminal ends (once every slave descriptor is closed, the
    /// master reads EIO), counting the fences, keeping the rest when asked.
    private func drain() {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            pthread_mutex_lock(lock)
            var sawFence = false
            for byte in buffer[0..<count] {
                if keeping { kept.append(byte) }
                if byte == Self.fence[matched] {
                    matched += 1
                    if matched == Self.fence.count {
                        matched = 0
                        fencesSeen += 1
                        if keeping { kept.removeLast(min(Self.fence.count, kept.count)) }
                        sawFence = true
                    }
                } else {
                    matched = byte == Self.fence[0] ? 1 : 0
                }
            }
            if sawFence { pthread_cond_broadcast(changed) }
            pthread_mutex_unlock(lock)
        }
        pthread_mutex_lock(lock)
        ended = true  // nobody waits for a fence on a closed terminal
        pthread_cond_broadcast(changed)
        pthread_mutex_unlock(lock)
    }

    private static func deadline(seconds: Int) -> timespec {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        now.tv_sec += seconds
        return now
    }
}
