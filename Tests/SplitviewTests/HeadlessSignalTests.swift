// SIGQUIT in the commands that draw nothing, while they wait on a standard input held open:
// the process ends as SIGQUIT ends any (killed by it, status 131 in a shell), with nothing on
// stderr. The Swift runtime's backtracer used to take it, print a crash report and go on waiting.

import Foundation
import TerminalTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct HeadlessSignalTests {
    @Test(arguments: [
        ["--filter", "x"], ["layout", "-", "--width", "80", "--height", "24"],
        ["render", "-", "--width", "80", "--height", "24"],
    ])
    func sigquitEndsACommandWaitingOnStandardInput(arguments: [String]) throws {
        var input: [Int32] = [-1, -1], errors: [Int32] = [-1, -1]
        try #require(pipe(&input) == 0 && pipe(&errors) == 0)
        // Close-on-exec: the program gets only the ends dup2 gives it (the test keeps the rest).
        (input + errors).forEach { _ = fcntl($0, F_SETFD, FD_CLOEXEC) }
        defer { [input[1], errors[0]].forEach { _ = close($0) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input[0], 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, errors[1], 2)
        // As a user runs it: no SWIFT_BACKTRACE setting, no configuration in reach; and no
        // core dump, which SIGQUIT's default action makes where allowed.
        let nowhere = "/nonexistent/splitview-tests"
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("SWIFT_BACKTRACE") }
        environment["HOME"] = nowhere
        environment["XDG_CONFIG_HOME"] = nowhere
        environment["XDG_STATE_HOME"] = nowhere
        let command: [String] = ["/bin/sh", "-c", "ulimit -c 0; exec \"$0\" \"$@\"", Support.binary] + arguments
        let argv: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        try #require(withSpawnAttributes { posix_spawn(&pid, "/bin/sh", &actions, &$0, argv, envp) } == 0)
        _ = close(input[0])
        _ = close(errors[1])

        try #require(
            Support.waitUntilBlocked(pid, in: .read, descriptor: 0),
            "not reading standard input: \(Support.whereIs(pid))")
        kill(pid, SIGQUIT)
        let ended = Support.waitForExit(pid, seconds: 20)
        if ended == nil {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        var stderr: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while case let count = buffer.withUnsafeMutableBytes({ read(errors[0], $0.baseAddress, $0.count) }), count > 0 {
            stderr += buffer[0..<count]
        }
        let status = try #require(
            ended, "SIGQUIT did not end it; stderr: \(String(decoding: stderr.prefix(300), as: UTF8.self))")
        #expect(status & 0x7F == SIGQUIT, "wait status \(status)")
        #expect(stderr.isEmpty, "stderr: \(String(decoding: stderr.prefix(300), as: UTF8.self))")
    }
}
