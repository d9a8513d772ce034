/* The board's work: see board.h. */
#include "board.h"

#include <string.h>

static void send(struct tc_board *b, const uint8_t *frame, size_t n) {
    b->glue.send(b->glue.ctx, frame, n);
    b->seq++;
}

void tc_board_init(struct tc_board *b, const struct tc_bus *bus, uint8_t readers,
                   const uint8_t firmware[3], struct tc_glue glue) {
    memset(b, 0, sizeof *b);
    b->bus = bus;
    b->glue = glue;
    b->readers = readers > TC_MAX_READERS ? TC_MAX_READERS : readers;
    memcpy(b->firmware, firmware, 3);
    for (uint8_t r = 0; r < b->readers; r++) {
        tc_presence_init(&b->presence[r]);
        b->answering[r] = (uint8_t)tc_rc522_init(bus, r);
    }
    tc_rx_init(&b->rx);
    b->heartbeat_at = glue.millis(glue.ctx) + TC_HEARTBEAT_MS;
}

/* Whether the tag present on reader `r` is present on another reader too. */
static int clashes(const struct tc_board *b, uint8_t r, uint8_t *other) {
    const struct tc_uid *mine = &b->presence[r].present;
    for (uint8_t o = 0; o < b->readers; o++) {
        if (o != r && mine->len != 0 && tc_uid_equal(mine, &b->presence[o].present)) {
            *other = o;
            return 1;
        }
    }
    return 0;
}

/* Tell the host what now lies on each reader, as far as it may be believed: a UID on
 * two readers is on neither until it lies on one only. */
static void tell(struct tc_board *b) {
    uint8_t frame[TC_MAX_WIRE];
    for (uint8_t r = 0; r < b->readers; r++) {
        uint8_t other = 0;
        int clash = clashes(b, r, &other);
        if (clash && !b->clashed[r]) {
            send(b, frame, tc_error(frame, b->seq, TC_TWO_READERS, r, other));
        }
        b->clashed[r] = (uint8_t)clash;
        struct tc_uid now = b->presence[r].present;
        if (clash) {
            now.len = 0;
        }
        if (tc_uid_equal(&now, &b->told[r])) {
            continue;
        }
        if (b->told[r].len != 0) {
            send(b, frame, tc_tag(frame, b->seq, TC_REMOVED, r, &b->told[r]));
        }
        if (now.len != 0) {
            send(b, frame, tc_tag(frame, b->seq, TC_PLACED, r, &now));
        }
        b->told[r] = now;
    }
}

static void heartbeat(struct tc_board *b, uint32_t now) {
    uint8_t health[TC_MAX_READERS], frame[TC_MAX_WIRE];
    for (uint8_t r = 0; r < b->readers; r++) {
        health[r] = !b->answering[r]                    ? TC_SILENT
                    : b->stalled[r]                     ? TC_STALLED
                    : (uint16_t)(b->bad[r] * 4u) > b->polls[r] ? TC_NOISY
                                                        : TC_OK;
        b->polls[r] = b->bad[r] = b->stalled[r] = 0;
    }
    send(b, frame, tc_heartbeat(frame, b->seq, now, health, b->readers));
    b->heartbeat_at = now + TC_HEARTBEAT_MS;
}

void tc_board_poll(struct tc_board *b) {
    uint8_t r = b->next;
    b->next = (uint8_t)((r + 1u) % b->readers);
    struct tc_uid read = {0, {0}}, changed;
    uint32_t began = b->glue.millis(b->glue.ctx);
    tc_rc522_antenna(b->bus, r, 1); /* only this reader's field on: no neighbour answers */
    enum tc_read result = tc_rc522_read(b->bus, r, &read);
    tc_rc522_antenna(b->bus, r, 0);
    uint32_t now = b->glue.millis(b->glue.ctx);
    if (now - began > TC_STALL_MS) {
        b->stalled[r] = 1;
    }
    b->answering[r] = (uint8_t)(result != TC_READ_SILENT);
    if (b->polls[r] < 0xFF) {
        b->polls[r]++;
        b->bad[r] = (uint8_t)(b->bad[r] + (result == TC_READ_GARBLED));
    }
    if (result != TC_READ_TAG) {
        read.len = 0;
    }
    if (tc_presence_poll(&b->presence[r], &read, &changed) != TC_UNCHANGED) {
        tell(b);
    }
    if ((int32_t)(now - b->heartbeat_at) >= 0) {
        heartbeat(b, now);
    }
}

void tc_board_byte(struct tc_board *b, uint8_t byte) {
    struct tc_command command;
    uint8_t frame[TC_MAX_WIRE];
    switch (tc_rx_byte(&b->rx, byte, &command)) {
    case TC_RX_NONE:
        return;
    case TC_RX_BAD:
        send(b, frame, tc_error(frame, b->seq, TC_BAD_CRC, 0xFF, 0));
        return;
    case TC_RX_UNKNOWN:
        send(b, frame, tc_error(frame, b->seq, TC_UNKNOWN_COMMAND, 0xFF, command.kind));
        return;
    case TC_RX_COMMAND:
        break;
    }
    if (command.kind == TC_ASK_HELLO) {
        send(b, frame, tc_hello(frame, b->seq, b->firmware, b->readers));
    } else if (command.kind == TC_ASK_STATE) {
        send(b, frame, tc_snapshot(frame, b->seq, b->told, b->readers));
    } else {
        send(b, frame, tc_pong(frame, b->seq, command.token));
    }
}
