/// Opens any supported image as a sequence of frames: a GIF frame by frame, a still image as one frame.
import AssetsSupport

public enum ImageFrames {
    /// The frame source for `bytes`, chosen by sniffing (never by file extension).
    ///
    /// - Parameter raw: for GIFs, hand out each frame's own rectangle uncomposited.
    public static func open(
        bytes: [UInt8], limits: DecodingLimits = .default, raw: Bool = false
    ) throws(ImageError) -> any AnimationFrameSource {
        let format = ImageFormat(sniffing: bytes)
        switch format {
        case .gif:
            let info = try refuseOversized(limits: limits, raw: raw) { () throws(ImageError) in try GIFInfo(bytes: bytes, limits: limits) }
            let reader = try GIFFrameReader(bytes: bytes, limits: limits, output: raw ? .raw : .composited)
            reader.framesWithPixels = info.map { framesWithPixels($0, raw: raw) }
            return reader
        case .jpeg, .png:
            // One frame: the still image, EXIF orientation applied.
            let decoded = try ImageInspector.decode(bytes, options: DecodeOptions(limits: limits))
            return StillFrameSource(image: decoded.image, format: decoded.info.format)
        case .pdf, .svg, .heic, .webp:
            throw ImageError(
                .unsupported, format: format,
                detail: "\(format?.rawValue ?? "") images have no pixels this tool decodes")
        case nil:
            throw ImageError(.notAnImage, offset: 0, detail: "not a GIF, JPEG or PNG file")
        }
    }

    /// The frame source for the file at `path`: a GIF is read through a small window as frames are
    /// asked for (never whole), other images are read whole. Errors name the file.
    public static func open(
        file path: String, limits: DecodingLimits = .default, raw: Bool = false
    ) throws(ImageError) -> any AnimationFrameSource {
        let head: [UInt8]
        do {
            head = try ImageFile(path).read(from: 0, count: 16)
        } catch {
            throw error.naming(file: path)
        }
        if ImageFormat(sniffing: head) == .gif {
            let info: GIFInfo?
            do {
                info = try refuseOversized(limits: limits, raw: raw) { () throws(ImageError) in try GIFInfo(file: path, limits: limits) }
            } catch {
                throw error.naming(file: path)
            }
            let reader = try GIFFrameReader(file: path, limits: limits, output: raw ? .raw : .composited)
            reader.framesWithPixels = info.map { framesWithPixels($0, raw: raw) }
            return reader
        }
        do {
            return try open(bytes: try ImageInspector.readFile(path), limits: limits, raw: raw)
        } catch {
            throw error.naming(file: path)
        }
    }

    /// The structure scan reads no pixels: a frame-count bomb, or many frames on a large canvas, is refused
    /// here, before any frame is handed out (and written), instead of after `maxFrames` frames or hours of
    /// compositing. Damage is left to the frame reader, which hands out the complete frames before it.
    /// The structure it read, when it read it whole (nil at damage).
    @discardableResult
    private static func refuseOversized(
        limits: DecodingLimits, raw: Bool,
        scan: () throws(ImageError) -> GIFInfo
    ) throws(ImageError) -> GIFInfo? {
        do {
            let info = try scan()
            // The canvas itself first: its own limit gives the plainer message.
            try limits.check(width: info.canvasWidth, height: info.canvasHeight, format: .gif)
            if !raw { try limits.checkMemory(width: info.canvasWidth, height: info.canvasHeight, format: .gif) }
            if raw {
                // Each raw frame is its own rectangle.
                var total = 0
                var overflow = false
                for frame in info.frames where !overflow {
                    (total, overflow) = total.addingReportingOverflow(frame.rectangle.width * frame.rectangle.height)
                }
                try limits.checkAnimation(totalPixels: total, overflow: overflow, frames: info.frames.count, format: .gif)
            } else {
                try limits.checkAnimation(frames: info.frames.count, pixelsPerFrame: info.canvasWidth * info.canvasHeight, format: .gif)
            }
            return info
        } catch {
            if error.kind == .tooLarge { throw error }
            return nil
        }
    }

    /// The indices of the frames the structure holds that have pixels to write: every frame composited (the
    /// canvas), a raw frame when its rectangle is not empty.
    private static func framesWithPixels(_ info: GIFInfo, raw: Bool) -> [Int] {
        info.frames.filter { !raw || ($0.rectangle.width > 0 && $0.rectangle.height > 0) }.map(\.index)
    }
}
