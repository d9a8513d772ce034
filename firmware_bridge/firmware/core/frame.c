/* The board's frames: CRC-32, COBS, each kind's payload, and the host command receiver. */
#include "frame.h"

#include <string.h>

uint32_t tc_crc32(const uint8_t *data, size_t n) {
    uint32_t crc = 0xFFFFFFFFu;
    for (size_t i = 0; i < n; i++) {
        crc ^= data[i];
        for (int bit = 0; bit < 8; bit++) {
            crc = (crc & 1u) ? (crc >> 1) ^ 0xEDB88320u : crc >> 1;
        }
    }
    return ~crc;
}

size_t tc_cobs(const uint8_t *in, size_t n, uint8_t *out) {
    size_t code_at = 0, at = 1;
    uint8_t code = 1;
    for (size_t i = 0; i < n; i++) {
        if (in[i] != 0) {
            out[at++] = in[i];
            code++;
        }
        if (in[i] == 0 || code == 0xFF) {
            out[code_at] = code;
            code_at = at++;
            code = 1;
        }
    }
    out[code_at] = code;
    out[at++] = 0;
    return at;
}

/* The body so far: kind and sequence, then the payload; `seal` adds the CRC and encodes. */
struct body {
    uint8_t bytes[TC_MAX_BODY];
    size_t len;
};

static void begin(struct body *b, uint8_t kind, uint16_t seq) {
    b->bytes[0] = kind;
    b->bytes[1] = (uint8_t)(seq & 0xFFu);
    b->bytes[2] = (uint8_t)(seq >> 8);
    b->len = 3;
}

static void put(struct body *b, uint8_t byte) { b->bytes[b->len++] = byte; }

static void put_uid(struct body *b, const struct tc_uid *uid) {
    put(b, uid->len);
    for (uint8_t i = 0; i < uid->len; i++) {
        put(b, uid->bytes[i]);
    }
}

static size_t seal(struct body *b, uint8_t *out) {
    uint32_t crc = tc_crc32(b->bytes, b->len);
    for (int i = 0; i < TC_CRC_BYTES; i++) {
        put(b, (uint8_t)(crc >> (8 * i)));
    }
    return tc_cobs(b->bytes, b->len, out);
}

size_t tc_hello(uint8_t *out, uint16_t seq, const uint8_t firmware[3], uint8_t readers) {
    struct body b;
    begin(&b, TC_HELLO, seq);
    put(&b, TC_PROTOCOL);
    for (int i = 0; i < 3; i++) {
        put(&b, firmware[i]);
    }
    put(&b, readers);
    return seal(&b, out);
}

size_t tc_tag(uint8_t *out, uint16_t seq, enum tc_kind kind, uint8_t reader,
              const struct tc_uid *uid) {
    struct body b;
    begin(&b, (uint8_t)kind, seq);
    put(&b, reader);
    put_uid(&b, uid);
    return seal(&b, out);
}

size_t tc_heartbeat(uint8_t *out, uint16_t seq, uint32_t uptime_ms, const uint8_t *health,
                    uint8_t readers) {
    struct body b;
    begin(&b, TC_HEARTBEAT, seq);
    for (int i = 0; i < 4; i++) {
        put(&b, (uint8_t)(uptime_ms >> (8 * i)));
    }
    put(&b, readers);
    for (uint8_t i = 0; i < readers; i++) {
        put(&b, health[i]);
    }
    return seal(&b, out);
}

size_t tc_snapshot(uint8_t *out, uint16_t seq, const struct tc_uid *uids, uint8_t readers) {
    struct body b;
    begin(&b, TC_SNAPSHOT, seq);
    put(&b, readers);
    for (uint8_t i = 0; i < readers; i++) {
        put_uid(&b, &uids[i]);
    }
    return seal(&b, out);
}

size_t tc_error(uint8_t *out, uint16_t seq, enum tc_error code, uint8_t reader, uint8_t detail) {
    struct body b;
    begin(&b, TC_ERROR, seq);
    put(&b, (uint8_t)code);
    put(&b, reader);
    put(&b, detail);
    return seal(&b, out);
}

size_t tc_pong(uint8_t *out, uint16_t seq, uint16_t token) {
    struct body b;
    begin(&b, TC_PONG, seq);
    put(&b, (uint8_t)(token & 0xFFu));
    put(&b, (uint8_t)(token >> 8));
    return seal(&b, out);
}

/* --- host commands --------------------------------------------------------------------- */

void tc_rx_init(struct tc_rx *rx) { memset(rx, 0, sizeof *rx); }

/* `in` (COBS, its zero left off) decoded into `out`; the length, or -1 if it is no COBS. */
static int uncobs(const uint8_t *in, size_t n, uint8_t *out) {
    size_t i = 0, at = 0;
    while (i < n) {
        uint8_t code = in[i];
        if (code == 0 || i + code > n) {
            return -1;
        }
        for (size_t k = i + 1; k < i + code; k++) {
            out[at++] = in[k];
        }
        i += code;
        if (code < 0xFF && i < n) {
            out[at++] = 0;
        }
    }
    return (int)at;
}

static enum tc_rx_result checked(const uint8_t *body, int n, struct tc_command *command) {
    if (n < 3 + TC_CRC_BYTES) {
        return TC_RX_BAD;
    }
    size_t len = (size_t)n - TC_CRC_BYTES;
    uint32_t crc = 0;
    for (int i = 0; i < TC_CRC_BYTES; i++) {
        crc |= (uint32_t)body[len + (size_t)i] << (8 * i);
    }
    if (crc != tc_crc32(body, len)) {
        return TC_RX_BAD;
    }
    command->kind = body[0];
    command->seq = (uint16_t)(body[1] | (body[2] << 8));
    command->token = 0;
    switch (body[0]) {
    case TC_ASK_HELLO:
    case TC_ASK_STATE:
        return len == 3 ? TC_RX_COMMAND : TC_RX_BAD;
    case TC_PING:
        if (len != 5) {
            return TC_RX_BAD;
        }
        command->token = (uint16_t)(body[3] | (body[4] << 8));
        return TC_RX_COMMAND;
    default:
        return TC_RX_UNKNOWN;
    }
}

enum tc_rx_result tc_rx_byte(struct tc_rx *rx, uint8_t byte, struct tc_command *command) {
    if (byte != 0) {
        if (rx->len < TC_RX_MAX) {
            rx->held[rx->len++] = byte;
        } else {
            rx->spilled = 1;
        }
        return TC_RX_NONE;
    }
    uint8_t len = rx->len, spilled = rx->spilled;
    rx->len = 0;
    rx->spilled = 0;
    if (len == 0 && !spilled) {
        return TC_RX_NONE; /* zeros in a row: nothing between them */
    }
    if (spilled) {
        return TC_RX_BAD;
    }
    uint8_t body[TC_RX_MAX];
    return checked(body, uncobs(rx->held, len, body), command);
}
