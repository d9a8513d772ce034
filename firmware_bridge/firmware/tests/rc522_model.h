/* A register-level model of MFRC522 readers on one SPI bus, each with a tag or none in
 * its field, for the driver's native tests (and, later, the simulator's harness). */
#ifndef TC_RC522_MODEL_H
#define TC_RC522_MODEL_H

#include <stdint.h>

#include "../core/frame.h"
#include "../core/mfrc522.h"

#define MODEL_READERS 8

struct model_reader {
    uint8_t regs[64];
    uint8_t fifo[64];
    uint8_t fifo_len;
    uint8_t fifo_read;
    int present;      /* a reader on the bus at all */
    struct tc_uid tag; /* len 0: no tag in its field */
    int halted;
    int garble;       /* flips a UID bit in every answer, BCC recomputed: a neighbour half heard */
    int selected;
    int addressed;    /* the first byte after select was the address */
    uint8_t address;
};

struct model {
    struct model_reader readers[MODEL_READERS];
    int holds_miso;   /* a reader (index + 1) that drives MISO low even when not selected */
    int polls;        /* transceives made with the antenna on */
};

void model_init(struct model *m, uint8_t readers);
struct tc_bus model_bus(struct model *m);

#endif
