#ifndef ASSETS_ALLOCATOR_SHIM_H
#define ASSETS_ALLOCATOR_SHIM_H

#include <stddef.h>

/// Fixes glibc's threshold for serving a block with a mapping of its own at `bytes`, so that it no longer
/// rises after a large block is freed (`mallopt(M_MMAP_THRESHOLD, bytes)`). Returns 1 when set, 0 where
/// there is no such setting (not glibc: macOS, musl) or glibc refused it.
int assets_fix_mmap_threshold(size_t bytes);

#endif
