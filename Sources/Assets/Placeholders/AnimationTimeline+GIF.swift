import AssetsSupport
import AssetsCodecs

extension AnimationTimeline {
    /// The timeline of a GIF: every frame's effective delay (as browsers wait) and how often it plays.
    public init(gif: GIFInfo) {
        self.init(delays: gif.frames.map(\.effectiveDelayMilliseconds), loop: Loop(plays: gif.loopCount.plays))
    }
}

extension PlaceholderContext {
    /// The timeline of the file `choice` shows when that file is a GIF (an animated placeholder in a data set);
    /// nil when the image is hidden or is not a GIF. Reads the file, never writes it.
    public func animation(of choice: PlaceholderImageChoice, limits: DecodingLimits = .default) throws(ImageError) -> AnimationTimeline? {
        guard let catalog, let file = choice.file else { return nil }
        let path = catalog.root.hasSuffix("/") ? catalog.root + file : "\(catalog.root)/\(file)"
        let bytes = try ImageInspector.readFile(path)
        guard ImageFormat(sniffing: bytes) == .gif else { return nil }
        do {
            return AnimationTimeline(gif: try GIFInfo(bytes: bytes, limits: limits))
        } catch {
            throw error.file == nil ? error.naming(file: path) : error
        }
    }
}

extension SlotPlaceholder {
    /// The image-slot placeholder of `context`'s catalog, with its timeline read from the file when it is a GIF.
    public init(animatedFrom context: PlaceholderContext, explicit: String? = nil, limits: DecodingLimits = .default) throws(ImageError) {
        let choice = context.image(explicit: explicit, role: .imageSlot)
        self.init(choice: choice, animation: try context.animation(of: choice, limits: limits))
    }
}
