import Assets
#if canImport(Glibc)
    import Glibc
#endif

/// Small valid files made with the project's own encoders, written into a work folder so libFuzzer
/// starts from real structure (`ASSETS_FUZZ_SEEDS=DIR` asks a harness to write them at start-up).
public enum FuzzSeeds {
    public enum Kind: String, Sendable {
        case gif, jpeg, png, probe, catalog, tree, svg, car, sources
    }

    /// Writes the seeds for `kind` into `$ASSETS_FUZZ_SEEDS` when that variable names a folder.
    public static func writeIfAsked(_ kind: Kind) {
        guard let folder = getenv("ASSETS_FUZZ_SEEDS").map({ String(cString: $0) }), !folder.isEmpty else { return }
        mkdir(folder, 0o755)
        for (name, bytes) in seeds(kind) {
            write(bytes, to: folder + "/seed-" + name)
        }
    }

    public static func seeds(_ kind: Kind) -> [(String, [UInt8])] {
        switch kind {
        case .gif: return gifs()
        case .jpeg: return jpegs()
        case .png: return pngs()
        case .probe: return gifs() + jpegs() + pngs()
        case .catalog: return contents()
        case .tree: return trees()
        case .svg: return svgs()
        // No writer of compiled catalogs outside the tests: Scripts/fuzz seeds car from ASSETS_CAR_SAMPLES.
        case .car: return []
        case .sources: return sources()
        }
    }

