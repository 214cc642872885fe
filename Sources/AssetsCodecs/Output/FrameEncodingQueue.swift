import AssetsSupport
import Dispatch

/// Encodes frames as PNG and writes them on worker threads while the caller composites the next ones.
///
/// At most `threads` frames are out at once: `submit` waits for a free slot, copies the frame into a
/// pixel buffer of the queue's own and hands that over, so the caller's canvas is never shared (it is
/// not copied on write) and memory stays flat: the canvas plus one buffer per thread, reused from frame
/// to frame like the threads' encoding buffers. Every frame is encoded exactly as it would be alone, so
/// the files are the same bytes whatever the number of threads. With one thread, frames are encoded
/// inline, without a copy.
final class FrameEncodingQueue: @unchecked Sendable {
    // Unchecked: the encoder and writer are immutable values shared by the workers; the rest is in `pool`.
    private let encoder: PNGEncoder
    private let writer: AtomicFileWriter
    private let threads: Int
    private let group = DispatchGroup()
    private let pool = Locked(Pool())

    /// What the workers share: frames out, reusable buffers, the first failure.
    private struct Pool {
        var outstanding = 0
        var buffers: [PNGEncodingBuffer] = []
        var pixelBuffers: [[UInt8]] = []
        var failure: (index: Int, error: FrameExtractionError)?
    }

    init(encoder: PNGEncoder, writer: AtomicFileWriter, threads: Int) {
        self.encoder = encoder
        self.writer = writer
        self.threads = max(threads, 1)
    }

    /// Encodes `image` and writes it to `path`; throws the first failure seen so far.
    func submit(_ image: RGBAImage, index: Int, name: String, path: String) throws(FrameExtractionError) {
        if threads == 1 {
            let buffer = takeBuffer()
            defer { giveBack(buffer) }
            if let error = encode(image, name: name, path: path, buffer: buffer) { throw error }
            return
        }
        let threads = self.threads
        let failed = pool.withLock(when: { $0.outstanding < threads }) { pool -> FrameExtractionError? in
            if let failure = pool.failure { return failure.error }
            pool.outstanding += 1
            return nil
        }
        if let failed { throw failed }
        let job = Job(image: copy(image))
        group.enter()
        DispatchQueue.global().async {
            let buffer = self.takeBuffer()
            if let image = job.image, let error = self.encode(image, name: name, path: path, buffer: buffer) {
                self.record(error, index: index)
            }
            self.giveBack(buffer)
            self.giveBack(job)
            self.pool.withLockWakingWaiters { $0.outstanding -= 1 }
            self.group.leave()
        }
    }

    /// A frame on its way to a worker; the worker hands its pixel buffer back to the pool.
    private final class Job: @unchecked Sendable {
        // Unchecked: made by the submitting thread, then touched only by the one worker it is sent to.
        var image: RGBAImage?
        init(image: RGBAImage?) { self.image = image }
    }

    /// `image` in a pooled buffer of the same size (a new one when the pool has none that fits).
    private func copy(_ image: RGBAImage) -> RGBAImage? {
        var pixels = pool.withLock { $0.pixelBuffers.popLast() } ?? []
        if pixels.count != image.pixels.count {
            pixels = image.pixels
        } else {
            pixels.withUnsafeMutableBufferPointer { target in
                image.pixels.withUnsafeBufferPointer { source in
                    guard let from = source.baseAddress, let to = target.baseAddress else { return }
                    to.update(from: from, count: source.count)
                }
            }
        }
        return RGBAImage(width: image.width, height: image.height, pixels: pixels)
    }

    private func giveBack(_ job: Job) {
        guard let image = job.image else { return }
        job.image = nil
        let pixels = image.pixels
        pool.withLock { $0.pixelBuffers.append(pixels) }
    }

    /// Waits for every submitted frame; throws the failure of the lowest-numbered frame that failed.
    func finish() throws(FrameExtractionError) {
        group.wait()
        if let error = firstFailure() { throw error }
    }

    private func encode(_ image: RGBAImage, name: String, path: String, buffer: PNGEncodingBuffer) -> FrameExtractionError? {
        var written: OutputError?
        do throws(PNGEncodingError) {
            try encoder.encode(image, into: buffer) { (bytes: UnsafeBufferPointer<UInt8>) throws(PNGEncodingError) in
                do throws(OutputError) {
                    try writer.write(bytes, to: path)
                } catch {
                    written = error
                }
            }
        } catch {
            return .encoding(name, error)
        }
        return written.map { .output($0) }
    }

    private func takeBuffer() -> PNGEncodingBuffer {
        pool.withLock { $0.buffers.popLast() } ?? PNGEncodingBuffer()
    }

    private func giveBack(_ buffer: PNGEncodingBuffer) {
        pool.withLock { $0.buffers.append(buffer) }
    }

    private func record(_ error: FrameExtractionError, index: Int) {
        pool.withLock { pool in
            if index < pool.failure?.index ?? Int.max { pool.failure = (index, error) }
        }
    }

    private func firstFailure() -> FrameExtractionError? {
        pool.withLock { $0.failure?.error }
    }
}
