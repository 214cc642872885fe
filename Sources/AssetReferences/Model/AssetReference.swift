import Assets
import AssetsSupport

/// One place in the app's sources that asks for an asset by name: where (file, line, column), how sure the
/// scan is that it is a lookup, what the call loads, and the name (or the literal parts of a name built at
/// run time, or a generated symbol).
public struct AssetReference: Sendable, Hashable {
    /// How the name is written.
    public enum Name: Sendable, Hashable {
        /// A literal: `UIImage(named: "close")`.
        case literal(String)
        /// Built at run time: the literal text before and after the parts only known then (`"flag_\(code)"`:
        /// prefix `flag_`, suffix empty); both empty for a variable.
        case dynamic(prefix: String, suffix: String)
        /// Xcode's generated asset symbol: the path below `ImageResource`/`ColorResource` as written
        /// (`brandLogo`, `Colors.Text.primary`), or the Objective-C constant (`ACImageNameClose`); matched
        /// exactly against the names Xcode generates (`AssetSymbolName`).
        case symbol(String)
        /// A SwiftGen or R.swift accessor (`Asset.Icons.trashCan`, `R.image.profile_icon`): its identifier,
        /// matched by key (`AssetSymbolKey`: those tools' naming rules vary by version and template).
        case accessor(String)
    }

    /// How sure the scan is that the name is looked up as an asset, which decides what it may report.
    public enum Certainty: String, Sendable, Hashable {
        /// A lookup call with the name (`UIImage(named:)`, `Color(_:)`, `image="…"`): may be `missing-asset`.
        case lookup
        /// A build setting or Info.plist key: Xcode's asset compiler already fails the build on a missing
        /// app icon or accent colour, so it only counts as a use.
        case setting
        /// A literal that equals a set's name but is passed elsewhere (a constant, an enum raw value, a
        /// dictionary of names): counts as a use, never reported missing.
        case possible
    }

    public var name: Name
    public var wanted: String
    public var certainty: Certainty
    /// The source file, relative to the project folder.
    public var file: String
    public var line: Int
    public var column: Int
    /// The API as written (`UIImage(named:)`, `image=`, `CFBundleIconName`), for messages.
    public var via: String
    /// The result is force-unwrapped (or the API traps on a missing name): a missing name crashes.
    public var crashes: Bool
    /// The bundle a lookup call names, as written (`.module`, `Bundle.main`); nil when it names none (the
    /// main bundle).
    public var bundle: String?
    /// The platform the line is compiled for when it sits in a platform branch (`#if os(tvOS)`,
    /// `#if TARGET_OS_TV`: `PlatformBranches`); nil when any.
    public var platform: String?

    /// Whether the lookup looks in the main bundle: no bundle, `.main`, `nil`.
    package var looksInMainBundle: Bool {
        guard let bundle else { return true }
        return [".main", "Bundle.main", "nil", "Foundation.Bundle.main"].contains(bundle)
    }

    package var lookupKind: AssetLookup.Wanted { AssetLookup.Wanted(rawValue: wanted) ?? .any }

    /// A lookup of a constant (`UIImage(named: closeIcon)`) asks for the constant's value.
    package mutating func resolve(to value: String, through path: String) {
        name = .literal(value)
        via = "\(via) through \(path)"
    }

    package init(
        name: Name, wanted: AssetLookup.Wanted, certainty: Certainty, file: String, line: Int, column: Int,
        via: String, crashes: Bool = false
    ) {
        self.name = name
        self.wanted = wanted.rawValue
        self.certainty = certainty
        self.file = file
        self.line = line
        self.column = column
        self.via = via
        self.crashes = crashes
    }

    /// `file:line:column`.
    public var location: String { "\(file):\(line):\(column)" }
}

/// A file or folder the scan could not read whole, and why: reported as `unreadable-source`.
public struct SkippedSource: Sendable, Hashable {
    /// Relative to the project folder.
    public var path: String
    public var reason: String
    public var line: Int?
    public var column: Int?

