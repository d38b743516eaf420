// Embeds Data/emoji.tsv with C23 #embed (clang 19 and later accept it in every C mode;
// SwiftPM's default C standard is older, so the "C23 extension" note is silenced here).
// The path is relative to this file. Regenerate the table with Data/generate-emoji.py.
#include "CEmojiData.h"

#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wc23-extensions"
static const unsigned char emoji_tsv[] = {
#embed "../../Data/emoji.tsv"
};
#pragma clang diagnostic pop

const unsigned char *cemojidata_bytes(void) { return emoji_tsv; }

unsigned long cemojidata_count(void) { return (unsigned long)sizeof emoji_tsv; }
