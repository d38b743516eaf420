// Measuring, in the terminal at hand, how many cells each emoji sequence really takes: print
// it at the start of a line, ask where the cursor went (CSI 6n), as ucs-detect does. Terminals
// differ on the newest sequences, ZWJ sequences and those with a variation selector, and a
// grid drawn with the wrong width is out of line from that cell on.
//
// Requests go in batches, each ended by a DA1 request (CSI c), which every terminal answers:
// the answer to DA1 tells that the batch's cursor reports have all come, or that the terminal
// does not report the cursor at all. The same sentinel ends the question of mode 2027
// (grapheme clustering, DECRQM), so a terminal that does not know DECRQM costs nothing.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

public enum WidthProbe {
    /// One sequence whose width the terminal and splitview's model disagree on.
    public struct Finding: Hashable, Sendable {
        public let sequence: String
        /// What splitview's model (TextWidth, without the configuration's overrides) says.
        public let expected: Int
        /// What the terminal did.
        public let measured: Int
    }

    /// What the terminal said of grapheme clustering (mode 2027), asked with DECRQM.
    public enum ClusteringMode: Hashable, Sendable, CustomStringConvertible {
        /// No answer: the terminal does not know DECRQM.
        case unanswered
        /// DECRPM's Ps: 0 not recognized, 1 set, 2 reset, 3 permanently set, 4 permanently reset.
        case reported(Int)

        public var description: String {
            switch self {
            case .unanswered: return "not answered (the terminal does not know DECRQM)"
            case .reported(0): return "not recognized"
            case .reported(1): return "set"
            case .reported(2): return "supported, reset"
            case .reported(3): return "permanently set"
            case .reported(4): return "permanently reset"
            case .reported(let value): return "answered \(value)"
            }
        }
    }

    public struct Report: Hashable, Sendable {
        public var findings: [Finding]
        public var measured: Int
        public var clustering: ClusteringMode
    }

    public enum ProbeError: Error, CustomStringConvertible {
        case noTerminal(String)
        case noCursorReports
        case interrupted

        public var description: String {
            switch self {
            case .noTerminal(let why): return "cannot open the terminal (/dev/tty: \(why))"
            case .noCursorReports: return "the terminal does not report the cursor position (CSI 6n)"
            case .interrupted: return "interrupted"
            }
        }
    }

    /// The bytes that measure `sequences`: each at the start of a cleared line, then a cursor
    /// report request; a DA1 request last.
    static func batch(_ sequences: [String]) -> [UInt8] {
        var bytes: [UInt8] = []
        for sequence in sequences { bytes += Array("\r\u{1B}[2K\(sequence)\u{1B}[6n".utf8) }
        return bytes + Array("\u{1B}[c".utf8)
    }

    /// Measures `sequences` in the terminal of /dev/tty (on its alternate screen, the cursor
    /// hidden; the terminal given back as it was, on a signal too), reporting those whose width
    /// differs from `model`'s. `progress` is told how many are done.
    public static func run(
        _ sequences: [String], model: TextWidth = TextWidth(), terminalPath: String = "/dev/tty",
        progress: (Int) -> Void = { _ in }
    ) throws(ProbeError) -> Report {
        let descriptor = open(terminalPath, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .noTerminal(String(cString: strerror(errno))) }
        defer { close(descriptor) }
        TerminalGuard.install()
        TerminalGuard.willChangeModes(descriptor: descriptor)
        var modes = termios()
        tcgetattr(descriptor, &modes)
        var raw = modes
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL | INLCR)
        tcsetattr(descriptor, TCSANOW, &raw)
        let leave = Array("\u{1B}[?25h\u{1B}[?1049l".utf8)
        TerminalGuard.setLeave(leave)
        TerminalGuard.willWriteToScreen()
        NcursesTerminalSession.writeAll(Array("\u{1B}[?1049h\u{1B}[?25l\u{1B}[H".utf8), to: descriptor)
        defer {
            NcursesTerminalSession.writeAll(leave, to: descriptor)
            tcsetattr(descriptor, TCSANOW, &modes)
            TerminalGuard.giveBack()
        }

        // Mode 2027, then the widths, by batches.
        NcursesTerminalSession.writeAll(Array("\u{1B}[?2027$p\u{1B}[c".utf8), to: descriptor)
        let first = TerminalAnswers.read(descriptor, untilDeviceAttributes: 1)
        if first.interrupted { throw .interrupted }
        let clustering: ClusteringMode = first.clustering.map { .reported($0) } ?? .unanswered
        var findings: [Finding] = []
        var done = 0
        let batchSize = 64
        while done < sequences.count {
            let part = Array(sequences[done..<min(done + batchSize, sequences.count)])
            NcursesTerminalSession.writeAll(batch(part), to: descriptor)
            let answers = TerminalAnswers.read(descriptor, untilDeviceAttributes: 1)
            if answers.interrupted { throw .interrupted }
            guard answers.positions.count == part.count else { throw .noCursorReports }
            for (sequence, position) in zip(part, answers.positions) {
                let measured = position.column, expected = model.width(of: sequence)
                if measured != expected {
                    findings.append(Finding(sequence: sequence, expected: expected, measured: measured))
                }
            }
            done += part.count
            progress(done)
        }
        return Report(findings: findings, measured: sequences.count, clustering: clustering)
    }
}
