// glibc's allocator statistics, which Swift's Glibc module does not import (malloc.h).
#pragma once
#include <malloc.h>
#include <stddef.h>

/// Bytes currently allocated with malloc and not yet freed.
static inline size_t cmallocstats_allocated_bytes(void) {
    struct mallinfo2 info = mallinfo2();
    // Large blocks are mmap-ed and counted apart (hblkhd).
    return info.uordblks + info.hblkhd;
}
