// What a terminal must have received from splitview by the time it is gone: every mode it
// turned on turned off again after, and nothing of a frame after the normal screen came back.
// Read from the bytes a pseudo-terminal received (xterm-256color's strings).

#if canImport(Glibc)
    import Glibc
#endif

enum TerminalGivenBack {
    /// The modes splitview turns on, their strings on and off.
    static let modes: [(name: String, on: String, off: String)] = [
        ("the alternate screen", "\u{1B}[?1049h", "\u{1B}[?1049l"),
        ("mouse reporting", "\u{1B}[?1006;1000h", "\u{1B}[?1006;1000l"),
        ("keypad transmit", "\u{1B}[?1h\u{1B}=", "\u{1B}[?1l\u{1B}>"),
        ("the hidden cursor", "\u{1B}[?25l", "\u{1B}[?25h"),
    ]

    /// The last place `pattern` occurs in `bytes`.
    static func lastIndex(of pattern: String, in bytes: [UInt8]) -> Int? {
        let pattern = Array(pattern.utf8)
        guard bytes.count >= pattern.count else { return nil }
        return stride(from: bytes.count - pattern.count, through: 0, by: -1).first {
            bytes[$0..<$0 + pattern.count].elementsEqual(pattern)
        }
    }

    /// What is wrong with how `bytes` end, empty when nothing is: each mode turned on is off
    /// again after its last switching on (with `leaveRequired`, its off string must be there
    /// even if its on string is not: the unread part of the output may have been discarded),
    /// and after the normal screen's return only what ends it (the rest of rmcup, rmkx) and
    /// `message` (a line written with the terminal's modes restored, so its newline is CR LF).
    static func problems(in bytes: [UInt8], leaveRequired: Bool = false, message: String? = nil) -> [String] {
        var problems: [String] = []
        for mode in modes {
            let on = lastIndex(of: mode.on, in: bytes), off = lastIndex(of: mode.off, in: bytes)
            if let on, (off ?? -1) < on { problems.append("\(mode.name) left on") }
            if leaveRequired && off == nil { problems.append("\(mode.name): never turned off") }
        }
        var tail = Substring(String(decoding: bytes, as: UTF8.self))
        if let end = lastIndex(of: "\u{1B}[?1049l", in: bytes) {
            tail = Substring(String(decoding: bytes[(end + 8)...], as: UTF8.self))
            for part in ["\u{1B}[23;0;0t", "\r", "\u{1B}[?1l\u{1B}>"] where tail.hasPrefix(part) {
                tail = tail.dropFirst(part.count)
            }
        } else if bytes.contains(0x1B) {
            problems.append("no return to the normal screen")
            return problems
        }
        let expected = message.map { "splitview: \($0)\r\n" } ?? ""
        if tail != expected {
            problems.append(
                "after the normal screen came back: \(String(reflecting: String(tail.suffix(200)))), not \(String(reflecting: expected))"
            )
        }
        return problems
    }

    /// Whether the terminal's modes are `before`'s.
    static func sameModes(_ now: termios, _ before: termios) -> Bool {
        now.c_iflag == before.c_iflag && now.c_oflag == before.c_oflag && now.c_cflag == before.c_cflag
            && now.c_lflag == before.c_lflag
    }

    /// The line the guard writes for `signal`.
    static func terminated(by signal: Int32) -> String {
        switch signal {
        case SIGINT: return "terminated by SIGINT"
        case SIGTERM: return "terminated by SIGTERM"
        case SIGQUIT: return "terminated by SIGQUIT"
        case SIGHUP: return "terminated by SIGHUP"
        default: return "terminated by signal \(signal)"
        }
    }
}
