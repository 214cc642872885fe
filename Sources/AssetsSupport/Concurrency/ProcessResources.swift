#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What this process may use: the processors it may run on and the memory it may still allocate.
///
/// A server or CI runner gives a process less than the machine has: a CPU affinity mask (`taskset`,
/// cpusets), a cgroup CPU quota (`docker --cpus`, Kubernetes limits), an address-space limit
/// (`ulimit -v`) or a cgroup memory limit. Threads and buffers are sized from these, never from the
/// machine's processor count or memory. The cgroup files are read as the kernel documents them
/// (v2 `cpu.max`, `memory.max`, `memory.current`; v1 `cpu.cfs_quota_us`/`cpu.cfs_period_us`,
/// `memory.limit_in_bytes`, `memory.usage_in_bytes`), in the process's own cgroup and every parent
/// up to the mount point, since a parent's limit binds its children too.
///
/// Where the platforms differ, this file holds both ways (and no other file asks): on Linux the affinity
/// mask and mapped memory come from /proc/self/status (`ProcessStatus`), quotas from cgroups; on Darwin the
/// processors from `sysctl` (`hw.activecpu`), there are no cgroups, no affinity mask a process can read,
/// and no figure of mapped memory, so only `RLIMIT_AS` can limit memory there.
package struct ProcessResources: Sendable {
    /// Reads a small system file (under /proc or /sys); nil when it is absent or unreadable.
    package typealias FileReader = @Sendable (String) -> String?

    private let readFile: FileReader
    private let affinity: @Sendable () -> Int?
    private let addressSpaceLimit: @Sendable () -> Int?

    /// What the running process may use.
    package static let current = ProcessResources()

    /// The processors this process may use (at least 1): the smaller of its affinity mask and its
    /// cgroup CPU quota (rounded up), the machine's online processors when neither is set.
    package static var processorCount: Int { current.processorCount }

    package init(
        readFile: @escaping FileReader = ProcessResources.readSystemFile,
        affinity: @escaping @Sendable () -> Int? = ProcessResources.affinityCount,
        addressSpaceLimit: @escaping @Sendable () -> Int? = ProcessResources.addressSpaceRlimit
    ) {
        self.readFile = readFile
        self.affinity = affinity
        self.addressSpaceLimit = addressSpaceLimit
    }

    package var processorCount: Int {
        var count = affinity() ?? Self.onlineProcessors()
        if let quota = cpuQuota() { count = min(count, quota) }
        return max(1, count)
    }

    /// The bytes this process may still allocate, when something limits it: the room left under its
    /// address-space limit (`RLIMIT_AS` minus what it has mapped) and under its cgroup memory limit
    /// (the limit minus the cgroup's use), whichever is smaller. Nil when nothing limits it.
    package var memoryAvailable: Int? {
        var room: Int?
        if let limit = addressSpaceLimit() {
            let mapped = ProcessStatus.bytes("VmSize", in: readFile(ProcessStatus.path)) ?? 0
            room = max(0, limit - mapped)
        }
        if let cgroup = cgroupMemoryRoom() { room = min(room ?? cgroup, cgroup) }
        return room
    }

    // MARK: cgroups

    /// The tightest CPU quota on the process's cgroup path, in whole processors (rounded up).
    func cpuQuota() -> Int? {
        var tightest: Int?
        for folder in cgroupFolders(controller: "cpu") {
            var quota: (Int, Int)?
            if let text = readFile(folder.path + "/cpu.max") {
                // v2: "max 100000" or "200000 100000" (quota and period in microseconds)
                let fields = text.split(whereSeparator: \.isWhitespace)
                if fields.count >= 2, let limit = Int(fields[0]), let period = Int(fields[1]) { quota = (limit, period) }
            } else if let limit = readFile(folder.path + "/cpu.cfs_quota_us").flatMap(Self.integer),
                let period = readFile(folder.path + "/cpu.cfs_period_us").flatMap(Self.integer)
            {
                // v1: -1 means no quota
                quota = (limit, period)
            }
            if let (limit, period) = quota, limit > 0, period > 0 {
                let processors = (limit + period - 1) / period
                tightest = min(tightest ?? processors, processors)
            }
        }
        return tightest
    }

    /// The smallest room (limit minus use) on the process's cgroup path, in bytes.
    func cgroupMemoryRoom() -> Int? {
        var tightest: Int?
        for folder in cgroupFolders(controller: "memory") {
            let limit: Int?
            let used: Int?
            if folder.version == 2 {
                limit = readFile(folder.path + "/memory.max").flatMap(Self.integer)  // "max" gives nil
                used = readFile(folder.path + "/memory.current").flatMap(Self.integer)
            } else {
                limit = readFile(folder.path + "/memory.limit_in_bytes").flatMap(Self.integer)
                used = readFile(folder.path + "/memory.usage_in_bytes").flatMap(Self.integer)
            }
            // v1 writes "no limit" as a huge number near Int64.max.
            guard let limit, limit > 0, limit < 1 << 60 else { continue }
            let room = max(0, limit - (used ?? 0))
            tightest = min(tightest ?? room, room)
        }
        return tightest
    }

    struct CgroupFolder: Equatable {
        var path: String
        var version: Int
    }

    /// The folders of this process's cgroup for `controller` and of each parent up to the hierarchy's
    /// mount point, innermost first: v2 (the unified hierarchy) and v1 (a hierarchy naming the controller).
    func cgroupFolders(controller: String) -> [CgroupFolder] {
        guard let membership = readFile("/proc/self/cgroup"), let mounts = readFile("/proc/self/mountinfo") else { return [] }
        var folders: [CgroupFolder] = []
        for line in membership.split(separator: "\n") {
            // "hierarchy-id:controller,list:/path"; v2 is "0::/path"
            let parts = line.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            guard parts.count == 3 else { continue }
            let controllers = parts[1].split(separator: ",").map(String.init)
            let version: Int
            if parts[0] == "0", parts[1].isEmpty { version = 2 } else if controllers.contains(controller) { version = 1 } else { continue }
            guard let mount = Self.mountPoint(in: mounts, version: version, controller: controller) else { continue }
            // The cgroup path is relative to the hierarchy's root; the mount shows the part below `mount.root`.
            var relative = String(parts[2])
            if mount.root != "/", relative.hasPrefix(mount.root) { relative = String(relative.dropFirst(mount.root.count)) }
            var components = relative.split(separator: "/").map(String.init)
            while true {
                let path = mount.point + (components.isEmpty ? "" : "/" + components.joined(separator: "/"))
                folders.append(CgroupFolder(path: path, version: version))
                if components.isEmpty { break }
                components.removeLast()
            }
        }
        return folders
    }

    /// Where a cgroup hierarchy is mounted (from /proc/self/mountinfo) and which of its folders is the mount's root.
    /// The lines are taken apart on their bytes (fields are separated by ASCII spaces), not as text: this
    /// runs at every command's start.
    static func mountPoint(in mountinfo: String, version: Int, controller: String) -> (point: String, root: String)? {
        let space = UInt8(ascii: " ")
        for line in mountinfo.utf8.split(separator: UInt8(ascii: "\n")) {
            // "id parent major:minor root mount-point options [optional...] - fstype source super-options"
            guard let dash = separator(in: line) else { continue }
            let left = line[..<dash].split(separator: space)
            let right = line[line.index(dash, offsetBy: 3)...].split(separator: space)
            guard left.count >= 5, right.count >= 1 else { continue }
            let type = right[0]
            if version == 2, type.elementsEqual("cgroup2".utf8) { return (unescape(Substring(left[4])), unescape(Substring(left[3]))) }
            if version == 1, type.elementsEqual("cgroup".utf8), right.count >= 3,
                right[2].split(separator: UInt8(ascii: ",")).contains(where: { $0.elementsEqual(controller.utf8) })
            {
                return (unescape(Substring(left[4])), unescape(Substring(left[3])))
            }
        }
        return nil
    }

    /// Where the first " - " of a mountinfo line starts (it ends the optional fields).
    private static func separator(in line: Substring.UTF8View) -> Substring.UTF8View.Index? {
        var index = line.startIndex
        while index < line.endIndex {
            if line[index] == UInt8(ascii: " ") {
                let dash = line.index(after: index)
                if dash < line.endIndex, line[dash] == UInt8(ascii: "-") {
                    let after = line.index(after: dash)
                    if after < line.endIndex, line[after] == UInt8(ascii: " ") { return index }
                }
            }
            index = line.index(after: index)
        }
        return nil
    }

    /// mountinfo writes a space as \040 (and tab, newline, backslash likewise).
    private static func unescape(_ field: Substring) -> String {
        guard field.contains("\\") else { return String(field) }
        var bytes: [UInt8] = []
        let utf8 = Array(field.utf8)
        var index = 0
        while index < utf8.count {
            if utf8[index] == UInt8(ascii: "\\"), index + 3 < utf8.count,
                let value = UInt8(String(decoding: utf8[(index + 1)...(index + 3)], as: UTF8.self), radix: 8)
            {
                bytes.append(value)
                index += 4
            } else {
                bytes.append(utf8[index])
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func integer(_ text: String) -> Int? {
        Int(text.split(whereSeparator: \.isWhitespace).first ?? "")
    }

    // MARK: the running system

    @Sendable package static func readSystemFile(_ path: String) -> String? {
        switch CatalogFileSystem.read(path, maxBytes: 1 << 20) {
        case .success(let read): return String(decoding: read.head, as: UTF8.self)
        case .failure: return nil
        }
    }

    /// The processors in this process's affinity mask, nil where it cannot be read. Read from
    /// `Cpus_allowed_list` in /proc/self/status, the mask `sched_getaffinity(2)` returns (Swift's Glibc
    /// module leaves `sched_getaffinity` out, as it needs `_GNU_SOURCE`, and this layer has no C).
    /// Darwin has no affinity mask a process can read: nil there.
    @Sendable package static func affinityCount() -> Int? {
        ProcessStatus.field("Cpus_allowed_list", in: ProcessStatus.current()).flatMap { processors(inList: $0) }
    }

    /// The processors online: `sysconf` on Linux, `sysctl hw.activecpu` on Darwin (the processors this
    /// process may run on, fewer than `hw.ncpu` under a low-power or virtual machine's limit).
    static func onlineProcessors() -> Int {
        #if canImport(Darwin)
            var count: Int32 = 0
            var size = MemoryLayout<Int32>.size
            if sysctlbyname("hw.activecpu", &count, &size, nil, 0) == 0, count > 0 { return Int(count) }
        #endif
        return max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    }

    /// How many processors a kernel CPU list names: "0-3,8,10-11" is 7.
    package static func processors(inList list: Substring) -> Int? {
        var count = 0
        for range in list.split(separator: ",") {
            let bounds = range.split(separator: "-").map { Int(String($0.filter { !$0.isWhitespace })) }
            switch bounds.count {
            case 1:
                guard bounds[0] != nil else { return nil }
                count += 1
            case 2:
                guard let low = bounds[0], let high = bounds[1], high >= low else { return nil }
                count += high - low + 1
            default: return nil
            }
        }
        return count > 0 ? count : nil
    }

    /// The address-space limit (`ulimit -v`, RLIMIT_AS) in bytes, nil when unlimited.
    @Sendable package static func addressSpaceRlimit() -> Int? {
        var limit = rlimit()
        #if canImport(Darwin)
            let resource = RLIMIT_AS  // a plain Int32 constant
            let unlimited = rlim_t(Int64.max)  // RLIM_INFINITY, ((rlim_t)1 << 63) - 1: written out, as Swift may not import that macro
        #else
            let resource = Int32(RLIMIT_AS.rawValue)  // Glibc's enum __rlimit_resource
            let unlimited = rlim_t.max
        #endif
        guard getrlimit(resource, &limit) == 0, limit.rlim_cur != unlimited else { return nil }
        return limit.rlim_cur > UInt(Int.max) ? nil : Int(limit.rlim_cur)
    }
}
