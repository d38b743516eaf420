// The preview's runner and pane: a command's output read as it arrives and split into lines
// (a line still being printed shown, ESC [ 2 J starting afresh, an older command's output
// dropped), a newer command ending the older one's whole process group, a flood cut at the
// limit, and nothing left running after `stop`.

@testable import Browser
import Dispatch
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Preview runner", .serialized)
struct PreviewRunnerTests {
    /// The events of `runner` until its command's output ended (at most `seconds`).
    func collect(_ runner: PreviewRunner, seconds: Double = 10) -> PreviewOutput? {
        var whole: PreviewOutput?
        let start = DispatchTime.now().uptimeNanoseconds
        while DispatchTime.now().uptimeNanoseconds - start < UInt64(seconds * 1e9) {
            for case .previewed(let output) in runner.takeEvents() {
                if whole == nil { whole = PreviewOutput(generation: output.generation, bytes: [], ended: false) }
                whole!.bytes += output.bytes
                whole!.ended = output.ended
            }
            if whole?.ended == true { return whole }
            usleep(2_000)
        }
        return whole
    }

    func request(
        _ generation: Int, _ command: String, shell: String = "/bin/sh", environment: [String: String] = [:]
    ) -> PreviewRequest {
        PreviewRequest(generation: generation, command: command, shell: shell, environment: environment, files: [])
    }

    /// The number a file holds on its first line, if any.
    static func number(inFile path: String) -> Int32? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = fread(&buffer, 1, buffer.count, file)
        let text = String(decoding: buffer[..<count], as: UTF8.self).prefix { $0 != "\n" }.filter(\.isNumber)
        return Int32(text)
    }

    /// Whether a process `pid` is alive (not even a zombie of ours).
    func alive(_ pid: Int32) -> Bool { kill(pid, 0) == 0 }

    @Test("a command's output and errors arrive whole, with the variables it was given")
    func output() throws {
        let runner = PreviewRunner(wakeup: nil)
        runner.start(
            request(1, "printf 'one\\ntwo'; echo \" $FZF_PREVIEW_LINES\" >&2", environment: ["FZF_PREVIEW_LINES": "7"]))
        let output = try #require(collect(runner))
        #expect(output.generation == 1 && output.ended)
        #expect(String(decoding: output.bytes, as: UTF8.self) == "one\ntwo 7\n")
    }

    @Test("a newer command ends the older one's whole group; stop ends the last")
    func newerEndsOlder() throws {
        let runner = PreviewRunner(wakeup: nil)
        let file = "/tmp/splitview-preview-test-\(getpid())"
        defer { unlink(file) }
        // A background child of the shell (the same group), whose pid the test reads.
        runner.start(request(1, "sleep 60 & echo $! > \(file); wait"))
        var child: Int32 = 0
        for _ in 0..<500 where child == 0 {
            usleep(10_000)
            child = Self.number(inFile: file) ?? 0
        }
        try #require(child > 0)
        #expect(alive(child))
        runner.start(request(2, "echo second; sleep 60"))
        for _ in 0..<200 where alive(child) { usleep(10_000) }
        #expect(!alive(child), "the older command's child outlived it")
        // The older one's output never shows as the newer one's.
        var seen = ""
        for _ in 0..<300 where !seen.contains("second") {
            for case .previewed(let output) in runner.takeEvents() {
                #expect(output.generation == 2)
                seen += String(decoding: output.bytes, as: UTF8.self)
            }
            usleep(10_000)
        }
        #expect(seen == "second\n")
        runner.stop()
        #expect(!runner.isActive || collect(runner, seconds: 5)?.ended == true)
    }

    @Test("a command that floods its output is cut at the limit and ended")
    func flood() throws {
        let runner = PreviewRunner(wakeup: nil)
        runner.start(request(1, "yes"))
        let output = try #require(collect(runner, seconds: 20))
        #expect(output.ended)
        #expect(output.bytes.count == PreviewRunner.outputLimit)
    }

    @Test("a shell that cannot start says so as the output")
    func noShell() throws {
        let runner = PreviewRunner(wakeup: nil)
        runner.start(request(3, "echo x", shell: "/nonexistent/shell"))
        let output = try #require(collect(runner))
        #expect(output.ended && String(decoding: output.bytes, as: UTF8.self).contains("cannot run"))
    }

    @Test("the pane splits output into lines as it arrives; ESC [ 2 J starts afresh; older output is dropped")
    func pane() {
        var pane = PreviewPane()
        pane.restart("cmd")
        let generation = pane.generation
        pane.take(PreviewOutput(generation: generation, bytes: Array("a\r\nb\nc".utf8), ended: false))
        #expect(pane.lines == ["a", "b"] && pane.shownLines == ["a", "b", "c"])
        pane.take(PreviewOutput(generation: generation - 1, bytes: Array("stale\n".utf8), ended: false))
        #expect(pane.shownLines == ["a", "b", "c"])
        pane.take(PreviewOutput(generation: generation, bytes: Array("d\n\u{1B}[2Jfresh\nx".utf8), ended: true))
        #expect(pane.lines == ["fresh", "x"] && pane.ended)
        pane.scroll(by: 5, visible: 1)
        #expect(pane.scroll == 1)
        pane.scroll(by: -9, visible: 1)
        #expect(pane.scroll == 0)
    }
}
