import Testing
@testable import Assets
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The processors and memory a process may use, read from the files the kernel documents, here given
/// as text so each shape (cgroup v1 and v2, nested limits, a container's own mount) is tried.
@Suite("Process resources: affinity, cgroup CPU quota and memory limits")
struct ProcessResourcesTests {
    static let v2Mounts = "41 31 0:38 / /sys/fs/cgroup rw,relatime - cgroup2 cgroup2 rw\n"
    static let v1Mounts = """
        32 31 0:29 / /sys/fs/cgroup/cpu,cpuacct rw,relatime - cgroup cgroup rw,cpu,cpuacct
        35 31 0:32 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory

        """

    static func resources(_ files: [String: String], affinity: Int? = 8, addressSpace: Int? = nil) -> ProcessResources {
        ProcessResources(readFile: { files[$0] }, affinity: { affinity }, addressSpaceLimit: { addressSpace })
    }

    @Test("cgroup v2: a quota of 1.5 processors gives 2 threads; a parent's tighter quota wins")
    func v2Quota() {
        // Given a process in /ci/job under a v2 hierarchy, 8 processors in its affinity mask
        var files = [
            "/proc/self/cgroup": "0::/ci/job\n", "/proc/self/mountinfo": Self.v2Mounts,
            "/sys/fs/cgroup/ci/job/cpu.max": "150000 100000\n", "/sys/fs/cgroup/ci/cpu.max": "max 100000\n",
        ]
        // Then its own quota of 1.5 processors rounds up to 2
        #expect(Self.resources(files).processorCount == 2)
        // And when the parent allows only one, one it is
        files["/sys/fs/cgroup/ci/cpu.max"] = "100000 100000\n"
        #expect(Self.resources(files).processorCount == 1)
        // And without any quota the affinity mask decides
        files["/sys/fs/cgroup/ci/job/cpu.max"] = "max 100000\n"
        files["/sys/fs/cgroup/ci/cpu.max"] = "max 100000\n"
        #expect(Self.resources(files).processorCount == 8)
        #expect(Self.resources(files, affinity: 3).processorCount == 3)
    }

    @Test("cgroup v1: cfs quota and period, -1 meaning none; a container that sees its cgroup as its mount root")
    func v1Quota() {
        // Given a v1 hierarchy whose mount root is the container's own cgroup
        let files = [
            "/proc/self/cgroup": "4:memory:/docker/abc\n2:cpu,cpuacct:/docker/abc\n",
            "/proc/self/mountinfo": Self.v1Mounts.replacingOccurrences(of: "0:29 / ", with: "0:29 /docker/abc "),
            "/sys/fs/cgroup/cpu,cpuacct/cpu.cfs_quota_us": "300000\n",
            "/sys/fs/cgroup/cpu,cpuacct/cpu.cfs_period_us": "100000\n",
        ]
        // Then the quota of 3 processors is read from the mount point itself
        #expect(Self.resources(files).processorCount == 3)
        // And a quota of -1 leaves the affinity mask
        var unlimited = files
        unlimited["/sys/fs/cgroup/cpu,cpuacct/cpu.cfs_quota_us"] = "-1\n"
        #expect(Self.resources(unlimited).processorCount == 8)
    }

    @Test("memory: the room under the address-space limit and the cgroup limit, the smaller one")
    func memoryRoom() {
        // Given a v2 cgroup limited to 1 GiB with 256 MiB in use, and a process mapping 100 MiB
        let files = [
            "/proc/self/cgroup": "0::/job\n", "/proc/self/mountinfo": Self.v2Mounts,
            "/sys/fs/cgroup/job/memory.max": "\(1 << 30)\n", "/sys/fs/cgroup/job/memory.current": "\(256 << 20)\n",
            "/sys/fs/cgroup/memory.max": "max\n",
            "/proc/self/status": "Name:\tasset-tool\nVmSize:\t  102400 kB\n",
        ]
        // Then 768 MiB are left under the cgroup
        #expect(Self.resources(files).memoryAvailable == 768 << 20)
        // And a 512 MiB address-space limit leaves 412 MiB, which is tighter
        #expect(Self.resources(files, addressSpace: 512 << 20).memoryAvailable == 412 << 20)
        // And with no limit at all there is nothing to report
        #expect(Self.resources([:]).memoryAvailable == nil)
        // And v1's "no limit" (a number near 2^63) is no limit
        let v1 = [
            "/proc/self/cgroup": "4:memory:/\n", "/proc/self/mountinfo": Self.v1Mounts,
            "/sys/fs/cgroup/memory/memory.limit_in_bytes": "9223372036854771712\n",
        ]
        #expect(Self.resources(v1).memoryAvailable == nil)
    }

    @Test(
        "kernel CPU lists", arguments: [("0-1", 2), ("0-3,8,10-11", 7), ("5", 1), ("", nil), ("3-1", nil), ("x", nil)] as [(String, Int?)])
    func cpuLists(list: String, expected: Int?) {
        #expect(ProcessResources.processors(inList: Substring(list)) == expected)
    }

    @Test("the running process: at least one processor, no more than the machine has online")
    func running() {
        let count = ProcessResources.processorCount
        #expect(count >= 1)
        #expect(count <= Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    }
}
