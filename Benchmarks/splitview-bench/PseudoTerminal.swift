// A pseudo-terminal opened in-process, so that the benchmark can count the bytes the real
// screen (NcursesScreen) sends to a terminal without needing one (and without drawing on the
// user's).
//
// A thread reads the master side for as long as it is open: the screen writes whole frames with
// blocking writes, and a pty holds only a few kilobytes, so a frame larger than that would
// block the benchmark forever if nobody read while it was written.
//
// To know that everything written for a frame has been read, the benchmark writes a "fence"
// on the slave after the frame: the pty keeps bytes in order, so once the reader has seen the
// fence it has seen the frame. The fence is bytes that never occur in the screen's output (0xF8
// to 0xFF are never valid in UTF-8, and it writes UTF-8 and ASCII escape sequences) and all
// differ, so a plain byte-by-byte match cannot miss one that starts inside a failed match.

import CPseudoTerminal
import Glibc

final class PseudoTerminal: @unchecked Sendable {
    // @unchecked: what the reader thread shares is only touched with `lock` held, and `slave`
    // only by the thread that owns the terminal.

    let master: Int32
    let slavePath: String
    /// Our own descriptor on the slave: the fences are written on it, and while it is open the
    /// master never reads end-of-file between two ncurses screens.
    private var slave: Int32

    static let fence: [UInt8] = [0xFF, 0xFE, 0xFD, 0xFC, 0xFB, 0xFA, 0xF9, 0xF8]

    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var thread = pthread_t()
    private var fencesWritten = 0
    private var fencesSeen = 0
    /// The bytes since the last fence seen, kept only while `recording`.
    private var recording = false
    private var recorded: [UInt8] = []
    private var matched = 0

    /// Opens a pty of `columns` x `rows` and starts draining it.
    init(columns: Int, rows: Int) {
        var path = [CChar](repeating: 0, count: 128)
        // The size is set on the pty before ncurses starts: newterm reads it (TIOCGWINSZ) once.
        master = cpseudoterminal_open(Int32(columns), Int32(rows), &path, path.count)
        precondition(master >= 0, "cannot open a pseudo-terminal: errno \(errno)")
        slavePath = String(decoding: path.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        slave = open(slavePath, O_RDWR | O_NOCTTY | O_CLOEXEC)
        precondition(slave >= 0, "cannot open \(slavePath): errno \(errno)")

        pthread_mutex_init(lock, nil)
        pthread_cond_init(changed, nil)
        let context = Unmanaged.passRetained(self).toOpaque()
        let status = pthread_create(&thread, nil, { context in
            let terminal = Unmanaged<PseudoTerminal>.fromOpaque(context!).takeRetainedValue()
            terminal.drain()
            return nil
        }, context)
        precondition(status == 0, "pthread_create failed: \(status)")
    }

    /// Ends the reader (once every slave descriptor is closed, the master reads EIO) and waits
    /// for it. Close the ncurses screen first.
    func close() {
        guard slave >= 0 else { return }
        Glibc.close(slave)
        slave = -1
        pthread_join(thread, nil)
        Glibc.close(master)
    }

    private func drain() {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            pthread_mutex_lock(lock)
            var sawFence = false
            for byte in buffer[0..<count] {
                if recording { recorded.append(byte) }
                if byte == Self.fence[matched] {
                    matched += 1
                    if matched == Self.fence.count {
                        matched = 0
                        fencesSeen += 1
                        if recording { recorded.removeLast(Self.fence.count) }
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
        fencesSeen = Int.max  // Nobody waits on a closed pty.
        pthread_cond_broadcast(changed)
        pthread_mutex_unlock(lock)
    }

    /// Waits until every byte written to the pty so far has been read.
    func settle() {
        pthread_mutex_lock(lock)
        fencesWritten += 1
        let target = fencesWritten
        pthread_mutex_unlock(lock)
        Self.fence.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(slave, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    precondition(errno == EINTR, "fence write failed: errno \(errno)")
                    continue
                }
                offset += written
            }
        }
        pthread_mutex_lock(lock)
        while fencesSeen < target { pthread_cond_wait(changed, lock) }
        pthread_mutex_unlock(lock)
    }

    /// The bytes the terminal received from what `body` wrote, once all of them have arrived.
    func capture(_ body: () -> Void) -> [UInt8] {
        settle()
        pthread_mutex_lock(lock)
        recording = true
        recorded.removeAll(keepingCapacity: true)
        pthread_mutex_unlock(lock)
        body()
        settle()
        pthread_mutex_lock(lock)
        recording = false
        let bytes = recorded
        pthread_mutex_unlock(lock)
        return bytes
    }
}
