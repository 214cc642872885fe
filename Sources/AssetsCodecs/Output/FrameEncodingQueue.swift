import AssetsSupport
import Dispatch

/// Encodes frames as PNG and writes them on worker threads while the caller composites the next ones.
///
/// At most `threads` frames are out at once: `submit` waits for a free slot and prepares the frame into
/// an encoding buffer of the queue's own (`PNGEncoder.prepare`: the image data ready to compress, in the
/// PNG's colour type, a quarter of the canvas's bytes when indexed; a copy of the pixels for encoders
/// that need them) and hands that buffer to a worker, which compresses and writes the file. The
/// caller's canvas is never shared (it is not copied on write) and memory stays flat: the canvas plus
/// one buffer per thread, reused from frame to frame. What a frame's file holds depends only on the
/// frames' content (even with bands, decided on the submitting thread), so the files are the same bytes
/// whatever the number of threads. With one thread, frames are encoded inline.
///
/// With an encoder that compresses frames in bands (`PNGEncoder.bandLevels`), the compositing
/// thread also decides which bands of each frame changed (`FrameBands`), and a worker compresses only the
/// bands no frame compressed yet.
final class FrameEncodingQueue: @unchecked Sendable {
    // Unchecked: the encoder and writer are immutable values shared by the workers; `bands` is used by the
    // submitting thread only; the rest is in `pool`.
    private let encoder: PNGEncoder
    private let writer: AtomicFileWriter
    private let threads: Int
    private let bands: FrameBands?
    private let group = DispatchGroup()
    private let pool = Locked(Pool())

    /// What the workers share: frames out, reusable buffers, the first failure.
    private struct Pool {
        var outstanding = 0
        var buffers: [PNGEncodingBuffer] = []
        var failure: (index: Int, error: FrameExtractionError)?
    }

    /// `inBands`: compress frames in bands when the encoder asks for it (the caller's memory budget holds
    /// the copy of a frame's image data that takes).
    init(encoder: PNGEncoder, writer: AtomicFileWriter, threads: Int, inBands: Bool = true) {
        self.encoder = encoder
        self.writer = writer
        self.threads = max(threads, 1)
        if inBands, encoder.preparesImageData, let levels = encoder.bandLevels {
            bands = FrameBands(levels: levels)
        } else {
            bands = nil
        }
    }

    /// Whether frames of `encoder` are compressed in bands when the memory allows (one more copy of a frame).
    static func usesBands(_ encoder: PNGEncoder) -> Bool {
        encoder.preparesImageData && encoder.bandLevels != nil
    }

    /// Encodes `image` and writes it to `path`; throws the first failure seen so far.
    func submit(_ image: RGBAImage, index: Int, name: String, path: String) throws(FrameExtractionError) {
        if threads == 1 {
            let buffer = takeBuffer()
            defer { giveBack(buffer) }
            guard bands != nil else {
                if let error = encode(image, name: name, path: path, buffer: buffer) { throw error }
                return
            }
            do throws(PNGEncodingError) {
                try encoder.prepare(image, into: buffer)
            } catch {
                throw .encoding(name, error)
            }
            if let error = write(buffer, plan: plan(buffer), name: name, path: path) { throw error }
            return
        }
        let threads = self.threads
        let failed = pool.withLock(when: { $0.outstanding < threads }) { pool -> FrameExtractionError? in
            if let failure = pool.failure { return failure.error }
            pool.outstanding += 1
            return nil
        }
        if let failed { throw failed }
        let buffer = takeBuffer()
        do throws(PNGEncodingError) {
            try encoder.prepare(image, into: buffer)
        } catch {
            giveBack(buffer)
            record(.encoding(name, error), index: index)
            pool.withLockWakingWaiters { $0.outstanding -= 1 }
            if let first = firstFailure() { throw first }
            return
        }
        let job = Job(buffer: buffer, plan: plan(buffer))
        group.enter()
        DispatchQueue.global().async {
            if let error = self.write(job.buffer, plan: job.plan, name: name, path: path) {
                self.record(error, index: index)
            }
            self.giveBack(job.buffer)
            self.pool.withLockWakingWaiters { $0.outstanding -= 1 }
            self.group.leave()
        }
    }

    /// A prepared frame on its way to a worker.
    private final class Job: @unchecked Sendable {
        // Unchecked: the buffer is filled by the submitting thread, then touched only by the one worker the
        // job is sent to, until that worker hands it back to the pool. The plan's bands are Sendable.
        let buffer: PNGEncodingBuffer
        let plan: FrameBands.Plan?
        init(buffer: PNGEncodingBuffer, plan: FrameBands.Plan?) {
            self.buffer = buffer
            self.plan = plan
        }
    }

    /// The bands of the frame prepared in `buffer`, when it is written in bands (see `FrameBands`).
    private func plan(_ buffer: PNGEncodingBuffer) -> FrameBands.Plan? {
        guard let bands, let prepared = encoder.preparedImageData(in: buffer) else { return nil }
        return bands.plan(prepared)
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
                written = write(bytes, to: path)
            }
        } catch {
            return .encoding(name, error)
        }
        return written.map { .output($0) }
    }

    /// Compresses a frame `prepare` left in `buffer` (whole, or in bands when planned so) and writes it.
    private func write(_ buffer: PNGEncodingBuffer, plan: FrameBands.Plan?, name: String, path: String) -> FrameExtractionError? {
        var written: OutputError?
        do throws(PNGEncodingError) {
            if let plan {
                let compressed = try compress(plan.bands, level: plan.level, buffer: buffer)
                try encoder.finishBands(compressed, level: plan.level, in: buffer) {
                    (bytes: UnsafeBufferPointer<UInt8>) throws(PNGEncodingError) in
                    written = write(bytes, to: path)
                }
            } else {
                try encoder.finishPrepared(in: buffer) { (bytes: UnsafeBufferPointer<UInt8>) throws(PNGEncodingError) in
                    written = write(bytes, to: path)
                }
            }
        } catch {
            return .encoding(name, error)
        }
        return written.map { .output($0) }
    }

    /// The frame's bands compressed: those no job has taken are compressed here, from this frame's data
    /// (the same rows as the frame that made the band); then those other jobs are compressing are waited for.
    private func compress(_ bands: [FrameBand], level: Int, buffer: PNGEncodingBuffer) throws(PNGEncodingError) -> [CompressedBand] {
        guard let data = encoder.preparedImageData(in: buffer)?.data else { throw .library("no image data prepared") }
        for band in bands where band.claim() {
            let rows = UnsafeBufferPointer(rebasing: data[band.range])
            band.finish(
                Result { () throws(PNGEncodingError) in try encoder.compressBand(rows, level: level, last: band.last, buffer: buffer) })
        }
        var compressed: [CompressedBand] = []
        compressed.reserveCapacity(bands.count)
        for band in bands { compressed.append(try band.compressed()) }
        return compressed
    }

    private func write(_ bytes: UnsafeBufferPointer<UInt8>, to path: String) -> OutputError? {
        do throws(OutputError) {
            try writer.write(bytes, to: path)
            return nil
        } catch {
            return error
        }
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
