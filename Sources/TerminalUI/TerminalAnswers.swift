// What a terminal answers to the questions asked of it (public for the fuzzing harness): cursor position reports (CSI 6n), the
// DA1 answer that ends a batch of questions (CSI c: every terminal answers it, so its answer
// tells that the others have all come, or will not), and DECRPM for mode 2027. The width probe
// and inline mode (where the browser's rows start) both ask.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

public struct TerminalAnswers: Hashable, Sendable {
    public struct Position: Hashable, Sendable {
        /// Counted from 0.
        public var row: Int
        public var column: Int
    }

    /// The cursor positions reported (CSI row;col R), in order.
    public var positions: [Position] = []
    /// How many DA1 answers (CSI ? ... c) came.
    public var deviceAttributes = 0
    /// The DECRPM answer for mode 2027 (CSI ? 2027 ; Ps $ y).
    public var clustering: Int?
    /// Whether Ctrl-C was typed.
    public var interrupted = false
    /// The bytes that are no answer, in order: what was typed while the answers were on their way.
    public var others: [UInt8] = []

    /// The cursor position request, and the DA1 request that ends a batch.
    static let positionRequest: [UInt8] = Array("\u{1B}[6n".utf8)
    static let deviceAttributesRequest: [UInt8] = Array("\u{1B}[c".utf8)

    /// Reads the answers in `bytes`.
    public init(parsing bytes: [UInt8]) {
        var index = 0
        while index < bytes.count {
            if bytes[index] == 3 { interrupted = true }
            guard bytes[index] == 0x1B, index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "[") else {
                others.append(bytes[index])
                index += 1
                continue
            }
            // Parameter and intermediate bytes, then the final byte. Any other byte (a control:
            // Ctrl-C typed after a lone Esc) means this was no sequence: the ESC is a key.
            var end = index + 2
            while end < bytes.count, (0x20...0x3F).contains(bytes[end]) { end += 1 }
            guard end < bytes.count else {
                others += bytes[index...]
                break
            }
            guard (0x40...0x7E).contains(bytes[end]) else {
                others.append(bytes[index])
                index += 1
                continue
            }
            let parameters = String(decoding: bytes[(index + 2)..<end], as: UTF8.self)
            switch bytes[end] {
            case UInt8(ascii: "R") where Self.position(parameters) != nil:
                positions.append(Self.position(parameters)!)
            case UInt8(ascii: "c") where parameters.hasPrefix("?"):
                deviceAttributes += 1
            case UInt8(ascii: "y") where parameters.hasPrefix("?2027;") && parameters.hasSuffix("$"):
                clustering = Int(parameters.dropFirst(6).dropLast())
            default:
                others += bytes[index...end]
            }
            index = end + 1
        }
    }

    /// "row;column", counted from 1, as a position counted from 0.
    private static func position(_ parameters: String) -> Position? {
        let fields = parameters.split(separator: ";", omittingEmptySubsequences: false)
        guard fields.count == 2, let row = Int(fields[0]), let column = Int(fields[1]), row >= 1, column >= 1 else {
            return nil
        }
        return Position(row: row - 1, column: column - 1)
    }

    /// Reads the answers from `descriptor` until `count` DA1 answers came, or Ctrl-C was
    /// typed, or `patienceMilliseconds` passed with nothing read.
    static func read(_ descriptor: Int32, untilDeviceAttributes count: Int, patienceMilliseconds: Int32 = 2000)
        -> TerminalAnswers
    {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let status = poll(&ready, 1, patienceMilliseconds)
            if status < 0 && errno == EINTR { continue }
            if status <= 0 { break }
            let n = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            bytes += buffer[0..<n]
            let answers = TerminalAnswers(parsing: bytes)
            if answers.deviceAttributes >= count || answers.interrupted { return answers }
        }
        return TerminalAnswers(parsing: bytes)
    }
}
