/// Writes the frames of an image as `frame_0000.png`… plus a `frames.json` manifest into a folder.
///
/// Frames come one at a time from an `AnimationFrameSource` (a GIF, or a still image as one frame):
/// compositing stays on the calling thread while up to `encodingThreads` frames are encoded and written
/// atomically on other threads, so memory stays flat (the canvas plus one frame per thread). The files
/// are the same bytes whatever the thread count.
///
/// The folder appears whole or not at all (see `StagedOutputFolder`): frames and manifest are written
/// into a temporary sibling that is renamed into place at the end, so a full disk, a kill or a second
/// run never leaves a mix. A folder holding frames or a manifest is replaced only when `overwrite` is
/// set; a folder holding anything else is never replaced.
import AssetsSupport

public struct FrameExtractor: Sendable {
    public var folder: String
    public var selection: FrameSelection
    public var overwrite: Bool
    public var encoder: PNGEncoder
    /// How many frames are encoded at once; 1 encodes each frame on the calling thread before the next.
    /// Fewer are used when `memoryBudget` cannot hold a canvas for each.
    public var encodingThreads: Int
    /// The bytes of pixels the extraction may hold at once, when limited (see `DecodingLimits.maxMemory`).
    public var memoryBudget: Int?
    /// The files the run may still write, shared by the extractions of one run; nil: unlimited.
    public var files: OutputFileBudget?

    public init(
        folder: String, selection: FrameSelection = .all, overwrite: Bool = false, encoder: PNGEncoder = .fast,
        encodingThreads: Int = FrameExtractor.processorCount, memoryBudget: Int? = nil,
        files: OutputFileBudget? = nil
    ) {
        self.folder = folder
        self.selection = selection
        self.overwrite = overwrite
        self.encoder = encoder
        self.encodingThreads = max(encodingThreads, 1)
        self.memoryBudget = memoryBudget
        self.files = files
    }

    /// The processors this process may use (its CPU affinity and cgroup quota, at least 1): the
    /// default thread count.
    public static var processorCount: Int { ParallelWork.processorCount }

    /// The manifest's file name inside the folder.
    public static let manifestName = "frames.json"

    /// The file name of frame `index`.
    package static func frameName(_ index: Int) -> String {
        let digits = String(index)
        return "frame_" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits + ".png"
    }

    /// Whether `name` is a file this extractor writes: the manifest or a frame.
    package static func isOwnOutput(_ name: String) -> Bool {
        name == manifestName
            || (name.hasPrefix("frame_") && name.hasSuffix(".png") && name.count > 10
                && name.dropFirst(6).dropLast(4).allSatisfy { $0.isASCII && $0.isNumber })
    }

    /// Memory held besides the encoding threads' copies of the canvas, per thread: its stack, its
    /// allocator arena and its encoder's buffers.
    static let threadReserve = 72 << 20

    /// The encoding threads that fit `memoryBudget` for a `width` x `height` canvas: the compositor holds
    /// `DecodingLimits.canvasCopies` copies, and each encoding thread beyond the first its own copy.
    package func threadsFitting(width: Int, height: Int) -> Int {
        guard let memoryBudget, encodingThreads > 1 else { return encodingThreads }
        let canvas = width.multipliedReportingOverflow(by: height).partialValue.multipliedReportingOverflow(by: 4).partialValue
        // Frames compressed in bands keep one more copy of a frame's data (`FrameBands`).
        let fixed =
            canvas
            * (DecodingLimits.canvasCopies + (FrameEncodingQueue.usesBands(encoder) && bandsFit(width: width, height: height) ? 1 : 0))
        var threads = encodingThreads
        while threads > 1, fixed + threads * (canvas + FrameExtractor.threadReserve) > memoryBudget { threads -= 1 }
        return threads
    }

    /// Whether `memoryBudget` also holds the copy of a frame that compressing frames in bands keeps (see
    /// `FrameBands`), beside the compositor's canvases and one encoding thread.
    func bandsFit(width: Int, height: Int) -> Bool {
        guard let memoryBudget, FrameEncodingQueue.usesBands(encoder) else { return true }
        let canvas = width.multipliedReportingOverflow(by: height).partialValue.multipliedReportingOverflow(by: 4).partialValue
        return canvas * (DecodingLimits.canvasCopies + 2) + FrameExtractor.threadReserve <= memoryBudget
    }

