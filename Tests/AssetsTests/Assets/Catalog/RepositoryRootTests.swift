import Foundation
import Testing
@testable import Assets
@testable import AssetsSupport

/// One home for "the repository holding this folder" (`RepositoryRoot`): the project search, the configuration's
/// search, the git index and the build settings' reader all stop where git would.
@Suite("The repository holding a folder")
struct RepositoryRootTests {
    /// A repository folder `Repo` holding `App/Fixture.xcassets`, its `.git` made by `makeGit`; the fixture is
    /// kept alive by the caller.
    static func repository(_ makeGit: (String) throws -> Void) throws -> (fixture: FixtureCatalog, repo: String, catalog: String) {
        let fixture = try FixtureCatalog()
        let base = (fixture.root as NSString).deletingLastPathComponent
        let repo = base + "/Repo"
        let catalog = repo + "/App/Fixture.xcassets"
        try FileManager.default.createDirectory(atPath: catalog, withIntermediateDirectories: true)
        try makeGit(repo)
        return (fixture, repo, catalog)
    }

    @Test("a .git folder, a worktree's gitdir file and a link to a .git folder make a root; the nearest one is found")
    func rootsGitWouldUse() throws {
        // Given three repositories: a .git folder, a linked work tree's .git file, a .git link to a folder
        let folder = try Self.repository {
            try FileManager.default.createDirectory(atPath: $0 + "/.git", withIntermediateDirectories: true)
        }
        let file = try Self.repository {
            try Data("gitdir: /elsewhere/.git/worktrees/x\n".utf8).write(to: URL(fileURLWithPath: $0 + "/.git"))
        }
        let linked = try Self.repository { repo in
            try FileManager.default.createDirectory(atPath: repo + "/real-git", withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: repo + "/.git", withDestinationPath: repo + "/real-git")
        }
        // When the nearest root above each catalog is asked for
        // Then it is the repository's folder
        for (_, repo, catalog) in [folder, file, linked] {
            #expect(RepositoryRoot.isRoot(repo))
            #expect(!RepositoryRoot.isRoot(catalog))
            #expect(RepositoryRoot.nearest(from: catalog, levels: 8) == repo)
        }
    }

    @Test("the first .git met ends the search: a .git file saying anything else makes no root, and the one above is not used")
    func firstGitEndsTheSearch() throws {
        // Given a repository whose nested folder holds a .git file that is not a gitdir link
        let (fixture, repo, catalog) = try Self.repository {
            try FileManager.default.createDirectory(atPath: $0 + "/.git", withIntermediateDirectories: true)
        }
        try Data("not a git file\n".utf8).write(to: URL(fileURLWithPath: repo + "/App/.git"))
        // When the nearest root above the catalog is asked for
        let nearest = RepositoryRoot.nearest(from: catalog, levels: 8)
        // Then there is none (git itself stops there with an error) and the outer repository is still a root
        #expect(nearest == nil)
        #expect(!RepositoryRoot.isRoot(repo + "/App"))
        #expect(RepositoryRoot.isRoot(repo))
        _ = fixture
    }

    @Test("the walk is bounded: no root within the levels asked, and never a folder others may write to")
    func boundedWalk() throws {
        // Given a repository four folders above a catalog
        let (fixture, repo, _) = try Self.repository {
            try FileManager.default.createDirectory(atPath: $0 + "/.git", withIntermediateDirectories: true)
        }
        let deep = repo + "/a/b/c"
        try FileManager.default.createDirectory(atPath: deep, withIntermediateDirectories: true)
        // When the walk may look at three folders, then at four
        // Then the root is found only with four
        #expect(RepositoryRoot.nearest(from: deep, levels: 3) == nil)
        #expect(RepositoryRoot.nearest(from: deep, levels: 4) == repo)
        // And a .git in a folder others may write to is never reached from below it
        let shared = (fixture.root as NSString).deletingLastPathComponent + "/shared"
        try FileManager.default.createDirectory(atPath: shared + "/.git", withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: shared)
        #expect(RepositoryRoot.nearest(from: shared, levels: 4) == nil)
    }
}
