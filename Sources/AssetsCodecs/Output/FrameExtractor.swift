/// Writes the frames of an image as `frame_0000.png`… plus a `frames.json` manifest into a folder.
///
/// Frames come one at a time from an `AnimationFrameSource` (a GIF, or a still image as one frame):
/// compositing stays on the calling thread while up to `encodingThreads` frames are encoded and written
/// atomically on other threads, so memory stays flat (the canvas plus one frame per thread). The files
/// are the same bytes whatever the thread count. Nothing is written when the folder already holds
/// frames or a manifest, unless `overwrite` is set.
import AssetsSupport

public struct FrameExtractor: Sendable {
    public var folder: String
    public var selection: FrameSelection
    public var overwrite: Bool
    public var encoder: PNGEncoder
    /// How many frames are encoded at once; 1 encodes each frame on the calling thread before the next.
    public var encodingThreads: Int

    public init(folder: String, selection: FrameSelection = .all, overwrite: Bool = false, encoder: PNGEncoder = .fast,
                encodingThreads: Int = FrameExtractor.processorCount) {
        self.folder = folder
        self.selection = selection
        self.overwrite = overwrite
        self.encoder = encoder
        self.encodingThreads = max(encodingThreads, 1)
    }

    /// The processors this process may run on (at least 1): the default thread count.
    public static var processorCount: Int { ParallelWork.processorCount }

    /// The manifest's file name inside the folder.
    public static let manifestName = "frames.json"

    /// The file name of frame `index`.
    public static func frameName(_ index: Int) -> String {
        let digits = String(index)
        return "frame_" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits + ".png"
    }

    /// Extracts the frames. Decoding damage does not throw: the complete frames are written and the
    /// report carries the error. Output problems (existing files, unwritable folder) throw.
    public func extract(from source: any AnimationFrameSource, raw: Bool, sourceName: String) throws(FrameExtractionError) -> FrameExtractionReport {
        do {
            try AtomicFileWriter.makeDirectory(folder)
        } catch {
            throw .output(error)
        }
        if !overwrite, let existing = FrameExtractor.existingOutput(in: folder) {
            throw .output(OutputError(path: join(existing), reason: .exists))
        }
        let writer = AtomicFileWriter(overwrite: overwrite)
        let queue = FrameEncodingQueue(encoder: encoder, writer: writer, threads: encodingThreads)
        var report = FrameExtractionReport(source: sourceName, format: source.format, canvasWidth: source.canvasWidth,
                                           canvasHeight: source.canvasHeight, loopCount: source.loopCount, raw: raw)
        var stopped: FrameExtractionError?
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
                try queue.submit(frame.image, index: frame.index, name: name, path: join(name))
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
        if report.frames.isEmpty, report.damage == nil {
            throw .nothingSelected(sourceName, selection, report.frameCount)
        }
        do {
            try writer.write(Array(report.json().utf8), to: join(FrameExtractor.manifestName))
        } catch {
            throw .output(error)
        }
        return report
    }

    private func join(_ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// The first existing output name in the folder (`frames.json` or any `frame_NNNN.png`), if any.
    static func existingOutput(in folder: String) -> String? {
        let names = FileSystemListing.names(in: folder)
        if names.contains(manifestName) { return manifestName }
        return names.sorted().first { name in
            name.hasPrefix("frame_") && name.hasSuffix(".png")
                && name.dropFirst(6).dropLast(4).allSatisfy(\.isNumber)
        }
    }
}
