// The write end of a pipe into a child process. Everything written goes through one serial
// queue, which writes in the order asked and closes the pipe after the last write: a
// descriptor closed while another thread writes could be reused by the next file opened, and
// the bytes would land there. Each pipe has its own queue, so a child reading two pipes (a
// video's frames and its sound) never waits on one while Kiln blocks on the other.
// A write at least as large as the pipe is lent to it (vmsplice) rather than copied into it:
// the child reads it straight from Kiln's memory, which saves the kernel a copy of every frame
// (about a millisecond a frame at 2×). The memory is given back once as many bytes as the pipe
// holds have gone in after it, so none of it can still be waiting to be read.
// Limits: Linux.
import CProcess
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One pipe's write end, written on its own queue.
final class FeedPipe: @unchecked Sendable {
    /// The descriptor; -1 once closed. Touched only on `queue`.
    private var descriptor: Int32
    /// Whether a write failed, so later ones are skipped. Touched only on `queue`.
    private var isBroken = false
    /// Bytes the pipe holds at most; 0 when it cannot be asked (then nothing is lent).
    private let capacity: Int
    /// Memory lent to the pipe that the reader may not have read yet, oldest first, each with
    /// the bytes that went in after it and what runs when it is given back. Touched only on `queue`.
    private var lent: [(bytesAfter: Int, released: @Sendable (Bool) -> Void)] = []
    private let queue: DispatchQueue

    /// Takes over `writeEnd`, grown to the size a frame goes in with in few calls (a system
    /// that allows less keeps its own size).
    init(writeEnd: Int32, label: String) {
        descriptor = writeEnd
        queue = DispatchQueue(label: label)
        _ = fcntl(writeEnd, Self.setPipeSize, Self.sizeWanted)
        capacity = max(0, Int(fcntl(writeEnd, Self.getPipeSize)))
    }

    /// Queues `bytes` and returns at once; `released` then runs on the pipe's queue, once the
    /// reader no longer needs the memory, with whether all of the bytes went in (`false` once
    /// nothing reads).
    ///
    /// The caller keeps the memory alive and unchanged until `released` runs: for a large
    /// write that is after later writes, or after `giveBackAll`.
    func write(_ bytes: UnsafeRawBufferPointer, then released: @escaping @Sendable (Bool) -> Void) {
        nonisolated(unsafe) let bytes = bytes
        queue.async { [self] in
            let lends = capacity > 0 && bytes.count >= capacity
            let written = writeNow(bytes, lending: lends)
            giveBack(after: written ? bytes.count : nil)
            if lends && written { lent.append((0, released)) } else { released(written) }
        }
    }

    /// Queues a copy of `data`, which the pipe keeps until it is written.
    func write(_ data: [UInt8]) {
        guard !data.isEmpty else { return }
        queue.async { [self] in
            let written = data.withUnsafeBytes { writeNow($0, lending: false) }
            giveBack(after: written ? data.count : nil)
        }
    }

    /// Closes the pipe once every queued write is done; the reader then sees its end.
    func close() {
        queue.sync {
            if descriptor >= 0 { Glibc.close(descriptor); descriptor = -1 }
        }
    }

    /// Gives back all lent memory: for when the reader has ended and reads no more.
    func giveBackAll() {
        queue.sync { giveBack(after: nil) }
    }

    /// Waits for the writes queued so far.
    func drain() {
        queue.sync {}
    }

    /// Writes all of `bytes` into the pipe, on the queue: lent when `lending`, copied otherwise.
    private func writeNow(_ bytes: UnsafeRawBufferPointer, lending: Bool) -> Bool {
        guard !isBroken, descriptor >= 0 else { return false }
        var offset = 0
        while offset < bytes.count {
            let start = bytes.baseAddress! + offset, count = bytes.count - offset
            let n = lending ? kiln_lend_to_pipe(descriptor, start, count) : Glibc.write(descriptor, start, count)
            if n < 0 {
                if errno == EINTR { continue }
                isBroken = true
                return false
            }
            offset += n
        }
        return true
    }

    /// Gives back the lent memory that `count` more bytes have pushed out of the pipe; all of
    /// it when `count` is nil (the reader has ended, or the pipe broke). On the queue.
    private func giveBack(after count: Int?) {
        guard !lent.isEmpty else { return }
        guard let count, !isBroken else {
            let all = lent
            lent = []
            for memory in all { memory.released(!isBroken) }
            return
        }
        for index in lent.indices { lent[index].bytesAfter += count }
        while let oldest = lent.first, oldest.bytesAfter >= capacity {
            lent.removeFirst()
            oldest.released(true)
        }
    }

    /// fcntl's F_SETPIPE_SZ and F_GETPIPE_SZ, which Glibc's module leaves out.
    private static let setPipeSize: Int32 = 1031, getPipeSize: Int32 = 1032
    /// The size asked for: the most an unprivileged process gets by default.
    private static let sizeWanted: Int32 = 1 << 20
}