    package init(path: String, reason: String, line: Int? = nil, column: Int? = nil) {
        self.path = path
        self.reason = reason
        self.line = line
        self.column = column
    }
}

/// What scanning one file found.
package struct FileScan: Sendable {
    package var references: [AssetReference] = []
    package var skipped: [SkippedSource] = []
    package var lines = 0
    /// A `Package.swift` read as a manifest.
    package var manifest: PackageManifest?
    /// The image file names an Xcode project lists (`project.pbxproj` file references).
    package var listedImages: [String] = []
    /// The image file names a build script writes (a shell script phase's `outputPaths` in `project.pbxproj`,
    /// every path of an `.xcfilelist`): the script may put them in the bundle, where `UIImage(named:)` finds them.
    package var scriptOutputImages: [String] = []
    /// Asset-name settings whose value is another setting (`ASSETCATALOG_COMPILER_APPICON_NAME = $(CE_APPICON_NAME)`):
    /// the other setting's name as a literal, resolved against `settingValues` of every build-settings file.
    package var settingIndirections: [AssetReference] = []
    /// Every plain `KEY = value` setting of a build-settings file (upper-case keys), as references at their
    /// line: those an indirection names become uses.
    package var settingValues: [(key: String, value: AssetReference)] = []
    /// A generated accessor file's declarations (`GeneratedAccessorFile`): each accessor's identifier and
    /// the set name it loads.
    package var generatedAccessors: [(identifier: String, name: String)] = []
    /// Functions whose parameter reaches a lookup (`func generateAnimation(with imageName: String)` loading
    /// `UIImage(named: imageName + String(index))`), and the calls in this file that pass a string literal.
    package var parameterLookups: [ParameterLookup] = []
    /// The members this file declares that a bare `.x` may name: enum cases and static properties.
    package var declaredMembers: Set<String> = []
    package var literalArguments: [LiteralArgument] = []
    /// String constants by path (`StringConstants`), the lookups naming one that the file could not resolve
    /// itself, and the names the file binds other than as a constant.
    package var stringConstants: [String: Set<String>] = [:]
    package var constantLookups: [ConstantLookup] = []
    package var boundNames: Set<String> = []
    /// `typealias X = NSImage` (`LookupTypeAliases`): each alias and what it stands for, the nominal types the
    /// file declares, and the `T(named: "x")` calls whose `T` may be such an alias.
    package var typeAliases: [String: Set<String>] = [:]
    package var declaredTypes: Set<String> = []
    package var aliasedLookups: [AliasedLookup] = []
    /// The accessors read as `Root.member` (an index in `references`, the path), dropped when the project itself
    /// declares the type `Root` and a static `member`: its own property, whose body is read as code.
    package var namespaceMembers: [ConstantLookup] = []
    /// What the functions and properties the file declares return, and the interpolated literals whose one
    /// interpolation reads one (`StringReturns`).
    package var stringReturns: [String: StringReturns.Values] = [:]
    package var interpolatedCalls: [InterpolatedCall] = []
    /// A `project.pbxproj`'s targets, their paths relative to the project (`XcodeProjectTargets.read`).
    package var xcodeProject: XcodeProjectTargets.Project?

    package init() {}
}

/// A function's parameter that reaches a lookup: the call `function(label: "x")` then names `x` (or `x*suffix`
/// when the lookup adds more after it). Matched to calls by the function's base name and the label (`_` for
/// none) in every Swift file of the project, so an overload of another type of that name is a use too: the
/// names it gives only count as uses, never as missing.
package struct ParameterLookup: Sendable, Hashable {
    package var function: String
    package var label: String
    /// The lookup takes the parameter whole (`UIImage(named: name)`); else it adds text after it.
    package var whole: Bool
    /// The literal text the lookup adds at the end, when it is one (`name + "_large"`).
    package var suffix: String
    package var wanted: String
    package var via: String
}

/// A call that passes a plain string literal: `generateAnimation(with: "playing-animation-")`.
package struct LiteralArgument: Sendable, Hashable {
    package var function: String
    package var label: String
    package var text: String
    package var line: Int
    package var column: Int
}
