/// The one reader of what the kernel says about this process in `/proc/self/status` (Linux): its mapped
/// memory (`VmSize`), its file-creation mask (`Umask`), its CPU affinity (`Cpus_allowed_list`). Darwin has
/// no `/proc`: there `current()` is nil and each caller takes its Darwin way (`ProcessResources`,
/// `ProcessUmask`), so no other file reads `/proc/self/status` or asks which system it runs on for it.
package enum ProcessStatus {
    package static let path = "/proc/self/status"

    /// The file's text now; nil where there is none (Darwin, a Linux without /proc).
    package static func current() -> String? {
        #if os(Linux)
            // /proc files report size 0: the first read (16 KiB, short) is the whole file.
            switch CatalogFileSystem.read(path, maxBytes: 1 << 20) {
            case .success(let read): return String(decoding: read.head, as: UTF8.self)
            case .failure: return nil
            }
        #else
            return nil
        #endif
    }

    /// The text after "Name:" on the field's line, spaces and tabs trimmed; nil when there is no such line.
    package static func field(_ name: String, in status: String?) -> Substring? {
        guard let status else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix(name + ":") {
            return line.dropFirst(name.utf8.count + 1).drop { $0 == " " || $0 == "\t" }
        }
        return nil
    }

    /// A "Name:   1234 kB" field, in bytes.
    package static func bytes(_ name: String, in status: String?) -> Int? {
        guard let value = field(name, in: status) else { return nil }
        let fields = value.split(whereSeparator: \.isWhitespace)
        guard let number = fields.first.flatMap({ Int($0) }) else { return nil }
        return fields.count > 1 && fields[1] == "kB" ? number * 1024 : number
    }
}