    /// Extracts the frames. Decoding damage does not throw: the complete frames are written and the
    /// report carries the error. Output problems (existing files, unwritable folder, another run on the
    /// same folder) throw, and leave the folder as it was.
    public func extract(
        from source: any AnimationFrameSource, raw: Bool, sourceName: String
    ) throws(FrameExtractionError) -> FrameExtractionReport {
        let output: StagedOutputFolder
        do {
            output = try StagedOutputFolder(folder, overwrite: overwrite, isOwnOutput: FrameExtractor.isOwnOutput)
        } catch {
            throw .output(error)
        }
        do {
            let report = try extract(from: source, raw: raw, sourceName: sourceName, into: output.staging)
            try output.commit()
            return report
        } catch let error as FrameExtractionError {
            output.discard()
            throw naming(error, staging: output.staging)
        } catch let error as OutputError {
            output.discard()
            throw .output(error)
        } catch {
            // Only the two error types above are thrown.
            output.discard()
            throw .output(OutputError(path: folder, reason: .notReplaceable("\(error)")))
        }
    }

    /// An error that names a file in the temporary folder names it in the output folder instead.
    private func naming(_ error: FrameExtractionError, staging: String) -> FrameExtractionError {
        guard case .output(var output) = error, output.path.hasPrefix(staging) else { return error }
        output.path = join(String(output.path.dropFirst(staging.count).drop { $0 == "/" }))
        return .output(output)
    }

    private func extract(
        from source: any AnimationFrameSource, raw: Bool, sourceName: String,
        into staging: String
    ) throws(FrameExtractionError) -> FrameExtractionReport {
        let writer = AtomicFileWriter(overwrite: false)
        let threads = threadsFitting(width: source.canvasWidth, height: source.canvasHeight)
        let queue = FrameEncodingQueue(
            encoder: encoder, writer: writer, threads: threads,
            inBands: bandsFit(width: source.canvasWidth, height: source.canvasHeight))
        var report = FrameExtractionReport(
            source: sourceName, format: source.format, canvasWidth: source.canvasWidth,
            canvasHeight: source.canvasHeight, loopCount: source.loopCount, raw: raw)
        var stopped: FrameExtractionError?
        // The files the structure walk says the run will write (the selected frames with pixels and the
        // manifest) are counted against the budget before the first is written, so a file of 100,000 one-pixel
        // frames is refused at once instead of after the budget's worth of frames.
        if let files, let known = source.framesWithPixels {
            let needed = known.reduce(1) { selection.contains($1) ? $0 + 1 : $0 }
            if !files.hasRoom(for: needed) {
                let first = known.first(where: selection.contains).map(FrameExtractor.frameName) ?? FrameExtractor.manifestName
                throw .output(OutputError(path: join(first), reason: .tooManyFiles(files.limit)))
            }
        }
        do {
            while let frame = try source.nextFrame() {
                report.frameCount += 1
                guard selection.contains(frame.index) else { continue }
                guard frame.image.width > 0, frame.image.height > 0 else {
                    // A raw empty frame has no pixels to write; the manifest still lists it.
                    report.frames.append(FrameExtractionReport.Frame(frame: frame, file: nil))
                    continue
                }
                let name = FrameExtractor.frameName(frame.index)
                if let files, !files.take() {
                    throw FrameExtractionError.output(OutputError(path: join(name), reason: .tooManyFiles(files.limit)))
                }
                try queue.submit(frame.image, index: frame.index, name: name, path: staging + "/" + name)
                report.frames.append(FrameExtractionReport.Frame(frame: frame, file: name))
            }
        } catch let error as FrameExtractionError {
            stopped = error
        } catch let error as ImageError {
            report.damage = error.naming(file: sourceName)
        } catch {
            report.damage = ImageError(.corrupt, file: sourceName, detail: "\(error)")
        }
        // Frames handed over are still being written; the lowest-numbered failure among them wins.
        try queue.finish()
        if let stopped { throw stopped }
        report.loopCount = source.loopCount
        report.warnings = source.warnings
        if report.frames.isEmpty, report.damage == nil {
            throw .nothingSelected(sourceName, selection, report.frameCount)
        }
        if let files, !files.take() {
            throw .output(OutputError(path: join(FrameExtractor.manifestName), reason: .tooManyFiles(files.limit)))
        }
        do {
            try writer.write(Array(report.json().utf8), to: staging + "/" + FrameExtractor.manifestName)
        } catch {
            throw .output(error)
        }
        return report
    }

    private func join(_ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }
}
