// zlib (the system's libz, Debian's zlib1g-dev), for the gzip-compressed bundled tables:
// the Unicode catalog, whose 11.8 MB of names would otherwise more than double the stripped binary.
#include <zlib.h>
