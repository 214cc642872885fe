/// The text of a fixed-size, NUL-terminated C character array (a shim's `char message[200]`, which Swift
/// imports as a tuple): the bytes before the first NUL, read as UTF-8.
import AssetsSupport

func cMessageText<Characters>(_ characters: Characters) -> String {
    withUnsafeBytes(of: characters) { raw in String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self) }
}