    /// Writes `bytes` to `path`, replacing it. Fuzzing plumbing only; the library never writes this way.
    public static func write(_ bytes: [UInt8], to path: String) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { return }
        defer { close(fd) }
        bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            var done = 0
            while done < raw.count {
                let wrote = Glibc.write(fd, base + done, raw.count - done)
                if wrote <= 0 { return }
                done += wrote
            }
        }
    }

    static func gradient(width: Int, height: Int) -> RGBAImage {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 4
                pixels[i] = UInt8(truncatingIfNeeded: x * 255 / max(width - 1, 1))
                pixels[i + 1] = UInt8(truncatingIfNeeded: y * 255 / max(height - 1, 1))
                pixels[i + 2] = UInt8(truncatingIfNeeded: (x ^ y) * 8)
                pixels[i + 3] = UInt8(truncatingIfNeeded: 255 - x * 3)
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels) ?? RGBAImage(width: width, height: height)
    }

    static func gifs() -> [(String, [UInt8])] {
        let palette: [GIFEncoder.Color] = (0..<16).map { (i: Int) -> GIFEncoder.Color in
            let level = UInt8(i * 16)
            return GIFEncoder.Color(level, 255 - level, UInt8(i * 7))
        }
        let small: [GIFEncoder.Color] = (0..<4).map { (i: Int) -> GIFEncoder.Color in
            let level = UInt8(i * 60)
            return GIFEncoder.Color(level, 0, 255 - level)
        }
        func indices(_ width: Int, _ height: Int, _ seed: Int) -> [UInt8] {
            (0..<(width * height)).map { (i: Int) -> UInt8 in UInt8((i * 7 + seed) % 16) }
        }
        let files: [(String, GIFEncoder)] = [
            (
                "animated.gif",
                GIFEncoder(
                    width: 16, height: 12, globalColorTable: palette, loopCount: .forever,
                    frames: [
                        .init(width: 16, height: 12, indices: indices(16, 12, 0), delayCentiseconds: 5, disposal: .keep),
                        .init(
                            left: 2, top: 3, width: 6, height: 5, indices: indices(6, 5, 3), delayCentiseconds: 10,
                            disposal: .restorePrevious, transparentIndex: 2),
                        .init(
                            left: 8, top: 1, width: 8, height: 8, indices: indices(8, 8, 1), colorTable: small,
                            delayCentiseconds: 0, disposal: .restoreBackground, transparentIndex: 0, interlaced: true),
                        .init(left: 12, top: 10, width: 9, height: 9, indices: indices(9, 9, 5), disposal: .reserved(4)),
                    ])
            ),
            (
                "still87a.gif",
                GIFEncoder(
                    width: 5, height: 5, globalColorTable: small,
                    frames: [
                        .init(width: 5, height: 5, indices: (0..<25).map { UInt8($0 % 4) }, writesControlBlock: false)
                    ])
            ),
            (
                "nocolors.gif",
                GIFEncoder(
                    width: 4, height: 4, loopCount: .repeats(3), loopExtension: .animexts,
                    comment: "seed",
                    frames: [
                        .init(width: 4, height: 4, indices: indices(4, 4, 2), colorTable: nil, transparentIndex: 5),
                        .init(left: 1, top: 1, width: 2, height: 2, indices: [1, 2, 3, 4], colorTable: small),
                    ])
            ),
            (
                "interlaced.gif",
                GIFEncoder(
                    width: 7, height: 11, globalColorTable: palette,
                    frames: [
                        .init(width: 7, height: 11, indices: indices(7, 11, 4), interlaced: true)
                    ])
            ),
        ]
        return files.compactMap { name, encoder in (try? encoder.encode()).map { (name, $0) } }
    }

    static func jpegs() -> [(String, [UInt8])] {
        let image = gradient(width: 19, height: 13)
        let encoders: [(String, JPEGEncoder)] = [
            ("baseline.jpg", JPEGEncoder(quality: 75)),
            ("progressive.jpg", JPEGEncoder(quality: 60, progressive: true, subsampling: .s422)),
            ("arithmetic.jpg", JPEGEncoder(quality: 50, subsampling: .s444, arithmetic: true)),
            ("gray-restart.jpg", JPEGEncoder(quality: 80, colorModel: .grayscale, restartInterval: 2)),
            ("rgb-optimized.jpg", JPEGEncoder(quality: 90, colorModel: .rgb, optimizeCoding: true)),
            ("exif6.jpg", JPEGEncoder(quality: 70, exifOrientation: 6)),
            ("exif8-le.jpg", JPEGEncoder(quality: 70, exifOrientation: 8, exifBigEndian: false)),
        ]
        var files = encoders.compactMap { name, encoder in (try? encoder.encode(image)).map { (name, $0) } }
        let cmyk = (0..<(9 * 7 * 4)).map { UInt8(truncatingIfNeeded: $0 * 13) }
        if let bytes = try? JPEGEncoder(quality: 70).encodeCMYK(cmyk, width: 9, height: 7, ycck: false) {
            files.append(("cmyk.jpg", bytes))
        }
        if let bytes = try? JPEGEncoder(quality: 70).encodeCMYK(cmyk, width: 9, height: 7, ycck: true) {
            files.append(("ycck.jpg", bytes))
        }
        return files
    }

    static func pngs() -> [(String, [UInt8])] {
        var files: [(String, [UInt8])] = []
        for filter in PNGEncoder.Filter.allCases {
            if let bytes = try? PNGEncoder(compressionLevel: 6, filter: filter).encode(gradient(width: 11, height: 7)) {
                files.append(("\(filter.rawValue).png", bytes))
            }
        }
        if let bytes = try? PNGEncoder.fast.encode(RGBAImage(width: 1, height: 1)) { files.append(("one.png", bytes)) }
        return files
    }

    static func contents() -> [(String, [UInt8])] {
        let texts: [(String, String)] = [
            ("catalog.json", #"{"info":{"author":"xcode","version":1}}"#),
            ("group.json", #"{"info":{"author":"xcode","version":1},"properties":{"provides-namespace":true}}"#),
            (
                "imageset.json",
                #"""
                {"images":[{"filename":"a.png","idiom":"universal","scale":"1x"},
                {"filename":"a.png","idiom":"universal","scale":"2x","appearances":[{"appearance":"luminosity","value":"dark"}]},
                {"idiom":"iphone","scale":"3x","subtype":"retina4"}],
                "info":{"author":"xcode","version":1},"properties":{"template-rendering-intent":"template","preserves-vector-representation":true}}
                """#
            ),
            (
                "colorset.json",
                #"""
                {"colors":[{"color":{"color-space":"srgb","components":{"alpha":"1.000","blue":"0x7F","green":"0.5","red":"255"}},"idiom":"universal"},
                {"appearances":[{"appearance":"luminosity","value":"dark"}],"color":{"platform":"ios","reference":"systemRedColor"},"idiom":"universal"}],
                "info":{"author":"xcode","version":1}}
                """#
            ),
            (
                "appicon.json",
                #"{"images":[{"idiom":"universal","platform":"ios","size":"1024x1024","filename":"a.png"}],"info":{"author":"xcode","version":1}}"#
            ),
            ("escapes.json", #"{"a":"\u00e9\ud83d\ude00\n\t\"","b":[1,-2.5e10,true,false,null,{}],"c":{"d":[[[]]]}}"#),
        ]
        return texts.map { ($0.0, Array($0.1.utf8)) }
    }

    /// Tree programs for `fuzz-tree` (see its `ScratchTree.build`): groups, sets of each kind, links, odd
    /// names, many same-named sets, a FIFO.
    static func trees() -> [(String, [UInt8])] {
        [
            ("tree-sets", [0, 3, 0x41, 0x42, 0x43, 3, 0, 1, 4, 1, 1, 0x62, 2, 3, 2, 2, 0x63, 0x64, 2]),
            ("tree-links", [0, 2, 0x67, 0x31, 5, 0, 0, 0, 2, 0x6C, 0x6B, 5, 2, 1, 1, 0x78, 5, 3, 0, 1, 0x6F, 3, 0, 0, 2, 0x73, 0x31]),
            ("tree-names", [6, 4, 0x0A, 0x1B, 0x5B, 0x31, 6, 3, 0x2E, 0x2E, 0x2E, 3, 0, 3, 0x22, 0xCC, 0x81, 6, 2, 0xFF, 0xFE]),
            ("tree-many", [7, 1, 20, 3, 0x64, 0x75, 0x70, 7, 2, 23, 1, 0x78]),
            ("tree-fifo", [3, 0, 1, 0x61, 1, 8, 0, 8, 1, 1, 0x62, 9, 7]),
        ]
    }

    /// Inputs for `fuzz-sources` (see its `SourceProject`): a first byte below 0x80 and one raw file (the
    /// byte modulo 10 chooses which), or 0x80 and a program.
    static func sources() -> [(String, [UInt8])] {
        // {CFBundleIconName: AppIcon} as a binary property list, without its `bplist00` (the harness adds it).
        let key = Array("CFBundleIconName".utf8)
        let value = Array("AppIcon".utf8)
        var plist: [UInt8] = [0xD1, 1, 2, 0x5F, 0x10, UInt8(key.count)] + key + [0x50 | UInt8(value.count)] + value
        plist +=
            [8, 11, UInt8(11 + 3 + key.count)] + [0, 0, 0, 0, 0, 0, 1, 1] + [0, 0, 0, 0, 0, 0, 0, 3]
            + [0, 0, 0, 0, 0, 0, 0, 0] + [0, 0, 0, 0, 0, 0, 0, UInt8(8 + plist.count)]
        let raw: [(String, UInt8, String)] = [
            (
                "raw.swift", 0,
                "import SwiftUI\nstruct V: View {\n    var body: some View {\n        Image(\"icon\")\n        Image(.star)\n        Color(\"Accent\")\n        UIImage(named: \"flag_\\(code)\")\n    }\n}\n"
            ),
            (
                "raw.m", 1,
                "#import <UIKit/UIKit.h>\n@implementation V\n- (void)f { [UIImage imageNamed:@\"icon\"]; [UIColor colorNamed:@\"Accent\"]; }\n@end\n"
            ),
            ("raw.h", 2, "#define ICON @\"icon\"\n@interface V : NSObject\n@end\n"),
            (
                "raw.xib", 3,
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\" version=\"3.0\"><objects><imageView image=\"icon\" id=\"a\"/></objects><resources><image name=\"icon\" width=\"1\" height=\"1\"/></resources></document>\n"
            ),
            (
                "raw.storyboard", 4,
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\" version=\"3.0\"><scenes><scene sceneID=\"s\"><objects><button id=\"b\"><state key=\"normal\" image=\"Icons/star\"/></button></objects></scene></scenes></document>\n"
            ),
            (
                "raw-info.plist", 5,
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict><key>CFBundleIcons</key><dict><key>CFBundlePrimaryIcon</key><dict><key>CFBundleIconName</key><string>AppIcon</string></dict></dict><key>NSAccentColorName</key><string>Accent</string></dict></plist>\n"
            ),
            (
                "raw.pbxproj", 7,
                "// !$*UTF8*$!\n{ objects = { C1 = { isa = XCBuildConfiguration; buildSettings = { ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon; ASSETCATALOG_COMPILER_GLOBAL_ACCENT_COLOR_NAME = Accent; }; }; }; }\n"
            ),
            ("raw.xcconfig", 8, "ASSETCATALOG_COMPILER_APPICON_NAME = $(CE_ICON)\nCE_ICON = AppIcon\n"),
            (
                "raw-package.swift", 9,
                "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"P\", targets: [.target(name: \"App\", path: \"App\", resources: [.process(\"Assets.xcassets\")])])\n"
            ),
        ]
        return raw.map { ($0.0, [$0.1] + Array($0.2.utf8)) } + [
            ("raw-binary.plist", [6] + plist),
            (
                "program-each",
                [0x80, 0, 0, 0, 1, 1, 0, 2, 0, 0, 3, 0, 1, 4, 0, 2, 5, 0, 1, 6, 0, 2, 13, 14, 3, 0x62, 0x65, 0x6C, 0, 0, 0, 8, 1]
            ),
            ("program-deep", [0x80] + Array(repeating: [7, 0, 0x64], count: 50).flatMap { $0 } + [0, 1, 0, 13]),
            ("program-links", [0x80, 9, 0, 1, 1, 0x61, 9, 6, 0, 1, 0x72, 9, 8, 1, 1, 0x65, 9, 1, 4, 1, 0x62, 9, 12, 7, 1, 0x63, 15, 0, 0]),
            ("program-plists", [0x80, 4, 2, 1, 10, 8] + Array(plist.prefix(16)) + [11, 30, 0, 1, 11, 48, 1, 2]),
            ("program-nesting", [0x80, 12, 0, 255, 12, 3, 200, 12, 4, 255, 12, 7, 100]),
        ]
    }

    /// SVG texts for `fuzz-svg`: plain, with a DOCTYPE, entities, comments, CDATA, a BOM, deep nesting.
    static func svgs() -> [(String, [UInt8])] {
        [
            ("plain.svg", #"<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4"/></svg>"#),
            (
                "prolog.svg",
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!-- c --><!DOCTYPE svg [<!ENTITY a \"b\">]><svg><g><![CDATA[x]]></g>&a;</svg>"
            ),
            ("bom.svg", "\u{FEFF}<svg><path d='M0 0'/></svg>"),
            ("nested.svg", "<svg>" + String(repeating: "<g>", count: 64) + String(repeating: "</g>", count: 64) + "</svg>"),
            ("html.svg", "<html><body></body></html>"),
        ].map { ($0.0, Array($0.1.utf8)) }
    }
}
