import Assets

/// Limits the harnesses decode under: the library's own checks, with a canvas small enough that
/// libFuzzer spends its time on structure rather than on filling 400 MB canvases. The default limits
/// themselves are exercised by the bomb tests in `Tests/AssetToolTests/Hardening`.
public enum FuzzLimits {
    public static let decoding = DecodingLimits(maxPixels: 1 << 22, maxDimension: 16_384, maxFrames: 4_096)
}
