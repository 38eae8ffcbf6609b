#include <stdio.h>
#include "mjkit.h"

int main(void) {
    uint8_t counts[MJ_TILE_KINDS];
    uint64_t waits;
    if (mj_parse("1112345678999m", counts, NULL) != MJ_STATUS_OK ||
        mj_waits(counts, MJ_FORMS_RIICHI, &waits) != MJ_STATUS_OK)
        return 1;
    printf("waits: %#llx\n", (unsigned long long)waits); /* 0x1ff: 1m..9m */
    return 0;
}
