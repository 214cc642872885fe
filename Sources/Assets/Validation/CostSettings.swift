/// What the cost checks (`duplicate-image`, `unused-scale`, `oversized-image`, `compressible-image`) take
/// from `.asset-tool.json`'s `"cost"` object:
///
/// ```json
/// { "cost": { "compressible_min_percent": 10, "compressible_min_bytes": 4096,
///             "ios_deployment_target": "15.0", "device_families": ["iphone"],
///             "point_sizes": { "Icons/*": 24 } } }
/// ```
///
/// `ios_deployment_target` and `device_families` win over what the project says (`project.pbxproj`,
/// `Package.swift`); `point_sizes` maps a pattern of set paths (as `exclude`) to the longest side, in points,
/// that those sets show.
import AssetsSupport
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

public struct CostSettings: Sendable, Hashable {
    /// `compressible-image` reports a file only when a rewrite saves more than this share (percent)...
    public var compressibleMinPercent: Double = 10
    /// ...and more than this many bytes.
    public var compressibleMinBytes: Int = 4096
    /// The iOS version the app supports at least ("15.0"), when the configuration says.
    public var iosDeploymentTarget: String?
    /// `iphone`, `ipad`: the devices the app runs on, when the configuration says.
    public var deviceFamilies: Set<String>?
    /// Set path patterns and the longest side, in points, their images show.
    public var pointSizes: [(pattern: String, points: Double)] = []

    public init() {}

    public static func == (lhs: CostSettings, rhs: CostSettings) -> Bool {
        lhs.compressibleMinPercent == rhs.compressibleMinPercent && lhs.compressibleMinBytes == rhs.compressibleMinBytes
            && lhs.iosDeploymentTarget == rhs.iosDeploymentTarget && lhs.deviceFamilies == rhs.deviceFamilies
            && lhs.pointSizes.map(\.pattern) == rhs.pointSizes.map(\.pattern)
            && lhs.pointSizes.map(\.points) == rhs.pointSizes.map(\.points)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(compressibleMinPercent)
        hasher.combine(compressibleMinBytes)
        hasher.combine(iosDeploymentTarget)
        hasher.combine(pointSizes.map(\.pattern))
    }

    /// The point size configured for the set at `setPath` (catalog-relative), the first pattern that matches.
    package func pointSize(forSet setPath: String) -> Double? {
        pointSizes.first { fnmatch($0.pattern, setPath, 0) == 0 }?.points
    }

    static func parse(_ value: JSONValue, file: String) throws(ValidationConfigError) -> CostSettings {
        guard case .object(let members) = value else {
            throw ValidationConfigError(file: file, keyPath: "cost", message: "is \(value.typeName), expected an object")
        }
        var settings = CostSettings()
        func number(_ value: JSONValue, _ key: String) throws(ValidationConfigError) -> Double {
            switch value {
            case .number(let text) where Double(text) != nil: return Double(text) ?? 0
            default: throw ValidationConfigError(file: file, keyPath: "cost.\(key)", message: "is \(value.typeName), expected a number")
            }
        }
        let known = ["compressible_min_percent", "compressible_min_bytes", "ios_deployment_target", "device_families", "point_sizes"]
        for (key, value) in members {
            switch key {
            case "compressible_min_percent":
                let percent = try number(value, key)
                guard percent >= 0, percent <= 100 else {
                    throw ValidationConfigError(file: file, keyPath: "cost.\(key)", message: "is \(percent), expected 0 to 100")
                }
                settings.compressibleMinPercent = percent
            case "compressible_min_bytes":
                let bytes = try number(value, key)
                guard bytes >= 0, bytes < 1e15 else {
                    throw ValidationConfigError(file: file, keyPath: "cost.\(key)", message: "is \(bytes), expected 0 or more")
                }
                settings.compressibleMinBytes = Int(bytes)
            case "ios_deployment_target":
                guard case .string(let version) = value, DeploymentTarget.version(version) != nil else {
                    throw ValidationConfigError(
                        file: file, keyPath: "cost.\(key)", message: "is \(value.text), expected a version such as \"15.0\"")
                }
                settings.iosDeploymentTarget = version
            case "device_families":
                guard case .array(let items) = value else {
                    throw ValidationConfigError(file: file, keyPath: "cost.\(key)", message: "is \(value.typeName), expected an array")
                }
                var families: Set<String> = []
                for (index, item) in items.enumerated() {
                    guard case .string(let family) = item, ["iphone", "ipad"].contains(family) else {
                        throw ValidationConfigError(
                            file: file, keyPath: "cost.\(key)[\(index)]", message: "is \(item.text), expected \"iphone\" or \"ipad\"")
                    }
                    families.insert(family)
                }
                settings.deviceFamilies = families
            case "point_sizes":
                guard case .object(let patterns) = value else {
                    throw ValidationConfigError(file: file, keyPath: "cost.\(key)", message: "is \(value.typeName), expected an object")
                }
                for (pattern, points) in patterns {
                    let size = try number(points, "\(key).\(pattern)")
                    guard !pattern.isEmpty, size > 0, size < 100_000 else {
                        throw ValidationConfigError(
                            file: file, keyPath: "cost.\(key).\(pattern)", message: "expected a pattern and a point size above 0")
                    }
                    settings.pointSizes.append((pattern, size))
                }
            default:
                throw ValidationConfigError(
                    file: file, keyPath: "cost.\(key)", message: "is not a key this object takes (\(known.joined(separator: ", ")))")
            }
        }
        return settings
    }
}
