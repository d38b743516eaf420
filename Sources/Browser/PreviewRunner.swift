// Running --preview's command beside the input loop, as fzf does: each command in a process
// group of its own (`$SHELL -c`, else `sh -c`), its output and errors read on a thread of their own
// and handed to the loop as they arrive (`BrowserEvent.previewed`), a newer command ending the
// one before (SIGKILL to its whole group: a pipeline, a `sleep` it started). The loop is woken
// when output arrives (`InputWakeup`), at most once per look, however fast a command floods.

import Dispatch
import Synchronization
import TerminalUI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A preview command to run, as the state asked for it (`BrowserCommand.preview`).
public struct PreviewRequest: Hashable, Sendable {
    /// Numbers the commands of a session: only the output of the last one asked is shown.
    public let generation: Int
    /// The command line, its placeholders expanded.
    public let command: String
    /// The shell it runs in, with -c (`PreviewSettings.shell`: the one the placeholders were
    /// quoted for).
    public let shell: String
    /// Variables set for it on top of the program's environment (FZF_PREVIEW_LINES, ...).
    public let environment: [String: String]
    /// Temporary files the expansion wrote (`{+f}`), removed when the command ends.
    public let files: [String]
}

/// What a preview command printed since the last look.
public struct PreviewOutput: Hashable, Sendable {
    public let generation: Int
    public var bytes: [UInt8]
    /// Whether the command ended (or was ended for printing too much): nothing more comes.
    public var ended: Bool
}

/// Runs preview commands one at a time, the last one asked winning.
final class PreviewRunner: Sendable {
    /// The most a command may print; past it the command is ended (a `yes` must not fill the
    /// memory) and what it printed is shown.
    static let outputLimit = 4 << 20

    private struct Running {
        var group: pid_t = 0
        var generation = -1
        /// Output not taken by the loop yet, and whether the command ended.
        var pending: [UInt8] = []
        var ended = false
        /// Whether the loop was woken for the pending output and has not taken it yet.
        var announced = false
    }

    private let state = Mutex(Running())
    private let wakeup: InputWakeup?

    init(wakeup: InputWakeup?) {
        self.wakeup = wakeup
    }

    /// Ends the command under way and starts `request`'s.
    func start(_ request: PreviewRequest) {
        stop()
        var output: [Int32] = [-1, -1]
        guard pipe(&output) == 0 else {
            finish(request.generation, message: "splitview: cannot run the preview: no pipe")
            return
        }
        _ = fcntl(output[0], F_SETFD, FD_CLOEXEC)
        guard let group = spawn(request, output: output[1]) else {
            close(output[0])
            close(output[1])
            finish(request.generation, message: "splitview: cannot run \(request.shell)")
            return
        }
        close(output[1])
        state.withLock {
            $0 = Running(group: group, generation: request.generation)
        }
        TerminalGuard.setChildGroup(group, slot: .preview)
        let reader = output[0]
        let files = request.files
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            readOutput(reader, of: group, generation: request.generation)
            close(reader)
            var status: Int32 = 0
            while waitpid(group, &status, 0) < 0 && errno == EINTR {}
            for file in files { unlink(file) }
        }
    }

    /// Ends the command under way, if any (its whole process group).
    func stop() {
        state.withLock { running in
            if running.group > 0 { kill(-running.group, SIGKILL) }
            running.group = 0
        }
        TerminalGuard.setChildGroup(nil, slot: .preview)
    }

    /// What arrived since the last call, as at most one event.
    func takeEvents() -> [BrowserEvent] {
        state.withLock { running in
            guard running.announced else { return [] }
            running.announced = false
            let output = PreviewOutput(generation: running.generation, bytes: running.pending, ended: running.ended)
            running.pending = []
            return [.previewed(output)]
        }
    }

    /// Whether a command runs or its last output waits to be taken.
    var isActive: Bool { state.withLock { $0.announced || ($0.group > 0 && !$0.ended) } }

    /// Starts the command in a process group of its own, its standard output and error on
    /// `output`, its input /dev/null; the group's id (the shell's pid), nil when it cannot.
    private func spawn(_ request: PreviewRequest, output: Int32) -> pid_t? {
        ChildProcess.spawn(
            ShellCommand(command: request.command, shell: request.shell, environment: request.environment),
            input: .null, output: .descriptor(output), error: .descriptor(output))
    }

    /// Reads the command's output until it ends or prints `outputLimit`, handing it over.
    private func readOutput(_ descriptor: Int32, of group: pid_t, generation: Int) {
        var buffer = [UInt8](repeating: 0, count: 65536)
        var total = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            let limited = total + max(0, count) > Self.outputLimit
            let kept = limited ? max(0, Self.outputLimit - total) : max(0, count)
            total += kept
            let ended = count <= 0 || limited
            let wake = state.withLock { running -> Bool in
                guard running.generation == generation else { return false }
                running.pending += buffer[..<kept]
                if ended { running.ended = true }
                let wake = !running.announced
                running.announced = true
                return wake
            }
            if wake { wakeup?.wake() }
            if limited { kill(-group, SIGKILL) }
            if ended { return }
        }
    }

    /// A command that could not start: `message` as its output, ended.
    private func finish(_ generation: Int, message: String) {
        state.withLock {
            $0 = Running(
                generation: generation, pending: Array((message + "\n").utf8), ended: true, announced: true)
        }
        wakeup?.wake()
    }
}
