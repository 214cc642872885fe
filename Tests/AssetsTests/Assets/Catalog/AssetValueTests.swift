import Testing
@testable import Assets

/// `Asset` keeps its entries, properties, colours and files behind one reference (its body): a value still, each
/// copy its own, equal and hashed by its values, and small when it is an outline.
@Suite("A set's model is a value")
struct AssetValueTests {
    @Test("a copy written to leaves the original as it was")
    func copies() {
        // Given a set with entries, properties and files, and a copy of it
        var original = Asset(
            name: "close", kind: .imageSet, path: "Icons/close.imageset",
            entries: [ImageEntry(filename: "a.png", scale: "2x")], properties: ["template-rendering-intent": .string("template")],
            files: ["a.png"])
        var copy = original

        // When the copy's entries, properties, files and positions are changed
        copy.entries[0].filename = "b.png"
        copy.entries.append(ImageEntry(filename: "c.png", scale: "3x"))
        copy.properties["template-rendering-intent"] = .string("original")
        copy.files = ["b.png", "c.png"]
        copy.contentsPositions.entryPaths = ["images[0]"]

        // Then the original keeps its own, and the two differ
        #expect(original.entries.map(\.filename) == ["a.png"])
        #expect(original.templateRenderingIntent == "template")
        #expect(original.files == ["a.png"])
        #expect(original.contentsPositions.entryPaths.isEmpty)
        #expect(copy.entries.map(\.filename) == ["b.png", "c.png"])
        #expect(copy.templateRenderingIntent == "original")
        #expect(original != copy)

        // and writing to the original now does not reach the copy
        original.colors.append(ColorEntry(idiom: "universal"))
        #expect(copy.colors.isEmpty)
    }

    @Test("equal by values, not by where they are kept; positions take no part")
    func equality() {
        // Given two sets made apart with the same values, one with positions
        let first = Asset(name: "a", kind: .dataSet, path: "a.dataset", entries: [ImageEntry(filename: "a.json")])
        var second = Asset(name: "a", kind: .dataSet, path: "a.dataset", entries: [ImageEntry(filename: "a.json")])
        second.contentsPositions.entryPaths = ["data[0]"]

        // Then they are equal and hash alike; an outline and a set of the same name differ
        #expect(first == second)
        #expect(Set([first, second]).count == 1)
        #expect(first != Asset(name: "a", kind: .dataSet, path: "a.dataset"))
        #expect(Asset(name: "a", kind: .dataSet, path: "a.dataset") == Asset(name: "a", kind: .dataSet, path: "a.dataset"))
    }

    @Test("the folder's extension: its kind's unless written otherwise, kept when the kind changes")
    func folderExtension() {
        var asset = Asset(name: "x", kind: .imageSet, path: "x.imageset")
        #expect(asset.folderExtension == "imageset")
        asset.kind = .dataSet
        #expect(asset.folderExtension == "imageset")
        asset.folderExtension = "dataset"
        #expect(asset.folderExtension == "dataset")
        let unknown = Asset(name: "y", kind: .unknown, path: "y.thing", folderExtension: "thing")
        #expect(unknown.folderExtension == "thing")
        #expect(unknown != Asset(name: "y", kind: .unknown, path: "y.thing", folderExtension: "other"))
    }

    @Test("an outline (name, kind, path) is 48 bytes at most: 130,000 of them are held until the end of a run")
    func outlineSize() {
        #expect(MemoryLayout<Asset>.stride <= 48)
    }
}
