#define _GNU_SOURCE 1
#include "CPseudoTerminal.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

int cpseudoterminal_open(int columns, int rows, char *path, size_t path_size) {
    int master = posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (master < 0) return -1;
    struct winsize size = {.ws_row = (unsigned short)rows, .ws_col = (unsigned short)columns};
    if (grantpt(master) != 0 || unlockpt(master) != 0 || ptsname_r(master, path, path_size) != 0
        || ioctl(master, TIOCSWINSZ, &size) != 0) {
        int saved = errno;
        close(master);
        errno = saved;
        return -1;
    }
    return master;
}
