// A hint to the processor to start loading memory the search reads soon. Swift has no prefetch
// of its own, and the search's time over a narrowed query at a million items goes mostly in
// waiting for each candidate's bytes (scattered over tens of megabytes); loading a few
// candidates ahead overlaps those waits.
#pragma once

static inline void splitview_prefetch(const void *address) { __builtin_prefetch(address, 0, 3); }
