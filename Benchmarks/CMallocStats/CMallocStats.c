#include "CMallocStats.h"
