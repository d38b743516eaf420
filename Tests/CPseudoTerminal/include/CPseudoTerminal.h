// Opening a pseudo-terminal, for TerminalTestSupport's PseudoTerminal (the tests and the
// benchmark). Swift's Glibc module is built without _XOPEN_SOURCE, so posix_openpt, grantpt,
// unlockpt and ptsname_r are not imported; they are called here, in a file that asks for them.
#pragma once
#include <stddef.h>

/// Opens a pty master of `columns` x `rows` cells and writes its slave's path to `path`.
/// Returns the master descriptor, or -1 with errno set.
int cpseudoterminal_open(int columns, int rows, char *path, size_t path_size);
