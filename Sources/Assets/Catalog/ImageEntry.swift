/// One entry of an image set's or data set's `Contents.json` (`images[i]` or `data[i]`), kept as written.
///
/// Values stay the strings the file holds, so that unknown vocabulary can be reported rather than lost;
/// typed views (`idiomValue`, `scaleValue`, ...) interpret them.
import AssetsSupport
import AssetsCodecs

public struct ImageEntry: Sendable, Hashable {
    public var filename: String?
    public var idiom: String?
    /// `"1x"`, `"2x"`, `"3x"`; nil for a single-scale (vector) entry.
    public var scale: String?
    public var appearances: [AppearanceTrait]
    public var subtype: String?
    public var widthClass: String?
    public var heightClass: String?
    public var displayGamut: String?
    public var languageDirection: String?
    public var locale: String?
    /// Data sets: the declared type of the file (`com.compuserve.gif`).
    public var universalTypeIdentifier: String?
    /// Keys this model does not interpret, kept as written so nothing is lost (`size` of an app icon, `memory`).
    public var otherKeys: [String: JSONValue]

    public init(
        filename: String? = nil,
        idiom: String? = nil,
        scale: String? = nil,
        appearances: [AppearanceTrait] = [],
        subtype: String? = nil,
        widthClass: String? = nil,
        heightClass: String? = nil,
        displayGamut: String? = nil,
        languageDirection: String? = nil,
        locale: String? = nil,
        universalTypeIdentifier: String? = nil,
        otherKeys: [String: JSONValue] = [:]
    ) {
        self.filename = filename
        self.idiom = idiom
        self.scale = scale
        self.appearances = appearances
        self.subtype = subtype
        self.widthClass = widthClass
        self.heightClass = heightClass
        self.displayGamut = displayGamut
        self.languageDirection = languageDirection
        self.locale = locale
        self.universalTypeIdentifier = universalTypeIdentifier
        self.otherKeys = otherKeys
    }
}

/// One element of an entry's `appearances` array: `{"appearance": "luminosity", "value": "dark"}`.
public struct AppearanceTrait: Sendable, Hashable {
    public var appearance: String
    public var value: String

    public init(appearance: String, value: String) {
        self.appearance = appearance
        self.value = value
    }

    public static let dark = AppearanceTrait(appearance: "luminosity", value: "dark")
    public static let light = AppearanceTrait(appearance: "luminosity", value: "light")
    public static let highContrast = AppearanceTrait(appearance: "contrast", value: "high")
}
