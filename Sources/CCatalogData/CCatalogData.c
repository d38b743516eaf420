// Embeds the bundled tables with C23 #embed, as CEmojiData does (see there). The Unicode table
// is embedded gzip-compressed (1.8 MB instead of 11.8 MB; inflated by zlib when it is chosen);
// the others are small and embedded as they are. Regenerate them with Data/generate-catalogs.py.
#include "CCatalogData.h"

#include <stddef.h>

#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wc23-extensions"
static const unsigned char unicode_tsv_gz[] = {
#embed "../../Data/unicode.tsv.gz"
};
static const unsigned char symbols_tsv[] = {
#embed "../../Data/symbols.tsv"
};
static const unsigned char kaomoji_tsv[] = {
#embed "../../Data/kaomoji.tsv"
};
static const unsigned char nerd_font_tsv[] = {
#embed "../../Data/nerd-font.tsv"
};
static const unsigned char gitmoji_tsv[] = {
#embed "../../Data/gitmoji.tsv"
};
#pragma clang diagnostic pop

const unsigned char *ccatalogdata_table(int table, unsigned long *count) {
    switch (table) {
    case 0: *count = sizeof unicode_tsv_gz; return unicode_tsv_gz;
    case 1: *count = sizeof symbols_tsv; return symbols_tsv;
    case 2: *count = sizeof kaomoji_tsv; return kaomoji_tsv;
    case 3: *count = sizeof nerd_font_tsv; return nerd_font_tsv;
    case 4: *count = sizeof gitmoji_tsv; return gitmoji_tsv;
    default: *count = 0; return NULL;
    }
}
