import AssetsSupport
import Dispatch

/// Extracts the frames of many images in one go: each input gets its own folder under `folder`, named
/// after the input's file name without its extension (`OUT/spinner/frame_0000.png`…), and the inputs are
/// spread over the processors. One input's failure does not stop the others.
package struct FrameExtractionBatch: Sendable {
    package var inputs: [String]
    package var folder: String
    package var selection: FrameSelection
    package var overwrite: Bool
    package var encoder: PNGEncoder
    package var raw: Bool
    package var limits: DecodingLimits
    /// How many threads work at once, over inputs and, when inputs are fewer, over frames.
    package var threads: Int
    /// The files the whole batch may write; nil: unlimited.
    package var files: OutputFileBudget?

    package init(
        inputs: [String], folder: String, selection: FrameSelection = .all, overwrite: Bool = false,
        encoder: PNGEncoder = .fast, raw: Bool = false, limits: DecodingLimits = .default,
        threads: Int = FrameExtractor.processorCount, files: OutputFileBudget? = nil
    ) {
        self.files = files
        self.inputs = inputs
        self.folder = folder
        self.selection = selection
        self.overwrite = overwrite
        self.encoder = encoder
        self.raw = raw
        self.limits = limits
        self.threads = max(threads, 1)
    }

    /// What happened to one input.
    package struct Outcome: Sendable {
        package var input: String
        /// The folder its frames went to.
        package var folder: String
        /// The report (which may carry decoding damage), or why nothing could be extracted.
        package var result: Result<FrameExtractionReport, Failure>
    }

    /// Why an input gave no frames.
    package enum Failure: Error, Sendable, CustomStringConvertible {
        /// It could not be read or opened as an image.
        case input(ImageError)
        case extraction(FrameExtractionError)

        package var description: String {
            switch self {
            case .input(let error): return error.description
            case .extraction(let error): return error.description
            }
        }
    }

    /// The output folder's name for `input`: its file name without the extension. A name that would
    /// leave nothing or only dots (`...gif` gives `..`, which is the parent folder) is the whole file
    /// name after an underscore instead (`_...gif`), so every input's folder is inside `folder`.
    package static func folderName(for input: String) -> String {
        let name = input.split(separator: "/").last.map(String.init) ?? input
        guard let dot = name.lastIndex(of: "."), dot > name.startIndex else {
            return name.allSatisfy({ $0 == "." }) ? "_" + name : name
        }
        let base = name[..<dot]
        return base.allSatisfy { $0 == "." } ? "_" + name : String(base)
    }

    /// The GIF files directly inside `folder` (by extension, any case; hidden files skipped), sorted by name.
    package static func gifFiles(in folder: String) -> [String] {
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        return CatalogFileSystem.names(in: folder)
            .filter { !$0.hasPrefix(".") && $0.lowercased().hasSuffix(".gif") }
            .sorted()
            .map { prefix + $0 }
    }

    /// Two inputs that would share an output folder, if any.
    package static func clash(in inputs: [String]) -> (String, String)? {
        var seen: [String: String] = [:]
        for input in inputs {
            let name = folderName(for: input)
            if let earlier = seen[name] { return (earlier, input) }
            seen[name] = input
        }
        return nil
    }

    /// Extracts every input; the outcomes come back in the inputs' order. `progress` is called from the
    /// workers as each input is finished (inputs done, inputs in all).
    package func run(progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil) -> [Outcome] {
        let perInput = max(1, threads / max(inputs.count, 1))
        var workers = min(threads, inputs.count)
        // Each worker composites on its own canvas: as many workers as the memory holds canvases of the
        // largest input (each input is still refused or fitted on its own by the limits and the extractor).
        if let budget = limits.maxMemory, workers > 1 {
            var largest = 0
            for input in inputs {
                if let info = try? ImageInspector.probe(file: input, limits: limits) {
                    largest = max(largest, info.width * info.height * 4 * DecodingLimits.canvasCopies)
                }
            }
            if largest > 0 { workers = max(1, min(workers, budget / largest)) }
        }
        let share = limits.maxMemory.map { $0 / max(workers, 1) }
        // One input at a time per worker, so a long file does not hold up the rest.
        let finished = Locked(0)
        return ParallelWork.map(count: inputs.count, chunk: 1, width: workers) { index in
            let outcome = extract(inputs[index], encodingThreads: perInput, memory: share)
            if let progress {
                progress(
                    finished.withLock {
                        $0 += 1
                        return $0
                    }, inputs.count)
            }
            return outcome
        }
    }

    private func extract(_ input: String, encodingThreads: Int, memory: Int?) -> Outcome {
        let target =
            folder.hasSuffix("/")
            ? folder + FrameExtractionBatch.folderName(for: input)
            : folder + "/" + FrameExtractionBatch.folderName(for: input)
        let result: Result<FrameExtractionReport, Failure>
        do {
            let source: any AnimationFrameSource
            do {
                var limits = self.limits
                limits.maxMemory = memory
                source = try ImageFrames.open(file: input, limits: limits, raw: raw)
            } catch {
                throw Failure.input(error.naming(file: input))
            }
            let extractor = FrameExtractor(
                folder: target, selection: selection, overwrite: overwrite, encoder: encoder,
                encodingThreads: encodingThreads, memoryBudget: memory, files: files)
            do {
                result = .success(try extractor.extract(from: source, raw: raw, sourceName: input))
            } catch {
                throw Failure.extraction(error)
            }
        } catch let failure as Failure {
            result = .failure(failure)
        } catch {
            result = .failure(.input(ImageError(.corrupt, file: input, detail: "\(error)")))
        }
        return Outcome(input: input, folder: target, result: result)
    }
}
