/// Frames of an animation rarely change every row: a GIF frame draws a rectangle over what the frames
/// before it left, so a screen recording changes a few rows at a time. Compressing every frame whole
/// compresses the same rows again and again. Here a frame's image data (as `PNGEncoder.prepare` leaves it)
/// is cut into bands of whole rows, each compressed on its own by zlib (`PNGEncoder.compressBand`: the
/// history reset at the band's start, a full flush at its end), so a band's bytes depend only on its
/// rows; a band whose rows are the same as in the frame before reuses the bytes compressed for them, and
/// the file is the bands joined into one zlib stream (`PNGEncoder.finishBands`).
///
/// Why zlib, not libdeflate, for bands: libdeflate compresses a whole buffer into a stream that ends
/// with its final block; it cannot stop a piece on a byte boundary for another piece to follow, which
/// zlib's full flush does (pigz joins its pieces the same way).
///
/// What is decided here, on the compositing thread and from the frames' content only, so the files are the
/// same bytes whatever the number of threads:
/// - which bands changed since the frame before (their bytes compared with a copy of that frame's data);
/// - whether the frame is written in bands (at most half its bands changed) or whole by the encoder's
///   own path (libdeflate), as a frame with most of its rows new compresses faster and smaller whole.
///
/// Which thread compresses a band is not decided here: every frame that needs a band claims it if nobody
/// has, so each band is compressed once, and a frame waits only for a band another thread is compressing
/// at that moment (never for one a queued job would compress, so waiting cannot deadlock).
import AssetsSupport
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The bands of the frames so far: the rows each covers and, for its current content, the shared result.
/// Used by one thread, the compositor (`FrameEncodingQueue.submit`).
final class FrameBands {
    /// About this many bytes of image data a band: small enough that a change touches few bands, large
    /// enough that resetting zlib's history at each costs little (BENCHMARKS.md, "Frames in bands").
    static let targetBytes = 96 << 10
    /// A frame of fewer bands is always compressed whole.
    static let minimumBands = 4

    /// A frame to write in bands: its bands in order, and the zlib level they are compressed at.
    struct Plan {
        var bands: [FrameBand]
        var level: Int
    }

    let levels: PNGEncoder.BandLevels
    private var previous: [UInt8] = []
    private var previousRowBytes = 0
    private var previousLevel = 0
    private var current: [FrameBand] = []

    init(levels: PNGEncoder.BandLevels) {
        self.levels = levels
    }

    /// How the frame whose image data is `prepared` is written: in bands (which, at which level), or nil,
    /// compressed whole. Remembers the data for the next frame.
    func plan(_ prepared: PNGEncoder.PreparedImageData) -> Plan? {
        let data = prepared.data
        let rowBytes = prepared.rowBytes
        let level = prepared.isIndexed ? levels.indexed : levels.direct
        guard let base = data.baseAddress, rowBytes > 0, data.count % rowBytes == 0 else {
            forget()
            return nil
        }
        let rows = data.count / rowBytes
        let rowsPerBand = max(1, FrameBands.targetBytes / rowBytes)
        let bandCount = (rows + rowsPerBand - 1) / rowsPerBand
        guard bandCount >= FrameBands.minimumBands else {
            forget()
            return nil
        }
        let sameShape =
            previous.count == data.count && previousRowBytes == rowBytes && previousLevel == level
            && current.count == bandCount
        if !sameShape {
            previous = Array(data)
            previousRowBytes = rowBytes
            previousLevel = level
            current = (0..<bandCount).map { band in
                let start = band * rowsPerBand * rowBytes
                return FrameBand(range: start..<min(start + rowsPerBand * rowBytes, data.count), last: band == bandCount - 1)
            }
            // Every band is new: the frame compresses faster and smaller whole.
            return nil
        }
        var changed = 0
        previous.withUnsafeMutableBufferPointer { kept in
            guard let keptBase = kept.baseAddress else { return }
            for index in current.indices {
                let range = current[index].range
                if memcmp(keptBase + range.lowerBound, base + range.lowerBound, range.count) != 0 {
                    (keptBase + range.lowerBound).update(from: base + range.lowerBound, count: range.count)
                    current[index] = FrameBand(range: range, last: current[index].last)
                    changed += 1
                }
            }
        }
        return changed * 2 <= bandCount ? Plan(bands: current, level: level) : nil
    }

    private func forget() {
        previous = []
        previousRowBytes = 0
        previousLevel = 0
        current = []
    }
}

/// One band of rows for one content: compressed once, by whichever frame's job claims it first, and
/// shared by every frame that has those rows.
final class FrameBand: @unchecked Sendable {
    // Unchecked: `range` and `last` are immutable; the state is behind its lock.
    /// The band's bytes in the frame's image data.
    let range: Range<Int>
    /// Whether it ends the image data (its compressed form ends the stream).
    let last: Bool
    private let state = Locked(State.unclaimed)

    private enum State {
        case unclaimed
        case compressing
        case done(Result<CompressedBand, PNGEncodingError>)
    }

    init(range: Range<Int>, last: Bool) {
        self.range = range
        self.last = last
    }

    /// Takes the band to compress; false when another job has taken it.
    func claim() -> Bool {
        state.withLock { state in
            guard case .unclaimed = state else { return false }
            state = .compressing
            return true
        }
    }

    /// Records the compressed band (or why it failed) and wakes the jobs waiting for it.
    func finish(_ result: Result<CompressedBand, PNGEncodingError>) {
        state.withLockWakingWaiters { $0 = .done(result) }
    }

    /// The compressed band, waiting while another job compresses it. Call after `claim` (so the band is
    /// being compressed or done, never waiting on a job that has not started).
    func compressed() throws(PNGEncodingError) -> CompressedBand {
        let result = state.withLock(when: { if case .done = $0 { return true } else { return false } }) { state in
            if case .done(let result) = state { return result }
            return .failure(.library("a band of image data was not compressed"))
        }
        return try result.get()
    }
}
