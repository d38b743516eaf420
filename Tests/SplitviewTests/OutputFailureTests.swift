// A standard output that does not take the pick: a full disk, a closed descriptor, a reader
// that went away. One line and status 2, or a quiet end for a closed pipe; never a crash.

import Foundation
import Testing

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
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "needs tmux"))
struct PickOutputFailureTests {
    @Test func enterWithStandardOutputOnAFullDisk() throws {
        let directory = FileManagerHelper.temporaryDirectory()
        let errors = directory + "/err", out = directory + "/out"
        let session = try TmuxSession(
            width: 80, height: 12,
            command: "\(Support.binary) > /dev/full 2> \(errors); echo EXIT:$? > \(out)")
        try session.waitFor("the browser") { $0.contains("1 of 1898") }
        try session.send("Enter")
        #expect(session.waitForFile(out, containing: "EXIT:") == "EXIT:2\n")
        #expect(
            (try? String(contentsOfFile: errors, encoding: .utf8))
                == "splitview: cannot write to standard output: No space left on device\n")
        // The shell's screen is back: no frame of the browser is left on it.
        #expect(try !session.screen().contains("1 of 1898"))
    }

    @Test("recent picks that cannot be kept: the pick is printed, and one line names the path and why")
    func recentPicksNotKept() throws {
        let directory = FileManagerHelper.temporaryDirectory()
        let state = directory + "/state", errors = directory + "/err", out = directory + "/out"
        try Data("a file".utf8).write(to: URL(fileURLWithPath: state))
        let session = try TmuxSession(
            width: 80, height: 12,
            command: "XDG_STATE_HOME=\(state) \(Support.binary) > \(out) 2> \(errors); echo EXIT:$? >> \(out)")
        try session.waitFor("the browser") { $0.contains("1 of 1898") }
        try session.send("Enter")
        #expect(session.waitForFile(out, containing: "EXIT:") == "😀\nEXIT:0\n")
        #expect(
            (try? String(contentsOfFile: errors, encoding: .utf8))
                == "splitview: warning: recent picks not kept: cannot make the folder \(state)/splitview: \(state) is not a folder\n"
        )
    }
}
