/* An MFRC522 reader behind an abstract SPI bus: init, version check, antenna on and off,
 * REQA / WUPA, anticollision and select over one to three cascade levels (4, 7 and
 * 10-byte UIDs), HLTA. Every UID is checked (each cascade level's BCC, each SAK's CRC_A)
 * before it is believed; a reader whose version register reads neither 0x91 nor 0x92 is
 * not answering. The bus is the glue's: the Arduino's SPI pins on the board, a model of
 * the chip in the native tests. */
#ifndef TC_MFRC522_H
#define TC_MFRC522_H

#include <stdint.h>

#include "frame.h"

struct tc_bus {
    void *ctx;
    void (*select)(void *ctx, uint8_t reader, int on);
    uint8_t (*transfer)(void *ctx, uint8_t byte);
};

enum tc_read {
    TC_READ_NONE = 0,     /* no tag answered */
    TC_READ_TAG = 1,      /* `uid` holds a checked UID */
    TC_READ_GARBLED = 2,  /* something answered, and failed a check: believed nothing */
    TC_READ_SILENT = 3    /* the reader itself did not answer */
};

uint16_t tc_crc_a(const uint8_t *data, uint8_t n);

/* Reset the reader and set it up for ISO 14443 A, antenna off; 0 if it does not answer. */
int tc_rc522_init(const struct tc_bus *bus, uint8_t reader);
void tc_rc522_antenna(const struct tc_bus *bus, uint8_t reader, int on);

/* Wake whatever tag is in the field (WUPA: halted ones too), read its UID, then halt it. */
enum tc_read tc_rc522_read(const struct tc_bus *bus, uint8_t reader, struct tc_uid *uid);

#endif
