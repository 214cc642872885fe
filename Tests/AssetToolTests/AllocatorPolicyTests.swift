import CAllocatorShim
import Testing

/// The allocator setting `validate` makes: a C call, so it takes in the static build as in the dynamic one
/// (a name looked up at run time is never found in a static build).
@Suite("allocator policy")
struct AllocatorPolicyTests {
    @Test("glibc takes the fixed mapping threshold; elsewhere there is none to set")
    func threshold() {
        // When: the threshold `validate` sets (glibc's own starting value, so the test process is unchanged)
        let set = assets_fix_mmap_threshold(128 << 10)

        // Then: glibc says it took it (a header that left `__GLIBC__` undefined made it a silent no-op once)
        #if canImport(Glibc)
            #expect(set == 1)
        #else
            #expect(set == 0)
        #endif
        // And: a value past what `mallopt` takes is refused, not truncated
        #expect(assets_fix_mmap_threshold(Int(Int32.max) + 1) == 0)
    }
}
