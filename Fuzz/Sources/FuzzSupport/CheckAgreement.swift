import Assets

/// `validate --deep` checks a file without making its pixels (ImageInspector.check); it must give exactly
/// what a full decode gives. The harnesses run both on every input and stop at the first disagreement.
public enum CheckAgreement {
    public static func verify(_ bytes: [UInt8], options: DecodeOptions) {
        let checked = outcome { () throws(ImageError) in try ImageInspector.check(bytes, options: options).1 }
        let decoded = outcome { () throws(ImageError) in try ImageInspector.decode(bytes, options: options).warnings }
        guard checked == decoded else { fatalError("check and decode disagree: \(checked) | \(decoded)") }
    }

    static func outcome(_ body: () throws(ImageError) -> [ImageWarning]) -> String {
        do {
            return "ok " + (try body()).map { "\($0.code) \($0.message)" }.joined(separator: "; ")
        } catch {
            return "error \(error.kind) \(error.detail)"
        }
    }
}
