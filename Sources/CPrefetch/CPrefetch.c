// (The module is its header: splitview_prefetch is inlined where it is called.)
#include "CPrefetch.h"
