import Assets
import Foundation
import Testing
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Outputs get the permissions the user's umask asks for, as `cp` would give them, and `--force`
/// never makes a file more readable than it was.
@Suite("Outputs: permissions follow the umask")
struct OutputPermissionTests {
    static func permissions(_ path: String) -> mode_t {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mode & 0o777 : 0
    }

    @Test("decode and extract-frames under umask 027: files 0640, folders 0750")
    func umaskApplies() throws {
        // Given a GIF and a umask of 027
        let folder = try TemporaryFolder()
        let input = try folder.write("grow.gif", try OutputFailureTests.growingGIF())

        // When it is decoded and its frames extracted into a new folder
        let decoded = try BoundedRun.run(
            [input, folder.path + "/out.ppm"],
            shell: "umask 027 && exec \"$TOOL\" decode \"$1\" --output \"$2\"")
        let frames = try BoundedRun.run(
            [input, folder.path + "/new/frames"],
            shell: "umask 027 && exec \"$TOOL\" extract-frames \"$1\" --output \"$2\"")

        // Then every file is 0640 and every folder made is 0750
        #expect(decoded.ending == .exited(0), "\(decoded.stderr)")
        #expect(frames.ending == .exited(0), "\(frames.stderr)")
        #expect(Self.permissions(folder.path + "/out.ppm") == 0o640)
        #expect(Self.permissions(folder.path + "/new") == 0o750)
        #expect(Self.permissions(folder.path + "/new/frames") == 0o750)
        for name in ["frame_0000.png", "frame_0002.png", "frames.json"] {
            #expect(Self.permissions(folder.path + "/new/frames/" + name) == 0o640, "\(name)")
        }
    }

    @Test("--force over a 0600 file under umask 022: the file stays 0600")
    func forceNeverWidens() throws {
        // Given an old output that only its owner may read
        let folder = try TemporaryFolder()
        let input = try folder.write("grow.gif", try OutputFailureTests.growingGIF())
        let old = try folder.write("old.ppm", "old")
        chmod(old, 0o600)

        // When it is replaced with --force under a umask that would allow 0644
        let run = try BoundedRun.run(
            [input, old],
            shell: "umask 022 && exec \"$TOOL\" decode \"$1\" --output \"$2\" --force")

        // Then it is replaced and still 0600
        #expect(run.ending == .exited(0), "\(run.stderr)")
        #expect(try String(contentsOfFile: old, encoding: .isoLatin1).hasPrefix("P6"))
        #expect(Self.permissions(old) == 0o600)
    }
}
