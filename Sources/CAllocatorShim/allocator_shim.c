/* The allocator's one setting the command line makes (allocator_shim.h). `mallopt` is declared in glibc's
   malloc.h, which Swift's Glibc module does not include; a call from C links in a static executable too,
   where looking the name up at run time (dlsym) finds nothing. */
#include "allocator_shim.h"

/* Any C library header defines `__GLIBC__` where the library is glibc (the compiler's `stddef.h` does not). */
#include <limits.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

int assets_fix_mmap_threshold(size_t bytes) {
#if defined(__GLIBC__)
    if (bytes > (size_t)INT_MAX) return 0;
    return mallopt(M_MMAP_THRESHOLD, (int)bytes) == 1 ? 1 : 0;
#else
    (void)bytes;
    return 0;
#endif
}
