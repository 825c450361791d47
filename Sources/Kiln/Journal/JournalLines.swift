import Foundation

/// A journal's lines, read from an open file a piece at a time, each up to a length: a
/// line past it is said as too long without being held, so that reading a journal takes
/// memory bounded by that length, however long its lines are.
package struct JournalLines {
    /// What the next line is.
    package enum Line: Equatable {
        /// A whole line, without its newline.
        case whole(Data)
        /// A line longer than the limit; the reader skips the rest of it on the next call.
        case tooLong
        /// The bytes after the last newline: a line cut off mid-write.
        case unfinished(Data)
    }

    /// The longest line read: a journal's scene line holds its tuning files' text, which is
    /// small, and no other record is more than a few hundred bytes.
    package static let maximumLineBytes = 4 * 1024 * 1024
    /// How much is read at a time.
    static let pieceBytes = 64 * 1024

    private let descriptor: Int32
    private let limit: Int
    /// Bytes read; those from `start` on are not handed out yet.
    private var buffer: [UInt8] = []
    private var start = 0
    /// Where each piece is read into.
    private var piece = [UInt8](repeating: 0, count: JournalLines.pieceBytes)
    /// How far `buffer` is known to hold no newline.
    private var searched = 0
    private var isSkipping = false
    private var isAtEnd = false
    /// The most bytes the reader has held at once, for tests of its bound.
    package private(set) var mostHeld = 0

    /// Lines of the file open at `descriptor` (which the caller closes), from its current
    /// offset, each at most `limit` bytes.
    package init(descriptor: Int32, limit: Int = JournalLines.maximumLineBytes) {
        self.descriptor = descriptor
        self.limit = limit
    }

    /// The next line, `nil` past the end; throws `JournalLines.ReadError` when the file
    /// cannot be read.
    package mutating func next() throws -> Line? {
        while true {
            if let newline = newline(from: max(start, searched)) {
                let line = Data(buffer[start..<newline])
                (start, searched) = (newline + 1, newline + 1)
                if isSkipping {
                    isSkipping = false
                    continue
                }
                return .whole(line)
            }
            searched = buffer.count
            if isSkipping {
                dropAll()
            } else if buffer.count - start > limit {
                dropAll()
                isSkipping = true
                return .tooLong
            }
            if isAtEnd {
                defer { dropAll() }
                return start == buffer.count || isSkipping ? nil : .unfinished(Data(buffer[start...]))
            }
            try readPiece()
        }
    }

    /// Where the first newline at or after `offset` is in `buffer`, found with memchr(3).
    private func newline(from offset: Int) -> Int? {
        buffer.withUnsafeBytes { bytes in
            guard offset < bytes.count, let base = bytes.baseAddress,
                  let found = memchr(base + offset, Int32(UInt8(ascii: "\n")), bytes.count - offset) else { return nil }
            return base.distance(to: UnsafeRawPointer(found))
        }
    }

    private mutating func dropAll() {
        buffer.removeAll(keepingCapacity: true)
        (start, searched) = (0, 0)
    }

    /// Reads the next piece after what is not handed out yet (moved to the buffer's start).
    private mutating func readPiece() throws {
        if start > 0 {
            buffer.removeFirst(start)
            searched -= start
            start = 0
        }
        let count = piece.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        let error = errno
        if count < 0 {
            if error == EINTR { return }
            throw ReadError(reason: String(cString: strerror(error)))
        }
        if count == 0 { isAtEnd = true }
        piece.withUnsafeBytes { buffer.append(contentsOf: UnsafeRawBufferPointer(rebasing: $0[..<count])) }
        mostHeld = max(mostHeld, buffer.count)
    }

    /// Why a journal could not be read.
    package struct ReadError: Error {
        package var reason: String
    }
}
