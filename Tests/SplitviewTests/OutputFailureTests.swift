// A standard output that does not take the pick: a full disk, a closed descriptor, a reader
// that went away. One line and status 2, or a quiet end for a closed pipe; never a crash.

import Foundation
import SeededRandom
import Testing

@testable import splitview

@Suite struct OutputFailureTests {
    /// Runs `command` with bash, the binary as `$S`, and returns its stdout, stderr and the status
    /// the command line ends with.
    func shell(_ command: String) throws -> Support.Result {
        var environment = ProcessInfo.processInfo.environment
        environment["S"] = Support.binary
        environment["HOME"] = Support.emptyHome
        environment["XDG_CONFIG_HOME"] = Support.emptyHome
        environment["XDG_STATE_HOME"] = Support.emptyHome
        return try Support.spawn("/bin/bash", ["-c", command], environment: environment)
    }

    @Test("a full disk or a closed standard output is one line on stderr and status 2")
    func failedWritesAreErrors() throws {
        for (redirect, reason) in [("> /dev/full", "No space left on device"), (">&-", "it is closed")] {
            for command in [
                "seq 10 | $S --filter 1 \(redirect)",
                "seq 200000 | $S --filter 1 \(redirect)",  // past the first 64 KB block
                "$S --filter heart --emoji \(redirect)",
                "$S --help \(redirect)",
                "$S render --width 40 --height 6 --emoji \(redirect)",
                "$S layout --width 40 --height 6 --emoji \(redirect)",
            ] {
                let result = try shell(command)
                #expect(result.status == 2, "\(command): \(result.stderr)")
                #expect(
                    result.stderr == "splitview: cannot write to standard output: \(reason)\n", "\(command)")
            }
        }
    }

    @Test("write errors injected at random: short writes and EINTR go on, any other error stops at a prefix")
    func injectedWriteErrors() {
        var random = SplitMix64(seed: 25)
        let fatal: [Int32] = [EPIPE, ENOSPC, EBADF, EIO, EFBIG, EAGAIN]
        for round in 0..<2_000 {
            let bytes = (0..<random.next(3_000)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            // A writer that takes a random part each time, is interrupted now and then, and in
            // some rounds fails for good at a random call.
            let failAt = random.next(3) == 0 ? random.next(12) : nil
            let failure = fatal[random.next(fatal.count)]
            var received: [UInt8] = []
            var calls = 0
            var random2 = SplitMix64(seed: UInt64(round))
            let outcome: StandardStreams.WriteFailure?
            do {
                try bytes.withUnsafeBytes { buffer in
                    try StandardStreams.write(buffer) { part in
                        defer { calls += 1 }
                        if calls == failAt { return .failed(failure) }
                        if random2.next(4) == 0 { return .failed(EINTR) }
                        let count = 1 + random2.next(part.count)
                        received += part.prefix(count)
                        return .wrote(count)
                    }
                }
                outcome = nil
            } catch let error as StandardStreams.WriteFailure {
                outcome = error
            } catch {
                Issue.record("an error of another kind: \(error)")
                return
            }
            if let outcome {
                #expect(outcome == (failure == EPIPE ? .readerGone : .failed(failure)), "round \(round)")
                #expect(bytes.starts(with: received) && received.count < bytes.count, "round \(round)")
            } else {
                #expect(received == bytes, "round \(round): every byte once, in order")
            }
        }
        // A writer that writes nothing, or claims more than it had, ends rather than spins or
        // writes twice.
        var claims: [StandardStreams.WriteResult] = [.wrote(0)]
        #expect(throws: StandardStreams.WriteFailure.failed(EIO)) {
            try [UInt8](repeating: 1, count: 10).withUnsafeBytes { buffer in
                try StandardStreams.write(buffer) { _ in claims.removeFirst() }
            }
        }
        var more = 0
        try? [UInt8](repeating: 1, count: 10).withUnsafeBytes { buffer in
            try StandardStreams.write(buffer) { part in
                more += 1
                return .wrote(part.count + 5)
            }
        }
        #expect(more == 1)
    }

    @Test("a reader that went away ends the program quietly with 141, SIGPIPE ignored or not")
    func closedPipeEndsQuietly() throws {
        let directory = FileManagerHelper.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for trap in ["", "trap '' PIPE; "] {
            let result = try shell(
                "\(trap)seq 1000000 | $S --filter 1 2>\(directory)/err | head -1; echo \"status ${PIPESTATUS[1]}\"; "
                    + "cat \(directory)/err")
            // (With SIGPIPE ignored the write fails with EPIPE; otherwise the signal ends it.)
            #expect(result.stdout == "1\nstatus 141\n", "\(trap)")
        }
    }
}

/// Enter in the browser with standard output on a full disk: the terminal is given back and
/// the failure is one line.
@Suite(.serialized, .needs("tmux"))
struct PickOutputFailureTests {
    /// The emoji browser in tmux, `prefix` before its command line and its standard output
    /// sent to `output` (nil: a file): Enter picks, and the printed lines, the exit status
    /// (`EXIT:n`) and standard error are returned.
    func pickWithEnter(prefix: String = "", output: String? = nil) throws -> (
        out: String, errors: String, session: TmuxSession
    ) {
        let directory = FileManagerHelper.temporaryDirectory()
        let errors = directory + "/err", out = directory + "/out"
        let session = try TmuxSession(
            width: 80, height: 12,
            command: "\(prefix)\(Support.binary) > \(output ?? out) 2> \(errors); echo EXIT:$? >> \(out)")
        try session.waitFor("the browser") { $0.contains("1 of 1884") }
        try session.send("Enter")
        let printed = session.waitForFile(out, containing: "EXIT:")
        return (printed, (try? String(contentsOfFile: errors, encoding: .utf8)) ?? "", session)
    }

    @Test func enterWithStandardOutputOnAFullDisk() throws {
        let (out, errors, session) = try pickWithEnter(output: "/dev/full")
        #expect(out == "EXIT:2\n")
        #expect(errors == "splitview: cannot write to standard output: No space left on device\n")
        // The shell's screen is back: no frame of the browser is left on it.
        #expect(try !session.screen().contains("1 of 1884"))
    }

    @Test("recent picks that cannot be kept: the pick is printed, and one line names the path and why")
    func recentPicksNotKept() throws {
        let state = FileManagerHelper.temporaryDirectory() + "/state"
        try Data("a file".utf8).write(to: URL(fileURLWithPath: state))
        let (out, errors, _) = try pickWithEnter(prefix: "XDG_STATE_HOME=\(state) ")
        #expect(out == "😀\nEXIT:0\n")
        #expect(
            errors
                == "splitview: warning: recent picks not kept: cannot make the folder \(state)/splitview: \(state) is not a folder\n"
        )
    }
}
