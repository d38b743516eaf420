// zlib (the system's libz, Debian's zlib1g-dev), for the gzip-compressed bundled tables:
// the Unicode catalog, whose 15 MB of names would otherwise triple the binary.
#include <zlib.h>
