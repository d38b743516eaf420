// Ending a wait for input from another thread. The browser's loop waits for a key while a
// search runs beside it; the search's answer used to be looked for every millisecond, which
// made each answer wait half a millisecond on average, and up to one. A screen that waits on
// the terminal waits on this pipe's read end too (`NcursesInputReader`), and the search writes
// to it when it posts.
//
// (A pipe rather than a signal: a signal would cut the loop's writes to the terminal short,
// and ncurses gives no way to wait on anything but its own input.)

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Wakes a screen's wait for input: `wake()` from any thread makes the wait under way, or the
/// next one, return at once with no event.
public final class InputWakeup: Sendable {
    /// The pipe's ends, both non-blocking; -1 when the pipe could not be made (then `wake`
    /// does nothing, and the waits end when their time is up, as before).
    let readEnd: Int32
    private let writeEnd: Int32

    public init() {
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 {
            for end in ends {
                _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            }
        }
        readEnd = ends[0]
        writeEnd = ends[1]
    }

    deinit {
        if readEnd >= 0 { close(readEnd) }
        if writeEnd >= 0 { close(writeEnd) }
    }

    /// Ends the wait under way, or the next one. (A full pipe already holds a wake.)
    public func wake() {
        guard writeEnd >= 0 else { return }
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    /// Takes the wakes written so far; whether there was one.
    func drain() -> Bool {
        guard readEnd >= 0 else { return false }
        var bytes = [UInt8](repeating: 0, count: 64)
        var woken = false
        while read(readEnd, &bytes, bytes.count) > 0 { woken = true }
        return woken
    }
}
