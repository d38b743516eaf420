// Standard output and standard error, written with write(2).
//
// Not FileHandle: swift-corelibs-foundation's FileHandle.write(_:) is `try!` over the throwing
// write, so a full disk (`> /dev/full`), a closed standard output (`>&-`) or a reader gone
// with SIGPIPE ignored (`trap '' PIPE; ... | head -1`) ended the program with a crash report
// and SIGILL. Here every way a write can fail is a value: the output's failure becomes one
// line and exit status 2, a reader that went away ends the program quietly, as `head` expects.

import ArgumentParser
import Foundation

enum StandardStreams {
    /// Why standard output could not take what was written.
    enum WriteFailure: Error, Equatable {
        /// The reader closed the pipe (EPIPE, with SIGPIPE ignored; otherwise the signal ends
        /// the program before the write returns).
        case readerGone
        /// Standard output was closed when the program started (`>&-`).
        case closed
        /// Any other error of write(2): the errno.
        case failed(Int32)

        /// What to tell the user, in words.
        var reason: String {
            switch self {
            case .readerGone: return "the reader closed the pipe"
            case .closed: return "it is closed"
            case .failed(let code): return String(cString: strerror(code))
            }
        }
    }

    /// Whether standard output was closed when the program started. Set by `guardDescriptors`.
    nonisolated(unsafe) private(set) static var outputWasClosed = false

    /// Opens /dev/null on each of the standard descriptors that is closed at start, before
    /// anything else opens a file: otherwise the first file opened (the data, the terminal for
    /// ncurses) would take descriptor 1 and the pick would be written into it. A standard
    /// output that was closed is remembered, so that writing to it is still an error.
    static func guardDescriptors() {
        for descriptor: Int32 in 0...2 where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            let opened = open("/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY)
            if opened >= 0 && opened != descriptor {
                dup2(opened, descriptor)
                close(opened)
            }
            if descriptor == 1 { outputWasClosed = true }
        }
    }

    /// What one write(2) did: wrote so many bytes (maybe fewer than asked), or failed with
    /// this errno.
    enum WriteResult {
        case wrote(Int)
        case failed(Int32)
    }

    /// Writes all of `bytes` to `descriptor`, through short writes and interruptions.
    static func write(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) throws(WriteFailure) {
        try write(bytes) { part in
            while true {
                let written = Glibc.write(descriptor, part.baseAddress, part.count)
                if written >= 0 { return .wrote(written) }
                // A descriptor some other program made non-blocking: wait until it takes more.
                guard errno == EAGAIN || errno == EWOULDBLOCK else { return .failed(errno) }
                var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                _ = poll(&ready, 1, -1)
            }
        }
    }

    /// Writes all of `bytes` through `writeOnce` (write(2), or a test's stand-in that fails
    /// where it likes): what is left after a short write goes again, an interrupted write
    /// (EINTR) is tried again, any other error ends it.
    static func write(
        _ bytes: UnsafeRawBufferPointer, by writeOnce: (UnsafeRawBufferPointer) -> WriteResult
    ) throws(WriteFailure) {
        var next = 0
        while next < bytes.count {
            switch writeOnce(UnsafeRawBufferPointer(rebasing: bytes[next...])) {
            case .wrote(let count):
                // (A writer that claims more than it was given, or nothing, is taken at most
                // at its word: nothing is written twice, and no loop spins for ever.)
                guard count > 0 else { throw .failed(EIO) }
                next += min(count, bytes.count - next)
            case .failed(EINTR):
                continue
            case .failed(EPIPE):
                throw .readerGone
            case .failed(let code):
                throw .failed(code)
            }
        }
    }

    /// Writes `bytes` to standard output.
    static func output(_ bytes: [UInt8]) throws(WriteFailure) {
        if outputWasClosed { throw .closed }
        let failure: WriteFailure? = bytes.withUnsafeBytes { raw in
            do throws(WriteFailure) {
                try write(raw, to: 1)
                return nil
            } catch {
                return error
            }
        }
        if let failure { throw failure }
    }

    static func output(_ text: String) throws(WriteFailure) { try output(Array(text.utf8)) }

    /// Writes `text` to standard error; a failure there has nowhere left to be told, and is
    /// dropped.
    static func error(_ text: String) {
        Array(text.utf8).withUnsafeBytes { try? write($0, to: 2) }
    }

    /// Runs `body`, turning a failure to write standard output into what the user sees: a
    /// reader that went away ends the program quietly with status 141 (what a shell reports for
    /// a program SIGPIPE ended, as it would have without `trap '' PIPE`); any other failure is
    /// one line on standard error and exit status 2.
    static func reportingWriteFailures<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let failure as WriteFailure {
            if failure == .readerGone { throw ExitCode(141) }
            error("splitview: cannot write to standard output: \(failure.reason)\n")
            throw ExitCode(2)
        }
    }
}
