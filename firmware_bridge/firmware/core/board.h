/* The board's work, apart from its pins: poll each reader in turn (its antenna on only
 * while it polls, so a neighbour cannot answer), debounce what each reads, never give a
 * UID heard on two readers to either, tell the host of each tag placed and removed,
 * answer its commands, and send a heartbeat with each reader's health every second.
 *
 * The glue (the Arduino sketch, or a native test) gives it a bus, a clock and a way to
 * send bytes, calls tc_board_poll as often as it can and tc_board_byte for each byte the
 * host sends. */
#ifndef TC_BOARD_H
#define TC_BOARD_H

#include <stddef.h>
#include <stdint.h>

#include "frame.h"
#include "mfrc522.h"
#include "presence.h"

#define TC_HEARTBEAT_MS 1000u
#define TC_STALL_MS 100u /* a poll slower than this: the reader stalled */

struct tc_glue {
    void *ctx;
    uint32_t (*millis)(void *ctx);
    void (*send)(void *ctx, const uint8_t *bytes, size_t n);
};

struct tc_board {
    const struct tc_bus *bus;
    struct tc_glue glue;
    uint8_t readers;
    uint8_t firmware[3];
    struct tc_presence presence[TC_MAX_READERS];
    struct tc_uid told[TC_MAX_READERS];  /* what the host was told lies on each reader */
    uint8_t clashed[TC_MAX_READERS];     /* the UID on this reader is also on another */
    uint8_t answering[TC_MAX_READERS];   /* its version register read right at init */
    uint8_t polls[TC_MAX_READERS], bad[TC_MAX_READERS], stalled[TC_MAX_READERS];
    uint8_t next;                        /* the reader polled next */
    uint16_t seq;                        /* the next frame's sequence number */
    uint32_t heartbeat_at;
    struct tc_rx rx;
};

void tc_board_init(struct tc_board *b, const struct tc_bus *bus, uint8_t readers,
                   const uint8_t firmware[3], struct tc_glue glue);
/* Poll the next reader, and send what changed (and a heartbeat when one is due). */
void tc_board_poll(struct tc_board *b);
/* One byte from the host. */
void tc_board_byte(struct tc_board *b, uint8_t byte);

#endif
