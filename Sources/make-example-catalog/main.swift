import Assets
import AssetsSupport

// Writes the example `Assets.catalog`: make-example-catalog [OUTPUT] [--force]
var arguments = Array(CommandLine.arguments.dropFirst())
let force = arguments.contains("--force")
arguments.removeAll { $0 == "--force" }
if arguments.contains(where: { $0.hasPrefix("-") }) || arguments.count > 1 {
    printError("usage: make-example-catalog [OUTPUT] [--force]")
    exitProcess(64)
}
let output = arguments.first ?? "Assets.catalog"

if !force, fileExists(output) {
    printError("make-example-catalog: \(output): already exists (use --force to overwrite)")
    exitProcess(1)
}

do {
    let catalog = try ExampleCatalog.make()
    let writer = AtomicFileWriter(overwrite: force)
    for file in catalog.files {
        let path = "\(output)/\(file.path)"
        if let slash = path.lastIndex(of: "/") {
            try AtomicFileWriter.makeDirectory(String(path[..<slash]))
        }
        try writer.write(file.bytes, to: path)
    }
    print("wrote \(catalog.files.count) files to \(output)")
} catch {
    printError("make-example-catalog: \(error)")
    exitProcess(1)
}
